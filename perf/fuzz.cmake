# perf/fuzz.cmake — fuzz throughput (graphs/s) of the ops campaign, in-process.
tsjit_benchmark(NAME fuzz_bench SUITE fuzz SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_bench.cpp DEPS tsjit_perfcase tsjit_fuzzlib)
