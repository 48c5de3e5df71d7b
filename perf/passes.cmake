# perf/passes.cmake — compile-time cost of the alias-aware passes of jit/passes, per graph node,
# on every public corpus graph (perf/passes_bench.cpp).
tsjit_benchmark(NAME passes_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/passes_bench.cpp
                DEPS tsjit_conformance tsjit_runtime)
target_compile_options(passes_bench PRIVATE -O3)
