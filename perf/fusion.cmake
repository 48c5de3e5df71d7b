# perf/fusion.cmake — the profiling executor with and without the fuser: the LSTM cell at batch 1
# and the 16M-element sigmoid/tanh chain (perf/fusion_bench.cpp; figures in the fuser's notes).
tsjit_benchmark(NAME fusion_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fusion_bench.cpp
                ${PROJECT_SOURCE_DIR}/tools/tsjit/JitEngine.cpp
                DEPS tsjit_perfcase tsjit_conformance tsjit_runtime tsjit_fuser tsjit_frontend)
target_include_directories(fusion_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_options(fusion_bench PRIVATE -O2)
