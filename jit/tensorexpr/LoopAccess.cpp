// LoopAccess.cpp — see LoopAccess.h. Intervals are computed in 128-bit integers, so an index
// expression whose bounds overflow int64 is reported, never wrapped.
#include "jit/tensorexpr/LoopAccess.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "jit/support/Error.h"

namespace tsjit::tensorexpr {

namespace {

// ---- dead lets ----

using VarSet = std::unordered_set<const ExprNode*>;

void collectReads(const ExprPtr& e, VarSet& reads) {
  if (!e) return;
  if (e->kind == ExprKind::Var) reads.insert(e.get());
  for (const auto& o : e->operands) collectReads(o, reads);
}

// Every variable read by a statement; an Assign counts as a read of its target (a local that is
// updated stays declared).
void collectReads(const StmtPtr& s, VarSet& reads) {
  collectReads(s->start, reads);
  collectReads(s->stop, reads);
  collectReads(s->value, reads);
  collectReads(s->index, reads);
  if (s->kind == StmtKind::Assign) reads.insert(s->var.get());
  for (const auto& c : s->body) collectReads(c, reads);
}

StmtPtr withoutDeadLets(const StmtPtr& s, const VarSet& reads, bool& removed) {
  if (s->kind != StmtKind::Block && s->kind != StmtKind::For) return s;
  std::vector<StmtPtr> body;
  bool changed = false;
  for (const auto& c : s->body) {
    if (c->kind == StmtKind::Let && !reads.count(c->var.get())) {
      changed = removed = true;
      continue;
    }
    StmtPtr r = withoutDeadLets(c, reads, removed);
    changed = changed || r != c;
    body.push_back(std::move(r));
  }
  if (!changed) return s;
  auto n = std::make_shared<StmtNode>(*s);
  n->body = std::move(body);
  return n;
}

// ---- bounds ----

struct Interval {
  __int128 lo = 0, hi = 0;
};

std::optional<Interval> fits(__int128 lo, __int128 hi) {
  const __int128 min = INT64_MIN, max = INT64_MAX;
  if (lo < min || hi > max) return std::nullopt;
  return Interval{lo, hi};
}

using Ranges = std::unordered_map<const ExprNode*, Interval>;

// The values an Int64 index expression can take, or nullopt when it is not analyzable (a load, a
// local, a runtime scalar, an operation other than + - * max min).
std::optional<Interval> rangeOf(const ExprPtr& e, const Ranges& vars) {
  switch (e->kind) {
    case ExprKind::IntImm: return Interval{e->intValue, e->intValue};
    case ExprKind::Var: {
      auto it = vars.find(e.get());
      if (it == vars.end()) return std::nullopt;
      return it->second;
    }
    case ExprKind::Binary: {
      auto a = rangeOf(e->operands[0], vars);
      auto b = rangeOf(e->operands[1], vars);
      if (!a || !b || e->dtype != ScalarType::Int64) return std::nullopt;
      switch (static_cast<BinOp>(e->op)) {
        case BinOp::Add: return fits(a->lo + b->lo, a->hi + b->hi);
        case BinOp::Sub: return fits(a->lo - b->hi, a->hi - b->lo);
        case BinOp::Mul: {
          // Both factors fit int64, so each product fits 128 bits.
          const __int128 p[] = {a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi};
          __int128 lo = p[0], hi = p[0];
          for (__int128 v : p) lo = v < lo ? v : lo, hi = v > hi ? v : hi;
          return fits(lo, hi);
        }
        case BinOp::Max: return Interval{a->lo > b->lo ? a->lo : b->lo, a->hi > b->hi ? a->hi : b->hi};
        case BinOp::Min: return Interval{a->lo < b->lo ? a->lo : b->lo, a->hi < b->hi ? a->hi : b->hi};
        default: return std::nullopt;
      }
    }
    default: return std::nullopt;
  }
}

std::string show(const Interval& r) {
  return str("[", static_cast<int64_t>(r.lo), ", ", static_cast<int64_t>(r.hi), "]");
}

class BoundsChecker {
 public:
  explicit BoundsChecker(const LoopKernel& k) : kernel_(k) {}

  void stmt(const StmtPtr& s) {
    switch (s->kind) {
      case StmtKind::Block:
        for (const auto& c : s->body) stmt(c);
        return;
      case StmtKind::Store:
        expr(s->value);
        access(*s->buffer, s->index, "store to");
        return;
      case StmtKind::Let:
      case StmtKind::Assign: expr(s->value); return;
      case StmtKind::For: {
        expr(s->start);
        expr(s->stop);
        auto start = rangeOf(s->start, vars_);
        auto stop = rangeOf(s->stop, vars_);
        TSJIT_CHECK(start && stop, "loop IR of ", kernel_.name, ": the bounds of loop ", s->var->name,
                    " are not analyzable (", toString(s->start), " .. ", toString(s->stop), ")");
        if (stop->hi <= start->lo) return;  // never runs
        vars_[s->var.get()] = Interval{start->lo, stop->hi - 1};
        for (const auto& c : s->body) stmt(c);
        vars_.erase(s->var.get());
        return;
      }
    }
  }

 private:
  void expr(const ExprPtr& e) {
    if (!e) return;
    if (e->kind == ExprKind::Load) access(*e->buffer, e->operands[0], "load of");
    for (const auto& o : e->operands) expr(o);
  }

  void access(const Buffer& b, const ExprPtr& index, const char* what) {
    auto r = rangeOf(index, vars_);
    TSJIT_CHECK(r, "loop IR of ", kernel_.name, ": the index of a ", what, " ", b.name, " is not analyzable: ",
                toString(index));
    const int64_t extent = bufferExtent(b);
    TSJIT_CHECK(r->lo >= 0 && r->hi < extent, "loop IR of ", kernel_.name, ": ", what, " ", b.name, "[",
                toString(index), "] reaches elements ", show(*r), ", outside the buffer's ", extent, " element(s)");
  }

  const LoopKernel& kernel_;
  Ranges vars_;
};

}  // namespace

StmtPtr removeDeadLets(const StmtPtr& s) {
  StmtPtr cur = s;
  for (;;) {
    VarSet reads;
    collectReads(cur, reads);
    bool removed = false;
    StmtPtr next = withoutDeadLets(cur, reads, removed);
    if (!removed) return cur;
    cur = next;
  }
}

int64_t bufferExtent(const Buffer& b) {
  int64_t last = 0;
  for (size_t d = 0; d < b.sizes.size(); ++d) {
    if (b.sizes[d] == 0) return 0;
    TSJIT_CHECK(b.strides.size() == b.sizes.size() && b.strides[d] >= 0, "buffer ", b.name,
                ": negative or missing strides");
    last += (b.sizes[d] - 1) * b.strides[d];
  }
  return last + 1;
}

void checkAccessesInBounds(const LoopKernel& k) {
  BoundsChecker c(k);
  if (k.body) c.stmt(k.body);
}

}  // namespace tsjit::tensorexpr
