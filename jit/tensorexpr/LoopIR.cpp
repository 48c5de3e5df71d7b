// LoopIR.cpp — builders (with their typing checks) and the printer of the loop IR.
#include "jit/tensorexpr/LoopIR.h"

#include <cmath>
#include <sstream>

#include "jit/support/Error.h"

namespace tsjit::tensorexpr {

const char* toString(BinOp op) {
  switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "/";
    case BinOp::Mod: return "%";
    case BinOp::Max: return "max";
    case BinOp::Min: return "min";
    case BinOp::And: return "&";
    case BinOp::Or: return "|";
    case BinOp::Xor: return "^";
  }
  return "?";
}

const char* toString(CmpOp op) {
  switch (op) {
    case CmpOp::EQ: return "==";
    case CmpOp::NE: return "!=";
    case CmpOp::LT: return "<";
    case CmpOp::LE: return "<=";
    case CmpOp::GT: return ">";
    case CmpOp::GE: return ">=";
  }
  return "?";
}

const char* toString(Intrinsic op) {
  static const char* names[] = {"exp",  "log",   "tanh",  "sigmoid", "sqrt",  "rsqrt", "abs",
                                "neg",  "floor", "ceil",  "trunc",   "round", "sin",   "cos",
                                "log2", "log10", "log1p", "expm1",   "erf",   "isnan", "pow",   "fma"};
  return names[static_cast<int>(op)];
}

ScalarType computeType(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return ScalarType::Bool;
    case ScalarType::Half:
    case ScalarType::BFloat16:
    case ScalarType::Float: return ScalarType::Float;
    case ScalarType::Double: return ScalarType::Double;
    default: return ScalarType::Int64;
  }
}

namespace {

bool isComputeType(ScalarType t) { return computeType(t) == t; }

std::shared_ptr<ExprNode> node(ExprKind kind, ScalarType dtype) {
  auto n = std::make_shared<ExprNode>();
  n->kind = kind;
  n->dtype = dtype;
  return n;
}

}  // namespace

ExprPtr intImm(int64_t v, ScalarType dtype) {
  TSJIT_CHECK(dtype == ScalarType::Int64 || dtype == ScalarType::Bool, "intImm of ", dtype);
  auto n = node(ExprKind::IntImm, dtype);
  n->intValue = dtype == ScalarType::Bool ? (v != 0) : v;
  return n;
}

ExprPtr boolImm(bool v) { return intImm(v ? 1 : 0, ScalarType::Bool); }

ExprPtr floatImm(double v, ScalarType dtype) {
  TSJIT_CHECK(dtype == ScalarType::Float || dtype == ScalarType::Double, "floatImm of ", dtype);
  auto n = node(ExprKind::FloatImm, dtype);
  n->floatValue = dtype == ScalarType::Float ? static_cast<double>(static_cast<float>(v)) : v;
  return n;
}

ExprPtr var(const std::string& name, ScalarType dtype) {
  TSJIT_CHECK(isComputeType(dtype), "var of ", dtype);
  auto n = node(ExprKind::Var, dtype);
  n->name = name;
  return n;
}

ExprPtr load(BufferPtr buffer, ExprPtr index) {
  TSJIT_CHECK(index->dtype == ScalarType::Int64, "load index must be Int64");
  auto n = node(ExprKind::Load, buffer->dtype);
  n->buffer = std::move(buffer);
  n->operands = {std::move(index)};
  return n;
}

ExprPtr binary(BinOp op, ExprPtr a, ExprPtr b) {
  TSJIT_CHECK(a->dtype == b->dtype && isComputeType(a->dtype), "binary ", toString(op), " of ", a->dtype,
              " and ", b->dtype);
  auto n = node(ExprKind::Binary, a->dtype);
  n->op = static_cast<int>(op);
  n->operands = {std::move(a), std::move(b)};
  return n;
}

ExprPtr compare(CmpOp op, ExprPtr a, ExprPtr b) {
  TSJIT_CHECK(a->dtype == b->dtype && isComputeType(a->dtype), "compare of ", a->dtype, " and ", b->dtype);
  auto n = node(ExprKind::Compare, ScalarType::Bool);
  n->op = static_cast<int>(op);
  n->operands = {std::move(a), std::move(b)};
  return n;
}

