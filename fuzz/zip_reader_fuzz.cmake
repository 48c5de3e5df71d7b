# The zip container reader (jit/serialization/Zip.h); seeds are PyTorch 1.13 archives from the corpus.
tsjit_fuzzer(NAME zip_reader_fuzz DEPS tsjit_serialization SEEDS archives)
