// Compare.cpp — the comparison rule (see Compare.h).
#include "conformance/lib/Compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>

#include "jit/ir/Graph.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/tensor/Half.h"

namespace tsjit::conformance {

namespace {

// Maps the value, rounded to dtype, to an integer whose order is the order of the reals and whose
// consecutive values are consecutive representable numbers (sign-magnitude -> two's complement).
int64_t orderedBits(double v, ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float: {
      float f = static_cast<float>(v);
      uint32_t u;
      std::memcpy(&u, &f, sizeof u);
      int64_t mag = u & 0x7fffffffu;
      return (u >> 31) ? -mag : mag;
    }
    case ScalarType::Half: {
      uint16_t u = Half(static_cast<float>(v)).bits;
      int64_t mag = u & 0x7fff;
      return (u >> 15) ? -mag : mag;
    }
    case ScalarType::BFloat16: {
      uint16_t u = BFloat16(static_cast<float>(v)).bits;
      int64_t mag = u & 0x7fff;
      return (u >> 15) ? -mag : mag;
    }
    default: {
      uint64_t u;
      std::memcpy(&u, &v, sizeof u);
      int64_t mag = static_cast<int64_t>(u & 0x7fffffffffffffffull);
      return (u >> 63) ? -mag : mag;
    }
  }
}

std::string hexAndDec(double d) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%a (%.9g)", d, d);
  return buf;
}

int rank(const ops::Tolerance& t) {
  switch (t.kind) {
    case ops::Tolerance::Kind::Exact: return 0;
    case ops::Tolerance::Kind::Ulp: return 1;
    case ops::Tolerance::Kind::Operands: return 2;
    case ops::Tolerance::Kind::ReductionBound: return 3;
  }
  return 0;
}

// A complex value's allowance relative to its larger part (see Comparer::values).
constexpr double kComplexUlps = 8;

struct Comparer {
  const CompareOptions& o;
  std::string message;

  bool fail(const std::string& path, const std::string& what) {
    if (message.empty()) message = (path.empty() ? std::string("value") : path) + ": " + what;
    return false;
  }

  bool tensors(const Tensor& e, const Tensor& a, const std::string& path) {
    if (e.dtype() != a.dtype())
      return fail(path, str("dtype: expected ", dtypeName(e.dtype()), " got ", dtypeName(a.dtype())));
    if (e.sizes() != a.sizes()) return fail(path, str("shape: expected ", e.describe(), " got ", a.describe()));
    if (o.checkStrides && e.numel() > 1) {
      // Dims of size 1 have no layout (PyTorch reports arbitrary strides for them).
      for (int64_t d = 0; d < e.dim(); ++d)
        if (e.size(d) != 1 && e.strides()[static_cast<size_t>(d)] != a.strides()[static_cast<size_t>(d)])
          return fail(path, str("strides: expected ", formatInts(e.strides()), " got ", formatInts(a.strides()), " (",
                                e.describe(), ")"));
    }
    int64_t bad = 0, first = -1;
    double firstE = 0, firstA = 0, worstUlp = 0;
    bool floating = isFloatingType(e.dtype());
    const std::vector<double>* bound = floating && o.elementBound ? o.elementBound.get() : nullptr;
    if (bound && static_cast<int64_t>(bound->size()) != e.numel())
      return fail(path, str("the error bound has ", bound->size(), " elements, the tensor ", e.numel(),
                            " (the bound was built for another value)"));
    const std::vector<double>* propagated =
        floating && o.propagatedBound && static_cast<int64_t>(o.propagatedBound->size()) == e.numel()
            ? o.propagatedBound.get()
            : nullptr;
    double firstBound = 0;
    for (int64_t i = 0; i < e.numel(); ++i) {
      bool same;
      double x, y;
      if (floating) {
        x = e.getDouble(i);
        y = a.getDouble(i);
        same = bound ? floatsAgreeWithin(x, y, e.dtype(), (*bound)[static_cast<size_t>(i)], o.roundingUlps)
                     : floatsAgree(x, y, e.dtype(), o);
        if (!same && propagated) same = floatsAgreeWithin(x, y, e.dtype(), (*propagated)[static_cast<size_t>(i)]);
        if (!same && bound && bad == 0) firstBound = (*bound)[static_cast<size_t>(i)];
        if (!same && !std::isnan(x) && !std::isnan(y)) worstUlp = std::max(worstUlp, ulpDistance(x, y, e.dtype()));
      } else {
        int64_t xi = e.getInt64(i), yi = a.getInt64(i);
        same = xi == yi;
        x = static_cast<double>(xi);
        y = static_cast<double>(yi);
      }
      if (!same) {
        if (bad++ == 0) first = i, firstE = x, firstA = y;
      }
    }
    if (bad == 0) return true;
    std::ostringstream os;
    os << "element " << first << ": expected ";
    if (floating) {
      os << hexAndDec(firstE) << " got " << hexAndDec(firstA);
      if (!std::isnan(firstE) && !std::isnan(firstA)) os << ", " << ulpDistance(firstE, firstA, e.dtype()) << " ulp";
    } else {
      os << static_cast<int64_t>(firstE) << " got " << static_cast<int64_t>(firstA);
    }
    if (bound) os << ", |difference| " << std::fabs(firstE - firstA) << " > bound " << firstBound;
    os << " (" << bad << " of " << e.numel() << " elements differ";
    if (floating && worstUlp > 0) os << ", worst " << worstUlp << " ulp";
    os << "; tolerance " << o.tolerance.str() << (bound ? " per element" : "") << ", " << dtypeName(e.dtype()) << " "
       << e.describe() << ")";
    return fail(path, os.str());
  }

