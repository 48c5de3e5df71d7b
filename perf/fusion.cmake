# perf/fusion.cmake — the `fusion` suite of `tsjit bench`: the profiling executor with and without
# the fuser on the LSTM cell at batch 1, the sigmoid/tanh chain on 16M and 1M floats, and an int
# chain with nothing to fuse (perf/fusion_bench.cpp; each case checked against the reference).
tsjit_benchmark(NAME fusion_bench SUITE fusion SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fusion_bench.cpp
                ${PROJECT_SOURCE_DIR}/tools/tsjit/JitEngine.cpp
                DEPS tsjit_perfcase tsjit_conformance tsjit_runtime tsjit_fuser tsjit_frontend)
target_include_directories(fusion_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_options(fusion_bench PRIVATE -O2)
# The perf cases' correctness gates (perf/GraphCase.h) accept right results and reject planted errors.
tsjit_test(graph_case_test SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/graph_case_test.cpp DEPS tsjit_perfcase tsjit_runtime)
target_include_directories(graph_case_test PRIVATE ${PROJECT_SOURCE_DIR})
