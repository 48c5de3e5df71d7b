# The TorchScript source lexer + parser (jit/frontend/Parser.h); seeds are small TorchScript files.
tsjit_fuzzer(NAME frontend_parser_fuzz DEPS tsjit_frontend SEEDS frontend)
