// interpreter_bench.cpp — the JIT interpreter's overheads and the LSTM / elementwise chains of
// PyTorch's JIT overview (perf/README.md has the table and the PyTorch 1.13 figures):
//   (a) 64 chained int ops per iteration (`x = x * 3 + i; x = x % 1000003`, 32 times; 96 nodes),
//       reported as ns per node;
//   (b) 64 chained elementwise ops on a 1-element float tensor (`x * 1.0001`, `x + 0.5`), ns/op;
//   (c) the LSTM cell at batch 1 / hidden 64 and batch 64 / hidden 512 (µs);
//   (d) sigmoid(x) * tanh(y) + x * 0.5 - y on 16M floats (ms).
// Each case is declared once as a GraphCase (perf/GraphCase.h): a Google Benchmark of
// InterpreterState::run, plus the correctness check `tsjit bench` runs (--tsjit_verify: the JIT
// against the reference engine) and the callgrind instruction count (--tsjit_count).
// A case whose graph has an operator without an optimized kernel reports the error and is skipped.
#include <sstream>

#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"

using namespace tsjit;
using namespace tsjit::perf;

namespace {


const bool kRegistered = [] {
  CaseDef a = graphCase("BM_IntChain", intChainIR(32), [] { return std::vector<IValue>{IValue(int64_t{1}), IValue(int64_t{7})}; },
                        benchmark::kNanosecond);
  a.counter = "ns_per_node";
  a.itemsPerIteration = 32 * 3;
  addCase(a);
  CaseDef b = graphCase("BM_TensorChain", tensorChainIR(64),
                        [] { return std::vector<IValue>{IValue(Tensor::full({1}, 1.0, ScalarType::Float))}; },
                        benchmark::kNanosecond);
  b.counter = "ns_per_op";
  b.itemsPerIteration = 64;
  addCase(b);
  for (auto [batch, hidden] : {std::pair<int64_t, int64_t>{1, 64}, {64, 512}}) {
    int64_t input = hidden;
    addCase(graphCase("BM_LstmCell/" + std::to_string(batch) + "/" + std::to_string(hidden), lstmCellIR(),
                      [batch, hidden, input] {
                        return std::vector<IValue>{
                            IValue(seededTensor({batch, input}, 1)), IValue(seededTensor({batch, hidden}, 2)),
                            IValue(seededTensor({batch, hidden}, 3)), IValue(seededTensor({4 * hidden, input}, 4)),
                            IValue(seededTensor({4 * hidden, hidden}, 5)), IValue(seededTensor({4 * hidden}, 6)),
                            IValue(seededTensor({4 * hidden}, 7))};
                      },
                      benchmark::kMicrosecond));
  }
  addCase(graphCase("BM_SigmoidTanhChain16M", sigmoidTanhChainIR(),
                    [] {
                      constexpr int64_t n = 16 * 1024 * 1024;
                      return std::vector<IValue>{IValue(Tensor::full({n}, 0.25, ScalarType::Float)),
                                                 IValue(Tensor::full({n}, -0.5, ScalarType::Float))};
                    },
                    benchmark::kMillisecond));
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()
