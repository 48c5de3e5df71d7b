// Simplify.cpp — see Simplify.h for the rewrites.
#include "jit/tensorexpr/Simplify.h"

#include "jit/tensorexpr/Eval.h"

namespace tsjit::tensorexpr {

bool holdsExactly(ScalarType wide, ScalarType narrow) {
  if (wide == narrow || narrow == ScalarType::Bool) return true;
  auto intBits = [](ScalarType t) -> int {
    switch (t) {
      case ScalarType::UInt8: return 8;  // unsigned: needs a signed type of > 8 bits
      case ScalarType::Int8: return 8;
      case ScalarType::Int16: return 16;
      case ScalarType::Int32: return 32;
      case ScalarType::Int64: return 64;
      default: return 0;
    }
  };
  const int n = intBits(narrow), w = intBits(wide);
  if (n && w) return narrow == ScalarType::UInt8 ? w > 8 : w >= n;
  switch (wide) {
    case ScalarType::Double:
      return narrow == ScalarType::Float || narrow == ScalarType::Half || narrow == ScalarType::BFloat16 || (n && n <= 32);
    case ScalarType::Float: return narrow == ScalarType::Half || narrow == ScalarType::BFloat16 || (n && n <= 16);
    case ScalarType::Half: return narrow == ScalarType::UInt8 || narrow == ScalarType::Int8;
    case ScalarType::BFloat16: return narrow == ScalarType::UInt8 || narrow == ScalarType::Int8;
    default: return false;
  }
}

namespace {

bool isConstant(const ExprPtr& e) {
  if (e->kind == ExprKind::Var || e->kind == ExprKind::Load) return false;
  for (const auto& o : e->operands)
    if (!isConstant(o)) return false;
  return true;
}

ExprPtr rebuild(const ExprPtr& e, std::vector<ExprPtr> ops) {
  bool same = true;
  for (size_t i = 0; i < ops.size(); ++i) same = same && ops[i] == e->operands[i];
  if (same) return e;
  auto n = std::make_shared<ExprNode>(*e);
  n->operands = std::move(ops);
  return n;
}

}  // namespace

ExprPtr simplify(const ExprPtr& e) {
  if (e->isImm() || e->kind == ExprKind::Var) return e;
  std::vector<ExprPtr> ops;
  for (const auto& o : e->operands) ops.push_back(simplify(o));
  ExprPtr r = rebuild(e, std::move(ops));
  if (computeType(r->dtype) == r->dtype && isConstant(r)) {
    const Scalar v = evalExpr(r);
    if (r->dtype == ScalarType::Float || r->dtype == ScalarType::Double) return floatImm(v.d, r->dtype);
    return intImm(v.i, r->dtype);
  }
  const auto& o = r->operands;
  if (r->kind == ExprKind::Binary && r->dtype == ScalarType::Int64) {
    const auto op = static_cast<BinOp>(r->op);
    if ((op == BinOp::Add || op == BinOp::Sub) && o[1]->isIntImm(0)) return o[0];
    if (op == BinOp::Add && o[0]->isIntImm(0)) return o[1];
    if (op == BinOp::Mul && o[1]->isIntImm(1)) return o[0];
    if (op == BinOp::Mul && o[0]->isIntImm(1)) return o[1];
    if (op == BinOp::Mul && (o[0]->isIntImm(0) || o[1]->isIntImm(0))) return intImm(0);
  }
  if (r->kind == ExprKind::Cast && o[0]->kind == ExprKind::Cast) {
    const ExprPtr& inner = o[0]->operands[0];
    if (inner->dtype == r->dtype && holdsExactly(o[0]->dtype, inner->dtype)) return inner;
  }
  if (r->kind == ExprKind::Select && o[0]->kind == ExprKind::IntImm) return o[0]->intValue ? o[1] : o[2];
  return r;
}

StmtPtr simplify(const StmtPtr& s) {
  auto n = std::make_shared<StmtNode>(*s);
  if (n->value) n->value = simplify(n->value);
  if (n->index) n->index = simplify(n->index);
  if (n->start) n->start = simplify(n->start);
  if (n->stop) n->stop = simplify(n->stop);
  std::vector<StmtPtr> body;
  for (const auto& c : s->body) {
    StmtPtr sc = simplify(c);
    if (sc->kind == StmtKind::For && sc->start->kind == ExprKind::IntImm && sc->stop->kind == ExprKind::IntImm &&
        sc->stop->intValue <= sc->start->intValue)
      continue;
    body.push_back(sc);
  }
  n->body = std::move(body);
  return n;
}

}  // namespace tsjit::tensorexpr
