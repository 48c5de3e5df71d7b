# perf/autodiff.cmake — forward + backward of the LSTM cell through the default executor with
# inputs requiring grad (DifferentiableGraphs + autograd), and the BLAS time of the same matmuls.
tsjit_benchmark(NAME autodiff_bench SUITE autodiff SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/autodiff_bench.cpp
                DEPS tsjit_perfcase tsjit_conformance tsjit_runtime)
target_compile_options(autodiff_bench PRIVATE -O3)
# The correctness checks of the suite (bounded: ~2 s): the LSTM gradients through the executor vs
# reference finite differences, through DifferentiableGraphs; the BLAS products vs the reference.
add_test(NAME bench_autodiff_verify COMMAND autodiff_bench --tsjit_verify)
set_tests_properties(bench_autodiff_verify PROPERTIES TIMEOUT 120 FAIL_REGULAR_EXPRESSION "\"ok\":false"
                     PASS_REGULAR_EXPRESSION "BM_LstmCellGrad/64/512\",\"ok\":true")
