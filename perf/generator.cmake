# perf/generator.cmake — the differential fuzzer's throughput: generate a graph (generator v2, swarm
# on and off) and check it jit vs reference in lockstep, on one core (issue 9: >= 3,000 twenty-node
# graphs/s).
tsjit_benchmark(NAME generator_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/generator_bench.cpp DEPS tsjit_fuzzlib)
