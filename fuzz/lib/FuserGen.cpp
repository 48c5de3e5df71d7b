// FuserGen.cpp — generateFuserCase: random fusible subgraphs and their inputs (FuserCampaign.h
// describes the distribution). The graph is built as IR text and parsed, so every case is exactly
// what a saved .ir replays. Deterministic in (seed, index).
#include <cmath>
#include <limits>
#include <random>
#include <sstream>

#include "fuzz/lib/FuserCampaign.h"
#include "jit/ir/IRParser.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::fuzz {

namespace {

struct Gen {
  std::mt19937_64 rng;
  explicit Gen(uint64_t s) : rng(s) {}
  uint64_t below(uint64_t n) { return n ? rng() % n : 0; }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }
  double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }
  template <typename T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
};

struct Val {
  std::string name;
  bool isTensor = true;
  ScalarType dtype = ScalarType::Float;  // numbers: Int64 / Double / Bool
};

ScalarType drawDtype(Gen& g) {
  static const std::vector<std::pair<ScalarType, int>> weights = {
      {ScalarType::Float, 30}, {ScalarType::Double, 10}, {ScalarType::Half, 10}, {ScalarType::BFloat16, 10},
      {ScalarType::Int64, 10}, {ScalarType::Int32, 8},   {ScalarType::Int16, 4}, {ScalarType::Int8, 4},
      {ScalarType::UInt8, 6},  {ScalarType::Bool, 8}};
  int total = 0;
  for (auto& [t, w] : weights) total += w;
  int r = static_cast<int>(g.below(total));
  for (auto& [t, w] : weights) {
    if (r < w) return t;
    r -= w;
  }
  return ScalarType::Float;
}

double drawValue(Gen& g, ScalarType dt, bool special) {
  if (dt == ScalarType::Bool) return g.chance(0.5) ? 1 : 0;
  if (isFloatingType(dt)) {
    if (special && g.chance(0.15)) {
      static const std::vector<double> sv = {std::nan(""), INFINITY, -INFINITY, -0.0, 0.0, 1e30, -1e30, 1e-40, -1e-40,
                                             65504.0, 70000.0, 3e38, 1e-8, 88.5, -88.5, 0.0625, -0.0625, 1.0, -1.0};
      return g.pick(sv);
    }
    const double u = g.uniform(0, 1);
    if (u < 0.7) return g.uniform(-5, 5);
    if (u < 0.85) return g.uniform(-100, 100);
    return g.uniform(-1e-3, 1e-3);
  }
  int64_t lo = -100, hi = 100;
  switch (dt) {
    case ScalarType::UInt8: lo = 0, hi = 255; break;
    case ScalarType::Int8: lo = -128, hi = 127; break;
    case ScalarType::Int16: lo = -32768, hi = 32767; break;
    default: break;
  }
  if (special && g.chance(0.1)) {
    if (dt == ScalarType::Int32) return g.chance(0.5) ? 2147483647.0 : -2147483648.0;
    if (dt == ScalarType::Int64) return g.chance(0.5) ? 4e18 : -4e18;
  }
  if (g.chance(0.6)) return static_cast<double>(std::max<int64_t>(lo, std::min<int64_t>(hi, g.below(19) - 9)));
  return static_cast<double>(lo + static_cast<int64_t>(g.below(hi - lo + 1)));
}

