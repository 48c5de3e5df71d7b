# perf/interpreter.cmake — the JIT interpreter: scalar overhead per node, tensor op overhead, LSTM
# cell, a 16M-element elementwise chain (perf/README.md holds the measured table).
tsjit_benchmark(NAME interpreter_bench SUITE interpreter SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/interpreter_bench.cpp
                DEPS tsjit_perfcase tsjit_runtime)
target_compile_options(interpreter_bench PRIVATE -O3)