  int depth = 0;
  bool values(const IValue& e, const IValue& a, const std::string& path) {
    if (depth > 1000) return fail(path, "values nested too deeply to compare");
    struct Nest {
      int& d;
      explicit Nest(int& x) : d(x) { ++d; }
      ~Nest() { --d; }
    } nest(depth);
    if (e.tag() != a.tag())
      return fail(path, str("expected a value of type ", e.tagName(), " got ", a.tagName(), " (", a, ")"));
    switch (e.tag()) {
      case IValue::Tag::None:
      case IValue::Tag::Uninitialized: return true;
      case IValue::Tag::Int:
        return e.toInt() == a.toInt() || fail(path, str("expected ", e.toInt(), " got ", a.toInt()));
      case IValue::Tag::Bool:
        return e.toBool() == a.toBool() ||
               fail(path, str("expected ", e.toBool() ? "True" : "False", " got ", a.toBool() ? "True" : "False"));
      case IValue::Tag::Double:
        return floatsAgree(e.toDouble(), a.toDouble(), ScalarType::Double, o) ||
               fail(path, str("expected ", hexAndDec(e.toDouble()), " got ", hexAndDec(a.toDouble()), ", ",
                              ulpDistance(e.toDouble(), a.toDouble(), ScalarType::Double), " ulp (tolerance ",
                              o.tolerance.str(), ")"));
      case IValue::Tag::Complex: {
        // Each part under the float rule, or both within kComplexUlps ulps of the larger part's
        // magnitude: complex arithmetic is accurate relative to |z| (the textbook product and
        // quotient, or two libraries' exp/log, may differ in a small part's last digits).
        const std::complex<double> x = e.toComplex(), y = a.toComplex();
        const bool parts = floatsAgree(x.real(), y.real(), ScalarType::Double, o) &&
                           floatsAgree(x.imag(), y.imag(), ScalarType::Double, o);
        const double unit = ulpAt(std::max(std::fabs(x.real()), std::fabs(x.imag())), ScalarType::Double);
        const bool normwise = std::isfinite(unit) && std::fabs(x.real() - y.real()) <= kComplexUlps * unit &&
                              std::fabs(x.imag() - y.imag()) <= kComplexUlps * unit;
        return parts || normwise ||
               fail(path, str("expected ", formatIrComplex(x), " got ", formatIrComplex(y), " (tolerance ",
                              o.tolerance.str(), ", or ", kComplexUlps, " ulp of the larger part)"));
      }
      case IValue::Tag::String:
        return e.toStringRef() == a.toStringRef() ||
               fail(path, str("expected \"", e.toStringRef(), "\" got \"", a.toStringRef(), "\""));
      case IValue::Tag::Device:
        return e.toDevice() == a.toDevice() || fail(path, str("expected ", e.toDevice(), " got ", a.toDevice()));
      case IValue::Tag::Tensor: return tensors(e.toTensor(), a.toTensor(), path);
      case IValue::Tag::List:
      case IValue::Tag::Tuple: {
        const auto& x = e.isList() ? e.toListRef().items : e.toTupleRef().items;
        const auto& y = a.isList() ? a.toListRef().items : a.toTupleRef().items;
        if (x.size() != y.size())
          return fail(path, str("expected ", x.size(), " elements got ", y.size()));
        bool ok = true;
        for (size_t i = 0; i < x.size(); ++i) ok = values(x[i], y[i], str(path, "[", i, "]")) && ok;
        return ok;
      }
      case IValue::Tag::Dict: {
        const auto& x = e.toDictRef().entries();
        const auto& y = a.toDictRef().entries();
        if (x.size() != y.size()) return fail(path, str("expected ", x.size(), " dict entries got ", y.size()));
        bool ok = true;
        for (size_t i = 0; i < x.size(); ++i) {
          std::ostringstream key;
          key << x[i].first;
          if (!values(x[i].first, y[i].first, str(path, "{key #", i, "}"))) {
            ok = false;
            continue;
          }
          ok = values(x[i].second, y[i].second, str(path, "[", key.str(), "]")) && ok;
        }
        return ok;
      }
      case IValue::Tag::Object: {
        const Object& x = e.toObjectRef();
        const Object& y = a.toObjectRef();
        if (x.type->qualifiedName() != y.type->qualifiedName() || x.slots.size() != y.slots.size())
          return fail(path, "objects of different classes");
        bool ok = true;
        for (size_t i = 0; i < x.slots.size(); ++i)
          ok = values(x.slots[i], y.slots[i], path + "." + x.type->attributes()[i].name) && ok;
        return ok;
      }
      default: return e.isSameIdentity(a) || fail(path, str("values of kind ", e.tagName(), " differ"));
    }
  }
};

