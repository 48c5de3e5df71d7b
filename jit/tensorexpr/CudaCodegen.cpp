// CudaCodegen.cpp — loop IR -> CUDA C (see CudaCodegen.h). Each nest becomes one __global__
// function whose perfectly nested loops are flattened into one grid-stride loop over their
// iterations (the lowering's nests are perfectly nested: every loop body but the innermost is one
// loop). Semantics follow Eval.h: casts through the helpers of kPrelude (PyTorch's conversion
// rules, half / bfloat16 by PTX cvt and bit operations: no CUDA headers needed), integer
// arithmetic on unsigned 64-bit (wrapping), float transcendentals computed in double and rounded
// once (within the op table's bounds), NVRTC run with --fmad=false so no multiply-add contracts.
#include "jit/tensorexpr/CudaCodegen.h"

#include <cmath>
#include <cstring>
#include <sstream>

#include "jit/support/Error.h"
#include "jit/support/Logging.h"

namespace tsjit::tensorexpr {

namespace {

const char* kPrelude = R"CU(
typedef long long i64;
typedef unsigned long long u64;
__device__ __forceinline__ float tsjit_h2f(unsigned short h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ unsigned short tsjit_f2h(float f) { unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
__device__ __forceinline__ float tsjit_bf2f(unsigned short b) { return __int_as_float(((unsigned int)b) << 16); }
__device__ __forceinline__ unsigned short tsjit_f2bf(float f) {
  unsigned int u = (unsigned int)__float_as_int(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return (unsigned short)((u >> 16) | 0x40u);
  u += 0x7FFFu + ((u >> 16) & 1u);
  return (unsigned short)(u >> 16);
}
__device__ __forceinline__ i64 tsjit_d2i64(double d) {
  return (d >= -9223372036854775808.0 && d < 9223372036854775808.0) ? (i64)d : (i64)0x8000000000000000ULL;
}
__device__ __forceinline__ int tsjit_d2i32(double d) {
  return (d >= -2147483648.0 && d < 2147483648.0) ? (int)d : (int)0x80000000u;
}
__device__ __forceinline__ float tsjit_fmaxnan(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : (a > b ? a : b); }
__device__ __forceinline__ float tsjit_fminnan(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : (a < b ? a : b); }
__device__ __forceinline__ double tsjit_dmaxnan(double a, double b) { return (a != a || b != b) ? __longlong_as_double(0x7ff8000000000000LL) : (a > b ? a : b); }
__device__ __forceinline__ double tsjit_dminnan(double a, double b) { return (a != a || b != b) ? __longlong_as_double(0x7ff8000000000000LL) : (a < b ? a : b); }
__device__ __forceinline__ i64 tsjit_idiv(i64 a, i64 b) { return b == -1 ? (i64)(0ULL - (u64)a) : a / b; }
__device__ __forceinline__ i64 tsjit_imod(i64 a, i64 b) { return b == -1 ? 0 : a % b; }
)CU";

std::string cType(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return "bool";
    case ScalarType::UInt8: return "unsigned char";
    case ScalarType::Int8: return "signed char";
    case ScalarType::Int16: return "short";
    case ScalarType::Int32: return "int";
    case ScalarType::Int64: return "i64";
    case ScalarType::Half:
    case ScalarType::BFloat16: return "unsigned short";
    case ScalarType::Float: return "float";
    case ScalarType::Double: return "double";
    default: TSJIT_CHECK(false, "no CUDA type for ", t);
  }
  return "";
}
std::string memType(ScalarType t) { return t == ScalarType::Bool ? "unsigned char" : cType(t); }

std::string floatLit(double v, bool f32) {
  if (std::isnan(v)) return f32 ? "__int_as_float(0x7fc00000)" : "__longlong_as_double(0x7ff8000000000000LL)";
  if (std::isinf(v))
    return std::string(v < 0 ? "(-" : "(") + (f32 ? "__int_as_float(0x7f800000))" : "__longlong_as_double(0x7ff0000000000000LL))");
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return std::string(buf) + (f32 ? "f" : "");
}

class Printer {
 public:
  std::string expr(const ExprPtr& e);
  void stmt(const StmtPtr& s, std::ostream& os, int indent);

 private:
  std::string castExpr(const std::string& x, ScalarType from, ScalarType to);
  std::string toFloatOf(const std::string& x, ScalarType from);  // floating storage -> float
};

std::string Printer::toFloatOf(const std::string& x, ScalarType from) {
  switch (from) {
    case ScalarType::Half: return "tsjit_h2f(" + x + ")";
    case ScalarType::BFloat16: return "tsjit_bf2f(" + x + ")";
    case ScalarType::Float: return x;
    case ScalarType::Double: return "((float)" + x + ")";
    default: return "((float)(i64)" + x + ")";
  }
}

std::string Printer::castExpr(const std::string& x, ScalarType from, ScalarType to) {
  if (from == to) return x;
  const bool fromFloat = isFloatingType(from);
  if (to == ScalarType::Bool) {
    if (fromFloat) return "(" + (from == ScalarType::Double ? x : toFloatOf(x, from)) + " != 0)";
    return "(" + x + " != 0)";
  }
  auto widenInt = [&](const std::string& v) {
    return from == ScalarType::UInt8 || from == ScalarType::Bool ? "((i64)(unsigned)" + v + ")" : "((i64)" + v + ")";
  };
  if (to == ScalarType::Double) return fromFloat ? (from == ScalarType::Double ? x : "((double)" + toFloatOf(x, from) + ")")
                                                 : "((double)" + widenInt(x) + ")";
  std::string asFloat = fromFloat ? toFloatOf(x, from) : "((float)" + widenInt(x) + ")";
  if (to == ScalarType::Float) return asFloat;
  if (to == ScalarType::Half) return "tsjit_f2h(" + asFloat + ")";
  if (to == ScalarType::BFloat16) return "tsjit_f2bf(" + asFloat + ")";
  // integers
  if (fromFloat) {
    const std::string d = from == ScalarType::Double ? x : "((double)" + toFloatOf(x, from) + ")";
    if (to == ScalarType::Int64) return "tsjit_d2i64(" + d + ")";
    return "((" + cType(to) + ")tsjit_d2i32(" + d + "))";
  }
  return "((" + cType(to) + ")" + widenInt(x) + ")";
}

std::string Printer::expr(const ExprPtr& e) {
  const auto& o = e->operands;
  switch (e->kind) {
    case ExprKind::IntImm:
      if (e->dtype == ScalarType::Bool) return e->intValue ? "true" : "false";
      return e->intValue == INT64_MIN ? "((i64)0x8000000000000000ULL)" : "(" + std::to_string(e->intValue) + "LL)";
    case ExprKind::FloatImm: return floatLit(e->floatValue, e->dtype == ScalarType::Float);
    case ExprKind::Var: return e->name;
    case ExprKind::Load: {
      std::string l = e->buffer->name + "[" + expr(o[0]) + "]";
      return e->dtype == ScalarType::Bool ? "(" + l + " != 0)" : l;
    }
    case ExprKind::Binary: {
      const auto op = static_cast<BinOp>(e->op);
      const std::string a = expr(o[0]), b = expr(o[1]);
      if (isFloatingType(e->dtype)) {
        const bool f = e->dtype == ScalarType::Float;
        switch (op) {
          case BinOp::Max: return (f ? "tsjit_fmaxnan(" : "tsjit_dmaxnan(") + a + ", " + b + ")";
          case BinOp::Min: return (f ? "tsjit_fminnan(" : "tsjit_dminnan(") + a + ", " + b + ")";
          case BinOp::Mod: return (f ? "fmodf(" : "fmod(") + a + ", " + b + ")";
          // IEEE division through the intrinsic, not `/`: NVVM (CUDA 13.0) treats `0.0 / 0.0` of
          // constant-folded operands as never NaN, so `q >= q` and `q != q` after it folded to the
          // wrong constant (the GPU campaign's seed 1 case 152; conformance/fuser/fuser_cuda_test).
          case BinOp::Div:
            if (f || e->dtype == ScalarType::Double) return (f ? "__fdiv_rn(" : "__ddiv_rn(") + a + ", " + b + ")";
            return "(" + a + " / " + b + ")";
          default: return "(" + a + " " + toString(op) + " " + b + ")";
        }
      }
      if (e->dtype == ScalarType::Bool) {
        const char* c = op == BinOp::And || op == BinOp::Mul ? "&&" : op == BinOp::Xor || op == BinOp::Sub ? "!=" : "||";
        if (op == BinOp::Max) c = "||";
        if (op == BinOp::Min) c = "&&";
        return "(" + a + " " + c + " " + b + ")";
      }
      switch (op) {
        case BinOp::Add:
        case BinOp::Sub:
        case BinOp::Mul: return "((i64)((u64)" + a + " " + toString(op) + " (u64)" + b + "))";
        case BinOp::Div: return "tsjit_idiv(" + a + ", " + b + ")";
        case BinOp::Mod: return "tsjit_imod(" + a + ", " + b + ")";
        case BinOp::Max: return "max(" + a + ", " + b + ")";
        case BinOp::Min: return "min(" + a + ", " + b + ")";
        default: return "(" + a + " " + toString(op) + " " + b + ")";
      }
    }
    case ExprKind::Compare: return "(" + expr(o[0]) + " " + toString(static_cast<CmpOp>(e->op)) + " " + expr(o[1]) + ")";
    case ExprKind::Cast: return castExpr(expr(o[0]), o[0]->dtype, e->dtype);
    case ExprKind::Select: return "(" + expr(o[0]) + " ? " + expr(o[1]) + " : " + expr(o[2]) + ")";
    case ExprKind::Intrinsic: {
      const auto op = static_cast<Intrinsic>(e->op);
      const ScalarType t = o[0]->dtype;
      const std::string x = expr(o[0]);
      if (t == ScalarType::Int64) {
        if (op == Intrinsic::Neg) return "((i64)(0ULL - (u64)" + x + "))";
        return "(" + x + " < 0 ? (i64)(0ULL - (u64)" + x + ") : " + x + ")";
      }
      const bool f = t == ScalarType::Float;
      auto viaDouble = [&](const std::string& fn) {
        return f ? "((float)" + fn + "((double)" + x + "))" : fn + "(" + x + ")";
      };
      switch (op) {
        case Intrinsic::Exp: return viaDouble("exp");
        case Intrinsic::Log: return viaDouble("log");
        case Intrinsic::Tanh: return viaDouble("tanh");
        case Intrinsic::Sigmoid:
          return f ? "((float)__ddiv_rn(1.0, 1.0 + exp(-(double)" + x + ")))" : "__ddiv_rn(1.0, 1.0 + exp(-" + x + "))";
        case Intrinsic::Sqrt: return (f ? "sqrtf(" : "sqrt(") + x + ")";
        case Intrinsic::Rsqrt: return f ? "__fdiv_rn(1.0f, sqrtf(" + x + "))" : "__ddiv_rn(1.0, sqrt(" + x + "))";
        case Intrinsic::Abs: return (f ? "fabsf(" : "fabs(") + x + ")";
        case Intrinsic::Neg: return "(-" + x + ")";
        case Intrinsic::Floor: return (f ? "floorf(" : "floor(") + x + ")";
        case Intrinsic::Ceil: return (f ? "ceilf(" : "ceil(") + x + ")";
        case Intrinsic::Trunc: return (f ? "truncf(" : "trunc(") + x + ")";
        case Intrinsic::Round: return (f ? "rintf(" : "rint(") + x + ")";
        case Intrinsic::Sin: return viaDouble("sin");
        case Intrinsic::Cos: return viaDouble("cos");
        case Intrinsic::Log2: return viaDouble("log2");
        case Intrinsic::Log10: return viaDouble("log10");
        case Intrinsic::Log1p: return viaDouble("log1p");
        case Intrinsic::Expm1: return viaDouble("expm1");
        case Intrinsic::Erf: return viaDouble("erf");
        case Intrinsic::IsNan: return "(" + x + " != " + x + ")";
        case Intrinsic::Pow: return (f ? "powf(" : "pow(") + x + ", " + expr(o[1]) + ")";
        case Intrinsic::Fma: return (f ? "fmaf(" : "fma(") + x + ", " + expr(o[1]) + ", " + expr(o[2]) + ")";
      }
      return "";
    }
  }
  return "";
}

void Printer::stmt(const StmtPtr& s, std::ostream& os, int indent) {
  const std::string pad(indent * 2, ' ');
  switch (s->kind) {
    case StmtKind::Block:
      for (const auto& c : s->body) stmt(c, os, indent);
      return;
    case StmtKind::Store: {
      std::string v = expr(s->value);
      if (s->buffer->dtype == ScalarType::Bool) v = "(unsigned char)" + v;
      os << pad << s->buffer->name << "[" << expr(s->index) << "] = " << v << ";\n";
      return;
    }
    case StmtKind::Let: os << pad << cType(s->var->dtype) << " " << s->var->name << " = " << expr(s->value) << ";\n"; return;
    // (a Let of a reduction's accumulator precedes its loop; Assign updates it)
    case StmtKind::Assign: os << pad << s->var->name << " = " << expr(s->value) << ";\n"; return;
    case StmtKind::For:  // loops inside a thread's element (reductions)
      os << pad << "for (i64 " << s->var->name << " = " << expr(s->start) << "; " << s->var->name << " < " << expr(s->stop)
         << "; ++" << s->var->name << ") {\n";
      for (const auto& c : s->body) stmt(c, os, indent + 1);
      os << pad << "}\n";
      return;
  }
}

}  // namespace

std::string cudaSource(const LoopKernel& k) {
  std::ostringstream os;
  os << "// generated by tsjit (jit/tensorexpr/CudaCodegen.cpp) from the loop IR:\n";
  std::istringstream ir(toString(k));
  for (std::string line; std::getline(ir, line);) os << "//   " << line << "\n";
  os << kPrelude;
  Printer p;
  for (size_t n = 0; n < k.body->body.size(); ++n) {
    os << "extern \"C\" __global__ void " << k.name << "_nest" << n << "(";
    for (size_t i = 0; i < k.params.size(); ++i) {
      const KernelParam& prm = k.params[i];
      if (prm.buffer)
        os << (prm.buffer->isOutput ? "" : "const ") << memType(prm.buffer->dtype) << "* __restrict__ " << prm.buffer->name;
      else if (prm.scalar->dtype == ScalarType::Bool)
        os << "int " << prm.scalar->name << "_bits";
      else
        os << cType(prm.scalar->dtype) << " " << prm.scalar->name;
      os << ", ";
    }
    os << "i64 tsjit_total) {\n";
    for (const KernelParam& prm : k.params)
      if (prm.scalar && prm.scalar->dtype == ScalarType::Bool)
        os << "  const bool " << prm.scalar->name << " = " << prm.scalar->name << "_bits != 0;\n";
    // The loop nest, flattened.
    std::vector<const StmtNode*> loops;
    const StmtNode* inner = k.body->body[n].get();
    while (inner->kind == StmtKind::For) {
      loops.push_back(inner);
      if (inner->body.size() == 1 && inner->body[0]->kind == StmtKind::For) {
        inner = inner->body[0].get();
      } else {
        break;
      }
    }
    os << "  for (i64 tsjit_flat = (i64)blockIdx.x * blockDim.x + threadIdx.x; tsjit_flat < tsjit_total;"
          " tsjit_flat += (i64)gridDim.x * blockDim.x) {\n";
    os << "    i64 tsjit_rest = tsjit_flat;\n";
    for (size_t d = loops.size(); d-- > 0;) {
      const std::string trip = p.expr(loops[d]->stop);
      if (d == 0) {  // the outermost index is what is left (flat < total): no division
        os << "    const i64 " << loops[d]->var->name << " = tsjit_rest;\n";
        continue;
      }
      os << "    const i64 " << loops[d]->var->name << " = tsjit_rest % " << trip << "; tsjit_rest /= " << trip << ";\n";
    }
    os << "    (void)tsjit_rest;\n";
    const auto& body = loops.empty() ? k.body->body[n]->body : loops.back()->body;
    for (const auto& s : body) p.stmt(s, os, 2);
    os << "  }\n}\n";
  }
  const std::string src = os.str();
  GRAPH_DUMP("CUDA C of ", k.name, ":\n", src);
  return src;
}

}  // namespace tsjit::tensorexpr
