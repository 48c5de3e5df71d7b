# perf/compile.cmake — compile time: the LSTM cell from TorchScript source to a runnable Code.
tsjit_benchmark(NAME compile_bench SUITE compile SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/compile_bench.cpp
                DEPS tsjit_perfcase tsjit_frontend tsjit_runtime)
