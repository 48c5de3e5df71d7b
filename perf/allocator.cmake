# perf/allocator.cmake — the caching CPU allocator against plain malloc/free, and Tensor::empty.
tsjit_benchmark(NAME allocator_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/allocator_bench.cpp DEPS tsjit_tensor)
