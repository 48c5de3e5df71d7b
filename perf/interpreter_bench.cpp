// interpreter_bench.cpp — the JIT interpreter's overheads and the LSTM / elementwise chains of
// PyTorch's JIT overview (perf/README.md has the table and the PyTorch 1.13 figures):
//   (a) 64 chained int ops per iteration (`x = x * 3 + i; x = x % 1000003`, 32 times; 96 nodes),
//       reported as ns per node;
//   (b) 64 chained elementwise ops on a 1-element float tensor (`x * 1.0001`, `x + 0.5`), ns/op;
//   (c) the LSTM cell at batch 1 / hidden 64 and batch 64 / hidden 512 (µs);
//   (d) sigmoid(x) * tanh(y) + x * 0.5 - y on 16M floats (ms).
// (b)-(d) need the tensor kernels (Elementwise, Linalg...); a case whose graph has an operator
// without an optimized kernel reports the error and is skipped.
#include <benchmark/benchmark.h>

#include <sstream>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/Interpreter.h"

using namespace tsjit;
using namespace tsjit::runtime;

namespace {

std::shared_ptr<const Code> compileOrSkip(benchmark::State& state, const std::string& text) {
  kernels::registerAllKernels();
  try {
    return Code::compile(parseIR(text));
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return nullptr;
  }
}

std::string intChainIR(int pairs) {
  std::ostringstream os;
  os << "graph(%x0 : int, %i : int):\n"
     << "  %three : int = prim::Constant[value=3]()\n  %p : int = prim::Constant[value=1000003]()\n";
  for (int k = 0; k < pairs; ++k) {
    os << "  %m" << k << " : int = aten::mul(%x" << k << ", %three)\n";
    os << "  %a" << k << " : int = aten::add(%m" << k << ", %i)\n";
    os << "  %x" << k + 1 << " : int = aten::remainder(%a" << k << ", %p)\n";
  }
  os << "  return (%x" << pairs << ")\n";
  return os.str();
}

void BM_IntChain(benchmark::State& state) {
  constexpr int kPairs = 32;
  auto code = compileOrSkip(state, intChainIR(kPairs));
  if (!code) return;
  InterpreterState interp(code);
  Stack st;
  int64_t x = 1;
  for (auto _ : state) {
    st.emplace_back(x);
    st.emplace_back(int64_t{7});
    interp.run(st);
    x = st.back().toInt();
    st.clear();
  }
  benchmark::DoNotOptimize(x);
  constexpr int kNodes = kPairs * 3;
  state.counters["ns_per_node"] = benchmark::Counter(static_cast<double>(state.iterations()) * kNodes,
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_IntChain);

std::string tensorChainIR(int ops) {
  std::ostringstream os;
  os << "graph(%x0 : Tensor):\n"
     << "  %c : float = prim::Constant[value=1.0001]()\n  %h : float = prim::Constant[value=0.5]()\n"
     << "  %one : int = prim::Constant[value=1]()\n";
  for (int k = 0; k < ops; ++k) {
    if (k % 2 == 0) os << "  %x" << k + 1 << " : Tensor = aten::mul(%x" << k << ", %c)\n";
    else os << "  %x" << k + 1 << " : Tensor = aten::add(%x" << k << ", %h, %one)\n";
  }
  os << "  return (%x" << ops << ")\n";
  return os.str();
}

void BM_TensorChain(benchmark::State& state) {
  constexpr int kOps = 64;
  auto code = compileOrSkip(state, tensorChainIR(kOps));
  if (!code) return;
  InterpreterState interp(code);
  Tensor x = Tensor::full({1}, 1.0, ScalarType::Float);
  Stack st;
  for (auto _ : state) {
    st.emplace_back(x);
    interp.run(st);
    st.clear();
  }
  state.counters["ns_per_op"] = benchmark::Counter(static_cast<double>(state.iterations()) * kOps,
                                                   benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_TensorChain);

const char* kLstmIR = R"IR(graph(%x : Tensor, %hx : Tensor, %cx : Tensor, %w_ih : Tensor, %w_hh : Tensor,
      %b_ih : Tensor, %b_hh : Tensor):
  %one : int = prim::Constant[value=1]()
  %four : int = prim::Constant[value=4]()
  %wt_ih : Tensor = aten::t(%w_ih)
  %g0 : Tensor = aten::mm(%x, %wt_ih)
  %g1 : Tensor = aten::add(%g0, %b_ih, %one)
  %wt_hh : Tensor = aten::t(%w_hh)
  %g2 : Tensor = aten::mm(%hx, %wt_hh)
  %g3 : Tensor = aten::add(%g1, %g2, %one)
  %gates : Tensor = aten::add(%g3, %b_hh, %one)
  %chunks : Tensor[] = aten::chunk(%gates, %four, %one)
  %ingate.1 : Tensor, %forgetgate.1 : Tensor, %cellgate.1 : Tensor, %outgate.1 : Tensor = prim::ListUnpack(%chunks)
  %ingate : Tensor = aten::sigmoid(%ingate.1)
  %forgetgate : Tensor = aten::sigmoid(%forgetgate.1)
  %cellgate : Tensor = aten::tanh(%cellgate.1)
  %outgate : Tensor = aten::sigmoid(%outgate.1)
  %f : Tensor = aten::mul(%forgetgate, %cx)
  %ic : Tensor = aten::mul(%ingate, %cellgate)
  %cy : Tensor = aten::add(%f, %ic, %one)
  %tcy : Tensor = aten::tanh(%cy)
  %hy : Tensor = aten::mul(%outgate, %tcy)
  %r : (Tensor, Tensor) = prim::TupleConstruct(%hy, %cy)
  return (%r)
)IR";

Tensor randn(std::vector<int64_t> sizes, uint32_t seed) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v(static_cast<size_t>(n));
  uint32_t r = seed;
  for (auto& x : v) {
    r = r * 1664525u + 1013904223u;
    x = (static_cast<double>(r >> 8) / (1 << 24) - 0.5) * 0.2;
  }
  return Tensor::fromDoubles(v, sizes, ScalarType::Float);
}

