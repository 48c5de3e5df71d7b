# perf/serialization.cmake — torch.jit.save archives: load and save of the corpus's largest module
# and of a 100 MB module (perf/README.md holds the measured table; perf/pytorch_serialization.py
# times torch.jit.load/save on the same files).
tsjit_benchmark(NAME serialization_bench SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/serialization_bench.cpp
                DEPS tsjit_serialization tsjit_conformance)
target_compile_options(serialization_bench PRIVATE -O3)
