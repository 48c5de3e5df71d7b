# The schema-string parser (jit/ir/SchemaParser.h); seeds are schemas PyTorch 1.13 prints.
tsjit_fuzzer(NAME schema_parser_fuzz DEPS tsjit_ir SEEDS schema)