ExprPtr cast(ScalarType to, ExprPtr x) {
  if (x->dtype == to) return x;
  auto n = node(ExprKind::Cast, to);
  n->operands = {std::move(x)};
  return n;
}

ExprPtr select(ExprPtr cond, ExprPtr a, ExprPtr b) {
  TSJIT_CHECK(cond->dtype == ScalarType::Bool && a->dtype == b->dtype, "select of ", a->dtype, " and ", b->dtype);
  auto n = node(ExprKind::Select, a->dtype);
  n->operands = {std::move(cond), std::move(a), std::move(b)};
  return n;
}

ExprPtr intrinsic(Intrinsic op, std::vector<ExprPtr> args) {
  TSJIT_CHECK(!args.empty(), "intrinsic without operands");
  const ScalarType t = args[0]->dtype;
  const bool intOk = op == Intrinsic::Abs || op == Intrinsic::Neg;
  TSJIT_CHECK(t == ScalarType::Float || t == ScalarType::Double || (intOk && t == ScalarType::Int64),
              "intrinsic ", toString(op), " of ", t);
  TSJIT_CHECK(args.size() == (op == Intrinsic::Pow ? 2u : op == Intrinsic::Fma ? 3u : 1u), "intrinsic ", toString(op), " arity");
  for (auto& a : args) TSJIT_CHECK(a->dtype == t, "intrinsic operands of different dtypes");
  auto n = node(ExprKind::Intrinsic, op == Intrinsic::IsNan ? ScalarType::Bool : t);
  n->op = static_cast<int>(op);
  n->operands = std::move(args);
  return n;
}

namespace {

std::shared_ptr<StmtNode> stmt(StmtKind kind) {
  auto s = std::make_shared<StmtNode>();
  s->kind = kind;
  return s;
}

}  // namespace

StmtPtr block(std::vector<StmtPtr> stmts) {
  auto s = stmt(StmtKind::Block);
  s->body = std::move(stmts);
  return s;
}

StmtPtr forLoop(ExprPtr loopVar, ExprPtr start, ExprPtr stop, std::vector<StmtPtr> body, LoopOptions options) {
  TSJIT_CHECK(loopVar->kind == ExprKind::Var && loopVar->dtype == ScalarType::Int64, "loop variable must be an Int64 var");
  auto s = stmt(StmtKind::For);
  s->var = std::move(loopVar);
  s->start = std::move(start);
  s->stop = std::move(stop);
  s->body = std::move(body);
  s->options = options;
  return s;
}

StmtPtr store(BufferPtr buffer, ExprPtr index, ExprPtr value) {
  TSJIT_CHECK(index->dtype == ScalarType::Int64, "store index must be Int64");
  auto s = stmt(StmtKind::Store);
  s->value = cast(buffer->dtype, std::move(value));
  s->buffer = std::move(buffer);
  s->index = std::move(index);
  return s;
}

StmtPtr let(ExprPtr localVar, ExprPtr value) {
  TSJIT_CHECK(localVar->kind == ExprKind::Var && localVar->dtype == value->dtype, "let of mismatched dtype");
  auto s = stmt(StmtKind::Let);
  s->var = std::move(localVar);
  s->value = std::move(value);
  return s;
}

StmtPtr assign(ExprPtr localVar, ExprPtr value) {
  TSJIT_CHECK(localVar->kind == ExprKind::Var && localVar->dtype == value->dtype, "assign of mismatched dtype");
  auto s = stmt(StmtKind::Assign);
  s->var = std::move(localVar);
  s->value = std::move(value);
  return s;
}

// ---- printer ----

namespace {

std::string typeName(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return "bool";
    case ScalarType::UInt8: return "uint8";
    case ScalarType::Int8: return "int8";
    case ScalarType::Int16: return "int16";
    case ScalarType::Int32: return "int32";
    case ScalarType::Int64: return "int64";
    case ScalarType::Half: return "half";
    case ScalarType::BFloat16: return "bfloat16";
    case ScalarType::Float: return "float";
    case ScalarType::Double: return "double";
    default: return "?";
  }
}

