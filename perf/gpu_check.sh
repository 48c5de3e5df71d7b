#!/usr/bin/env bash
# perf/gpu_check.sh — the fuser's GPU checks in one go, for a machine with an NVIDIA GPU:
#   1. conformance/fuser_cuda_test: every generated kernel compiles to PTX, and the kernels run on
#      the GPU and match the reference in lockstep (TSJIT_REQUIRE_GPU=1 turns "no device" into a
#      failure instead of a skip);
#      then a longer campaign on the GPU: GPU_CASES cases (default 2000) of seed GPU_SEED (default 1);
#   2. perf/fuser_bench: the triad and fused chain on the CPU, and the GPU rows: a device-to-device
#      copy kernel and the 16M chain device-resident, with the chain's fraction of the copy bandwidth.
# Usage: perf/gpu_check.sh [DIR]
#   DIR holds fuser_cuda_test and fuser_bench (and lib/ for their shared libraries), or is a build
#   directory (default build-gpu: configured with -DTSJIT_LLVM=OFF and built when absent).
# Exit status 0 only when every test passed.
set -u
dir=${1:-build-gpu}
if [ -x "$dir/fuser_cuda_test" ]; then
  test_bin=$dir/fuser_cuda_test
  bench_bin=$dir/fuser_bench
  [ -d "$dir/lib" ] && export LD_LIBRARY_PATH="$(cd "$dir/lib" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  if [ ! -x "$dir/conformance/fuser_cuda_test" ]; then
    cmake -S . -B "$dir" -G Ninja -DTSJIT_FUZZERS=OFF -DTSJIT_LLVM=OFF || exit 1
    cmake --build "$dir" --target fuser_cuda_test fuser_bench || exit 1
  fi
  test_bin=$dir/conformance/fuser_cuda_test
  bench_bin=$dir/perf/fuser_bench
fi
nvidia-smi -L || echo "nvidia-smi: no GPU listed"
echo "== fuser_cuda_test"
TSJIT_REQUIRE_GPU=1 "$test_bin"
rc_test=$?
cases=${GPU_CASES:-2000}
seed=${GPU_SEED:-1}
echo "== fuser_cuda_test: a longer campaign, $cases cases of seed $seed (GPU_CASES / GPU_SEED)"
TSJIT_REQUIRE_GPU=1 TSJIT_GPU_CASES=$cases TSJIT_GPU_SEED=$seed "$test_bin" --gtest_filter='*Lockstep*'
rc_campaign=$?
echo "== fuser_bench (GPU rows + triad / fused chain on this machine's CPU)"
"$bench_bin" --benchmark_filter='Triad|ChainFused|Cuda' --benchmark_min_time=0.3
rc_bench=$?
echo "gpu_check: fuser_cuda_test exit $rc_test, campaign exit $rc_campaign, fuser_bench exit $rc_bench"
[ $rc_test -eq 0 ] && [ $rc_campaign -eq 0 ] && [ $rc_bench -eq 0 ]