struct GraphBounds {
  double maxUlp = 0;       // largest n of ulp(n)
  double maxOperands = 0;  // largest k of operands(k)
  double magnitude = 1;    // largest |float constant|
};

void walkTolerances(const Block& b, ops::Tolerance& loosest, GraphBounds& g) {
  for (const Node* n : b.nodes()) {
    for (const Block* sb : n->blocks()) walkTolerances(*sb, loosest, g);
    if (n->kind() == prim::Constant && n->hasAttribute(attr::value) &&
        n->kindOfAttribute(attr::value) == AttributeKind::f && std::isfinite(n->f(attr::value)))
      g.magnitude = std::max(g.magnitude, std::fabs(n->f(attr::value)));
    const ops::OpInfo* op = ops::findOp(n->kind());
    if (!op || op->isSpecial()) continue;
    const ops::OpOverload* ov = nullptr;
    try {
      ov = ops::resolveOverload(*n);
    } catch (const std::exception&) {
      ov = nullptr;
    }
    ops::Tolerance t = ov ? ov->tolerance() : op->tolerance();
    if (t.kind == ops::Tolerance::Kind::Ulp) g.maxUlp = std::max(g.maxUlp, t.bound);
    if (t.kind == ops::Tolerance::Kind::Operands) g.maxOperands = std::max(g.maxOperands, t.bound);
    if (rank(t) > rank(loosest) || (rank(t) == rank(loosest) && t.bound > loosest.bound)) loosest = t;
  }
}

}  // namespace

// The epsilon of the dtype PyTorch accumulates a reduction of `dtype` in: float for Half,
// BFloat16 and Float, double for Double.
double accumulationEpsilon(ScalarType dtype) {
  return dtype == ScalarType::Double ? std::ldexp(1.0, -52) : std::ldexp(1.0, -23);
}

double dtypeEpsilon(ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float: return std::ldexp(1.0, -23);
    case ScalarType::Half: return std::ldexp(1.0, -10);
    case ScalarType::BFloat16: return std::ldexp(1.0, -7);
    default: return std::ldexp(1.0, -52);
  }
}

double ulpDistance(double a, double b, ScalarType dtype) {
  if (std::isnan(a) || std::isnan(b)) return (std::isnan(a) && std::isnan(b)) ? 0 : std::numeric_limits<double>::infinity();
  int64_t x = orderedBits(a, dtype), y = orderedBits(b, dtype);
  // -0 and +0 map to 0 and -0 == 0: equal values have distance 0.
  long double d = static_cast<long double>(x) - static_cast<long double>(y);
  return static_cast<double>(d < 0 ? -d : d);
}

