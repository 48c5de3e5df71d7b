// Eval.cpp — the loop-IR interpreter (see Eval.h). Float arithmetic is done in float, Double in
// double; exp / sigmoid / tanh of Float use jit/kernels/VecMath.h (the unfused kernels' functions),
// the other Float intrinsics the double libm function rounded to float.
#include "jit/tensorexpr/Eval.h"

#include <cmath>
#include <limits>

#include "jit/kernels/VecMath.h"
#include "jit/support/Error.h"
#include "jit/tensor/Dispatch.h"
#include "jit/tensor/ScalarConvert.h"

namespace tsjit::tensorexpr {

namespace {

using Env = std::unordered_map<const ExprNode*, Scalar>;

bool isFloat(ScalarType t) { return isFloatingType(t); }

Scalar fromDouble(double d) { return Scalar{0, d}; }
Scalar fromInt(int64_t i) { return Scalar{i, 0}; }

// Holds v of dtype t in the representation of Eval.h.
Scalar normalize(ScalarType t, Scalar v) {
  if (t == ScalarType::Float) v.d = static_cast<float>(v.d);
  return v;
}

template <typename T>
Scalar fromTyped(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return fromDouble(static_cast<float>(v));
  else if constexpr (std::is_floating_point_v<T>)
    return fromDouble(static_cast<double>(v));
  else if constexpr (std::is_same_v<T, bool>)
    return fromInt(v ? 1 : 0);
  else
    return fromInt(static_cast<int64_t>(v));
}

template <typename T>
T toTyped(Scalar v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return T(static_cast<float>(v.d));  // the value is already of this dtype
  else if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(v.d);
  else if constexpr (std::is_same_v<T, bool>)
    return v.i != 0;
  else
    return static_cast<T>(v.i);
}

Scalar loadElement(ScalarType t, const void* base, int64_t index) {
  return visitScalarType(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return fromTyped<T>(static_cast<const T*>(base)[index]);
  });
}

void storeElement(ScalarType t, void* base, int64_t index, Scalar v) {
  visitScalarType(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    static_cast<T*>(base)[index] = toTyped<T>(v);
  });
}

double floatUnary(Intrinsic op, double x, bool isF32) {
  const float xf = static_cast<float>(x);
  switch (op) {
    case Intrinsic::Exp: return isF32 ? kernels::vecmath::exp(xf) : std::exp(x);
    case Intrinsic::Sigmoid: return isF32 ? kernels::vecmath::sigmoid(xf) : 1.0 / (1.0 + std::exp(-x));
    case Intrinsic::Tanh: return isF32 ? kernels::vecmath::tanh(xf) : std::tanh(x);
    case Intrinsic::Log: return std::log(x);
    case Intrinsic::Sqrt: return std::sqrt(x);
    case Intrinsic::Rsqrt: return isF32 ? 1.0f / std::sqrt(xf) : 1.0 / std::sqrt(x);
    case Intrinsic::Abs: return std::fabs(x);
    case Intrinsic::Neg: return -x;
    case Intrinsic::Floor: return std::floor(x);
    case Intrinsic::Ceil: return std::ceil(x);
    case Intrinsic::Trunc: return std::trunc(x);
    case Intrinsic::Round: return std::nearbyint(x);
    case Intrinsic::Sin: return std::sin(x);
    case Intrinsic::Cos: return std::cos(x);
    case Intrinsic::Log2: return std::log2(x);
    case Intrinsic::Log10: return std::log10(x);
    case Intrinsic::Log1p: return std::log1p(x);
    case Intrinsic::Expm1: return std::expm1(x);
    case Intrinsic::Erf: return std::erf(x);
    default: TSJIT_CHECK(false, "floatUnary of ", toString(op));
  }
  return 0;
}

