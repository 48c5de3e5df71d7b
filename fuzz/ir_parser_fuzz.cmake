# The IR text parser (jit/ir/IRParser.h); seeds are small graphs in PyTorch 1.13's format.
tsjit_fuzzer(NAME ir_parser_fuzz DEPS tsjit_ir SEEDS ir)
