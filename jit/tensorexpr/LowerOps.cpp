// LowerOps.cpp — one lowering per fusible op kind (see LowerOps.h for the contract).
//
// Dtype rules (PyTorch 1.13, as jit/kernels computes them): binary ops, comparisons and where take
// torch.result_type of their operands (tensor / 0-dim / wrapped-number tiers); true division and
// the floating unary ops (exp, log, sigmoid...) give Float for integer and bool inputs; every
// operand is first converted to the op's dtype (a Python number 0.1 becomes Half(0.1) for a Half
// op), then widened to the compute type (Float for Half / BFloat16, Int64 for integers).
// add / sub with alpha != 1 are one rounding of x + alpha * y (Float: in double; others: fma).
// Conditions the unfused kernels reject (sub of bools, float alpha with integers, Half clamp, a
// dtype outside the op's KernelDtypes entry) are Unsupported, so the fallback raises the error.
#include <cmath>
#include <functional>
#include <limits>
#include <unordered_map>

#include "jit/ops/KernelDtypes.h"
#include "jit/tensorexpr/LowerOps.h"

namespace tsjit::tensorexpr {

namespace {

[[noreturn]] void unsupported(const Node* n, const std::string& why) {
  throw Unsupported(n->kind().toQualString() + ": " + why);
}

// e (in computeType(dt)) rounded to dt and widened back.
ExprPtr roundTo(ScalarType dt, const ExprPtr& e) {
  if (computeType(dt) == dt) return e;
  return cast(computeType(dt), cast(dt, e));
}

Operand result(ScalarType dt, ExprPtr e, bool zeroDim) {
  Operand r;
  r.expr = roundTo(dt, e);
  r.dtype = dt;
  r.kind = zeroDim ? OperandKind::ZeroDimTensor : OperandKind::Tensor;
  return r;
}

ExprPtr conv(const Operand& o, ScalarType to) { return convertTo(to, o.expr, o.dtype); }

const Operand& valueArg(const Node* n, const std::vector<Operand>& ins, size_t i) {
  if (i >= ins.size() || ins[i].what != Operand::What::Value) unsupported(n, "argument " + std::to_string(i) + " is not a value");
  return ins[i];
}

void checkKernelDtype(const Node* n, ScalarType dt) {
  if (const ops::KernelDtypes* k = ops::kernelDtypes(n->kind().toQualString()))
    if (!k->accepts(dt)) unsupported(n, str("the kernel does not accept ", dt));
}

ExprPtr imm(double v, ScalarType compute) {
  if (compute == ScalarType::Float || compute == ScalarType::Double) return floatImm(v, compute);
  return intImm(static_cast<int64_t>(v), compute);
}

using LowerFn = std::function<Operand(const Node*, const std::vector<Operand>&, bool)>;

// exp, log, sigmoid...: integer / bool inputs compute in Float.
// A unary lowering covers the one-argument overload only (aten::round.decimals, the `out=` forms
// and other overloads with more arguments are left to the interpreter).
void requireOneInput(const Node* n) {
  if (n->numInputs() != 1) unsupported(n, "an overload with more than one argument");
}

LowerFn floatingUnary(std::function<ExprPtr(ExprPtr)> f) {
  return [f](const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
    requireOneInput(n);
    const Operand& x = valueArg(n, ins, 0);
    if (!x.isTensor) unsupported(n, "scalar self");
    checkKernelDtype(n, x.dtype);
    const ScalarType dt = isFloatingType(x.dtype) ? x.dtype : ScalarType::Float;
    return result(dt, f(conv(x, dt)), zeroDim);
  };
}

LowerFn intrinsicUnary(Intrinsic op) {
  return floatingUnary([op](ExprPtr x) { return intrinsic(op, {x}); });
}

// Ops keeping self's dtype; `f` gets the compute-type value and the dtype.
LowerFn sameDtypeUnary(std::function<ExprPtr(ExprPtr, ScalarType)> f, bool allowBool) {
  return [f, allowBool](const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
    requireOneInput(n);
    const Operand& x = valueArg(n, ins, 0);
    if (!x.isTensor) unsupported(n, "scalar self");
    if (!allowBool && x.dtype == ScalarType::Bool) unsupported(n, "bool self");
    checkKernelDtype(n, x.dtype);
    return result(x.dtype, f(x.expr, x.dtype), zeroDim);
  };
}

ScalarType promoted(const std::vector<const Operand*>& ops) {
  ResultTypeState st;
  for (const Operand* o : ops) st.add(o->promotion());
  return st.result();
}

Operand addWithAlpha(const Node* n, ScalarType dt, ExprPtr x, ExprPtr y, const Operand& alpha, bool subtract, bool zeroDim);

// add / sub (Tensor and Scalar overloads, alpha).
LowerFn addSub(bool subtract) {
  return [subtract](const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
    const Operand& a = valueArg(n, ins, 0);
    const Operand& b = valueArg(n, ins, 1);
    if (!a.isTensor) unsupported(n, "scalar self");
    const ScalarType dt = promoted({&a, &b});
    if (subtract && (a.dtype == ScalarType::Bool || b.dtype == ScalarType::Bool)) unsupported(n, "bool subtraction");
    // alpha: a constant decides at compile time whether it is 1; a runtime alpha selects.
    const Operand* al = ins.size() > 2 ? &valueArg(n, ins, 2) : nullptr;
    const ScalarType alphaType = al ? al->dtype : ScalarType::Int64;
    if (al && al->isTensor) unsupported(n, "tensor alpha");
    if (alphaType == ScalarType::Bool && dt != ScalarType::Bool) unsupported(n, "bool alpha");
    if (alphaType == ScalarType::Double && !isFloatingType(dt)) unsupported(n, "float alpha with integers");
    ExprPtr x = conv(a, dt), y = conv(b, dt);
    ExprPtr plain = dt == ScalarType::Bool ? binary(BinOp::Or, x, y) : binary(subtract ? BinOp::Sub : BinOp::Add, x, y);
    if (!al || (al->constant && *al->constant == 1.0)) return result(dt, plain, zeroDim);
    if (dt == ScalarType::Bool) unsupported(n, "bool add with alpha");
    ExprPtr unit = compare(CmpOp::EQ, al->expr, alphaType == ScalarType::Double ? floatImm(1.0, ScalarType::Double) : intImm(1));
    Operand withAlpha = addWithAlpha(n, dt, x, y, *al, subtract, zeroDim);
    if (al->constant) return withAlpha;
    return result(dt, select(unit, plain, withAlpha.expr), zeroDim);
  };
}

// x + alpha * y rounded once in dt (x, y already in computeType(dt)).
Operand addWithAlpha(const Node* n, ScalarType dt, ExprPtr x, ExprPtr y, const Operand& alpha, bool subtract, bool zeroDim) {
  const ScalarType c = computeType(dt);
  {
    ExprPtr al = conv(alpha, dt);
    if (subtract) al = intrinsic(Intrinsic::Neg, {al});
    if (dt == ScalarType::Float) {
      ExprPtr sum = binary(BinOp::Add, cast(ScalarType::Double, x),
                           binary(BinOp::Mul, cast(ScalarType::Double, al), cast(ScalarType::Double, y)));
      return result(dt, cast(ScalarType::Float, sum), zeroDim);
    }
    if (c == ScalarType::Float || c == ScalarType::Double) return result(dt, intrinsic(Intrinsic::Fma, {al, y, x}), zeroDim);
    return result(dt, binary(BinOp::Add, x, binary(BinOp::Mul, al, y)), zeroDim);
  }
}

Operand mul(const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
  const Operand& a = valueArg(n, ins, 0);
  const Operand& b = valueArg(n, ins, 1);
  if (!a.isTensor) unsupported(n, "scalar self");
  const ScalarType dt = promoted({&a, &b});
  return result(dt, binary(dt == ScalarType::Bool ? BinOp::And : BinOp::Mul, conv(a, dt), conv(b, dt)), zeroDim);
}

Operand trueDiv(const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
  const Operand& a = valueArg(n, ins, 0);
  const Operand& b = valueArg(n, ins, 1);
  if (!a.isTensor) unsupported(n, "scalar self");
  if (ins.size() > 2 && ins[2].what != Operand::What::None) unsupported(n, "rounding_mode");
  ScalarType dt = promoted({&a, &b});
  if (!isFloatingType(dt)) dt = ScalarType::Float;
  return result(dt, binary(BinOp::Div, conv(a, dt), conv(b, dt)), zeroDim);
}

LowerFn bitwise(BinOp op) {
  return [op](const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
    const Operand& a = valueArg(n, ins, 0);
    const Operand& b = valueArg(n, ins, 1);
    if (!a.isTensor) unsupported(n, "scalar self");
    const ScalarType dt = promoted({&a, &b});
    if (isFloatingType(dt)) unsupported(n, "floating operands");
    return result(dt, binary(op, conv(a, dt), conv(b, dt)), zeroDim);
  };
}

LowerFn comparison(CmpOp op) {
  return [op](const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
    const Operand& a = valueArg(n, ins, 0);
    const Operand& b = valueArg(n, ins, 1);
    if (!a.isTensor) unsupported(n, "scalar self");
    const ScalarType common = promoted({&a, &b});
    return result(ScalarType::Bool, compare(op, conv(a, common), conv(b, common)), zeroDim);
  };
}

Operand where(const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
  const Operand& c = valueArg(n, ins, 0);
  const Operand& a = valueArg(n, ins, 1);
  const Operand& b = valueArg(n, ins, 2);
  if (!c.isTensor || c.dtype != ScalarType::Bool) unsupported(n, "condition is not a bool tensor");
  const ScalarType dt = promoted({&a, &b});
  return result(dt, select(c.expr, conv(a, dt), conv(b, dt)), zeroDim);
}

// clamp(self, min?, max?) with Scalar bounds (clamp_min / clamp_max: one bound).
LowerFn clampScalar(int which /* 0 both, 1 min, 2 max */) {
  return [which](const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
    const Operand& x = valueArg(n, ins, 0);
    if (!x.isTensor) unsupported(n, "scalar self");
    const Operand* lo = nullptr;
    const Operand* hi = nullptr;
    if (which == 0) {
      if (ins.size() < 3) unsupported(n, "arity");
      if (ins[1].what == Operand::What::Value) lo = &ins[1];
      if (ins[2].what == Operand::What::Value) hi = &ins[2];
    } else {
      (which == 1 ? lo : hi) = &valueArg(n, ins, 1);
    }
    if ((lo && lo->isTensor) || (hi && hi->isTensor)) unsupported(n, "tensor bounds");
    if (!lo && !hi) unsupported(n, "no bound");
    ScalarType dt = x.dtype;
    if (!isFloatingType(dt)) {
      std::vector<const Operand*> all{&x};
      if (lo) all.push_back(lo);
      if (hi) all.push_back(hi);
      dt = promoted(all);
    }
    const ScalarType c = computeType(dt);
    // A NaN bound makes the result NaN (PyTorch 1.13 fills before dispatching).
    ExprPtr anyNan = boolImm(false);
    for (const Operand* bnd : {lo, hi})
      if (bnd && bnd->dtype == ScalarType::Double) {
        ExprPtr isNan = intrinsic(Intrinsic::IsNan, {bnd->expr});
        anyNan = anyNan->isIntImm(0) ? isNan : binary(BinOp::Or, anyNan, isNan);
      }
    if (dt == ScalarType::Bool || dt == ScalarType::Half) {
      if (!(lo && lo->constant && std::isnan(*lo->constant)) && !(hi && hi->constant && std::isnan(*hi->constant)))
        unsupported(n, "no clamp kernel for Bool / Half");
    }
    ExprPtr r = conv(x, dt);
    if (lo) {
      ExprPtr l = conv(*lo, dt);
      r = select(compare(CmpOp::LT, r, l), l, r);
    }
    if (hi) {
      ExprPtr h = conv(*hi, dt);
      r = select(compare(CmpOp::LT, h, r), h, r);
    }
    if (!anyNan->isIntImm(0)) {
      if (c != ScalarType::Float && c != ScalarType::Double) unsupported(n, "NaN bound of an integer clamp");
      r = select(anyNan, floatImm(std::numeric_limits<double>::quiet_NaN(), c), r);
    }
    return result(dt, r, zeroDim);
  };
}

Operand toDtype(const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
  const Operand& x = valueArg(n, ins, 0);
  if (!x.isTensor) unsupported(n, "scalar self");
  if (ins.size() < 2) unsupported(n, "arity");
  ScalarType dt = x.dtype;
  if (ins[1].what == Operand::What::DtypeConstant || (ins[1].what == Operand::What::Value && ins[1].intConstant &&
                                                       ins[1].dtype == ScalarType::Int64)) {
    auto parsed = fromTorchCode(*ins[1].intConstant);
    if (!parsed) unsupported(n, "unknown dtype code");
    dt = *parsed;
  } else if (ins[1].what != Operand::What::None) {
    unsupported(n, "the dtype argument is not a constant (device or tensor overloads)");
  }
  for (size_t i = 2; i < ins.size(); ++i)
    if (ins[i].what == Operand::What::Value && !ins[i].constant) unsupported(n, "runtime flags");
  return result(dt, conv(x, dt), zeroDim);
}

Operand typeAs(const Node* n, const std::vector<Operand>& ins, bool zeroDim) {
  const Operand& x = valueArg(n, ins, 0);
  const Operand& other = valueArg(n, ins, 1);
  if (!x.isTensor || !other.isTensor) unsupported(n, "scalar operand");
  return result(other.dtype, conv(x, other.dtype), zeroDim);
}

const std::unordered_map<std::string, LowerFn>& table() {
  static const std::unordered_map<std::string, LowerFn> t = [] {
    std::unordered_map<std::string, LowerFn> m;
    m["aten::exp"] = intrinsicUnary(Intrinsic::Exp);
    m["aten::log"] = intrinsicUnary(Intrinsic::Log);
    m["aten::tanh"] = intrinsicUnary(Intrinsic::Tanh);
    m["aten::sigmoid"] = intrinsicUnary(Intrinsic::Sigmoid);
    m["aten::sqrt"] = intrinsicUnary(Intrinsic::Sqrt);
    m["aten::rsqrt"] = intrinsicUnary(Intrinsic::Rsqrt);
    m["aten::sin"] = intrinsicUnary(Intrinsic::Sin);
    m["aten::cos"] = intrinsicUnary(Intrinsic::Cos);
    m["aten::log2"] = intrinsicUnary(Intrinsic::Log2);
    m["aten::log10"] = intrinsicUnary(Intrinsic::Log10);
    m["aten::log1p"] = intrinsicUnary(Intrinsic::Log1p);
    m["aten::expm1"] = intrinsicUnary(Intrinsic::Expm1);
    m["aten::erf"] = intrinsicUnary(Intrinsic::Erf);
    m["aten::reciprocal"] = floatingUnary([](ExprPtr x) { return binary(BinOp::Div, imm(1, x->dtype), x); });
    m["aten::neg"] = sameDtypeUnary([](ExprPtr x, ScalarType) { return intrinsic(Intrinsic::Neg, {x}); }, false);
    m["aten::abs"] = sameDtypeUnary([](ExprPtr x, ScalarType) { return intrinsic(Intrinsic::Abs, {x}); }, false);
    m["aten::relu"] = sameDtypeUnary(
        [](ExprPtr x, ScalarType) {
          ExprPtr zero = imm(0, x->dtype);
          return select(compare(CmpOp::LT, x, zero), zero, x);
        },
        false);
    for (auto [name, op] : {std::pair{"aten::floor", Intrinsic::Floor}, std::pair{"aten::ceil", Intrinsic::Ceil},
                            std::pair{"aten::trunc", Intrinsic::Trunc}, std::pair{"aten::round", Intrinsic::Round}}) {
      m[name] = sameDtypeUnary(
          [op](ExprPtr x, ScalarType) { return x->dtype == ScalarType::Float || x->dtype == ScalarType::Double ? intrinsic(op, {x}) : x; },
          false);
    }
    m["aten::add"] = addSub(false);
    m["aten::sub"] = addSub(true);
    m["aten::mul"] = mul;
    m["aten::div"] = trueDiv;
    for (auto [name, op] : {std::pair{"aten::__and__", BinOp::And}, std::pair{"aten::bitwise_and", BinOp::And},
                            std::pair{"aten::__or__", BinOp::Or}, std::pair{"aten::bitwise_or", BinOp::Or},
                            std::pair{"aten::__xor__", BinOp::Xor}, std::pair{"aten::bitwise_xor", BinOp::Xor}})
      m[name] = bitwise(op);
    for (auto [name, op] : {std::pair{"aten::eq", CmpOp::EQ}, std::pair{"aten::ne", CmpOp::NE},
                            std::pair{"aten::lt", CmpOp::LT}, std::pair{"aten::le", CmpOp::LE},
                            std::pair{"aten::gt", CmpOp::GT}, std::pair{"aten::ge", CmpOp::GE}})
      m[name] = comparison(op);
    m["aten::where"] = where;
    m["aten::clamp"] = clampScalar(0);
    m["aten::clamp_min"] = clampScalar(1);
    m["aten::clamp_max"] = clampScalar(2);
    m["aten::to"] = toDtype;
    m["aten::type_as"] = typeAs;
    return m;
  }();
  return t;
}

}  // namespace

ExprPtr convertTo(ScalarType to, const ExprPtr& e, ScalarType from) {
  if (from == to) return e;
  return cast(computeType(to), cast(to, e));
}

Operand lowerNode(const Node* node, const std::vector<Operand>& ins, bool zeroDim) {
  auto it = table().find(node->kind().toQualString());
  if (it == table().end()) unsupported(node, "no lowering");
  return it->second(node, ins, zeroDim);
}

bool hasLowering(Symbol kind) { return table().count(kind.toQualString()) != 0; }

}  // namespace tsjit::tensorexpr
