// autodiff_bench.cpp — forward + backward of the LSTM cell through the JIT's default executor with
// inputs requiring grad, as PyTorch 1.13 runs a scripted cell in training (issue 10, item 5):
//   BM_LstmCellGrad/B/H     the profiling executor's optimized plan (prim::DifferentiableGraph
//                           around the matmuls and around the gate math, aten::chunk under autograd)
//                           then autograd::grad of (hy, cy) w.r.t. all seven inputs (no
//                           accumulation), float32, batch B / hidden H (= input size);
//   BM_LstmCellGradBlas/B/H the BLAS part of that work alone: the six matrix products of the same
//                           shapes (2 forward, 4 backward) with the jit's mm kernel — the "BLAS
//                           time" the issue's 64/512 target compares with.
// perf/pytorch_baseline.py times the same forward + backward on PyTorch 1.13 (torch.autograd.grad
// of the scripted cell, after warm-up runs), keyed by the same names.
// The correctness check (--tsjit_verify) runs the executor in float64 and compares the gradients'
// directional derivative <grad, v> for a random direction v over all inputs with central finite
// differences of the REFERENCE evaluator (never autodiff against itself), and requires that the
// gradient came through DifferentiableGraphs.
#include <cmath>
#include <sstream>

#include "conformance/lib/FiniteDifference.h"
#include "conformance/lib/GradExecutor.h"
#include "jit/autograd/Autograd.h"
#include "jit/autograd/Math.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/runtime/ProfilingExecutor.h"
#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

using namespace tsjit;
using namespace tsjit::perf;