double dtypeMaxFinite(ScalarType dtype) {
  switch (dtype) {
    case ScalarType::Float: return std::numeric_limits<float>::max();
    case ScalarType::Half: return 65504.0;
    case ScalarType::BFloat16: return 0x1.fep+127;
    default: return std::numeric_limits<double>::max();
  }
}

bool floatsAgree(double e, double a, ScalarType dtype, const CompareOptions& o) {
  // A reduction whose terms' magnitudes sum past the dtype's range may overflow in the dtype, to
  // either infinity or to NaN (inf - inf), depending on the order of its terms (BLAS vs one double
  // sum): there a non-finite value on either side is accepted.
  if (o.tolerance.kind == ops::Tolerance::Kind::ReductionBound && o.sumAbs && !(*o.sumAbs <= dtypeMaxFinite(dtype)) &&
      (!std::isfinite(e) || !std::isfinite(a)))
    return true;
  if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
  if (std::isinf(e) || std::isinf(a)) return e == a;
  if (e == a) return true;
  double ulps = ulpDistance(e, a, dtype);
  if (ulps == 0) return true;  // equal after rounding to dtype
  if (o.ulpSlack > 0 && ulps <= o.ulpSlack) return true;
  if (o.absoluteSlack > 0 && std::fabs(e - a) <= o.absoluteSlack) return true;
  auto withinOperands = [&](double k) {
    const double m = std::max({std::fabs(e), std::fabs(a), o.operandMagnitude, 1.0});
    return std::fabs(e - a) <= k * dtypeEpsilon(dtype) * m;
  };
  if (o.operandSlack > 0 && withinOperands(o.operandSlack)) return true;
  switch (o.tolerance.kind) {
    case ops::Tolerance::Kind::Exact: return false;
    case ops::Tolerance::Kind::Ulp: return ulps <= o.tolerance.bound;
    case ops::Tolerance::Kind::Operands: return withinOperands(o.tolerance.bound);
    case ops::Tolerance::Kind::ReductionBound: {
      const double s = std::max({std::fabs(e), std::fabs(a), o.sumAbs.value_or(0.0)});
      double bound = o.tolerance.bound * static_cast<double>(std::max<int64_t>(o.reductionTerms, 1)) *
                     accumulationEpsilon(dtype) * s;
      return floatsAgreeWithin(e, a, dtype, bound, o.roundingUlps);
    }
  }
  return false;
}

double ulpAt(double x, ScalarType dtype) {
  int mantissa = 52, minExp = -1022;
  switch (dtype) {
    case ScalarType::Float: mantissa = 23, minExp = -126; break;
    case ScalarType::Half: mantissa = 10, minExp = -14; break;
    case ScalarType::BFloat16: mantissa = 7, minExp = -126; break;
    default: break;
  }
  int exp = minExp;
  if (x != 0 && std::isfinite(x)) {
    std::frexp(std::fabs(x), &exp);  // |x| = f * 2^exp, f in [0.5, 1)
    exp = std::max(exp - 1, minExp);
  }
  return std::ldexp(1.0, exp - mantissa);
}

bool floatsAgreeWithin(double e, double a, ScalarType dtype, double bound, double roundingUlps) {
  if (std::isnan(bound)) return (!std::isfinite(e) && !std::isfinite(a)) || ulpDistance(e, a, dtype) == 0;
  if (std::isinf(bound)) return true;
  if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
  if (std::isinf(e) || std::isinf(a)) return e == a;
  if (ulpDistance(e, a, dtype) <= roundingUlps) return true;
  // The output's own rounding, in ulps of the smaller magnitude (a binade boundary between the two
  // values must not double the allowance).
  const double rounding = roundingUlps * ulpAt(std::min(std::fabs(e), std::fabs(a)), dtype);
  return std::fabs(e - a) <= bound + rounding;
}

CompareResult compareValues(const IValue& expected, const IValue& actual, const CompareOptions& options) {
  Comparer c{options, {}, 0};
  CompareResult r;
  r.ok = c.values(expected, actual, "");
  r.message = c.message;
  return r;
}

