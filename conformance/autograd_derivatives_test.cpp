// autograd_derivatives_test.cpp — every derivative of jit/autograd's table checked against central
// finite differences of the REFERENCE evaluator in float64 (conformance/lib/FiniteDifference.h),
// never against autograd itself. Each case is a one-op graph run by the interpreter with its
// differentiable inputs requiring grad (conformance::autogradVjp); inputs are generated from a
// fixed seed: broadcasting shapes, reductions over dims with and without keepdim, transposed
// (non-contiguous) and expanded (stride 0) inputs, and values near kinks (|x| in [1e-4, 1e-2] for
// relu / abs / clamp / max ...) but never within the finite-difference step of one.
// Agreement: |autograd - fd| <= 1e-6 * max(1, |fd|) per element (fd's own error is ~1e-10 |L|).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>
#include <sstream>

#include "conformance/lib/FiniteDifference.h"
#include "conformance/lib/GradConformAutograd.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "reference/Evaluator.h"

using namespace tsjit;

namespace {

enum class Kind { Normal, Positive, Unit, NearKink, AwayFromInt, Index, Mask, Probability, Sign };

struct In {
  std::vector<int64_t> shape;
  Kind kind = Kind::Normal;
  bool diff = true;        // differentiate w.r.t. it
  bool transposed = false; // generated as the transpose of a contiguous tensor (non-contiguous)
  int64_t expandDim = -1;  // generated with size 1 in this dim, then expanded to shape (stride 0)
  int64_t indexBound = 0;  // Index: values in [0, indexBound)
};

struct Case {
  std::string name;
  std::string ir;
  std::vector<In> inputs;
};

Tensor generate(const In& in, std::mt19937& rng) {
  std::vector<int64_t> shape = in.shape;
  if (in.expandDim >= 0) shape[static_cast<size_t>(in.expandDim)] = 1;
  if (in.transposed) std::swap(shape[0], shape[1]);
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  std::normal_distribution<double> normal(0, 1);
  std::uniform_real_distribution<double> unit(-0.9, 0.9), kink(1e-4, 1e-2), coin(0, 1);
  if (in.kind == Kind::Index || in.kind == Kind::Mask) {
    std::vector<int64_t> v(static_cast<size_t>(n));
    for (auto& x : v)
      x = in.kind == Kind::Index ? static_cast<int64_t>(rng() % static_cast<uint64_t>(in.indexBound)) : static_cast<int64_t>(rng() % 2);
    return Tensor::fromInt64s(v, shape, in.kind == Kind::Index ? ScalarType::Int64 : ScalarType::Bool);
  }
  std::vector<double> v(static_cast<size_t>(n));
  for (auto& x : v) {
    switch (in.kind) {
      case Kind::Normal: x = normal(rng); break;
      case Kind::Positive: x = 0.2 + std::abs(normal(rng)); break;
      case Kind::Unit: x = unit(rng); break;
      case Kind::NearKink: x = (coin(rng) < 0.5 ? -1 : 1) * (coin(rng) < 0.5 ? kink(rng) : 0.1 + std::abs(normal(rng))); break;
      case Kind::AwayFromInt: x = std::floor(normal(rng) * 3) + 0.25 + 0.5 * coin(rng); break;
      case Kind::Probability: x = 0.05 + 0.9 * coin(rng); break;  // inside (0, 1), away from its ends
      case Kind::Sign: x = coin(rng) < 0.5 ? -1.0 : 1.0; break;
      default: break;
    }
  }
  Tensor t = Tensor::fromDoubles(v, shape, ScalarType::Double);
  if (in.transposed) t = t.transpose(0, 1);
  if (in.expandDim >= 0) t = t.expand(in.shape);
  return t;
}

// Random gradients shaped like the floating tensors of v (None for everything else).
IValue gradLike(const IValue& v, std::mt19937& rng) {
  std::normal_distribution<double> normal(0, 1);
  if (v.isTensor() && isFloatingType(v.toTensor().dtype())) {
    std::vector<double> g(static_cast<size_t>(v.toTensor().numel()));
    for (auto& x : g) x = normal(rng);
    return Tensor::fromDoubles(g, v.toTensor().sizes(), ScalarType::Double);
  }
  if (v.isTuple()) {
    std::vector<IValue> items;
    for (const IValue& x : v.toTupleRef().items) items.push_back(gradLike(x, rng));
    return makeTuple(std::move(items));
  }
  if (v.isList()) {
    std::vector<IValue> items;
    for (const IValue& x : v.toListRef().items) items.push_back(gradLike(x, rng));
    return makeList(AnyType::get(), std::move(items));
  }
  return IValue();
}

void check(const Case& c, uint32_t seed) {
  SCOPED_TRACE(c.name);
  std::shared_ptr<Graph> g;
  try {
    g = parseIR(c.ir);
  } catch (const std::exception& e) {
    FAIL() << c.name << ": " << e.what();
  }
  std::mt19937 rng(seed);
  std::vector<IValue> inputs;
  std::vector<size_t> wrt;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    inputs.emplace_back(generate(c.inputs[i], rng));
    if (c.inputs[i].diff && c.inputs[i].kind != Kind::Index && c.inputs[i].kind != Kind::Mask) wrt.push_back(i);
  }
  std::vector<IValue> outs = reference::evaluate(*g, inputs);
  std::vector<IValue> gradOutputs;
  for (const IValue& o : outs) gradOutputs.push_back(gradLike(o, rng));
  std::vector<Tensor> fd = conformance::referenceVjp(*g, inputs, gradOutputs, wrt);
  std::vector<Tensor> ag;
  try {
    ag = conformance::autogradVjp(*g, inputs, gradOutputs, wrt);
  } catch (const std::exception& e) {
    FAIL() << c.name << ": autograd raised " << e.what();
  }
  ASSERT_EQ(ag.size(), fd.size());
  for (size_t k = 0; k < wrt.size(); ++k) {
    std::vector<double> want = fd[k].contiguous().toDoubles();
    if (!ag[k].defined()) {
      for (double w : want) EXPECT_LT(std::abs(w), 1e-6) << c.name << " input " << wrt[k] << ": no gradient, fd " << w;
      continue;
    }
    ASSERT_EQ(ag[k].sizes(), fd[k].sizes()) << c.name << " input " << wrt[k];
    std::vector<double> got = ag[k].contiguous().toDoubles();
    for (size_t j = 0; j < want.size(); ++j)
      EXPECT_LE(std::abs(got[j] - want[j]), 1e-6 * std::max(1.0, std::abs(want[j])))
          << c.name << " input " << wrt[k] << " element " << j << ": autograd " << got[j] << " fd " << want[j];
  }
}

void checkAll(const std::vector<Case>& cases) {
  uint32_t seed = 1;
  for (const Case& c : cases) {
    try {
      check(c, seed++);
    } catch (const std::exception& e) {
      ADD_FAILURE() << c.name << ": " << e.what();
    }
  }
  std::cout << "[autograd] " << cases.size() << " derivative cases checked\n";
}

std::string sig(size_t n) {
  std::ostringstream os;
  os << "graph(";
  for (size_t i = 0; i < n; ++i) os << (i ? ", " : "") << "%" << static_cast<char>('a' + i) << " : Tensor";
  os << "):\n";
  return os.str();
}
// A graph of `n` tensor inputs %a, %b, ...: `body` lines, then `return (%r)`.
std::string ir(size_t n, const std::string& body) { return sig(n) + body + "  return (%r)\n"; }
std::string unary(const std::string& op) { return ir(1, "  %r : Tensor = " + op + "(%a)\n"); }

const char* kInts =
    "  %i0 : int = prim::Constant[value=0]()\n  %i1 : int = prim::Constant[value=1]()\n"
    "  %i2 : int = prim::Constant[value=2]()\n  %im1 : int = prim::Constant[value=-1]()\n"
    "  %t : bool = prim::Constant[value=1]()\n  %f : bool = prim::Constant[value=0]()\n"
    "  %none : NoneType = prim::Constant()\n";
std::string withInts(size_t n, const std::string& body) { return ir(n, kInts + body); }

