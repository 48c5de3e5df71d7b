# perf/passes.cmake — compile time with the default pipeline (LSTM cell from source to Code), the
# pipeline's time per node, and the int / tensor chains run with and without the pipeline.
tsjit_benchmark(NAME passes_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/passes_bench.cpp DEPS tsjit_runtime tsjit_frontend)
target_compile_options(passes_bench PRIVATE -O3)