Scalar evalBinary(BinOp op, ScalarType t, Scalar a, Scalar b) {
  if (isFloat(t)) {
    const bool f32 = t == ScalarType::Float;
    auto r = [&](double x) { return fromDouble(f32 ? static_cast<float>(x) : x); };
    const double x = a.d, y = b.d;
    switch (op) {
      case BinOp::Add: return f32 ? r(static_cast<float>(x) + static_cast<float>(y)) : r(x + y);
      case BinOp::Sub: return f32 ? r(static_cast<float>(x) - static_cast<float>(y)) : r(x - y);
      case BinOp::Mul: return f32 ? r(static_cast<float>(x) * static_cast<float>(y)) : r(x * y);
      case BinOp::Div: return f32 ? r(static_cast<float>(x) / static_cast<float>(y)) : r(x / y);
      case BinOp::Mod: return r(std::fmod(x, y));
      case BinOp::Max: return r(std::isnan(x) || std::isnan(y) ? NAN : (x > y ? x : y));
      case BinOp::Min: return r(std::isnan(x) || std::isnan(y) ? NAN : (x < y ? x : y));
      default: TSJIT_CHECK(false, "bitwise op on floats");
    }
  }
  const uint64_t x = static_cast<uint64_t>(a.i), y = static_cast<uint64_t>(b.i);
  int64_t v = 0;
  switch (op) {
    case BinOp::Add: v = static_cast<int64_t>(x + y); break;
    case BinOp::Sub: v = static_cast<int64_t>(x - y); break;
    case BinOp::Mul: v = static_cast<int64_t>(x * y); break;
    case BinOp::Div:
    case BinOp::Mod:
      TSJIT_CHECK(b.i != 0, "integer division by zero in the loop IR");
      if (a.i == std::numeric_limits<int64_t>::min() && b.i == -1) {
        v = op == BinOp::Div ? a.i : 0;
      } else {
        v = op == BinOp::Div ? a.i / b.i : a.i % b.i;
      }
      break;
    case BinOp::Max: v = std::max(a.i, b.i); break;
    case BinOp::Min: v = std::min(a.i, b.i); break;
    case BinOp::And: v = static_cast<int64_t>(x & y); break;
    case BinOp::Or: v = static_cast<int64_t>(x | y); break;
    case BinOp::Xor: v = static_cast<int64_t>(x ^ y); break;
  }
  if (t == ScalarType::Bool) v = v != 0;
  return fromInt(v);
}

bool evalCompare(CmpOp op, ScalarType t, Scalar a, Scalar b) {
  if (isFloat(t)) {
    const double x = a.d, y = b.d;
    switch (op) {
      case CmpOp::EQ: return x == y;
      case CmpOp::NE: return x != y;
      case CmpOp::LT: return x < y;
      case CmpOp::LE: return x <= y;
      case CmpOp::GT: return x > y;
      case CmpOp::GE: return x >= y;
    }
  }
  switch (op) {
    case CmpOp::EQ: return a.i == b.i;
    case CmpOp::NE: return a.i != b.i;
    case CmpOp::LT: return a.i < b.i;
    case CmpOp::LE: return a.i <= b.i;
    case CmpOp::GT: return a.i > b.i;
    case CmpOp::GE: return a.i >= b.i;
  }
  return false;
}

struct Walker {
  const EvalArgs* args = nullptr;
  std::unordered_map<const Buffer*, void*> data;
  const std::unordered_map<std::string, Scalar>* named = nullptr;
  Env env;