TEST(AutogradDerivatives, ElementwiseUnary) {
  std::vector<Case> cases;
  for (const char* op : {"aten::neg", "aten::exp", "aten::exp2", "aten::expm1", "aten::sin", "aten::cos", "aten::sinh",
                         "aten::erf", "aten::tanh", "aten::sigmoid", "aten::silu", "aten::square"})
    cases.push_back({op, unary(op), {{{2, 3}}}});
  for (const char* approx : {"none", "tanh"})
    cases.push_back({std::string("gelu ") + approx, ir(1, std::string("  %s : str = prim::Constant[value=\"") + approx + "\"]()\n  %r : Tensor = aten::gelu(%a, %s)\n"), {{{2, 3}}}});
  cases.push_back({"elu", ir(1, "  %al : float = prim::Constant[value=1.3]()\n  %sc : float = prim::Constant[value=1.]()\n  %r : Tensor = aten::elu(%a, %al, %sc, %sc)\n"), {{{2, 3}, Kind::NearKink}}});
  cases.push_back({"softplus", ir(1, "  %b : float = prim::Constant[value=2.]()\n  %th : float = prim::Constant[value=20.]()\n  %r : Tensor = aten::softplus(%a, %b, %th)\n"), {{{2, 3}}}});
  cases.push_back({"clone", ir(1, "  %n : NoneType = prim::Constant()\n  %r : Tensor = aten::clone(%a, %n)\n"), {{{2, 3}, Kind::Normal, true, true}}});
  cases.push_back({"leaky_relu near 0", ir(1, "  %sl : float = prim::Constant[value=0.1]()\n  %r : Tensor = aten::leaky_relu(%a, %sl)\n"), {{{3, 4}, Kind::NearKink}}});
  cases.push_back({"hardtanh", ir(1, "  %lo : float = prim::Constant[value=-0.5]()\n  %hi : float = prim::Constant[value=0.5]()\n  %r : Tensor = aten::hardtanh(%a, %lo, %hi)\n"), {{{6}, Kind::Normal}}});
  // F.relu6 / hardswish / hardsigmoid / mish / selu (1.13's wrappers call these ops): the input
  // scaled so that every piece of the piecewise ones is hit (kinks at -3, 0, 3, 6).
  const std::string spread = "  %k4 : float = prim::Constant[value=3.5]()\n  %k1 : float = prim::Constant[value=1.5]()\n"
                             "  %s0 : Tensor = aten::mul(%a, %k4)\n  %s : Tensor = aten::add(%s0, %k1, %k1)\n";
  for (const char* op : {"aten::relu6", "aten::hardswish", "aten::hardsigmoid", "aten::mish", "aten::selu"})
    cases.push_back({std::string(op) + " spread", ir(1, spread + "  %r : Tensor = " + op + "(%s)\n"), {{{4, 5}}}});
  for (const char* op : {"aten::abs", "aten::relu", "aten::sign"})
    cases.push_back({std::string(op) + " near 0", unary(op), {{{3, 4}, Kind::NearKink, true, true}}});
  for (const char* op : {"aten::tan", "aten::asin"}) cases.push_back({op, unary(op), {{{5}, Kind::Unit}}});
  for (const char* op : {"aten::log", "aten::log2", "aten::log10", "aten::log1p", "aten::sqrt", "aten::rsqrt",
                         "aten::reciprocal"})
    cases.push_back({op, unary(op), {{{2, 3}, Kind::Positive, true, true}}});
  for (const char* op : {"aten::floor", "aten::frac"}) cases.push_back({op, unary(op), {{{4}, Kind::AwayFromInt}}});
  for (const char* op : {"aten::atan", "aten::cosh", "aten::asinh", "aten::erfc", "aten::deg2rad", "aten::rad2deg",
                         "aten::sinc"})
    cases.push_back({op, unary(op), {{{2, 3}}}});
  cases.push_back({"aten::acos", unary("aten::acos"), {{{5}, Kind::Unit}}});
  cases.push_back({"aten::acosh", ir(1, "  %one : int = prim::Constant[value=2]()\n  %s : Tensor = aten::add(%a, %one, %one)\n  %r : Tensor = aten::acosh(%s)\n"), {{{2, 3}, Kind::Positive}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, ElementwiseSpecialBinary) {
  std::vector<Case> cases;
  In m23{{2, 3}}, b3{{3}}, pos{{2, 3}, Kind::Positive};
  for (const char* op : {"aten::hypot", "aten::logaddexp", "aten::logaddexp2", "aten::copysign"})
    cases.push_back({op, ir(2, std::string("  %r : Tensor = ") + op + "(%a, %b)\n"), {m23, b3}});
  cases.push_back({"aten::xlogy", ir(2, "  %r : Tensor = aten::xlogy(%a, %b)\n"), {m23, pos}});
  cases.push_back({"xlogy.Scalar_Other", ir(1, "  %s : float = prim::Constant[value=2.5]()\n  %r : Tensor = aten::xlogy(%a, %s)\n"), {m23}});
  cases.push_back({"xlogy.Scalar_Self", ir(1, "  %s : float = prim::Constant[value=-1.5]()\n  %r : Tensor = aten::xlogy(%s, %a)\n"), {pos}});
  cases.push_back({"clamp_max", ir(1, "  %s : float = prim::Constant[value=0.1]()\n  %r : Tensor = aten::clamp_max(%a, %s)\n"), {{{3, 4}, Kind::NearKink}}});
  cases.push_back({"clamp_max.Tensor", ir(2, "  %r : Tensor = aten::clamp_max(%a, %b)\n"), {m23, b3}});
  cases.push_back({"prelu per channel", ir(2, "  %r : Tensor = aten::prelu(%a, %b)\n"), {{{2, 3, 2}, Kind::NearKink}, b3}});
  cases.push_back({"prelu one weight", ir(2, "  %r : Tensor = aten::prelu(%a, %b)\n"), {m23, {{1}}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, ElementwiseBinaryAndTernary) {
  std::vector<Case> cases;
  In m23{{2, 3}}, b3{{3}}, col{{2, 1}}, expd{{2, 3}, Kind::Normal, true, false, 0};
  for (const char* op : {"aten::mul", "aten::maximum", "aten::minimum", "aten::max", "aten::min"}) {
    cases.push_back({std::string(op) + " broadcast", ir(2, std::string("  %r : Tensor = ") + op + "(%a, %b)\n"), {m23, b3}});
    cases.push_back({std::string(op) + " expanded", ir(2, std::string("  %r : Tensor = ") + op + "(%a, %b)\n"), {expd, col}});
  }
  for (const char* op : {"aten::add", "aten::sub"}) {
    cases.push_back({std::string(op) + " alpha", withInts(2, std::string("  %al : float = prim::Constant[value=2.5]()\n  %r : Tensor = ") + op + "(%a, %b, %al)\n"), {m23, col}});
    cases.push_back({std::string(op) + ".Scalar", withInts(1, std::string("  %s : float = prim::Constant[value=1.5]()\n  %r : Tensor = ") + op + "(%a, %s, %i2)\n"), {m23}});
  }
  cases.push_back({"div", ir(2, "  %r : Tensor = aten::div(%a, %b)\n"), {m23, {{3}, Kind::Positive}}});
  cases.push_back({"div.Scalar", ir(1, "  %s : float = prim::Constant[value=-0.75]()\n  %r : Tensor = aten::div(%a, %s)\n"), {m23}});
  cases.push_back({"mul.Scalar", ir(1, "  %s : float = prim::Constant[value=-0.75]()\n  %r : Tensor = aten::mul(%a, %s)\n"), {m23}});
  cases.push_back({"pow.Tensor_Scalar", ir(1, "  %s : float = prim::Constant[value=2.5]()\n  %r : Tensor = aten::pow(%a, %s)\n"), {{{2, 3}, Kind::Positive}}});
  cases.push_back({"pow.Tensor_Tensor", ir(2, "  %r : Tensor = aten::pow(%a, %b)\n"), {{{2, 3}, Kind::Positive}, b3}});
  cases.push_back({"clamp", ir(1, "  %lo : float = prim::Constant[value=-0.5]()\n  %hi : float = prim::Constant[value=0.5]()\n  %r : Tensor = aten::clamp(%a, %lo, %hi)\n"), {{{3, 4}}}});
  cases.push_back({"clamp_min near", ir(1, "  %lo : float = prim::Constant[value=0.]()\n  %r : Tensor = aten::clamp_min(%a, %lo)\n"), {{{3, 4}, Kind::NearKink}}});
  cases.push_back({"lerp.Scalar", ir(2, "  %w : float = prim::Constant[value=0.3]()\n  %r : Tensor = aten::lerp(%a, %b, %w)\n"), {m23, b3}});
  cases.push_back({"lerp.Tensor", ir(3, "  %r : Tensor = aten::lerp(%a, %b, %c)\n"), {m23, b3, col}});
  cases.push_back({"addcmul", ir(3, "  %v : float = prim::Constant[value=0.5]()\n  %r : Tensor = aten::addcmul(%a, %b, %c, %v)\n"), {m23, b3, col}});
  cases.push_back({"addcdiv", ir(3, "  %v : float = prim::Constant[value=0.5]()\n  %r : Tensor = aten::addcdiv(%a, %b, %c, %v)\n"), {m23, b3, {{2, 1}, Kind::Positive}}});
  cases.push_back({"where.self", ir(3, "  %r : Tensor = aten::where(%a, %b, %c)\n"), {{{2, 3}, Kind::Mask}, b3, col}});
  cases.push_back({"masked_fill.Scalar", ir(2, "  %v : float = prim::Constant[value=3.]()\n  %r : Tensor = aten::masked_fill(%a, %b, %v)\n"), {m23, {{3}, Kind::Mask}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, Reductions) {
  std::vector<Case> cases;
  In x{{3, 4}, Kind::Normal, true, true};
  std::string dims1 = "  %d : int[] = prim::ListConstruct(%i1)\n";
  cases.push_back({"sum", withInts(1, "  %r : Tensor = aten::sum(%a, %none)\n"), {x}});
  for (const char* keep : {"%t", "%f"}) {
    cases.push_back({std::string("sum.dim keepdim=") + keep, withInts(1, dims1 + "  %r : Tensor = aten::sum(%a, %d, " + keep + ", %none)\n"), {x}});
    cases.push_back({std::string("mean.dim keepdim=") + keep, withInts(1, dims1 + "  %r : Tensor = aten::mean(%a, %d, " + keep + ", %none)\n"), {x}});
    cases.push_back({std::string("prod.dim_int keepdim=") + keep, withInts(1, std::string("  %r : Tensor = aten::prod(%a, %i1, ") + keep + ", %none)\n"), {x}});
    cases.push_back({std::string("amax keepdim=") + keep, withInts(1, dims1 + "  %r : Tensor = aten::amax(%a, %d, " + keep + ")\n"), {x}});
    cases.push_back({std::string("logsumexp keepdim=") + keep, withInts(1, dims1 + "  %r : Tensor = aten::logsumexp(%a, %d, " + keep + ")\n"), {x}});
    cases.push_back({std::string("norm dim p=3 keepdim=") + keep, withInts(1, dims1 + "  %p : float = prim::Constant[value=3.]()\n  %r : Tensor = aten::norm(%a, %p, %d, " + keep + ")\n"), {x}});
    cases.push_back({std::string("var.dim keepdim=") + keep, withInts(1, dims1 + "  %r : Tensor = aten::var(%a, %d, %t, " + keep + ")\n"), {x}});
    cases.push_back({std::string("std.dim keepdim=") + keep, withInts(1, dims1 + "  %r : Tensor = aten::std(%a, %d, %f, " + keep + ")\n"), {x}});
  }
  cases.push_back({"max.dim values", withInts(1, "  %r : Tensor, %ix : Tensor = aten::max(%a, %i1, %f)\n"), {x}});
  cases.push_back({"min.dim keepdim", withInts(1, "  %r : Tensor, %ix : Tensor = aten::min(%a, %i0, %t)\n"), {x}});
  cases.push_back({"mean", withInts(1, "  %r : Tensor = aten::mean(%a, %none)\n"), {x}});
  cases.push_back({"prod", withInts(1, "  %r : Tensor = aten::prod(%a, %none)\n"), {{{2, 3}}}});
  cases.push_back({"max", unary("aten::max"), {x}});
  cases.push_back({"min", unary("aten::min"), {x}});
  cases.push_back({"norm p=2", ir(1, "  %p : float = prim::Constant[value=2.]()\n  %r : Tensor = aten::norm(%a, %p)\n"), {x}});
  cases.push_back({"norm p=1", ir(1, "  %p : float = prim::Constant[value=1.]()\n  %r : Tensor = aten::norm(%a, %p)\n"), {{{3, 4}, Kind::NearKink}}});
  cases.push_back({"linalg_vector_norm", withInts(1, dims1 + "  %p : float = prim::Constant[value=2.]()\n  %r : Tensor = aten::linalg_vector_norm(%a, %p, %d, %f, %none)\n"), {x}});
  cases.push_back({"frobenius_norm", unary("aten::frobenius_norm"), {x}});
  cases.push_back({"var", withInts(1, "  %r : Tensor = aten::var(%a, %t)\n"), {x}});
  cases.push_back({"cumsum", withInts(1, "  %r : Tensor = aten::cumsum(%a, %i1, %none)\n"), {x}});
  cases.push_back({"trace", unary("aten::trace"), {x}});
  checkAll(cases);
}

TEST(AutogradDerivatives, ReductionsSelectAndScan) {
  std::vector<Case> cases;
  In x{{3, 4}, Kind::Normal, true, true};
  std::string dims1 = "  %d : int[] = prim::ListConstruct(%i1)\n";
  std::string pair = "  %r : (Tensor, Tensor) = prim::TupleConstruct(%v, %m)\n";
  cases.push_back({"median", unary("aten::median"), {x}});
  cases.push_back({"nanmedian", unary("aten::nanmedian"), {{{5}}}});
  for (const char* keep : {"%t", "%f"}) {
    const std::string k = keep;
    cases.push_back({"median.dim keepdim=" + k, withInts(1, "  %r : Tensor, %ix : Tensor = aten::median(%a, %i1, " + k + ")\n"), {x}});
    cases.push_back({"nanmedian.dim keepdim=" + k, withInts(1, "  %r : Tensor, %ix : Tensor = aten::nanmedian(%a, %i0, " + k + ")\n"), {x}});
    cases.push_back({"mode keepdim=" + k, withInts(1, "  %r : Tensor, %ix : Tensor = aten::mode(%a, %i1, " + k + ")\n"), {x}});
    cases.push_back({"kthvalue keepdim=" + k, withInts(1, "  %r : Tensor, %ix : Tensor = aten::kthvalue(%a, %i2, %i0, " + k + ")\n"), {x}});
    cases.push_back({"var_mean.dim keepdim=" + k, withInts(1, dims1 + "  %v : Tensor, %m : Tensor = aten::var_mean(%a, %d, %t, " + k + ")\n" + pair), {x}});
    cases.push_back({"std_mean.correction keepdim=" + k, withInts(1, dims1 + "  %v : Tensor, %m : Tensor = aten::std_mean(%a, %d, %i2, " + k + ")\n" + pair), {x}});
    cases.push_back({"nansum keepdim=" + k, withInts(1, dims1 + "  %r : Tensor = aten::nansum(%a, %d, " + k + ", %none)\n"), {x}});
    cases.push_back({"nanmean keepdim=" + k, withInts(1, dims1 + "  %r : Tensor = aten::nanmean(%a, %d, " + k + ", %none)\n"), {x}});
  }
  cases.push_back({"var_mean", withInts(1, "  %v : Tensor, %m : Tensor = aten::var_mean(%a, %f)\n" + pair), {x}});
  cases.push_back({"std_mean", withInts(1, "  %v : Tensor, %m : Tensor = aten::std_mean(%a, %t)\n" + pair), {x}});
  cases.push_back({"nansum all", withInts(1, "  %r : Tensor = aten::nansum(%a, %none, %f, %none)\n"), {x}});
  cases.push_back({"cummax", withInts(1, "  %r : Tensor, %ix : Tensor = aten::cummax(%a, %i1)\n"), {x}});
  cases.push_back({"cummin dim 0", withInts(1, "  %r : Tensor, %ix : Tensor = aten::cummin(%a, %i0)\n"), {x}});
  cases.push_back({"logcumsumexp", withInts(1, "  %r : Tensor = aten::logcumsumexp(%a, %i1)\n"), {x}});
  cases.push_back({"logcumsumexp dim 0", withInts(1, "  %r : Tensor = aten::logcumsumexp(%a, %i0)\n"), {{{4, 3}}}});
  cases.push_back({"diff n=2", withInts(1, "  %r : Tensor = aten::diff(%a, %i2, %im1, %none, %none)\n"), {x}});
  cases.push_back({"diff prepend append", withInts(3, "  %r : Tensor = aten::diff(%a, %i1, %i0, %b, %c)\n"), {x, {{1, 4}}, {{2, 4}}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, SpecialFunctions) {
  std::vector<Case> cases;
  In pos{{2, 3}, Kind::Positive}, m23{{2, 3}};
  for (const char* op : {"aten::digamma", "aten::lgamma"}) cases.push_back({op, unary(op), {pos}});
  for (const char* n : {"%i1", "%i2", "%i0"})
    cases.push_back({std::string("polygamma ") + n, withInts(1, std::string("  %r : Tensor = aten::polygamma(") + n + ", %a)\n"), {pos}});
  cases.push_back({"polygamma_", withInts(1, "  %c : Tensor = aten::clone(%a, %none)\n  %r : Tensor = aten::polygamma_(%c, %i1)\n"), {pos}});
  cases.push_back({"erfinv", unary("aten::erfinv"), {{{5}, Kind::Unit}}});
  cases.push_back({"i0", unary("aten::i0"), {m23}});
  cases.push_back({"rsub.Tensor", ir(2, "  %al : float = prim::Constant[value=2.5]()\n  %r : Tensor = aten::rsub(%a, %b, %al)\n"), {m23, {{3}}}});
  cases.push_back({"rsub.Scalar", ir(1, "  %s : float = prim::Constant[value=1.5]()\n  %al : int = prim::Constant[value=3]()\n  %r : Tensor = aten::rsub(%a, %s, %al)\n"), {m23}});
  cases.push_back({"ldexp", ir(2, "  %r : Tensor = aten::ldexp(%a, %b)\n"), {m23, {{3}}}});
  cases.push_back({"float_power.Tensor_Tensor", ir(2, "  %r : Tensor = aten::float_power(%a, %b)\n"), {pos, {{3}}}});
  cases.push_back({"float_power.Tensor_Scalar", ir(1, "  %e : float = prim::Constant[value=2.5]()\n  %r : Tensor = aten::float_power(%a, %e)\n"), {pos}});
  cases.push_back({"float_power.Scalar", ir(1, "  %s : float = prim::Constant[value=1.5]()\n  %r : Tensor = aten::float_power(%s, %a)\n"), {m23}});
  checkAll(cases);
}

TEST(AutogradDerivatives, ShapeAndIndexing) {
  std::vector<Case> cases;
  In x{{3, 4}, Kind::Normal, true, true}, y{{3, 4}};
  auto list = [](const std::string& name, const std::string& items) { return "  %" + name + " : int[] = prim::ListConstruct(" + items + ")\n"; };
  cases.push_back({"view", withInts(1, list("s", "%i2, %im1") + "  %c : Tensor = aten::contiguous(%a, %i0)\n  %r : Tensor = aten::view(%c, %s)\n"), {x}});
  cases.push_back({"reshape", withInts(1, list("s", "%im1") + "  %r : Tensor = aten::reshape(%a, %s)\n"), {x}});
  cases.push_back({"flatten", withInts(1, "  %r : Tensor = aten::flatten(%a, %i0, %im1)\n"), {x}});
  cases.push_back({"unsqueeze+squeeze", withInts(1, "  %u : Tensor = aten::unsqueeze(%a, %i1)\n  %v : Tensor = aten::mul(%u, %u)\n  %r : Tensor = aten::squeeze(%v, %i1)\n"), {x}});
  cases.push_back({"expand", withInts(1, list("s", "%i2, %im1, %im1") + "  %r : Tensor = aten::expand(%a, %s, %f)\n"), {{{3, 1}}}});
  cases.push_back({"expand_as", ir(2, "  %r : Tensor = aten::expand_as(%a, %b)\n"), {{{1, 4}}, {{3, 4}, Kind::Normal, false}}});
  cases.push_back({"permute", withInts(1, list("s", "%i1, %i0, %i2") + "  %r : Tensor = aten::permute(%a, %s)\n"), {{{2, 3, 2}}}});
  cases.push_back({"transpose", withInts(1, "  %r : Tensor = aten::transpose(%a, %i0, %i1)\n"), {x}});
  cases.push_back({"t", unary("aten::t"), {x}});
  cases.push_back({"mT", unary("aten::mT"), {{{2, 3, 4}}}});
  cases.push_back({"select", withInts(1, "  %r : Tensor = aten::select(%a, %i1, %im1)\n"), {x}});
  cases.push_back({"slice step 2", withInts(1, "  %r : Tensor = aten::slice(%a, %i1, %i0, %none, %i2)\n"), {x}});
  cases.push_back({"narrow", withInts(1, "  %r : Tensor = aten::narrow(%a, %i0, %i1, %i2)\n"), {x}});
  cases.push_back({"diag 2d", withInts(1, "  %r : Tensor = aten::diag(%a, %i1)\n"), {x}});
  cases.push_back({"diag 1d", withInts(1, "  %r : Tensor = aten::diag(%a, %im1)\n"), {{{3}}}});
  cases.push_back({"tril", withInts(1, "  %r : Tensor = aten::tril(%a, %i0)\n"), {x}});
  cases.push_back({"triu", withInts(1, "  %r : Tensor = aten::triu(%a, %i1)\n"), {x}});
  cases.push_back({"cat", withInts(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b, %a)\n  %r : Tensor = aten::cat(%l, %i1)\n"), {x, {{3, 2}}}});
  cases.push_back({"stack", withInts(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor = aten::stack(%l, %i1)\n"), {x, y}});
  cases.push_back({"chunk", ir(1, "  %n : int = prim::Constant[value=2]()\n  %d : int = prim::Constant[value=1]()\n  %r : Tensor[] = aten::chunk(%a, %n, %d)\n"), {x}});
  cases.push_back({"unbind", withInts(1, "  %r : Tensor[] = aten::unbind(%a, %i0)\n"), {x}});
  cases.push_back({"flip", withInts(1, list("s", "%i0, %i1") + "  %r : Tensor = aten::flip(%a, %s)\n"), {x}});
  cases.push_back({"roll", withInts(1, list("s", "%i2") + list("d", "%i1") + "  %r : Tensor = aten::roll(%a, %s, %d)\n"), {x}});
  cases.push_back({"repeat", withInts(1, list("s", "%i2, %i1, %i2") + "  %r : Tensor = aten::repeat(%a, %s)\n"), {{{2, 3}}}});
  cases.push_back({"repeat_interleave dim", withInts(1, "  %r : Tensor = aten::repeat_interleave(%a, %i2, %i1, %none)\n"), {{{2, 3}}}});
  cases.push_back({"repeat_interleave flat", withInts(1, "  %r : Tensor = aten::repeat_interleave(%a, %i2, %none, %none)\n"), {{{2, 3}}}});
  In idx{{5}, Kind::Index, false, false, -1, 3};
  cases.push_back({"index_select", withInts(2, "  %r : Tensor = aten::index_select(%a, %i0, %b)\n"), {x, idx}});
  In gidx{{3, 4}, Kind::Index, false, false, -1, 3};
  cases.push_back({"gather", withInts(2, "  %r : Tensor = aten::gather(%a, %i0, %b, %f)\n"), {x, gidx}});
  cases.push_back({"scatter_add", withInts(3, "  %r : Tensor = aten::scatter_add(%a, %i0, %b, %c)\n"), {x, gidx, y}});
  cases.push_back({"masked_select", ir(2, "  %r : Tensor = aten::masked_select(%a, %b)\n"), {x, {{4}, Kind::Mask}}});
  cases.push_back({"index.Tensor", ir(2, "  %l : Tensor?[] = prim::ListConstruct(%b)\n  %r : Tensor = aten::index(%a, %l)\n"), {x, idx}});
  cases.push_back({"sort values", withInts(1, "  %r : Tensor, %ix : Tensor = aten::sort(%a, %i1, %f)\n"), {x}});
  cases.push_back({"topk values", withInts(1, "  %r : Tensor, %ix : Tensor = aten::topk(%a, %i2, %i1, %t, %t)\n"), {x}});
  checkAll(cases);
}

TEST(AutogradDerivatives, ShapeAndIndexingMore) {
  std::vector<Case> cases;
  In x{{3, 4}, Kind::Normal, true, true}, y{{3, 4}}, v{{5}};
  auto list = [](const std::string& name, const std::string& items) { return "  %" + name + " : int[] = prim::ListConstruct(" + items + ")\n"; };
  auto reduce = [](const std::string& r) { return "  %red : str = prim::Constant[value=\"" + r + "\"]()\n"; };
  cases.push_back({"diagonal", withInts(1, "  %r : Tensor = aten::diagonal(%a, %i1, %i0, %i1)\n"), {x}});
  cases.push_back({"diagonal 3d", withInts(1, "  %r : Tensor = aten::diagonal(%a, %im1, %i2, %i1)\n"), {{{2, 3, 3}}}});
  cases.push_back({"unfold overlapping", withInts(1, "  %r : Tensor = aten::unfold(%a, %i1, %i2, %i1)\n"), {x}});
  cases.push_back({"unflatten", withInts(1, list("s", "%i2, %im1") + "  %r : Tensor = aten::unflatten(%a, %i1, %s)\n"), {x}});
  cases.push_back({"as_strided overlapping", withInts(1, list("s", "%i2, %i2") + list("st", "%i1, %i2") + "  %r : Tensor = aten::as_strided(%a, %s, %st, %i1)\n"), {{{3, 4}}}});
  cases.push_back({"swapaxes", withInts(1, "  %r : Tensor = aten::swapaxes(%a, %i0, %i1)\n"), {x}});
  cases.push_back({"moveaxis", withInts(1, "  %r : Tensor = aten::moveaxis(%a, %i0, %im1)\n"), {{{2, 3, 2}}}});
  cases.push_back({"atleast_3d", unary("aten::atleast_3d"), {x}});
  cases.push_back({"atleast_2d.Sequence", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor[] = aten::atleast_2d(%l)\n"), {v, x}});
  cases.push_back({"tensor_split sections", withInts(1, "  %n : int = prim::Constant[value=3]()\n  %r : Tensor[] = aten::tensor_split(%a, %n, %i1)\n"), {x}});
  cases.push_back({"tensor_split indices", withInts(1, list("s", "%i1, %i2") + "  %r : Tensor[] = aten::tensor_split(%a, %s, %i0)\n"), {x}});
  cases.push_back({"movedim.intlist", withInts(1, list("s", "%i0, %i1") + list("d", "%i2, %i0") + "  %r : Tensor = aten::movedim(%a, %s, %d)\n"), {{{2, 3, 2}}}});
  cases.push_back({"numpy_T", unary("aten::numpy_T"), {{{2, 3, 2}}}});
  cases.push_back({"ravel", unary("aten::ravel"), {x}});
  cases.push_back({"tile", withInts(1, list("s", "%i2, %i1, %i2") + "  %r : Tensor = aten::tile(%a, %s)\n"), {x}});
  cases.push_back({"hstack", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor = aten::hstack(%l)\n"), {x, y}});
  cases.push_back({"vstack", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor = aten::vstack(%l)\n"), {{{4}}, x}});
  cases.push_back({"broadcast_tensors", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor[] = aten::broadcast_tensors(%l)\n"), {{{3, 1}}, {{4}}}});
  cases.push_back({"split_with_sizes", withInts(1, list("s", "%i1, %i2") + "  %r : Tensor[] = aten::split_with_sizes(%a, %s, %i0)\n"), {x}});
  cases.push_back({"hsplit.array", withInts(1, list("s", "%i1, %i2") + "  %r : Tensor[] = aten::hsplit(%a, %s)\n"), {x}});
  cases.push_back({"dsplit.int", withInts(1, "  %r : Tensor[] = aten::dsplit(%a, %i2)\n"), {{{2, 1, 4}}}});
  cases.push_back({"meshgrid xy", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %ix : str = prim::Constant[value=\"xy\"]()\n  %r : Tensor[] = aten::meshgrid(%l, %ix)\n"), {v, {{3}}}});
  cases.push_back({"diag_embed", withInts(1, "  %r : Tensor = aten::diag_embed(%a, %i1, %i0, %i2)\n"), {x}});
  cases.push_back({"rot90", withInts(1, list("s", "%i0, %i1") + "  %r : Tensor = aten::rot90(%a, %i1, %s)\n"), {x}});
  cases.push_back({"fliplr", unary("aten::fliplr"), {x}});
  cases.push_back({"flipud", unary("aten::flipud"), {x}});
  cases.push_back({"dstack", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor = aten::dstack(%l)\n"), {x, y}});
  cases.push_back({"column_stack", ir(2, "  %l : Tensor[] = prim::ListConstruct(%a, %b)\n  %r : Tensor = aten::column_stack(%l)\n"), {{{3}}, x}});
  In flat{{6}, Kind::Index, false, false, -1, 12}, along{{3, 2}, Kind::Index, false, false, -1, 4};
  cases.push_back({"take", ir(2, "  %r : Tensor = aten::take(%a, %b)\n"), {x, flat}});
  cases.push_back({"take_along_dim", withInts(2, "  %r : Tensor = aten::take_along_dim(%a, %b, %i1)\n"), {x, along}});
  In rows{{4}, Kind::Index, false, false, -1, 3};
  cases.push_back({"index_copy repeated", withInts(3, "  %r : Tensor = aten::index_copy(%a, %i0, %b, %c)\n"), {x, rows, {{4, 4}}}});
  cases.push_back({"masked_scatter", ir(3, "  %r : Tensor = aten::masked_scatter(%a, %b, %c)\n"), {x, {{4}, Kind::Mask}, {{12}}}});
  cases.push_back({"index_fill.int_Tensor", withInts(3, "  %r : Tensor = aten::index_fill(%a, %i1, %b, %c)\n"), {x, {{2}, Kind::Index, false, false, -1, 4}, {{}}}});
  cases.push_back({"index_fill.int_Scalar", withInts(2, "  %s : float = prim::Constant[value=2.5]()\n  %r : Tensor = aten::index_fill(%a, %i1, %b, %s)\n"), {x, {{2}, Kind::Index, false, false, -1, 4}}});
  In sidx{{2, 4}, Kind::Index, false, false, -1, 3};
  for (const char* r : {"sum", "mean", "prod", "amax", "amin"})
    for (const char* inc : {"%t", "%f"})
      cases.push_back({std::string("scatter_reduce ") + r + " include_self=" + inc,
                       withInts(3, reduce(r) + "  %r : Tensor = aten::scatter_reduce(%a, %i0, %b, %c, %red, " + inc + ")\n"),
                       {x, sidx, {{2, 4}}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, Linalg) {
  std::vector<Case> cases;
  auto list = [](const std::string& name, const std::string& items) { return "  %" + name + " : int[] = prim::ListConstruct(" + items + ")\n"; };
  cases.push_back({"mm", ir(2, "  %r : Tensor = aten::mm(%a, %b)\n"), {{{2, 3}}, {{3, 4}, Kind::Normal, true, true}}});
  cases.push_back({"bmm", ir(2, "  %r : Tensor = aten::bmm(%a, %b)\n"), {{{2, 2, 3}}, {{2, 3, 2}}}});
  cases.push_back({"matmul 1d x 2d", ir(2, "  %r : Tensor = aten::matmul(%a, %b)\n"), {{{3}}, {{3, 4}}}});
  cases.push_back({"matmul 2d x 1d", ir(2, "  %r : Tensor = aten::matmul(%a, %b)\n"), {{{2, 3}}, {{3}}}});
  cases.push_back({"matmul 1d x 1d", ir(2, "  %r : Tensor = aten::matmul(%a, %b)\n"), {{{3}}, {{3}}}});
  cases.push_back({"matmul batch broadcast", ir(2, "  %r : Tensor = aten::matmul(%a, %b)\n"), {{{2, 2, 3}}, {{3, 2}}}});
  cases.push_back({"matmul 1d x 3d", ir(2, "  %r : Tensor = aten::matmul(%a, %b)\n"), {{{3}}, {{2, 3, 2}}}});
  cases.push_back({"dot", ir(2, "  %r : Tensor = aten::dot(%a, %b)\n"), {{{4}}, {{4}}}});
  cases.push_back({"mv", ir(2, "  %r : Tensor = aten::mv(%a, %b)\n"), {{{2, 4}}, {{4}}}});
  cases.push_back({"outer", ir(2, "  %r : Tensor = aten::outer(%a, %b)\n"), {{{2}}, {{3}}}});
  cases.push_back({"addmm", ir(3, "  %be : float = prim::Constant[value=0.5]()\n  %al : float = prim::Constant[value=2.]()\n  %r : Tensor = aten::addmm(%a, %b, %c, %be, %al)\n"), {{{4}}, {{2, 3}}, {{3, 4}}}});
  cases.push_back({"linear", ir(3, "  %r : Tensor = aten::linear(%a, %b, %c)\n"), {{{2, 3}}, {{4, 3}}, {{4}}}});
  cases.push_back({"linear no bias", ir(2, "  %n : NoneType = prim::Constant()\n  %r : Tensor = aten::linear(%a, %b, %n)\n"), {{{2, 2, 3}}, {{4, 3}}}});
  cases.push_back({"linalg_inv", unary("aten::linalg_inv"), {{{3, 3}}}});
  cases.push_back({"linalg_det", unary("aten::linalg_det"), {{{3, 3}}}});
  cases.push_back({"kron", ir(2, "  %r : Tensor = aten::kron(%a, %b)\n"), {{{2, 3}}, {{2, 2}}}});
  cases.push_back({"kron 1d x 2d", ir(2, "  %r : Tensor = aten::kron(%a, %b)\n"), {{{3}}, {{2, 2}}}});
  cases.push_back({"inner", ir(2, "  %r : Tensor = aten::inner(%a, %b)\n"), {{{2, 3}}, {{2, 4, 3}}}});
  cases.push_back({"vdot", ir(2, "  %r : Tensor = aten::vdot(%a, %b)\n"), {{{4}}, {{4}}}});
  cases.push_back({"tensordot", withInts(2, list("da", "%i1, %i0") + list("db", "%i0, %i1") + "  %r : Tensor = aten::tensordot(%a, %b, %da, %db)\n"),
                   {{{2, 3, 4}}, {{3, 2, 5}}}});
  cases.push_back({"tensordot size-1 dim", withInts(2, list("da", "%i0") + list("db", "%i0") + "  %r : Tensor = aten::tensordot(%a, %b, %da, %db)\n"),
                   {{{2, 3}}, {{1, 4}}}});
  cases.push_back({"linalg_multi_dot", ir(3, "  %l : Tensor[] = prim::ListConstruct(%a, %b, %c)\n  %r : Tensor = aten::linalg_multi_dot(%l)\n"),
                   {{{2, 3}}, {{3, 4}}, {{4}}}});
  cases.push_back({"chain_matmul", ir(3, "  %l : Tensor[] = prim::ListConstruct(%a, %b, %c)\n  %r : Tensor = aten::chain_matmul(%l)\n"),
                   {{{2, 3}}, {{3, 4}}, {{4, 2}}}});
  cases.push_back({"cross", withInts(2, "  %r : Tensor = aten::cross(%a, %b, %none)\n"), {{{4, 3}}, {{4, 3}}}});
  cases.push_back({"linalg_cross broadcast", withInts(2, "  %r : Tensor = aten::linalg_cross(%a, %b, %im1)\n"), {{{4, 3}}, {{1, 3}}}});
  cases.push_back({"addbmm", ir(3, "  %be : float = prim::Constant[value=0.5]()\n  %al : float = prim::Constant[value=2.]()\n  %r : Tensor = aten::addbmm(%a, %b, %c, %be, %al)\n"),
                   {{{3, 4}}, {{2, 3, 5}}, {{2, 5, 4}}}});
  cases.push_back({"dist p=3", ir(2, "  %p : float = prim::Constant[value=3.]()\n  %r : Tensor = aten::dist(%a, %b, %p)\n"), {{{2, 3}}, {{3}}}});
  cases.push_back({"linalg_slogdet", ir(1, "  %s : Tensor, %r : Tensor = aten::linalg_slogdet(%a)\n"), {{{3, 3}}}});
  cases.push_back({"slogdet batch", ir(1, "  %s : Tensor, %r : Tensor = aten::slogdet(%a)\n"), {{{2, 3, 3}}}});
  const std::string spd = "  %at : Tensor = aten::t(%a)\n  %m : Tensor = aten::mm(%a, %at)\n";
  cases.push_back({"logdet", ir(1, spd + "  %r : Tensor = aten::logdet(%m)\n"), {{{3, 3}}}});
  cases.push_back({"linalg_solve", withInts(2, "  %r : Tensor = aten::linalg_solve(%a, %b, %t)\n"), {{{3, 3}}, {{3, 2}}}});
  cases.push_back({"linalg_solve vector", withInts(2, "  %r : Tensor = aten::linalg_solve(%a, %b, %t)\n"), {{{2, 3, 3}}, {{3}}}});
  cases.push_back({"linalg_solve batch of vectors", withInts(2, "  %r : Tensor = aten::linalg_solve(%a, %b, %t)\n"), {{{2, 3, 3}}, {{2, 3}}}});
  cases.push_back({"chain_matmul one matrix", ir(1, "  %l : Tensor[] = prim::ListConstruct(%a)\n  %r : Tensor = aten::chain_matmul(%l)\n"), {{{2, 3}}}});
  cases.push_back({"linalg_solve left=False", withInts(2, "  %r : Tensor = aten::linalg_solve(%a, %b, %f)\n"), {{{3, 3}}, {{2, 3}}}});
  cases.push_back({"linalg_cholesky", withInts(1, spd + "  %r : Tensor = aten::linalg_cholesky(%m, %f)\n"), {{{3, 3}}}});
  cases.push_back({"linalg_cholesky upper", withInts(1, spd + "  %r : Tensor = aten::linalg_cholesky(%m, %t)\n"), {{{3, 3}}}});
  cases.push_back({"cholesky", withInts(1, spd + "  %r : Tensor = aten::cholesky(%m, %f)\n"), {{{3, 3}}}});
  for (const char* pv : {"2.", "1.", "3.5", "inf"})
    cases.push_back({std::string("cdist p=") + pv, ir(2, std::string("  %p : float = prim::Constant[value=") + pv +
                                                         "]()\n  %n : NoneType = prim::Constant()\n  %r : Tensor = aten::cdist(%a, %b, %p, %n)\n"),
                     {{{2, 3, 4}}, {{5, 4}}}});
  cases.push_back({"cholesky_solve", withInts(2, "  %r : Tensor = aten::cholesky_solve(%a, %b, %f)\n"), {{{2, 3, 2}}, {{3, 3}, Kind::Positive}}});
  cases.push_back({"cholesky_solve upper", withInts(2, "  %r : Tensor = aten::cholesky_solve(%a, %b, %t)\n"), {{{3, 2}}, {{3, 3}, Kind::Positive}}});
  cases.push_back({"cholesky_inverse", withInts(1, "  %r : Tensor = aten::cholesky_inverse(%a, %f)\n"), {{{3, 3}, Kind::Positive}}});
  cases.push_back({"linalg_matrix_exp", unary("aten::linalg_matrix_exp"), {{{2, 3, 3}}}});
  cases.push_back({"linalg_vecdot broadcast", withInts(2, "  %r : Tensor = aten::linalg_vecdot(%a, %b, %i0)\n"), {{{3, 4}}, {{3, 1}}}});
  cases.push_back({"linalg_matrix_power 3", ir(1, "  %p : int = prim::Constant[value=3]()\n  %r : Tensor = aten::linalg_matrix_power(%a, %p)\n"), {{{2, 3, 3}}}});
  cases.push_back({"linalg_matrix_power -2", ir(1, "  %p : int = prim::Constant[value=-2]()\n  %r : Tensor = aten::linalg_matrix_power(%a, %p)\n"), {{{3, 3}}}});
  cases.push_back({"linalg_matrix_norm 1", withInts(1, list("d", "%i0, %i1") + "  %o : float = prim::Constant[value=1.]()\n  %r : Tensor = aten::linalg_matrix_norm(%a, %o, %d, %f, %none)\n"), {{{3, 4}}}});
  cases.push_back({"linalg_matrix_norm -inf keepdim", withInts(1, list("d", "%i2, %i0") + "  %o : float = prim::Constant[value=-inf]()\n  %r : Tensor = aten::linalg_matrix_norm(%a, %o, %d, %t, %none)\n"), {{{3, 2, 4}}}});
  cases.push_back({"linalg_matrix_norm fro", withInts(1, list("d", "%im1, %i0") + "  %o : str = prim::Constant[value=\"fro\"]()\n  %r : Tensor = aten::linalg_matrix_norm(%a, %o, %d, %f, %none)\n"), {{{3, 2, 4}}}});
  cases.push_back({"linalg_norm vector p=3", withInts(1, list("d", "%i1") + "  %o : float = prim::Constant[value=3.]()\n  %r : Tensor = aten::linalg_norm(%a, %o, %d, %f, %none)\n"), {{{3, 4}}}});
  cases.push_back({"linalg_norm matrix inf", withInts(1, "  %o : float = prim::Constant[value=inf]()\n  %r : Tensor = aten::linalg_norm(%a, %o, %none, %t, %none)\n"), {{{3, 4}}}});
  cases.push_back({"linalg_norm fro", withInts(1, "  %o : str = prim::Constant[value=\"fro\"]()\n  %r : Tensor = aten::linalg_norm(%a, %o, %none, %f, %none)\n"), {{{3, 4}}}});
  cases.push_back({"linalg_solve_triangular", withInts(2, "  %r : Tensor = aten::linalg_solve_triangular(%a, %b, %t, %t, %f)\n"), {{{3, 3}, Kind::Positive}, {{2, 3, 2}}}});
  cases.push_back({"linalg_solve_triangular right unit", withInts(2, "  %r : Tensor = aten::linalg_solve_triangular(%a, %b, %f, %f, %t)\n"), {{{3, 3}, Kind::Positive}, {{2, 3}}}});
  cases.push_back({"triangular_solve transpose", withInts(2, "  %r : Tensor, %m : Tensor = aten::triangular_solve(%a, %b, %f, %t, %f)\n"), {{{3, 2}}, {{3, 3}, Kind::Positive}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, Spectral) {
  std::vector<Case> cases;
  cases.push_back({"linalg_svdvals tall", withInts(1, "  %r : Tensor = aten::linalg_svdvals(%a, %none)\n"), {{{4, 3}}}});
  cases.push_back({"linalg_svdvals wide batch", withInts(1, "  %r : Tensor = aten::linalg_svdvals(%a, %none)\n"), {{{2, 2, 3}}}});
  cases.push_back({"linalg_svdvals transposed", withInts(1, "  %r : Tensor = aten::linalg_svdvals(%a, %none)\n"), {{{3, 3}, Kind::Normal, true, true}}});
  // eigvalsh of a symmetric matrix built in the graph (its kernel reads one triangle).
  const std::string sym = "  %at : Tensor = aten::transpose(%a, %im1, %i0)\n  %m : Tensor = aten::add(%a, %at, %i1)\n";
  const std::string symBatch = "  %at : Tensor = aten::transpose(%a, %im1, %i1)\n  %m : Tensor = aten::add(%a, %at, %i1)\n";
  for (const char* uplo : {"L", "U"})
    cases.push_back({std::string("linalg_eigvalsh ") + uplo,
                     withInts(1, sym + "  %u : str = prim::Constant[value=\"" + uplo + "\"]()\n  %r : Tensor = aten::linalg_eigvalsh(%m, %u)\n"), {{{3, 3}}}});
  cases.push_back({"linalg_eigvalsh batch", withInts(1, symBatch + "  %u : str = prim::Constant[value=\"L\"]()\n  %r : Tensor = aten::linalg_eigvalsh(%m, %u)\n"), {{{2, 3, 3}}}});
  auto qr = [](const std::string& call) {
    return withInts(1, "  %red : str = prim::Constant[value=\"reduced\"]()\n  %com : str = prim::Constant[value=\"complete\"]()\n"
                       "  %q : Tensor, %rr : Tensor = " + call + "\n  %r : (Tensor, Tensor) = prim::TupleConstruct(%q, %rr)\n");
  };
  cases.push_back({"linalg_qr reduced tall", qr("aten::linalg_qr(%a, %red)"), {{{4, 3}}}});
  cases.push_back({"linalg_qr reduced square batch", qr("aten::linalg_qr(%a, %red)"), {{{2, 3, 3}}}});
  cases.push_back({"linalg_qr reduced wide", qr("aten::linalg_qr(%a, %red)"), {{{2, 4}}}});
  cases.push_back({"linalg_qr complete wide", qr("aten::linalg_qr(%a, %com)"), {{{2, 3}}}});
  cases.push_back({"qr some", qr("aten::qr(%a, %t)"), {{{3, 2}}}});
  cases.push_back({"qr complete square", qr("aten::qr(%a, %f)"), {{{3, 3}, Kind::Normal, true, true}}});
  const std::string rc = "  %rc : float = prim::Constant[value=1e-15]()\n";
  cases.push_back({"linalg_pinv tall", withInts(1, rc + "  %r : Tensor = aten::linalg_pinv(%a, %rc, %f)\n"), {{{4, 3}}}});
  cases.push_back({"linalg_pinv atol_rtol_float wide batch", withInts(1, "  %r : Tensor = aten::linalg_pinv(%a, %none, %none, %f)\n"), {{{2, 2, 3}}}});
  cases.push_back({"pinverse square", withInts(1, rc + "  %r : Tensor = aten::pinverse(%a, %rc)\n"), {{{3, 3}}}});
  cases.push_back({"linalg_pinv hermitian", withInts(1, sym + "  %r : Tensor = aten::linalg_pinv(%m, %none, %none, %t)\n"), {{{3, 3}}}});
  cases.push_back({"linalg_pinv rcond_tensor hermitian", withInts(1, sym + "  %rt : float = prim::Constant[value=0.001]()\n  %rct : Tensor = aten::tensor(%rt, %none, %none, %f)\n  %r : Tensor = aten::linalg_pinv(%m, %rct, %t)\n"), {{{3, 3}}}});
  checkAll(cases);
}

// Gradients where the decomposition is not unique (repeated singular values / eigenvalues) or the
// matrix is not symmetric, pinned to python3-torch 1.13.1's torch.autograd.grad.
TEST(AutogradDerivatives, SpectralPinnedTo113) {
  auto run = [](const std::string& call, const Tensor& a, const Tensor& g) {
    auto graph = parseIR(withInts(1, "  %u : str = prim::Constant[value=\"U\"]()\n  %l : str = prim::Constant[value=\"L\"]()\n  %r : Tensor = " + call + "\n"));
    auto ag = conformance::autogradVjp(*graph, {a}, {g}, {0});
    return ag.at(0).contiguous().toDoubles();
  };
  const Tensor g10 = Tensor::fromDoubles({1, 0}, {2}, ScalarType::Double), g11 = Tensor::fromDoubles({1, 1}, {2}, ScalarType::Double);
  const Tensor eye2 = Tensor::fromDoubles({1, 0, 0, 1}, {2, 2}, ScalarType::Double);
  EXPECT_EQ(run("aten::linalg_svdvals(%a, %none)", eye2, g10), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_EQ(run("aten::linalg_svdvals(%a, %none)", Tensor::fromDoubles({3, 0, 0, 3, 0, 0}, {3, 2}, ScalarType::Double), g11),
            (std::vector<double>{1, 0, 0, 1, 0, 0}));
  EXPECT_EQ(run("aten::linalg_svdvals(%a, %none)", Tensor::fromDoubles({0, 0, 0, 0}, {2, 2}, ScalarType::Double), g11), (std::vector<double>{1, 0, 0, 1}));
  EXPECT_EQ(run("aten::linalg_eigvalsh(%a, %l)", eye2, g10), (std::vector<double>{1, 0, 0, 0}));
  const Tensor a = Tensor::fromDoubles({2, 5, 1, 3}, {2, 2}, ScalarType::Double);
  const std::vector<double> lower = {0.7236067977499788, -0.4472135954999578, -0.4472135954999578, 0.2763932022500209};
  const std::vector<double> upper = {0.5497518595104993, -0.49751859510499447, -0.49751859510499447, 0.45024814048950046};
  std::vector<double> gl = run("aten::linalg_eigvalsh(%a, %l)", a, g10), gu = run("aten::linalg_eigvalsh(%a, %u)", a, g10);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(gl[i], lower[i], 1e-14);
    EXPECT_NEAR(gu[i], upper[i], 1e-14);
  }
  // pinv of a rank-1 matrix (1.13 differentiates through its SVD; the closed form agrees).
  auto graph = parseIR(withInts(1, "  %r : Tensor = aten::linalg_pinv(%a, %none, %none, %f)\n"));
  auto ag = conformance::autogradVjp(*graph, {Tensor::fromDoubles({1, 2, 2, 4}, {2, 2}, ScalarType::Double)},
                                     {Tensor::fromDoubles({1, 2, 3, 4}, {2, 2}, ScalarType::Double)}, {0});
  const std::vector<double> want = {-0.033599999999999935, -0.05919999999999988, -0.09919999999999986, -0.18239999999999973};
  const std::vector<double> got = ag.at(0).contiguous().toDoubles();
  for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(got[i], want[i], 1e-12);
  // hermitian=True on a non-symmetric matrix: 1.13's closed form with the matrix as given.
  auto herm = parseIR(withInts(1, "  %r : Tensor = aten::linalg_pinv(%a, %none, %none, %t)\n"));
  auto gh = conformance::autogradVjp(*herm, {Tensor::fromDoubles({2, 1, 0.5, 3}, {2, 2}, ScalarType::Double)},
                                     {Tensor::fromDoubles({1, 2, 3, 4}, {2, 2}, ScalarType::Double)}, {0});
  const std::vector<double> wantHerm = {-0.11802416372154187, -0.27911564066737904, -0.3931947069943289, -0.3751130106024492};
  const std::vector<double> gotHerm = gh.at(0).contiguous().toDoubles();
  for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(gotHerm[i], wantHerm[i], 1e-12);
}

TEST(AutogradDerivatives, NN) {
  std::vector<Case> cases;
  In x{{2, 3, 4}};
  cases.push_back({"softmax", withInts(1, "  %r : Tensor = aten::softmax(%a, %i1, %none)\n"), {x}});
  cases.push_back({"log_softmax", withInts(1, "  %r : Tensor = aten::log_softmax(%a, %im1, %none)\n"), {x}});
  cases.push_back({"layer_norm", withInts(3, "  %s : int[] = prim::ListConstruct(%i2)\n  %eps : float = prim::Constant[value=1e-5]()\n  %r : Tensor = aten::layer_norm(%a, %s, %b, %c, %eps, %t)\n"), {{{3, 2}}, {{2}}, {{2}}}});
  cases.push_back({"group_norm", withInts(3, "  %eps : float = prim::Constant[value=1e-5]()\n  %r : Tensor = aten::group_norm(%a, %i2, %b, %c, %eps, %t)\n"), {{{2, 4, 3}}, {{4}}, {{4}}}});
  cases.push_back({"instance_norm", withInts(3, "  %eps : float = prim::Constant[value=1e-5]()\n  %m : float = prim::Constant[value=0.1]()\n  %r : Tensor = aten::instance_norm(%a, %b, %c, %none, %none, %t, %m, %eps, %f)\n"), {{{2, 2, 3}}, {{2}}, {{2}}}});
  cases.push_back({"batch_norm training", withInts(3, "  %eps : float = prim::Constant[value=1e-5]()\n  %m : float = prim::Constant[value=0.1]()\n  %r : Tensor = aten::batch_norm(%a, %b, %c, %none, %none, %t, %m, %eps, %f)\n"), {{{3, 2, 2}}, {{2}}, {{2}}}});
  cases.push_back({"cosine_similarity", withInts(2, "  %eps : float = prim::Constant[value=1e-8]()\n  %r : Tensor = aten::cosine_similarity(%a, %b, %i1, %eps)\n"), {{{2, 3}}, {{1, 3}}}});
  cases.push_back({"lstm_cell", "graph(%x : Tensor, %h : Tensor, %c : Tensor, %wi : Tensor, %wh : Tensor, %bi : Tensor, %bh : Tensor):\n"
                                "  %hx : Tensor[] = prim::ListConstruct(%h, %c)\n"
                                "  %hy : Tensor, %cy : Tensor = aten::lstm_cell(%x, %hx, %wi, %wh, %bi, %bh)\n"
                                "  %r : (Tensor, Tensor) = prim::TupleConstruct(%hy, %cy)\n  return (%r)\n",
                   {{{2, 3}}, {{2, 2}}, {{2, 2}}, {{8, 3}}, {{8, 2}}, {{8}}, {{8}}}});
  // Recurrent cells and whole-sequence RNNs (jit/autograd/DerivativesRnn.cpp).
  for (const char* cell : {"gru_cell", "rnn_tanh_cell", "rnn_relu_cell"}) {
    const int64_t g = std::string(cell) == "gru_cell" ? 6 : 2;
    cases.push_back({cell, ir(6, std::string("  %r : Tensor = aten::") + cell + "(%a, %b, %c, %d, %e, %f)\n"),
                     {{{2, 3}}, {{2, 2}}, {{g, 3}}, {{g, 2}}, {{g}}, {{g}}}});
  }
  // (inputs %a..%k: the constants are named apart from them)
  const std::string kRnn = "  %one : int = prim::Constant[value=1]()\n  %two : int = prim::Constant[value=2]()\n"
                           "  %yes : bool = prim::Constant[value=1]()\n  %no : bool = prim::Constant[value=0]()\n"
                           "  %zero : float = prim::Constant[value=0.]()\n  %nil : NoneType = prim::Constant()\n";
  cases.push_back({"lstm bidirectional batch_first",
                   ir(11, kRnn + "  %hx : Tensor[] = prim::ListConstruct(%b, %c)\n"
                                 "  %p : Tensor[] = prim::ListConstruct(%d, %e, %f, %g, %h, %i, %j, %k)\n"
                                 "  %y : Tensor, %hy : Tensor, %cy : Tensor = aten::lstm(%a, %hx, %p, %yes, %one, %zero, %no, %yes, %yes)\n"
                                 "  %r : (Tensor, Tensor, Tensor) = prim::TupleConstruct(%y, %hy, %cy)\n"),
                   {{{2, 3, 3}}, {{2, 2, 2}}, {{2, 2, 2}}, {{8, 3}}, {{8, 2}}, {{8}}, {{8}}, {{8, 3}}, {{8, 2}}, {{8}}, {{8}}}});
  cases.push_back({"lstm projections no bias",
                   ir(6, kRnn + "  %hx : Tensor[] = prim::ListConstruct(%b, %c)\n"
                                "  %p : Tensor[] = prim::ListConstruct(%d, %e, %f)\n"
                                "  %y : Tensor, %hy : Tensor, %cy : Tensor = aten::lstm(%a, %hx, %p, %no, %one, %zero, %no, %no, %no)\n"
                                "  %r : (Tensor, Tensor, Tensor) = prim::TupleConstruct(%y, %hy, %cy)\n"),
                   {{{3, 2, 3}}, {{1, 2, 2}}, {{1, 2, 3}}, {{12, 3}}, {{12, 2}}, {{2, 3}}}});
  cases.push_back({"gru two layers no bias",
                   ir(6, kRnn + "  %p : Tensor[] = prim::ListConstruct(%c, %d, %e, %f)\n"
                                "  %y : Tensor, %hy : Tensor = aten::gru(%a, %b, %p, %no, %two, %zero, %no, %no, %no)\n"
                                "  %r : (Tensor, Tensor) = prim::TupleConstruct(%y, %hy)\n"),
                   {{{3, 2, 3}}, {{2, 2, 2}}, {{6, 3}}, {{6, 2}}, {{6, 2}}, {{6, 2}}}});
  cases.push_back({"rnn_tanh packed bidirectional",
                   ir(10, kRnn + "  %l : int[] = prim::ListConstruct(%two, %two, %one)\n"
                                 "  %dt : int = prim::Constant[value=4]()\n"
                                 "  %bs : Tensor = aten::tensor(%l, %dt, %nil, %no)\n"
                                 "  %p : Tensor[] = prim::ListConstruct(%c, %d, %e, %f, %g, %h, %i, %j)\n"
                                 "  %y : Tensor, %hy : Tensor = aten::rnn_tanh(%a, %bs, %b, %p, %yes, %one, %zero, %no, %yes)\n"
                                 "  %r : (Tensor, Tensor) = prim::TupleConstruct(%y, %hy)\n"),
                   {{{5, 3}}, {{2, 2, 2}}, {{2, 3}}, {{2, 2}}, {{2}}, {{2}}, {{2, 3}}, {{2, 2}}, {{2}}, {{2}}}});
  cases.push_back({"rnn_relu two layers",
                   ir(10, kRnn + "  %p : Tensor[] = prim::ListConstruct(%c, %d, %e, %f, %g, %h, %i, %j)\n"
                                 "  %y : Tensor, %hy : Tensor = aten::rnn_relu(%a, %b, %p, %yes, %two, %zero, %no, %no, %yes)\n"
                                 "  %r : (Tensor, Tensor) = prim::TupleConstruct(%y, %hy)\n"),
                   {{{2, 3, 3}}, {{2, 2, 2}}, {{2, 3}}, {{2, 2}}, {{2}}, {{2}}, {{2, 2}}, {{2, 2}}, {{2}}, {{2}}}});
  cases.push_back({"mse_loss mean", withInts(2, "  %r : Tensor = aten::mse_loss(%a, %b, %i1)\n"), {{{2, 3}}, {{2, 3}}}});
  std::string pool2 = "  %k : int[] = prim::ListConstruct(%i2, %i2)\n  %s : int[] = prim::ListConstruct(%i1, %i2)\n"
                      "  %p : int[] = prim::ListConstruct(%i1, %i0)\n  %dl : int[] = prim::ListConstruct(%i1, %i1)\n";
  cases.push_back({"max_pool2d", withInts(1, pool2 + "  %r : Tensor = aten::max_pool2d(%a, %k, %s, %p, %dl, %f)\n"), {{{1, 2, 4, 4}}}});
  cases.push_back({"max_pool1d", withInts(1, "  %k : int[] = prim::ListConstruct(%i2)\n  %s : int[] = prim::ListConstruct(%i1)\n  %p : int[] = prim::ListConstruct(%i0)\n  %dl : int[] = prim::ListConstruct(%i1)\n  %r : Tensor = aten::max_pool1d(%a, %k, %s, %p, %dl, %f)\n"), {{{2, 5}}}});
  cases.push_back({"adaptive_avg_pool2d", withInts(1, "  %o : int[] = prim::ListConstruct(%i2, %i2)\n  %r : Tensor = aten::adaptive_avg_pool2d(%a, %o)\n"), {{{1, 2, 5, 3}}}});
  cases.push_back({"conv2d", withInts(3, "  %s : int[] = prim::ListConstruct(%i2, %i1)\n  %p : int[] = prim::ListConstruct(%i1, %i0)\n  %dl : int[] = prim::ListConstruct(%i1, %i1)\n  %r : Tensor = aten::conv2d(%a, %b, %c, %s, %p, %dl, %i2)\n"),
                   {{{1, 4, 4, 3}}, {{2, 2, 2, 2}}, {{2}}}});
  cases.push_back({"conv1d", withInts(3, "  %s : int[] = prim::ListConstruct(%i1)\n  %p : int[] = prim::ListConstruct(%i1)\n  %dl : int[] = prim::ListConstruct(%i2)\n  %r : Tensor = aten::conv1d(%a, %b, %c, %s, %p, %dl, %i1)\n"),
                   {{{2, 2, 5}}, {{3, 2, 2}}, {{3}}}});
  auto L = [](const std::string& name, const std::string& items) {
    return "  %" + name + " : int[] = prim::ListConstruct(" + items + ")\n";
  };
  cases.push_back({"avg_pool2d ceil, no pad count", withInts(1, L("k", "%i2, %i2") + L("s", "%i1, %i2") + L("p", "%i1, %i0") + "  %r : Tensor = aten::avg_pool2d(%a, %k, %s, %p, %t, %f, %none)\n"), {{{1, 2, 4, 5}}}});
  cases.push_back({"avg_pool2d divisor", withInts(1, L("k", "%i2") + L("s", "") + L("p", "%i1") + "  %r : Tensor = aten::avg_pool2d(%a, %k, %s, %p, %f, %t, %i2)\n"), {{{2, 3, 3}}}});
  cases.push_back({"avg_pool1d", withInts(1, L("k", "%i2") + L("s", "%i1") + L("p", "%i1") + "  %r : Tensor = aten::avg_pool1d(%a, %k, %s, %p, %f, %f)\n"), {{{2, 3, 5}}}});
  cases.push_back({"avg_pool3d", withInts(1, L("k", "%i2") + L("s", "%i1, %i1, %i2") + L("p", "%i1, %i0, %i1") + "  %r : Tensor = aten::avg_pool3d(%a, %k, %s, %p, %t, %f, %none)\n"), {{{1, 2, 3, 4, 4}}}});
  cases.push_back({"max_pool2d_with_indices", withInts(1, pool2 + "  %r : Tensor, %ix : Tensor = aten::max_pool2d_with_indices(%a, %k, %s, %p, %dl, %f)\n"), {{{1, 2, 4, 4}}}});
  cases.push_back({"max_pool1d_with_indices", withInts(1, L("k", "%i2") + L("s", "%i1") + L("p", "%i1") + L("dl", "%i2") + "  %r : Tensor, %ix : Tensor = aten::max_pool1d_with_indices(%a, %k, %s, %p, %dl, %t)\n"), {{{2, 6}}}});
  cases.push_back({"max_pool3d_with_indices", withInts(1, L("k", "%i2") + L("s", "%i1") + L("p", "%i0, %i1, %i0") + L("dl", "%i1") + "  %r : Tensor, %ix : Tensor = aten::max_pool3d_with_indices(%a, %k, %s, %p, %dl, %f)\n"), {{{1, 2, 3, 3, 3}}}});
  cases.push_back({"max_pool3d", withInts(1, L("k", "%i2") + L("s", "") + L("p", "%i1") + L("dl", "%i1") + "  %r : Tensor = aten::max_pool3d(%a, %k, %s, %p, %dl, %t)\n"), {{{2, 3, 4, 3}}}});
  cases.push_back({"adaptive_avg_pool3d", withInts(1, L("o", "%i2, %i1, %i2") + "  %r : Tensor = aten::adaptive_avg_pool3d(%a, %o)\n"), {{{2, 3, 4, 5}}}});
  cases.push_back({"adaptive_max_pool2d", withInts(1, L("o", "%i2, %i2") + "  %r : Tensor, %ix : Tensor = aten::adaptive_max_pool2d(%a, %o)\n"), {{{1, 2, 5, 3}}}});
  cases.push_back({"adaptive_max_pool1d", withInts(1, L("o", "%i2") + "  %r : Tensor, %ix : Tensor = aten::adaptive_max_pool1d(%a, %o)\n"), {{{2, 5}}}});
  cases.push_back({"adaptive_max_pool3d", withInts(1, L("o", "%i2, %i1, %i2") + "  %r : Tensor, %ix : Tensor = aten::adaptive_max_pool3d(%a, %o)\n"), {{{1, 1, 3, 4, 3}}}});
  cases.push_back({"conv3d groups", withInts(3, L("s", "%i1, %i2, %i1") + L("p", "%i1, %i0, %i1") + L("dl", "%i1") + "  %r : Tensor = aten::conv3d(%a, %b, %c, %s, %p, %dl, %i2)\n"),
                   {{{1, 4, 3, 3, 3}}, {{2, 2, 2, 2, 2}}, {{2}}}});
  cases.push_back({"conv3d unbatched", withInts(2, L("s", "%i1") + L("p", "%i0") + L("dl", "%i2") + "  %r : Tensor = aten::conv3d(%a, %b, %none, %s, %p, %dl, %i1)\n"),
                   {{{2, 3, 3, 5}}, {{1, 2, 1, 2, 2}}}});
  cases.push_back({"conv_transpose1d", withInts(3, L("s", "%i2") + L("p", "%i1") + L("op", "%i1") + L("dl", "%i1") + "  %r : Tensor = aten::conv_transpose1d(%a, %b, %c, %s, %p, %op, %i1, %dl)\n"),
                   {{{2, 2, 4}}, {{2, 3, 3}}, {{3}}}});
  cases.push_back({"conv_transpose2d groups", withInts(3, L("s", "%i2, %i1") + L("p", "%i0, %i1") + L("op", "%i1, %i0") + L("dl", "%i1, %i2") + "  %r : Tensor = aten::conv_transpose2d(%a, %b, %c, %s, %p, %op, %i2, %dl)\n"),
                   {{{1, 4, 3, 3}}, {{4, 1, 2, 2}}, {{2}}}});
  cases.push_back({"conv_transpose3d", withInts(3, L("s", "%i2") + L("p", "%i0") + L("op", "%i0") + L("dl", "%i1") + "  %r : Tensor = aten::conv_transpose3d(%a, %b, %c, %s, %p, %op, %i1, %dl)\n"),
                   {{{1, 2, 2, 2, 2}}, {{2, 2, 2, 2, 2}}, {{2}}}});
  // Unpooling at the (distinct) indices a max pool of the second, non-differentiable input picks.
  In picks{{1, 2, 4, 4}, Kind::Normal, false};
  cases.push_back({"max_unpool2d", withInts(2, L("k", "%i2, %i2") + L("s", "") + L("p", "%i0") + L("dl", "%i1") + "  %o4 : int = prim::Constant[value=4]()\n" + L("os", "%o4, %o4") +
                                                   "  %m : Tensor, %ix : Tensor = aten::max_pool2d_with_indices(%b, %k, %s, %p, %dl, %f)\n  %r : Tensor = aten::max_unpool2d(%a, %ix, %os)\n"),
                   {{{1, 2, 2, 2}}, picks}});
  In picks3{{1, 4, 4, 4}, Kind::Normal, false};
  cases.push_back({"max_unpool3d", withInts(2, L("k", "%i2") + L("s", "") + L("p", "%i0") + L("dl", "%i1") + "  %o4 : int = prim::Constant[value=4]()\n" + L("os", "%o4, %o4, %o4") + L("us", "%i2, %i2, %i2") + L("up", "%i0, %i0, %i0") +
                                                   "  %m : Tensor, %ix : Tensor = aten::max_pool3d_with_indices(%b, %k, %s, %p, %dl, %f)\n  %r : Tensor = aten::max_unpool3d(%a, %ix, %os, %us, %up)\n"),
                   {{{1, 2, 2, 2}}, picks3}});
  cases.push_back({"pixel_shuffle", withInts(1, "  %r : Tensor = aten::pixel_shuffle(%a, %i2)\n"), {{{1, 8, 2, 3}}}});
  cases.push_back({"pixel_unshuffle", withInts(1, "  %r : Tensor = aten::pixel_unshuffle(%a, %i2)\n"), {{{2, 4, 2}}}});
  cases.push_back({"im2col", withInts(1, L("k", "%i2, %i2") + L("d", "%i1, %i2") + L("p", "%i1, %i0") + L("s", "%i2, %i1") + "  %r : Tensor = aten::im2col(%a, %k, %d, %p, %s)\n"), {{{1, 2, 4, 5}}}});
  cases.push_back({"col2im", withInts(1, "  %i3 : int = prim::Constant[value=3]()\n" + L("os", "%i3, %i3") + L("k", "%i2, %i2") + L("d", "%i1, %i1") + L("p", "%i0, %i0") + L("s", "%i1, %i1") + "  %r : Tensor = aten::col2im(%a, %os, %k, %d, %p, %s)\n"), {{{8, 4}}}});
  In emb{{3, 2}, Kind::Index, false, false, -1, 4};
  // padding_idx -1 (none): padding rows deliberately get no gradient, which finite differences
  // cannot confirm (PyTorch's own gradcheck fails there too: the corpus's nn_embedding).
  cases.push_back({"embedding", withInts(2, "  %r : Tensor = aten::embedding(%a, %b, %im1, %f, %f)\n"), {{{4, 3}}, emb}});
  checkAll(cases);
}

TEST(AutogradDerivatives, LossesAndDistances) {
  std::vector<Case> cases;
  const std::string k =
      "  %mg : float = prim::Constant[value=0.25]()\n  %p2 : float = prim::Constant[value=2.]()\n"
      "  %p1 : float = prim::Constant[value=1.]()\n  %p3 : float = prim::Constant[value=3.]()\n"
      "  %eps : float = prim::Constant[value=1e-6]()\n";
  auto body = [&](size_t n, const std::string& call) { return withInts(n, k + "  %r : Tensor = " + call + "\n"); };
  In prob{{2, 3}, Kind::Probability}, m23{{2, 3}}, sign23{{2, 3}, Kind::Sign, false}, pos23{{2, 3}, Kind::Positive};
  In fixedPos{{2, 3}, Kind::Positive, false}, sign3{{3}, Kind::Sign, false}, m34{{3, 4}};
  cases.push_back({"binary_cross_entropy weighted mean", body(3, "aten::binary_cross_entropy(%a, %b, %c, %i1)"), {prob, prob, fixedPos}});
  cases.push_back({"binary_cross_entropy none", body(2, "aten::binary_cross_entropy(%a, %b, %none, %i0)"), {prob, prob}});
  cases.push_back({"kl_div mean", body(2, "aten::kl_div(%a, %b, %i1, %f)"), {m23, pos23}});
  cases.push_back({"kl_div log_target sum", body(2, "aten::kl_div(%a, %b, %i2, %t)"), {m23, m23}});
  cases.push_back({"soft_margin_loss", body(2, "aten::soft_margin_loss(%a, %b, %i1)"), {m23, sign23}});
  cases.push_back({"margin_ranking_loss", body(3, "aten::margin_ranking_loss(%a, %b, %c, %mg, %i0)"), {{{5}, Kind::NearKink}, {{5}}, {{5}, Kind::Sign, false}}});
  cases.push_back({"hinge_embedding_loss", body(2, "aten::hinge_embedding_loss(%a, %b, %p1, %i2)"), {{{2, 3}, Kind::NearKink}, sign23}});
  cases.push_back({"cosine_embedding_loss", body(3, "aten::cosine_embedding_loss(%a, %b, %c, %mg, %i1)"), {m34, m34, sign3}});
  cases.push_back({"triplet_margin_loss swap", body(3, "aten::triplet_margin_loss(%a, %b, %c, %p2, %p2, %eps, %t, %i0)"), {m34, m34, m34}});
  cases.push_back({"triplet_margin_loss p3", body(3, "aten::triplet_margin_loss(%a, %b, %c, %p2, %p3, %eps, %f, %i1)"), {m34, m34, m34}});
  cases.push_back({"poisson_nll_loss full", body(2, "aten::poisson_nll_loss(%a, %b, %t, %t, %eps, %i1)"), {m23, {{2, 3}, Kind::Positive}}});
  cases.push_back({"poisson_nll_loss rate", body(2, "aten::poisson_nll_loss(%a, %b, %f, %f, %eps, %i0)"), {pos23, fixedPos}});
  cases.push_back({"multi_margin_loss p2 weighted", body(3, "aten::multi_margin_loss(%a, %b, %i2, %p1, %c, %i0)"),
                   {m34, {{3}, Kind::Index, false, false, -1, 4}, {{4}, Kind::Positive, false}}});
  cases.push_back({"multi_margin_loss mean", body(2, "aten::multi_margin_loss(%a, %b, %i1, %p1, %none, %i1)"), {m34, {{3}, Kind::Index, false, false, -1, 4}}});
  cases.push_back({"multilabel_margin_loss", body(2, "aten::multilabel_margin_loss(%a, %b, %i0)"), {m34, {{3, 4}, Kind::Index, false, false, -1, 4}}});
  cases.push_back({"pairwise_distance", body(2, "aten::pairwise_distance(%a, %b, %p2, %eps, %f)"), {m34, {{4}}}});
  cases.push_back({"dist p3", body(2, "aten::dist(%a, %b, %p3)"), {m34, {{3, 1}}}});
  for (const char* p : {"%p1", "%p2", "%p3"})
    cases.push_back({std::string("cdist ") + p, body(2, std::string("aten::cdist(%a, %b, ") + p + ", %none)"), {{{2, 3, 4}}, {{2, 4}}}});
  cases.push_back({"cdist matrix product", body(2, "aten::cdist(%a, %b, %p2, %i1)"), {m34, {{2, 4}}}});
  cases.push_back({"pdist", body(1, "aten::pdist(%a, %p2)"), {{{4, 3}}}});
  cases.push_back({"pdist p1", body(1, "aten::pdist(%a, %p1)"), {{{4, 3}}}});
  // F.cross_entropy / F.nll_loss call these ops in 1.13: class indices (every reduction, weight,
  // ignore_index, label smoothing), K-dimensional input, and class probabilities.
  const std::string ce = "  %ls : float = prim::Constant[value=0.2]()\n  %l0 : float = prim::Constant[value=0.]()\n";
  auto ceBody = [&](size_t n, const std::string& call) { return withInts(n, k + ce + "  %r : Tensor = " + call + "\n"); };
  In cls3{{3}, Kind::Index, false, false, -1, 4}, w4{{4}, Kind::Positive, false}, cls23{{2, 3}, Kind::Index, false, false, -1, 4};
  cases.push_back({"nll_loss_nd mean", body(2, "aten::nll_loss_nd(%a, %b, %none, %i1, %im1)"), {m34, cls3}});
  cases.push_back({"nll_loss_nd weighted none ignore 1", body(3, "aten::nll_loss_nd(%a, %b, %c, %i0, %i1)"), {m34, cls3, w4}});
  cases.push_back({"nll_loss_nd 3d weighted mean", body(3, "aten::nll_loss_nd(%a, %b, %c, %i1, %im1)"), {{{2, 4, 3}}, cls23, w4}});
  cases.push_back({"cross_entropy_loss mean", ceBody(2, "aten::cross_entropy_loss(%a, %b, %none, %i1, %im1, %l0)"), {m34, cls3}});
  cases.push_back({"cross_entropy_loss weighted sum ignore 2", ceBody(3, "aten::cross_entropy_loss(%a, %b, %c, %i2, %i2, %l0)"), {m34, cls3, w4}});
  for (const char* r : {"%i0", "%i1", "%i2"})
    cases.push_back({std::string("cross_entropy_loss smoothing weighted ignore 1 ") + r,
                     ceBody(3, std::string("aten::cross_entropy_loss(%a, %b, %c, ") + r + ", %i1, %ls)"), {m34, cls3, w4}});
  cases.push_back({"cross_entropy_loss 3d smoothing", ceBody(2, "aten::cross_entropy_loss(%a, %b, %none, %i1, %im1, %ls)"), {{{2, 4, 3}}, cls23}});
  In prob34{{3, 4}, Kind::Probability};
  for (const char* r : {"%i0", "%i1"})
    cases.push_back({std::string("cross_entropy_loss probabilities weighted smoothing ") + r,
                     ceBody(3, std::string("aten::cross_entropy_loss(%a, %b, %c, ") + r + ", %im1, %ls)"), {m34, prob34, w4}});
  cases.push_back({"cross_entropy_loss probabilities 1d sum", ceBody(2, "aten::cross_entropy_loss(%a, %b, %none, %i2, %im1, %l0)"), {{{4}}, {{4}, Kind::Probability}}});
  cases.push_back({"log_sigmoid", body(1, "aten::log_sigmoid(%a)"), {m23}});
  cases.push_back({"rrelu eval", body(1, "aten::rrelu(%a, %mg, %p1, %f, %none)"), {{{2, 3}, Kind::NearKink}}});
  cases.push_back({"alpha_dropout eval", body(1, "aten::alpha_dropout(%a, %mg, %f)"), {m23}});
  cases.push_back({"feature_dropout p=1", body(1, "aten::feature_dropout(%a, %p1, %t)"), {m23}});
  cases.push_back({"bilinear", body(4, "aten::bilinear(%a, %b, %c, %d)"), {{{2, 2, 3}}, {{2, 2, 4}}, {{5, 3, 4}}, {{5}}}});
  In bagIdx{{6}, Kind::Index, false, false, -1, 4};
  const std::string bag = "  %o : int[] = prim::Constant[value=[0, 2, 2, 5]]()\n  %off : Tensor = aten::tensor(%o, %none, %none, %f)\n";
  for (const char* mode : {"%i0", "%i1", "%i2"})
    cases.push_back({std::string("embedding_bag mode ") + mode,
                     withInts(2, k + bag + "  %r : Tensor, %r1 : Tensor, %r2 : Tensor, %r3 : Tensor = aten::embedding_bag(%a, %b, %off, %f, " + mode +
                                     ", %f, %none, %f)\n"),
                     {{{4, 3}}, bagIdx}});
  const std::string gs = "  %ac : bool = prim::Constant[value=1]()\n";
  In img{{2, 2, 3, 4}}, grid2{{2, 3, 2, 2}, Kind::Unit}, wideGrid{{2, 3, 2, 2}};
  cases.push_back({"grid_sampler bilinear zeros", body(2, "aten::grid_sampler(%a, %b, %i0, %i0, %f)"), {img, grid2}});
  cases.push_back({"grid_sampler bilinear border align_corners", withInts(2, k + gs + "  %r : Tensor = aten::grid_sampler(%a, %b, %i0, %i1, %ac)\n"), {img, wideGrid}});
  cases.push_back({"grid_sampler bilinear reflection", body(2, "aten::grid_sampler(%a, %b, %i0, %i2, %f)"), {img, wideGrid}});
  cases.push_back({"grid_sampler nearest (input)", body(2, "aten::grid_sampler(%a, %b, %i1, %i2, %f)"), {img, {{2, 3, 2, 2}, Kind::Normal, false}}});
  cases.push_back({"grid_sampler bicubic (input)", body(2, "aten::grid_sampler(%a, %b, %i2, %i1, %f)"), {img, {{2, 3, 2, 2}, Kind::Normal, false}}});
  cases.push_back({"grid_sampler 3-D trilinear", body(2, "aten::grid_sampler(%a, %b, %i0, %i0, %f)"), {{{1, 2, 2, 3, 2}}, {{1, 2, 1, 2, 3}, Kind::Unit}}});
  cases.push_back({"affine_grid_generator", withInts(1, k + "  %s : int[] = prim::Constant[value=[2, 1, 3, 4]]()\n  %r : Tensor = aten::affine_grid_generator(%a, %s, %f)\n"), {{{2, 2, 3}}}});
  cases.push_back({"affine_grid_generator 3-D", withInts(1, k + gs + "  %s : int[] = prim::Constant[value=[1, 1, 2, 3, 2]]()\n  %r : Tensor = aten::affine_grid_generator(%a, %s, %ac)\n"), {{{1, 3, 4}}}});
  cases.push_back({"embedding_bag per_sample_weights", withInts(3, k + bag + "  %r : Tensor, %r1 : Tensor, %r2 : Tensor, %r3 : Tensor = aten::embedding_bag(%a, %b, %off, %f, %i0, %f, %c, %f)\n"),
                   {{{4, 3}}, bagIdx, {{6}}}});
  checkAll(cases);
}

TEST(AutogradDerivatives, RegressionAndLogitLosses) {
  std::vector<Case> cases;
  const std::string k =
      "  %b1 : float = prim::Constant[value=1.]()\n  %b05 : float = prim::Constant[value=0.5]()\n"
      "  %b0 : float = prim::Constant[value=0.]()\n  %d03 : float = prim::Constant[value=0.3]()\n"
      "  %ig : int = prim::Constant[value=1]()\n  %nig : int = prim::Constant[value=-100]()\n";
  auto body = [&](size_t n, const std::string& call) { return withInts(n, k + "  %r : Tensor = " + call + "\n"); };
  In m23{{2, 3}}, m3{{3}}, prob{{2, 3}, Kind::Probability}, w3{{3}, Kind::Positive, false};
  const char* reductions[] = {"%i0", "%i1", "%i2"};
  for (const char* r : reductions) {
    cases.push_back({std::string("l1_loss ") + r, body(2, std::string("aten::l1_loss(%a, %b, ") + r + ")"), {m23, m23}});
    cases.push_back({std::string("smooth_l1_loss beta=1 ") + r, body(2, std::string("aten::smooth_l1_loss(%a, %b, ") + r + ", %b1)"), {m23, m23}});
    cases.push_back({std::string("huber_loss delta=0.3 ") + r, body(2, std::string("aten::huber_loss(%a, %b, ") + r + ", %d03)"), {m23, m23}});
    cases.push_back({std::string("binary_cross_entropy_with_logits ") + r,
                     body(2, std::string("aten::binary_cross_entropy_with_logits(%a, %b, %none, %none, ") + r + ")"), {m23, prob}});
  }
  cases.push_back({"l1_loss broadcast target", body(2, "aten::l1_loss(%a, %b, %i1)"), {m23, m3}});
  cases.push_back({"smooth_l1_loss beta=0.5", body(2, "aten::smooth_l1_loss(%a, %b, %i1, %b05)"), {m23, m23}});
  cases.push_back({"smooth_l1_loss beta=0", body(2, "aten::smooth_l1_loss(%a, %b, %i2, %b0)"), {m23, m23}});
  cases.push_back({"huber_loss delta=1", body(2, "aten::huber_loss(%a, %b, %i0, %b1)"), {m23, m23}});
  cases.push_back({"binary_cross_entropy_with_logits weight pos_weight", body(4, "aten::binary_cross_entropy_with_logits(%a, %b, %c, %d, %i1)"),
                   {m23, prob, w3, w3}});
  cases.push_back({"binary_cross_entropy_with_logits pos_weight none", body(3, "aten::binary_cross_entropy_with_logits(%a, %b, %none, %c, %i0)"),
                   {m23, prob, w3}});
  cases.push_back({"binary_cross_entropy_with_logits weight sum", body(3, "aten::binary_cross_entropy_with_logits(%a, %b, %c, %none, %i2)"),
                   {m23, prob, {{2, 1}, Kind::Positive, false}}});
  In y4{{3}, Kind::Index, false, false, -1, 4}, w4{{4}, Kind::Positive, false};
  for (const char* r : reductions)
    cases.push_back({std::string("nll_loss_nd weight ignore_index=1 ") + r, body(3, std::string("aten::nll_loss_nd(%a, %b, %c, ") + r + ", %ig)"),
                     {{{3, 4}}, y4, w4}});
  cases.push_back({"nll_loss_nd 4-D none", body(2, "aten::nll_loss_nd(%a, %b, %none, %i0, %nig)"), {{{2, 3, 2, 2}}, {{2, 2, 2}, Kind::Index, false, false, -1, 3}}});
  cases.push_back({"nll_loss_nd 3-D mean", body(2, "aten::nll_loss_nd(%a, %b, %none, %i1, %nig)"), {{{2, 3, 5}}, {{2, 5}, Kind::Index, false, false, -1, 3}}});
  cases.push_back({"nll_loss_nd 1-D", body(2, "aten::nll_loss_nd(%a, %b, %none, %i1, %nig)"), {{{4}}, {{}, Kind::Index, false, false, -1, 4}}});
  checkAll(cases);
}

// Gradients at the kinks, where finite differences say nothing: pinned to python3-torch 1.13.1's
// torch.autograd.grad of the same call (x = [0, -0, 1, -1, 0.5, -0.5, 2], t = 0, reduction sum).
TEST(AutogradDerivatives, LossKinksPinnedTo113) {
  struct Pin {
    const char* call;
    std::vector<double> gx, gt;
  };
  const std::vector<Pin> pins = {
      {"aten::l1_loss(%a, %b, %i2)", {0, 0, 1, -1, 1, -1, 1}, {0, 0, -1, 1, -1, 1, -1}},
      {"aten::smooth_l1_loss(%a, %b, %i2, %b1)", {0, 0, 1, -1, 0.5, -0.5, 1}, {0, 0, -1, 1, -0.5, 0.5, -1}},
      {"aten::smooth_l1_loss(%a, %b, %i2, %b0)", {-1, -1, 1, -1, 1, -1, 1}, {-1, -1, -1, 1, -1, 1, -1}},
      {"aten::smooth_l1_loss(%a, %b, %i2, %b05)", {0, 0, 1, -1, 1, -1, 1}, {0, 0, -1, 1, -1, 1, -1}},
      {"aten::huber_loss(%a, %b, %i2, %b05)", {0, 0, 0.5, -0.5, 0.5, -0.5, 0.5}, {0, 0, -0.5, 0.5, -0.5, 0.5, -0.5}},
  };
  const std::string k =
      "  %b1 : float = prim::Constant[value=1.]()\n  %b05 : float = prim::Constant[value=0.5]()\n"
      "  %b0 : float = prim::Constant[value=0.]()\n";
  const Tensor x = Tensor::fromDoubles({0, -0.0, 1, -1, 0.5, -0.5, 2}, {7}, ScalarType::Double);
  const Tensor t = Tensor::fromDoubles(std::vector<double>(7, 0.0), {7}, ScalarType::Double);
  for (const Pin& p : pins) {
    SCOPED_TRACE(p.call);
    auto g = parseIR(withInts(2, k + "  %r : Tensor = " + p.call + "\n"));
    std::vector<Tensor> ag = conformance::autogradVjp(*g, {x, t}, {Tensor::fromDoubles({1.0}, {}, ScalarType::Double)}, {0, 1});
    ASSERT_EQ(ag.size(), 2u);
    EXPECT_EQ(ag[0].contiguous().toDoubles(), p.gx);
    EXPECT_EQ(ag[1].contiguous().toDoubles(), p.gt);
  }
}

TEST(AutogradDerivatives, ActivationsAndDataMovement) {
  std::vector<Case> cases;
  In away{{2, 5}, Kind::AwayFromInt}, m23{{2, 3}};
  for (const char* op : {"aten::hardswish", "aten::hardsigmoid", "aten::relu6", "aten::mish", "aten::selu"})
    cases.push_back({op, unary(op), {away}});
  const std::string k = "  %l : float = prim::Constant[value=0.5]()\n  %th : float = prim::Constant[value=1.]()\n  %v : float = prim::Constant[value=-7.]()\n"
                        "  %e : float = prim::Constant[value=0.1]()\n";
  auto body = [&](size_t n, const std::string& call) { return withInts(n, k + "  %r : Tensor = " + call + "\n"); };
  cases.push_back({"celu", body(1, "aten::celu(%a, %l)"), {away}});
  cases.push_back({"softshrink", body(1, "aten::softshrink(%a, %l)"), {away}});
  cases.push_back({"hardshrink", body(1, "aten::hardshrink(%a, %l)"), {away}});
  cases.push_back({"threshold", body(1, "aten::threshold(%a, %th, %v)"), {away}});
  cases.push_back({"glu dim 0", body(1, "aten::glu(%a, %i0)"), {{{4, 3}}}});
  cases.push_back({"glu last", body(1, "aten::glu(%a, %im1)"), {{{3, 2, 4}, Kind::Normal, true, true}}});
  cases.push_back({"logit", body(1, "aten::logit(%a, %none)"), {{{2, 3}, Kind::Probability}}});
  cases.push_back({"logit eps", body(1, "aten::logit(%a, %e)"), {{{2, 3}, Kind::Probability}}});
  const std::string pads = "  %p : int[] = prim::Constant[value=[1, 2, -1, 1]]()\n  %p2 : int[] = prim::Constant[value=[2, 1, 1, 2]]()\n";
  cases.push_back({"constant_pad_nd crop", withInts(1, k + pads + "  %r : Tensor = aten::constant_pad_nd(%a, %p, %l)\n"), {{{2, 3, 4}}}});
  for (const char* mode : {"constant", "reflect", "replicate", "circular"})
    cases.push_back({std::string("pad ") + mode, withInts(1, k + pads + "  %m : str = prim::Constant[value=\"" + mode + "\"]()\n  %r : Tensor = aten::pad(%a, %p2, %m, %none)\n"),
                     {{{1, 2, 3, 4}}}});
  const std::string up = "  %os : int[] = prim::Constant[value=[5, 7]]()\n  %sf : float[] = prim::Constant[value=[2.5]]()\n";
  cases.push_back({"upsample_nearest2d.vec size", withInts(1, up + "  %r : Tensor = aten::upsample_nearest2d(%a, %os, %none)\n"), {{{1, 2, 3, 4}}}});
  cases.push_back({"upsample_nearest1d.vec scale", withInts(1, up + "  %r : Tensor = aten::upsample_nearest1d(%a, %none, %sf)\n"), {{{2, 2, 3}}}});
  const std::string ups = up + "  %sf2 : float[] = prim::Constant[value=[1.5, 0.75]]()\n  %sf3 : float[] = prim::Constant[value=[2., 1.5, 0.5]]()\n"
                         "  %os1 : int[] = prim::Constant[value=[7]]()\n  %os3 : int[] = prim::Constant[value=[3, 5, 2]]()\n"
                         "  %s1 : float = prim::Constant[value=1.7]()\n";
  for (const char* ac : {"%t", "%f"}) {
    const std::string tag = std::string(" align_corners=") + (ac[1] == 't' ? "True" : "False");
    cases.push_back({"upsample_bilinear2d.vec size" + tag, withInts(1, ups + "  %r : Tensor = aten::upsample_bilinear2d(%a, %os, " + ac + ", %none)\n"), {{{1, 2, 3, 4}}}});
    cases.push_back({"upsample_bilinear2d.vec scales" + tag, withInts(1, ups + "  %r : Tensor = aten::upsample_bilinear2d(%a, %none, " + ac + ", %sf2)\n"), {{{2, 1, 4, 4}}}});
    cases.push_back({"upsample_bicubic2d.vec size" + tag, withInts(1, ups + "  %r : Tensor = aten::upsample_bicubic2d(%a, %os, " + ac + ", %none)\n"), {{{1, 2, 3, 4}}}});
    cases.push_back({"upsample_linear1d.vec size" + tag, withInts(1, ups + "  %r : Tensor = aten::upsample_linear1d(%a, %os1, " + ac + ", %none)\n"), {{{2, 2, 3}}}});
    cases.push_back({"upsample_trilinear3d.vec scales" + tag, withInts(1, ups + "  %r : Tensor = aten::upsample_trilinear3d(%a, %none, " + ac + ", %sf3)\n"), {{{1, 1, 2, 3, 4}}}});
  }
  cases.push_back({"upsample_linear1d scales", withInts(1, ups + "  %r : Tensor = aten::upsample_linear1d(%a, %os1, %f, %s1)\n"), {{{2, 2, 3}}}});
  cases.push_back({"upsample_bicubic2d scales", withInts(1, ups + "  %o2 : int[] = prim::Constant[value=[4, 6]]()\n  %r : Tensor = aten::upsample_bicubic2d(%a, %o2, %f, %s1, %none)\n"), {{{1, 1, 3, 4}}}});
  cases.push_back({"upsample_trilinear3d size", withInts(1, ups + "  %r : Tensor = aten::upsample_trilinear3d(%a, %os3, %t, %none, %none, %none)\n"), {{{1, 2, 2, 3, 3}}}});
  cases.push_back({"_upsample_nearest_exact2d.vec size", withInts(1, up + "  %r : Tensor = aten::_upsample_nearest_exact2d(%a, %os, %none)\n"), {{{1, 1, 3, 4}}}});
  In awayRatio{{2, 3}, Kind::AwayFromInt};
  cases.push_back({"atan2 broadcast", ir(2, "  %r : Tensor = aten::atan2(%a, %b)\n"), {{{2, 3}}, {{3}}}});
  cases.push_back({"fmod.Tensor", ir(2, "  %r : Tensor = aten::fmod(%a, %b)\n"), {awayRatio, {{2, 3}, Kind::Sign, false}}});
  cases.push_back({"fmod.Scalar", ir(1, "  %s : float = prim::Constant[value=0.7]()\n  %r : Tensor = aten::fmod(%a, %s)\n"), {{{2, 3}}}});
  cases.push_back({"remainder.Tensor", ir(2, "  %r : Tensor = aten::remainder(%a, %b)\n"), {awayRatio, {{2, 3}, Kind::Sign, false}}});
  cases.push_back({"remainder.Scalar", ir(1, "  %s : float = prim::Constant[value=-0.7]()\n  %r : Tensor = aten::remainder(%a, %s)\n"), {{{2, 3}}}});
  cases.push_back({"cumprod dim 1", withInts(1, "  %r : Tensor = aten::cumprod(%a, %i1, %none)\n"), {{{2, 4, 3}}}});
  cases.push_back({"cumprod dim -1 transposed", withInts(1, "  %r : Tensor = aten::cumprod(%a, %im1, %none)\n"), {{{3, 4}, Kind::Normal, true, true}}});
  checkAll(cases);
}

// Gradients at the activations' kinks, pinned to python3-torch 1.13.1's torch.autograd.grad of the
// sum at x = [-3, 3, 0, 6, -0.5, 0.5, -1, 1, 2].
TEST(AutogradDerivatives, ActivationKinksPinnedTo113) {
  const double f6 = static_cast<double>(1.0f / 6.0f);
  const std::vector<std::pair<std::string, std::vector<double>>> pins = {
      {"aten::hardswish(%a)", {-0.5, 1, 0.5, 1, 1.0 / 3, 2.0 / 3, 1.0 / 6, 5.0 / 6, 7.0 / 6}},
      {"aten::hardsigmoid(%a)", {0, 0, f6, 0, f6, f6, f6, f6, f6}},  // 1.13's slope is the float 1/6
      {"aten::relu6(%a)", {0, 1, 0, 0, 0, 1, 0, 1, 1}},
      {"aten::softshrink(%a, %l)", {1, 1, 0, 1, 0, 0, 1, 1, 1}},
      {"aten::hardshrink(%a, %l)", {1, 1, 0, 1, 0, 0, 1, 1, 1}},
      {"aten::threshold(%a, %th, %v)", {0, 1, 0, 1, 0, 0, 0, 0, 1}},
      {"aten::celu(%a, %l)", {std::exp(-6.0), 1, 1, 1, std::exp(-1.0), 1, std::exp(-2.0), 1, 1}},
  };
  const Tensor x = Tensor::fromDoubles({-3, 3, 0, 6, -0.5, 0.5, -1, 1, 2}, {9}, ScalarType::Double);
  const Tensor ones = Tensor::fromDoubles(std::vector<double>(9, 1.0), {9}, ScalarType::Double);
  for (const auto& [call, want] : pins) {
    SCOPED_TRACE(call);
    auto g = parseIR(withInts(1, "  %l : float = prim::Constant[value=0.5]()\n  %th : float = prim::Constant[value=1.]()\n  %v : float = prim::Constant[value=-7.]()\n  %r : Tensor = " + call + "\n"));
    const std::vector<double> got = conformance::autogradVjp(*g, {x}, {ones}, {0}).at(0).contiguous().toDoubles();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-15) << i;
  }
  // cumprod through zeros (1.13: [5, 0, 0, 0]).
  auto g = parseIR(withInts(1, "  %r : Tensor = aten::cumprod(%a, %i0, %none)\n"));
  const std::vector<double> got = conformance::autogradVjp(*g, {Tensor::fromDoubles({0, 2, 0, 3}, {4}, ScalarType::Double)},
                                                           {Tensor::fromDoubles({1, 2, 3, 4}, {4}, ScalarType::Double)}, {0})
                                      .at(0).contiguous().toDoubles();
  EXPECT_EQ(got, (std::vector<double>{5, 0, 0, 0}));
}

}  // namespace