void BM_LstmCell(benchmark::State& state) {
  int64_t batch = state.range(0), hidden = state.range(1), input = hidden;
  auto code = compileOrSkip(state, kLstmIR);
  if (!code) return;
  InterpreterState interp(code);
  Stack inputs = {randn({batch, input}, 1), randn({batch, hidden}, 2), randn({batch, hidden}, 3),
                  randn({4 * hidden, input}, 4), randn({4 * hidden, hidden}, 5), randn({4 * hidden}, 6),
                  randn({4 * hidden}, 7)};
  Stack st;
  for (auto _ : state) {
    st = inputs;
    interp.run(st);
  }
}
BENCHMARK(BM_LstmCell)->Args({1, 64})->Args({64, 512})->Unit(benchmark::kMicrosecond);

void BM_SigmoidTanhChain16M(benchmark::State& state) {
  const char* ir = R"IR(graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %h : float = prim::Constant[value=0.5]()
  %s : Tensor = aten::sigmoid(%x)
  %t : Tensor = aten::tanh(%y)
  %a : Tensor = aten::mul(%s, %t)
  %b : Tensor = aten::mul(%x, %h)
  %c : Tensor = aten::add(%a, %b, %one)
  %d : Tensor = aten::sub(%c, %y, %one)
  return (%d)
)IR";
  auto code = compileOrSkip(state, ir);
  if (!code) return;
  InterpreterState interp(code);
  constexpr int64_t n = 16 * 1024 * 1024;
  Tensor x = Tensor::full({n}, 0.25, ScalarType::Float), y = Tensor::full({n}, -0.5, ScalarType::Float);
  Stack st;
  for (auto _ : state) {
    st.emplace_back(x);
    st.emplace_back(y);
    interp.run(st);
    st.clear();
  }
}
BENCHMARK(BM_SigmoidTanhChain16M)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
