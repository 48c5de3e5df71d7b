# perf/pass_each.cmake — compile-time cost of each alias-aware pass of jit/passes, per graph node,
# on every public corpus graph (perf/pass_each_bench.cpp).
tsjit_benchmark(NAME pass_each_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/pass_each_bench.cpp
                DEPS tsjit_conformance tsjit_runtime)
target_compile_options(pass_each_bench PRIVATE -O3)