namespace {

void collectTensors(const IValue& v, const std::string& path, std::vector<std::pair<std::string, Tensor>>& out,
                    int depth = 0) {
  if (depth > 1000) return;
  if (v.isTensor()) {
    out.emplace_back(path, v.toTensor());
  } else if (v.isList() || v.isTuple()) {
    const auto& items = v.isList() ? v.toListRef().items : v.toTupleRef().items;
    for (size_t i = 0; i < items.size(); ++i) collectTensors(items[i], str(path, "[", i, "]"), out, depth + 1);
  } else if (v.isDict()) {
    size_t i = 0;
    for (const auto& e : v.toDictRef().entries()) collectTensors(e.second, str(path, "{value #", i++, "}"), out, depth + 1);
  }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> aliasSignature(const std::vector<IValue>& inputs,
                                                                const std::vector<IValue>& outputs) {
  std::vector<std::pair<std::string, Tensor>> before;
  for (size_t i = 0; i < inputs.size(); ++i) collectTensors(inputs[i], str("input[", i, "]"), before);
  std::vector<std::pair<std::string, Tensor>> outs;
  for (size_t i = 0; i < outputs.size(); ++i) collectTensors(outputs[i], str("output[", i, "]"), outs);
  std::vector<std::pair<std::string, std::string>> sig;
  for (const auto& [path, t] : outs) {
    std::string alias;
    for (const auto& [p, u] : before)
      if (t.defined() && u.defined() && t.sharesStorageWith(u)) {
        alias = p;
        break;
      }
    sig.emplace_back(path, alias);
    before.emplace_back(path, t);
  }
  return sig;
}

CompareResult compareAliasing(const std::vector<IValue>& expectedInputs, const std::vector<IValue>& expectedOutputs,
                              const std::vector<IValue>& actualInputs, const std::vector<IValue>& actualOutputs) {
  auto e = aliasSignature(expectedInputs, expectedOutputs);
  auto a = aliasSignature(actualInputs, actualOutputs);
  CompareResult r;
  auto describe = [](const std::string& alias) {
    return alias.empty() ? std::string("is a fresh tensor") : "aliases " + alias;
  };
  for (size_t i = 0; i < std::max(e.size(), a.size()); ++i) {
    if (i >= e.size() || i >= a.size()) {
      r.ok = false;
      r.message = "the runs return different numbers of tensors";
      return r;
    }
    if (e[i].second != a[i].second) {
      r.ok = false;
      r.message = str(e[i].first, " ", describe(e[i].second), " in expected, ", describe(a[i].second), " in actual");
      return r;
    }
  }
  return r;
}

ops::Tolerance toleranceForGraph(const Graph& graph) {
  ops::Tolerance loosest = ops::Tolerance::exact();
  GraphBounds g;
  walkTolerances(*graph.block(), loosest, g);
  return loosest;
}

CompareOptions compareOptionsForGraph(const Graph& graph) {
  CompareOptions o;
  GraphBounds g;
  walkTolerances(*graph.block(), o.tolerance, g);
  o.ulpSlack = g.maxUlp;
  o.operandSlack = g.maxOperands;
  o.operandMagnitude = g.magnitude;
  return o;
}

namespace {

void addMagnitude(const IValue& v, double& m, int depth) {
  if (depth > 1000) return;
  if (v.isDouble()) {
    if (std::isfinite(v.toDouble())) m = std::max(m, std::fabs(v.toDouble()));
  } else if (v.isInt()) {
    m = std::max(m, std::fabs(static_cast<double>(v.toInt())));
  } else if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    if (!t.defined() || !isFloatingType(t.dtype())) return;
    for (int64_t i = 0; i < t.numel(); ++i) {
      const double x = t.getDouble(i);
      if (std::isfinite(x)) m = std::max(m, std::fabs(x));
    }
  } else if (v.isList() || v.isTuple()) {
    for (const IValue& x : v.isList() ? v.toListRef().items : v.toTupleRef().items) addMagnitude(x, m, depth + 1);
  } else if (v.isDict()) {
    for (const auto& e : v.toDictRef().entries()) addMagnitude(e.second, m, depth + 1);
  }
}

}  // namespace

double operandMagnitude(const std::vector<IValue>& values) {
  double m = 1;
  for (const IValue& v : values) addMagnitude(v, m, 0);
  return m;
}

}  // namespace tsjit::conformance