namespace {

std::vector<Tensor> lstmInputs(int64_t batch, int64_t hidden, ScalarType dtype) {
  int64_t input = hidden;
  std::vector<Tensor> in = {seededTensor({batch, input}, 1),      seededTensor({batch, hidden}, 2),
                            seededTensor({batch, hidden}, 3),     seededTensor({4 * hidden, input}, 4),
                            seededTensor({4 * hidden, hidden}, 5), seededTensor({4 * hidden}, 6),
                            seededTensor({4 * hidden}, 7)};
  for (Tensor& t : in) {
    t = t.to(dtype);
    t.setRequiresGrad(true);
  }
  return in;
}

std::vector<Tensor> outputsOf(const std::vector<IValue>& out) {
  std::vector<Tensor> r;
  for (const IValue& v : out.at(0).toTupleRef().items) r.push_back(v.toTensor());
  return r;
}

// One forward + backward: the executor's outputs, then the gradients w.r.t. every input.
struct GradStep {
  std::shared_ptr<runtime::ProfilingExecutor> executor;
  std::vector<Tensor> leaves, gradOutputs;
  std::vector<Tensor> run() const {
    std::vector<IValue> in(leaves.begin(), leaves.end());
    std::vector<Tensor> out = outputsOf(executor->call(std::move(in)));
    return autograd::grad(out, gradOutputs, leaves, false, true);
  }
};

GradStep makeStep(int64_t batch, int64_t hidden, ScalarType dtype) {
  conformance::initializeGradientExecution();
  GradStep s;
  s.executor = std::make_shared<runtime::ProfilingExecutor>(parseIR(lstmCellIR()));
  s.leaves = lstmInputs(batch, hidden, dtype);
  s.gradOutputs = {seededTensor({batch, hidden}, 8).to(dtype), seededTensor({batch, hidden}, 9).to(dtype)};
  s.run();  // profiled
  s.run();  // optimized plan built
  return s;
}

std::string verifyLstmGrad(int64_t batch, int64_t hidden) {
  try {
    GradStep s = makeStep(batch, hidden, ScalarType::Double);
    std::vector<IValue> in(s.leaves.begin(), s.leaves.end());
    std::vector<Tensor> out = outputsOf(s.executor->call(std::move(in)));
    conformance::GradNodeCounts counts = conformance::countGradNodes(out);
    if (counts.differentiableGraphs == 0) return "no DifferentiableGraph computed the gradient";
    std::vector<Tensor> grads = autograd::grad(out, s.gradOutputs, s.leaves, false, true);
    // Directional derivative along v: <grad, v> against (L(x + eps v) - L(x - eps v)) / 2 eps on
    // the reference, L = <gradOutputs, outputs>.
    reference::registerAllKernels();
    auto graph = parseIR(lstmCellIR());
    std::vector<Tensor> dirs;
    double analytic = 0;
    for (size_t i = 0; i < s.leaves.size(); ++i) {
      dirs.push_back(seededTensor(s.leaves[i].sizes(), 100 + static_cast<uint32_t>(i)).to(ScalarType::Double));
      if (!grads[i].defined()) return "no gradient for input " + std::to_string(i);
      std::vector<double> g = grads[i].toDoubles(), v = dirs[i].toDoubles();
      for (size_t k = 0; k < g.size(); ++k) analytic += g[k] * v[k];
    }
    auto loss = [&](double eps) {
      std::vector<IValue> shifted;
      for (size_t i = 0; i < s.leaves.size(); ++i)
        shifted.emplace_back(autograd::math::add(s.leaves[i].detach(), autograd::math::mul(dirs[i], eps)));
      std::vector<IValue> o = reference::evaluate(*graph, std::move(shifted));
      std::vector<IValue> gout(s.gradOutputs.begin(), s.gradOutputs.end());
      return conformance::contractWithGradOutputs(o.at(0).toTupleRef().items, gout);
    };
    const double eps = 1e-6;
    double numeric = (loss(eps) - loss(-eps)) / (2 * eps);
    double err = std::fabs(analytic - numeric) / std::max(1.0, std::fabs(numeric));
    if (!(err < 1e-6)) {
      std::ostringstream os;
      os << "directional derivative " << analytic << " vs reference finite difference " << numeric << " (error "
         << err << ")";
      return os.str();
    }
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

const bool kRegistered = [] {
  for (auto [batch, hidden] : {std::pair<int64_t, int64_t>{1, 64}, {64, 512}}) {
    std::string shape = std::to_string(batch) + "/" + std::to_string(hidden);
    CaseDef c;
    c.name = "BM_LstmCellGrad/" + shape;
    c.unit = benchmark::kMicrosecond;
    c.prepare = [batch, hidden]() -> std::function<void()> {
      auto step = std::make_shared<GradStep>(makeStep(batch, hidden, ScalarType::Float));
      return [step] { benchmark::DoNotOptimize(step->run()); };
    };
    c.verify = [batch, hidden] { return verifyLstmGrad(batch, hidden); };
    addCase(c);

    CaseDef b;
    b.name = "BM_LstmCellGradBlas/" + shape;
    b.unit = benchmark::kMicrosecond;
    b.prepare = [batch, hidden]() -> std::function<void()> {
      std::vector<Tensor> in = lstmInputs(batch, hidden, ScalarType::Float);
      auto dgates = std::make_shared<Tensor>(seededTensor({batch, 4 * hidden}, 10));
      auto x = std::make_shared<std::vector<Tensor>>();
      for (Tensor& t : in) x->push_back(t.detach());
      return [x, dgates] {
        kernels::GradModeGuard noGrad(false);
        const std::vector<Tensor>& v = *x;
        using autograd::math::mm;
        benchmark::DoNotOptimize(mm(v[0], v[3].t()));         // x @ w_ih^T
        benchmark::DoNotOptimize(mm(v[1], v[4].t()));         // hx @ w_hh^T
        benchmark::DoNotOptimize(mm(*dgates, v[3]));          // d x
        benchmark::DoNotOptimize(mm(dgates->t(), v[0]));      // d w_ih
        benchmark::DoNotOptimize(mm(*dgates, v[4]));          // d hx
        benchmark::DoNotOptimize(mm(dgates->t(), v[1]));      // d w_hh
      };
    };
    // Each float32 product against the reference evaluator's aten::mm in float64: |jit - ref| <=
    // 4 K eps(float32) max|a| max|b| per element (K the inner size: a bound on the rounding of a
    // float32 dot product; elementwise ULPs would fail on cancellation, not on a wrong kernel).
    b.verify = [batch, hidden]() -> std::string {
      reference::registerAllKernels();
      std::vector<Tensor> v = lstmInputs(batch, hidden, ScalarType::Float);
      for (Tensor& t : v) t = t.detach();
      Tensor dgates = seededTensor({batch, 4 * hidden}, 10);
      std::vector<std::pair<Tensor, Tensor>> products = {{v[0], v[3].t()}, {v[1], v[4].t()}, {dgates, v[3]},
                                                         {dgates.t(), v[0]}, {dgates, v[4]}, {dgates.t(), v[1]}};
      auto graph = parseIR("graph(%a : Tensor, %b : Tensor):\n  %c : Tensor = aten::mm(%a, %b)\n  return (%c)\n");
      auto maxAbs = [](const std::vector<double>& xs) {
        double m = 0;
        for (double x : xs) m = std::max(m, std::fabs(x));
        return m;
      };
      for (size_t p = 0; p < products.size(); ++p) {
        const auto& [a, bb] = products[p];
        std::vector<double> got = autograd::math::mm(a, bb).toDoubles();
        std::vector<double> want =
            reference::evaluate(*graph, {IValue(a.to(ScalarType::Double)), IValue(bb.to(ScalarType::Double))})
                .at(0)
                .toTensor()
                .toDoubles();
        double bound = 4.0 * static_cast<double>(a.sizes()[1]) * 1.1920929e-07 * maxAbs(a.toDoubles()) *
                       maxAbs(bb.toDoubles());
        if (got.size() != want.size()) return "product " + std::to_string(p) + ": sizes differ";
        for (size_t k = 0; k < got.size(); ++k)
          if (!(std::fabs(got[k] - want[k]) <= bound))
            return "product " + std::to_string(p) + ": element " + std::to_string(k) + " " + std::to_string(got[k]) +
                   " vs reference " + std::to_string(want[k]);
      }
      return "";
    };
    addCase(b);
  }
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()
