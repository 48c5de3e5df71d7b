# The archive code importer (jit/serialization/Import.h): the input is code/__torch__.py of an
# archive whose data.pkl is a PlaceholderModule; seeds are function-case archive code.
tsjit_fuzzer(NAME code_importer_fuzz DEPS tsjit_serialization SEEDS archive_code)
