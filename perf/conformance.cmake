# perf/conformance.cmake — conformance replay time of the PyTorch 1.13 corpus on the JIT engine.
tsjit_benchmark(NAME conformance_bench SUITE conformance
                SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/conformance_bench.cpp ${PROJECT_SOURCE_DIR}/tools/tsjit/JitEngine.cpp
                DEPS tsjit_perfcase tsjit_conformance tsjit_runtime tsjit_fuser)
target_include_directories(conformance_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(conformance_bench PRIVATE TSJIT_CORPUS_DEFAULT="${TSJIT_CORPUS_DIR}")
