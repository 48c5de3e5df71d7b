// GradCheck.cpp — symbolic gradients vs finite differences of the reference (see GradCheck.h).
#include "conformance/lib/GradCheck.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "conformance/lib/FiniteDifference.h"
#include "conformance/lib/ValueClone.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/GraphExecutor.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::conformance {

const char* toString(GradEngine e) { return e == GradEngine::Jit ? "jit" : "reference"; }

namespace {

std::vector<IValue> runOn(GradEngine engine, const std::shared_ptr<Graph>& g, std::vector<IValue> inputs) {
  if (engine == GradEngine::Reference) {
    reference::registerAllKernels();
    return reference::evaluate(*g, std::move(inputs));
  }
  kernels::registerAllKernels();
  runtime::GraphExecutor ex(g->copy());
  return ex.call(std::move(inputs));
}

Tensor asDouble(const Tensor& t) { return t.to(ScalarType::Double).contiguous(); }

std::string fmt(double v) {
  std::ostringstream s;
  s.precision(3);
  s << v;
  return s.str();
}

}  // namespace

std::vector<IValue> randomGradOutputs(const Graph& g, const std::vector<IValue>& inputs, std::mt19937& rng) {
  reference::registerAllKernels();
  std::vector<IValue> outs = reference::evaluate(g, cloneValues(inputs));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<IValue> grads;
  for (const IValue& o : outs) {
    if (!o.isTensor() || !isFloatingType(o.toTensor().dtype())) {
      grads.emplace_back();
      continue;
    }
    const Tensor t = o.toTensor();
    std::vector<double> v(static_cast<size_t>(t.numel()));
    for (double& x : v) x = u(rng);
    grads.emplace_back(Tensor::fromDoubles(v, t.sizes(), ScalarType::Double));
  }
  return grads;
}

std::vector<Tensor> symbolicVjp(const Graph& g, const std::vector<IValue>& inputs, const std::vector<IValue>& gradOutputs,
                                const std::vector<size_t>& wrt, GradEngine engine, const autodiff::FormulaSet& formulas) {
  autodiff::Gradient grad = autodiff::differentiate(g, wrt, formulas);
  if (getenv("TSJIT_GRAD_DEBUG"))
    std::cerr << "forward:\n" << grad.forward->toString(false) << "backward:\n" << grad.backward->toString(false);
  std::vector<IValue> fwd = runOn(engine, grad.forward, cloneValues(inputs));
  std::vector<IValue> bwdIn;
  for (size_t k = 0; k < grad.numOutputs; ++k) {
    const IValue& dy = k < gradOutputs.size() ? gradOutputs[k] : IValue();
    if (dy.isTensor() && fwd[k].isTensor()) {
      // The grad output has the output's dtype and shape (as autograd hands it to backward).
      bwdIn.emplace_back(dy.toTensor().to(fwd[k].toTensor().dtype()).reshape(fwd[k].toTensor().sizes()));
    } else if (fwd[k].isTensor()) {
      bwdIn.emplace_back(Tensor::zeros(fwd[k].toTensor().sizes(), fwd[k].toTensor().dtype()));
    } else {
      bwdIn.push_back(dy);
    }
  }
  for (size_t i = grad.numOutputs; i < fwd.size(); ++i) bwdIn.push_back(fwd[i]);
  std::vector<IValue> grads = runOn(engine, grad.backward, std::move(bwdIn));
  std::vector<Tensor> out;
  for (size_t i = 0; i < grads.size(); ++i) {
    if (!grads[i].isTensor()) throw std::runtime_error("backward returned a non-tensor gradient for input " +
                                                       std::to_string(wrt[i]));
    out.push_back(grads[i].toTensor());
  }
  return out;
}

double gradError(const Tensor& got, const Tensor& expected) {
  const std::vector<double> a = asDouble(got).toDoubles(), b = asDouble(expected).toDoubles();
  if (a.size() != b.size()) return INFINITY;
  double worst = 0, scale = 1;
  for (double x : b) scale = std::max(scale, std::fabs(x));
  for (size_t i = 0; i < a.size(); ++i) {
    const double d = std::fabs(a[i] - b[i]);
    if (std::isnan(a[i]) != std::isnan(b[i])) return INFINITY;
    if (!std::isnan(d)) worst = std::max(worst, d);
  }
  return worst / scale;
}