void print(std::ostream& os, const ExprPtr& e) {
  switch (e->kind) {
    case ExprKind::IntImm:
      if (e->dtype == ScalarType::Bool)
        os << (e->intValue ? "true" : "false");
      else
        os << e->intValue;
      return;
    case ExprKind::FloatImm: {
      std::ostringstream s;
      s.precision(17);
      s << e->floatValue;
      std::string text = s.str();
      if (std::isfinite(e->floatValue) && text.find_first_of(".e") == std::string::npos) text += ".";
      os << text << (e->dtype == ScalarType::Float ? "f" : "");
      return;
    }
    case ExprKind::Var: os << e->name; return;
    case ExprKind::Load:
      os << e->buffer->name << "[";
      print(os, e->operands[0]);
      os << "]";
      return;
    case ExprKind::Binary: {
      const auto op = static_cast<BinOp>(e->op);
      if (op == BinOp::Max || op == BinOp::Min) {
        os << toString(op) << "(";
        print(os, e->operands[0]);
        os << ", ";
        print(os, e->operands[1]);
        os << ")";
        return;
      }
      os << "(";
      print(os, e->operands[0]);
      os << " " << toString(op) << " ";
      print(os, e->operands[1]);
      os << ")";
      return;
    }
    case ExprKind::Compare:
      os << "(";
      print(os, e->operands[0]);
      os << " " << toString(static_cast<CmpOp>(e->op)) << " ";
      print(os, e->operands[1]);
      os << ")";
      return;
    case ExprKind::Cast:
      os << typeName(e->dtype) << "(";
      print(os, e->operands[0]);
      os << ")";
      return;
    case ExprKind::Select:
      os << "(";
      print(os, e->operands[0]);
      os << " ? ";
      print(os, e->operands[1]);
      os << " : ";
      print(os, e->operands[2]);
      os << ")";
      return;
    case ExprKind::Intrinsic:
      os << toString(static_cast<Intrinsic>(e->op)) << "(";
      for (size_t i = 0; i < e->operands.size(); ++i) {
        if (i) os << ", ";
        print(os, e->operands[i]);
      }
      os << ")";
      return;
  }
}

void print(std::ostream& os, const StmtPtr& s, int indent) {
  const std::string pad(indent * 2, ' ');
  switch (s->kind) {
    case StmtKind::Block:
      for (const auto& c : s->body) print(os, c, indent);
      return;
    case StmtKind::For:
      os << pad << "for " << s->var->name << " in ";
      print(os, s->start);
      os << "..";
      print(os, s->stop);
      if (s->options.vectorize) os << " vectorize";
      if (s->options.parallel) os << " parallel";
      os << " {\n";
      for (const auto& c : s->body) print(os, c, indent + 1);
      os << pad << "}\n";
      return;
    case StmtKind::Store:
      os << pad << s->buffer->name << "[";
      print(os, s->index);
      os << "] = ";
      print(os, s->value);
      os << "\n";
      return;
    case StmtKind::Let:
      os << pad << "let " << s->var->name << ": " << typeName(s->var->dtype) << " = ";
      print(os, s->value);
      os << "\n";
      return;
    case StmtKind::Assign:
      os << pad << s->var->name << " = ";
      print(os, s->value);
      os << "\n";
      return;
  }
}

}  // namespace

std::string toString(const ExprPtr& e) {
  std::ostringstream os;
  print(os, e);
  return os.str();
}

std::string toString(const StmtPtr& s, int indent) {
  std::ostringstream os;
  print(os, s, indent);
  return os.str();
}

std::string toString(const LoopKernel& k) {
  std::ostringstream os;
  os << "kernel " << k.name << "(";
  for (size_t i = 0; i < k.params.size(); ++i) {
    if (i) os << ", ";
    const auto& p = k.params[i];
    if (p.buffer) {
      os << (p.buffer->isOutput ? "out " : "") << p.buffer->name << ": " << typeName(p.buffer->dtype) << "[";
      for (size_t d = 0; d < p.buffer->sizes.size(); ++d) os << (d ? ", " : "") << p.buffer->sizes[d];
      os << "] strides [";
      for (size_t d = 0; d < p.buffer->strides.size(); ++d) os << (d ? ", " : "") << p.buffer->strides[d];
      os << "]";
    } else {
      os << p.scalar->name << ": " << typeName(p.scalar->dtype);
    }
  }
  os << ") {\n";
  print(os, k.body, 1);
  os << "}\n";
  return os.str();
}

}  // namespace tsjit::tensorexpr