  Scalar expr(const ExprPtr& e) {
    switch (e->kind) {
      case ExprKind::IntImm: return fromInt(e->intValue);
      case ExprKind::FloatImm: return fromDouble(e->floatValue);
      case ExprKind::Var: {
        if (auto it = env.find(e.get()); it != env.end()) return it->second;
        if (named)
          if (auto it = named->find(e->name); it != named->end()) return it->second;
        TSJIT_CHECK(false, "loop IR: unbound variable ", e->name);
      }
      case ExprKind::Load: {
        auto it = data.find(e->buffer.get());
        TSJIT_CHECK(it != data.end(), "loop IR: load of an unknown buffer ", e->buffer->name);
        return loadElement(e->dtype, it->second, expr(e->operands[0]).i);
      }
      case ExprKind::Binary:
        return evalBinary(static_cast<BinOp>(e->op), e->dtype, expr(e->operands[0]), expr(e->operands[1]));
      case ExprKind::Compare:
        return fromInt(evalCompare(static_cast<CmpOp>(e->op), e->operands[0]->dtype, expr(e->operands[0]),
                                   expr(e->operands[1])));
      case ExprKind::Cast:
        return convertScalarValue(expr(e->operands[0]), e->operands[0]->dtype, e->dtype);
      case ExprKind::Select: return expr(e->operands[0]).i ? expr(e->operands[1]) : expr(e->operands[2]);
      case ExprKind::Intrinsic: {
        const auto op = static_cast<Intrinsic>(e->op);
        const ScalarType t = e->operands[0]->dtype;
        const Scalar x = expr(e->operands[0]);
        if (op == Intrinsic::IsNan) return fromInt(std::isnan(x.d));
        if (t == ScalarType::Int64) {
          const uint64_t u = static_cast<uint64_t>(x.i);
          if (op == Intrinsic::Neg) return fromInt(static_cast<int64_t>(0 - u));
          return fromInt(x.i < 0 ? static_cast<int64_t>(0 - u) : x.i);  // Abs
        }
        const bool f32 = t == ScalarType::Float;
        if (op == Intrinsic::Pow) {
          const double y = expr(e->operands[1]).d;
          return normalize(t, fromDouble(f32 ? std::pow(static_cast<float>(x.d), static_cast<float>(y)) : std::pow(x.d, y)));
        }
        if (op == Intrinsic::Fma) {
          const double b = expr(e->operands[1]).d, c = expr(e->operands[2]).d;
          return fromDouble(f32 ? std::fma(static_cast<float>(x.d), static_cast<float>(b), static_cast<float>(c))
                                : std::fma(x.d, b, c));
        }
        return normalize(t, fromDouble(floatUnary(op, x.d, f32)));
      }
    }
    return {};
  }

  void stmt(const StmtPtr& s) {
    switch (s->kind) {
      case StmtKind::Block:
        for (const auto& c : s->body) stmt(c);
        return;
      case StmtKind::For: loop(s, expr(s->start).i, expr(s->stop).i); return;
      case StmtKind::Store: {
        auto it = data.find(s->buffer.get());
        TSJIT_CHECK(it != data.end(), "loop IR: store to an unknown buffer ", s->buffer->name);
        storeElement(s->buffer->dtype, it->second, expr(s->index).i, expr(s->value));
        return;
      }
      case StmtKind::Let:
      case StmtKind::Assign: env[s->var.get()] = expr(s->value); return;
    }
  }

  void loop(const StmtPtr& s, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      env[s->var.get()] = fromInt(i);
      for (const auto& c : s->body) stmt(c);
    }
  }
};

}  // namespace

Scalar convertScalarValue(Scalar v, ScalarType from, ScalarType to) {
  return visitScalarType(from, [&](auto fromTag) {
    using F = typename decltype(fromTag)::type;
    const F x = toTyped<F>(v);
    return visitScalarType(to, [&](auto toTag) {
      using T = typename decltype(toTag)::type;
      return fromTyped<T>(convertScalar<T>(x));
    });
  });
}

Evaluator::Evaluator(const LoopKernel& kernel) : kernel_(kernel) {}

void Evaluator::runNest(const EvalArgs& args, size_t nest, int64_t begin, int64_t end) {
  Walker w;
  w.args = &args;
  for (size_t i = 0; i < kernel_.params.size(); ++i) {
    const KernelParam& p = kernel_.params[i];
    if (p.buffer)
      w.data[p.buffer.get()] = args.data[i];
    else
      w.env[p.scalar.get()] = args.scalars[i];
  }
  const StmtPtr& s = kernel_.body->body.at(nest);
  if (s->kind == StmtKind::For)
    w.loop(s, begin, end);
  else
    w.stmt(s);
}

void Evaluator::run(const EvalArgs& args) {
  for (size_t n = 0; n < kernel_.body->body.size(); ++n) {
    const StmtPtr& s = kernel_.body->body[n];
    if (s->kind == StmtKind::For)
      runNest(args, n, evalExpr(s->start).i, evalExpr(s->stop).i);
    else
      runNest(args, n, 0, 1);
  }
}

Scalar evalExpr(const ExprPtr& e, const std::unordered_map<std::string, Scalar>& env) {
  Walker w;
  w.named = &env;
  return w.expr(e);
}

}  // namespace tsjit::tensorexpr