// A tensor of `sizes` with the given layout, filled with drawn values.
Tensor makeTensor(Gen& g, const std::vector<int64_t>& sizes, ScalarType dt, bool special, std::vector<std::string>& feats) {
  const int layout = static_cast<int>(g.below(20));
  const int64_t rank = static_cast<int64_t>(sizes.size());
  Tensor base;
  Tensor result;
  auto fill = [&](const Tensor& t) {
    for (int64_t i = 0; i < t.numel(); ++i) {
      const double v = drawValue(g, dt, special);
      if (isFloatingType(dt)) t.setDouble(i, v);
      else t.setInt64(i, static_cast<int64_t>(v));
    }
  };
  if (layout < 3 && rank >= 2) {  // transposed: the last two dims swapped in memory
    std::vector<int64_t> s = sizes;
    std::swap(s[rank - 1], s[rank - 2]);
    base = Tensor::empty(s, dt);
    fill(base);
    result = base.transpose(rank - 1, rank - 2);
    feats.push_back("transposed");
  } else if (layout < 6 && rank >= 1) {  // every other element along one dim
    const int64_t d = static_cast<int64_t>(g.below(rank));
    std::vector<int64_t> s = sizes;
    s[d] = sizes[d] * 2;
    base = Tensor::empty(s, dt);
    fill(base);
    result = base.slice(d, 0, s[d], 2);
    feats.push_back("strided");
  } else if (layout < 9 && rank >= 1) {  // expanded along one dim of size > 1
    std::vector<int64_t> s = sizes;
    int64_t d = -1;
    for (int64_t k = 0; k < rank; ++k)
      if (sizes[k] > 1) d = k;
    if (d >= 0) {
      s[d] = 1;
      base = Tensor::empty(s, dt);
      fill(base);
      result = base.expand(sizes);
      feats.push_back("expanded");
    }
  }
  if (!result.defined()) {
    result = Tensor::empty(sizes, dt);
    fill(result);
  }
  return result;
}

std::string floatLiteral(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  std::string s = os.str();
  if (s.find_first_of(".e") == std::string::npos) s += ".";
  return s;
}

}  // namespace

