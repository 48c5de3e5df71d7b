# perf/fuser.cmake — the fuser's kernel benchmarks: STREAM-like triad, the fused 16M chain as a
# fraction of it, compile time per fusion group, and the GPU rows (skipped without a GPU).
if(TARGET tsjit_tensorexpr)
  tsjit_benchmark(NAME fuser_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/fuser_bench.cpp
                  DEPS tsjit_tensorexpr tsjit_runtime)
  target_compile_options(fuser_bench PRIVATE -O3 -march=native)
endif()
