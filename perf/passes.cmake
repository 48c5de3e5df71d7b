# perf/passes.cmake — the `passes` suite of `tsjit bench`: compile time with the default pipeline
# (LSTM cell from source to Code), the pipeline's time per node, and the int / tensor chains run
# with and without the pipeline (perf/passes_bench.cpp; each case checked against the reference).
tsjit_benchmark(NAME passes_bench SUITE passes SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/passes_bench.cpp
                DEPS tsjit_perfcase tsjit_runtime tsjit_frontend)
target_compile_options(passes_bench PRIVATE -O3)
