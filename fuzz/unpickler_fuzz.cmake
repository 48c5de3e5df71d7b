# The restricted unpickler (jit/serialization/Pickle.h); seeds are the corpus archives' data.pkl / constants.pkl.
tsjit_fuzzer(NAME unpickler_fuzz DEPS tsjit_serialization SEEDS pickles)