GradResult checkFirstOrder(const Graph& g, const std::vector<IValue>& inputs, const std::vector<IValue>& gradOutputs,
                           const std::vector<size_t>& wrt, GradEngine engine, const autodiff::FormulaSet& formulas,
                           double tolerance) {
  GradResult r;
  std::vector<Tensor> sym;
  try {
    sym = symbolicVjp(g, inputs, gradOutputs, wrt, engine, formulas);
  } catch (const autodiff::NotDifferentiable& e) {
    r.message = e.what();
    return r;
  } catch (const std::exception& e) {
    r.checked = true;
    r.message = std::string("running the gradient failed: ") + e.what();
    return r;
  }
  const std::vector<Tensor> fd = referenceVjp(g, inputs, gradOutputs, wrt);
  r.checked = true;
  r.ok = true;
  for (size_t i = 0; i < wrt.size(); ++i) {
    const double e = gradError(sym[i], fd[i]);
    r.worstError = std::max(r.worstError, e);
    if (sym[i].numel() != fd[i].numel() && r.ok) {
      auto shape = [](const Tensor& t) {
        std::string out = "(";
        for (size_t d = 0; d < t.sizes().size(); ++d) out += (d ? ", " : "") + std::to_string(t.sizes()[d]);
        return out + ")";
      };
      r.ok = false;
      r.message = "d/d input " + std::to_string(wrt[i]) + ": the gradient has shape " + shape(sym[i]) +
                  ", the input " + shape(fd[i]);
    } else if (!(e <= tolerance) && r.ok) {
      r.ok = false;
      // The element where they differ most.
      const std::vector<double> a = asDouble(sym[i]).toDoubles(), b = fd[i].toDoubles();
      size_t worstAt = 0;
      for (size_t k = 0; k < a.size(); ++k)
        if (std::fabs(a[k] - b[k]) > std::fabs(a[worstAt] - b[worstAt]) || std::isnan(a[k])) worstAt = k;
      r.message = "d/d input " + std::to_string(wrt[i]) + ": error " + fmt(e) + " > " + fmt(tolerance) +
                  " (element " + std::to_string(worstAt) + ": symbolic " + fmt(a.empty() ? 0 : a[worstAt]) +
                  ", finite differences " + fmt(b.empty() ? 0 : b[worstAt]) + ")";
    }
  }
  return r;
}

GradResult checkSecondOrder(const Graph& g, const std::vector<IValue>& inputs, const std::vector<size_t>& wrt,
                            GradEngine engine, std::mt19937& rng, const autodiff::FormulaSet& formulas,
                            double tolerance) {
  GradResult r;
  std::shared_ptr<Graph> h;
  try {
    h = autodiff::gradientGraph(g, wrt, formulas);
  } catch (const autodiff::NotDifferentiable& e) {
    r.message = e.what();
    return r;
  }
  // H's inputs: g's inputs then one grad per output of g.
  try {
    std::vector<IValue> hInputs = cloneValues(inputs);
    std::vector<IValue> dy = randomGradOutputs(g, inputs, rng);
    std::vector<size_t> hWrt = wrt;
    for (size_t k = 0; k < dy.size(); ++k) {
      hInputs.push_back(dy[k]);
      if (dy[k].isTensor()) hWrt.push_back(inputs.size() + k);
    }
    std::vector<IValue> hGrad = randomGradOutputs(*h, hInputs, rng);
    r = checkFirstOrder(*h, hInputs, hGrad, hWrt, engine, formulas, tolerance);
  } catch (const std::exception& e) {  // the backward graph does not even run: a failure
    r.checked = true;
    r.ok = false;
    r.message = std::string("running the backward graph failed: ") + e.what();
  }
  return r;
}

FormulaReport checkFormula(const autodiff::Formula& formula, const autodiff::FormulaSet& formulas, uint64_t seed) {
  FormulaReport rep;
  rep.op = formula.overload->op().name();
  rep.overload = formula.overload->overloadName();
  std::mt19937 rng(static_cast<uint32_t>(seed));
  std::vector<OpCase> cases = opCases(*formula.overload, rng);
  bool anySecond = false, secondOk = true;
  for (const OpCase& c : cases) {
    ++rep.cases;
    std::vector<IValue> dy = randomGradOutputs(*c.graph, c.inputs, rng);
    bool caseFailed = false;
    for (GradEngine e : {GradEngine::Jit, GradEngine::Reference}) {
      GradResult r = checkFirstOrder(*c.graph, c.inputs, dy, c.wrt, e, formulas);
      rep.worstError = std::max(rep.worstError, r.worstError);
      if (!r.ok) {
        rep.firstOrderOk = false;
        caseFailed = true;
        rep.failures.push_back(c.description + " [" + toString(e) + ", first order]: " + r.message);
        break;
      }
    }
    GradResult s = checkSecondOrder(*c.graph, c.inputs, c.wrt, GradEngine::Jit, rng, formulas);
    if (!s.checked) {
      if (rep.secondOrderNote.empty()) rep.secondOrderNote = s.message;
    } else {
      anySecond = true;
      rep.worstError = std::max(rep.worstError, s.worstError);
      if (!s.ok) {
        secondOk = false;
        caseFailed = true;
        rep.failures.push_back(c.description + " [jit, second order]: " + s.message);
      }
    }
    if (caseFailed) rep.failingCases.push_back(c);
  }
  if (anySecond) rep.secondOrderOk = secondOk;
  return rep;
}

}  // namespace tsjit::conformance