FuserCase generateFuserCase(uint64_t seed, uint64_t index) {
  Gen g(seed * 0x9E3779B97F4A7C15ULL + index * 0xBF58476D1CE4E5B9ULL + 1);
  FuserCase c;
  const bool special = g.chance(0.5);
  if (special) c.features.push_back("special-values");
  // The base shape.
  std::vector<int64_t> base;
  const int rank = static_cast<int>(g.pick(std::vector<int>{0, 1, 1, 1, 2, 2, 2, 3, 3}));
  static const std::vector<int64_t> sizes = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};
  for (int d = 0; d < rank; ++d) base.push_back(g.pick(sizes));
  if (rank == 1 && g.chance(0.3)) {
    base[0] = 64 + static_cast<int64_t>(g.below(300));
    c.features.push_back("long-1d");
  }
  if (rank > 0 && g.chance(0.05)) {
    base[g.below(rank)] = 0;
    c.features.push_back("empty");
  }
  if (rank == 0) c.features.push_back("0-dim");

  std::ostringstream head, body;
  std::vector<Val> vals;
  std::vector<Val> tensors;
  int constCounter = 0;
  auto constant = [&](const std::string& type, const std::string& attr) {
    const std::string name = "%c" + std::to_string(constCounter++);
    body << "  " << name << " : " << type << " = prim::Constant" << attr << "()\n";
    return name;
  };
  const int nTensors = 1 + static_cast<int>(g.below(4));
  for (int i = 0; i < nTensors; ++i) {
    std::vector<int64_t> shape = base;
    if (!shape.empty() && g.chance(0.15)) shape.erase(shape.begin(), shape.begin() + 1 + g.below(shape.size()));
    for (auto& s : shape)
      if (g.chance(0.2)) s = 1;
    if (shape != base) c.features.push_back("broadcast");
    const ScalarType dt = drawDtype(g);
    Tensor t = makeTensor(g, shape, dt, special, c.features);
    if (!t.isContiguous()) c.features.push_back("non-contiguous");
    Val v{"%x" + std::to_string(i), true, dt};
    head << (i ? ", " : "") << v.name << " : Tensor";
    c.inputs.emplace_back(t);
    vals.push_back(v);
    tensors.push_back(v);
  }
  const int nScalars = static_cast<int>(g.below(3));
  std::vector<Val> scalars;
  for (int i = 0; i < nScalars; ++i) {
    const int kind = static_cast<int>(g.below(2));  // bools are no Scalar in TorchScript
    Val v{"%s" + std::to_string(i), false, kind == 0 ? ScalarType::Int64 : kind == 1 ? ScalarType::Double : ScalarType::Bool};
    head << ", " << v.name << " : " << (kind == 0 ? "int" : kind == 1 ? "float" : "bool");
    if (kind == 0) c.inputs.emplace_back(static_cast<int64_t>(g.below(9)) - 3);
    else if (kind == 1) c.inputs.emplace_back(special && g.chance(0.2) ? g.pick(std::vector<double>{INFINITY, -INFINITY, std::nan(""), -0.0}) : g.uniform(-3, 3));
    else c.inputs.emplace_back(g.chance(0.5));
    scalars.push_back(v);
    c.features.push_back("scalar-input");
  }

  // Operand choices.
  auto tensorOperand = [&]() -> const Val& {
    if (tensors.size() > static_cast<size_t>(nTensors) && g.chance(0.6)) return tensors.back();
    return g.pick(tensors);
  };
  auto numberConstant = [&](ScalarType like) -> Val {
    const int k = static_cast<int>(g.below(2));
    if (k != 1 || (!isFloatingType(like) && g.chance(0.7)))
      return {constant("int", "[value=" + std::to_string(static_cast<int64_t>(g.below(7)) - 2) + "]"), false, ScalarType::Int64};
    if (k == 1)
      return {constant("float", "[value=" + floatLiteral(g.pick(std::vector<double>{0.5, -1.5, 2.0, 0.1, -0.0, 3.25, 1e-3})) + "]"),
              false, ScalarType::Double};
  };
  auto secondOperand = [&](const Val& a) -> Val {
    const double u = g.uniform(0, 1);
    if (u < 0.7) return tensorOperand();
    if (u < 0.85 && !scalars.empty()) return g.pick(scalars);
    return numberConstant(a.dtype);
  };
  auto resultDtype = [](const Val& a, const Val& b) {
    ResultTypeState st;
    st.add(PromotionOperand{a.dtype, a.isTensor ? OperandKind::Tensor : OperandKind::WrappedNumber});
    st.add(PromotionOperand{b.dtype, b.isTensor ? OperandKind::Tensor : OperandKind::WrappedNumber});
    return st.result();
  };

  static const std::vector<std::string> unary = {"exp",   "log",  "tanh", "sigmoid", "sqrt",  "rsqrt", "sin",
                                                 "cos",   "log2", "log10", "log1p",  "expm1", "erf",   "reciprocal",
                                                 "neg",   "abs",  "relu", "floor",   "ceil",  "trunc", "round"};
  const int nNodes = 1 + static_cast<int>(g.below(8));
  for (int i = 0; i < nNodes; ++i) {
    const std::string out = "%v" + std::to_string(i);
    const int family = static_cast<int>(g.below(100));
    const Val a = tensorOperand();
    Val r{out, true, a.dtype};
    std::string call;
    if (family < 30) {
      const std::string& op = g.pick(unary);
      call = "aten::" + op + "(" + a.name + ")";
      const bool floating = op != "neg" && op != "abs" && op != "relu" && op != "floor" && op != "ceil" && op != "trunc" && op != "round";
      if (floating && !isFloatingType(a.dtype)) r.dtype = ScalarType::Float;
    } else if (family < 55) {
      const Val b = secondOperand(a);
      const std::string op = g.pick(std::vector<std::string>{"add", "sub", "mul", "div"});
      r.dtype = resultDtype(a, b);
      if (op == "div" && !isFloatingType(r.dtype)) r.dtype = ScalarType::Float;
      if (op == "add" || op == "sub") {
        std::string alpha;
        const double u = g.uniform(0, 1);
        std::vector<Val> numScalars;
        for (const Val& s : scalars)
          if (s.dtype != ScalarType::Bool) numScalars.push_back(s);
        if (u < 0.6) alpha = constant("int", "[value=1]");
        else if (u < 0.75) alpha = constant("int", "[value=" + std::string(g.chance(0.5) ? "2" : "-1") + "]");
        else if (u < 0.85 || numScalars.empty()) alpha = constant("float", "[value=0.5]");
        else alpha = g.pick(numScalars).name;
        call = "aten::" + op + "(" + a.name + ", " + b.name + ", " + alpha + ")";
      } else {
        call = "aten::" + op + "(" + a.name + ", " + b.name + ")";
      }
    } else if (family < 62) {
      const Val b = secondOperand(a);
      const std::string op = g.pick(std::vector<std::string>{"__and__", "__or__", "__xor__"});
      r.dtype = resultDtype(a, b);
      call = "aten::" + op + "(" + a.name + ", " + b.name + ")";
    } else if (family < 75) {
      const Val b = secondOperand(a);
      call = "aten::" + g.pick(std::vector<std::string>{"eq", "ne", "lt", "le", "gt", "ge"}) + "(" + a.name + ", " + b.name + ")";
      r.dtype = ScalarType::Bool;
    } else if (family < 83) {
      std::vector<Val> conds;
      for (const Val& t : tensors)
        if (t.dtype == ScalarType::Bool) conds.push_back(t);
      if (conds.empty()) {
        const Val b = secondOperand(a);
        call = "aten::gt(" + a.name + ", " + b.name + ")";
        r.dtype = ScalarType::Bool;
      } else {
        const Val b = g.chance(0.8) ? tensorOperand() : numberConstant(a.dtype);
        call = "aten::where(" + g.pick(conds).name + ", " + a.name + ", " + b.name + ")";
        r.dtype = resultDtype(a, b);
      }
    } else if (family < 89) {
      auto bound = [&]() {
        if (g.chance(0.3)) return constant("NoneType", "");
        return g.chance(0.5) ? constant("float", "[value=" + floatLiteral(g.uniform(-3, 3)) + "]")
                             : constant("int", "[value=" + std::to_string(static_cast<int64_t>(g.below(7)) - 3) + "]");
      };
      call = "aten::clamp(" + a.name + ", " + bound() + ", " + bound() + ")";
    } else if (family < 97) {
      static const std::vector<std::pair<int, ScalarType>> codes = {
          {0, ScalarType::UInt8}, {1, ScalarType::Int8},     {2, ScalarType::Int16}, {3, ScalarType::Int32},
          {4, ScalarType::Int64}, {5, ScalarType::Half},     {6, ScalarType::Float}, {7, ScalarType::Double},
          {11, ScalarType::Bool}, {15, ScalarType::BFloat16}};
      const auto& [code, dt] = g.pick(codes);
      const std::string f = constant("bool", "[value=0]");
      call = "aten::to(" + a.name + ", " + constant("int", "[value=" + std::to_string(code) + "]") + ", " + f + ", " + f +
             ", " + constant("NoneType", "") + ")";
      r.dtype = dt;
    } else {
      const Val& b = tensorOperand();
      call = "aten::type_as(" + a.name + ", " + b.name + ")";
      r.dtype = b.dtype;
    }
    body << "  " << out << " : Tensor = " << call << "\n";
    vals.push_back(r);
    tensors.push_back(r);
  }
  // Sometimes a reduction over the last dims ends the group (sum / mean of the last node).
  std::string last = "%v" + std::to_string(nNodes - 1);
  if (rank > 0 && g.chance(0.2)) {
    const std::string dims = g.chance(0.5) ? "[-1]" : (rank >= 2 ? "[-2, -1]" : "[0]");
    const std::string op = g.chance(0.7) ? "sum" : "mean";
    const std::string d = constant("int[]", "[value=" + dims + "]");
    const std::string keep = constant("bool", std::string("[value=") + (g.chance(0.5) ? "1" : "0") + "]");
    const std::string none = constant("NoneType", "");
    body << "  %red : Tensor = aten::" << op << "(" << last << ", " << d << ", " << keep << ", " << none << ")\n";
    last = "%red";
    c.features.push_back("reduction");
  }
  std::string ret = last;
  if (nNodes > 1 && g.chance(0.3)) ret += ", %v" + std::to_string(g.below(nNodes - 1));
  const std::string text = "graph(" + head.str() + "):\n" + body.str() + "  return (" + ret + ")\n";
  c.graph = parseIR(text);
  std::sort(c.features.begin(), c.features.end());
  c.features.erase(std::unique(c.features.begin(), c.features.end()), c.features.end());
  return c;
}

}  // namespace tsjit::fuzz
