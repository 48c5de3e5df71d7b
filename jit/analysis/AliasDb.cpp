// AliasDb.cpp — building the points-to sets from schemas and structure, the queries, reordering
// and the text dump (see AliasDb.h for the model).
#include "jit/analysis/AliasDb.h"

#include <algorithm>
#include <functional>
#include <sstream>

#include "jit/ir/FunctionSchema.h"
#include "jit/ir/Graph.h"
#include "jit/ops/OpTable.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {

std::optional<std::string> classOf(const Type& t);

// The class of a type for the contained-class spelling: its alias class or its own spelling.
std::string spelling(const Type& t) {
  if (auto c = classOf(t)) return *c;
  return t.annotationStr();
}

std::optional<std::string> classOf(const Type& t) {
  switch (t.kind()) {
    case TypeKind::Tensor: return std::string("Tensor");
    case TypeKind::Optional: return classOf(*t.cast<OptionalType>()->elementType());
    case TypeKind::List: return "List[" + spelling(*t.containedTypes()[0]) + "]";
    case TypeKind::Dict: {
      auto c = t.containedTypes();
      return "Dict[" + spelling(*c[0]) + ", " + spelling(*c[1]) + "]";
    }
    case TypeKind::Tuple: {
      bool mutableInside = false;
      std::string s = "Tuple[";
      auto c = t.containedTypes();
      for (size_t i = 0; i < c.size(); ++i) {
        mutableInside |= classOf(*c[i]).has_value();
        s += (i ? ", " : "") + spelling(*c[i]);
      }
      if (!mutableInside) return std::nullopt;  // a tuple of immutable values is immutable
      return s + "]";
    }
    case TypeKind::Union: {
      std::optional<std::string> only;
      for (const auto& m : t.containedTypes()) {
        auto c = classOf(*m);
        if (!c) continue;
        if (only && *only != *c) return std::string("Any");
        only = c;
      }
      return only;
    }
    case TypeKind::Future:
    case TypeKind::Class:
    case TypeKind::Any:
    case TypeKind::Var: return std::string("Any");
    default: return std::nullopt;  // int, float, bool, str, None, Device, Number, ...
  }
}

// The types whose values a value of type t holds (list elements, dict keys/values, tuple items).
std::vector<TypePtr> containedTypesOf(const Type& t) {
  switch (t.kind()) {
    case TypeKind::Optional: return containedTypesOf(*t.cast<OptionalType>()->elementType());
    case TypeKind::List:
    case TypeKind::Dict:
    case TypeKind::Tuple: return t.containedTypes();
    case TypeKind::Class:
    case TypeKind::Any:
    case TypeKind::Var:
    case TypeKind::Future: return {AnyType::get()};
    default: return {};
  }
}

Symbol sym(const char* s) { return Symbol::fromQualString(s); }

// Every input of n and of the nodes nested in its blocks (values a node reads).
void collectInputs(const Node* n, std::vector<const Value*>& out) {
  for (const Value* v : n->inputs()) out.push_back(v);
  for (const Block* b : n->blocks()) {
    for (const Node* m : b->nodes()) collectInputs(m, out);
    for (const Value* v : b->outputs()) out.push_back(v);
  }
}

std::string nodeLabel(const Node* n) {
  std::string s = n->kind().toQualString();
  if (n->numOutputs() > 0) return s + " -> %" + n->output(0)->debugName();
  s += "(";
  for (size_t i = 0; i < n->numInputs(); ++i) s += (i ? ", %" : "%") + n->input(i)->debugName();
  return s + ")";
}

}  // namespace

std::optional<std::string> aliasTypeClass(const Type& type) { return classOf(type); }

bool AliasDb::isMutableType(const Value* v) { return classOf(*v->type()).has_value(); }

AliasDb::AliasDb(std::shared_ptr<Graph> graph) : graph_(std::move(graph)) {
  ops::initialize();
  for (const Value* in : graph_->inputs()) pointToWildcard(in);
  analyzeBlock(graph_->block());
  finish();
}

AliasDb::~AliasDb() = default;

// ---- building ----

int AliasDb::wildcardLocation(const std::string& typeClassArg) {
  // A copy: callers pass a Location's own typeClass (finish()), which the push_back below may free.
  const std::string typeClass = typeClassArg;
  auto it = wildcards_.find(typeClass);
  if (it != wildcards_.end()) return it->second;
  int id = static_cast<int>(locations_.size());
  locations_.push_back({"*" + (typeClass == "Any" ? std::string() : typeClass), typeClass, typeClass, false, {}});
  wildcards_[typeClass] = id;
  return id;
}

int AliasDb::freshLocation(const Value* v) {
  auto it = freshOf_.find(v);
  if (it != freshOf_.end()) return it->second;
  std::string cls = *classOf(*v->type());
  int id = static_cast<int>(locations_.size());
  locations_.push_back({"m" + std::to_string(freshOf_.size()), std::nullopt, cls, false, {}});
  freshOf_[v] = id;
  for (const TypePtr& t : containedTypesOf(*v->type()))
    if (auto c = classOf(*t)) {
      int w = wildcardLocation(*c);
      locations_[id].contained.insert(w);
    }
  return id;
}

void AliasDb::addPointsTo(const Value* v, const LocSet& locs) {
  if (!isMutableType(v) || locs.empty()) return;
  LocSet& s = pointsTo_[v];
  size_t before = s.size();
  s.insert(locs.begin(), locs.end());
  if (s.size() != before) changed_ = true;
}

void AliasDb::pointToWildcard(const Value* v) {
  auto c = classOf(*v->type());
  if (!c) return;
  int w = wildcardLocation(*c);
  // Wildcards of containers hold the wildcards of their element classes.
  for (const TypePtr& t : containedTypesOf(*v->type()))
    if (auto ec = classOf(*t)) {
      int e = wildcardLocation(*ec);
      locations_[w].contained.insert(e);
    }
  addPointsTo(v, {w});
}

void AliasDb::makeEscape(const Value* v) {
  if (isMutableType(v)) escapeLog_.push_back(v);
}

void AliasDb::recordWrite(const Node* n, const Value* v, bool withContents) {
  if (isMutableType(v)) writeLog_.push_back({n, v, withContents});
}

void AliasDb::analyzeBlock(const Block* b) {
  for (const Node* n : b->nodes()) analyzeNode(n);
}

void AliasDb::analyzeNode(const Node* n) {
  static const Symbol uncheckedCast = prim::unchecked_cast, unwrap = prim::unchecked_unwrap_optional;
  static const Symbol profile = prim::profile, guard = prim::Guard, typeCheck = prim::TypeCheck;
  static const Symbol constantChunk = prim::ConstantChunk, requiresGradCheck = prim::RequiresGradCheck;
  switch (n->kind()) {
    case prim::If: return analyzeIf(n);
    case prim::Loop: return analyzeLoop(n);
    case prim::Constant:
    case prim::Uninitialized:
    case prim::BroadcastSizes:
    case prim::AutogradZero:
      for (const Value* o : n->outputs())
        if (isMutableType(o)) addPointsTo(o, {freshLocation(o)});
      return;
    case prim::ListConstruct:
    case prim::TupleConstruct:
    case prim::DictConstruct: return analyzeContainerConstruct(n);
    case prim::ListUnpack:
    case prim::TupleUnpack:
    case prim::TupleIndex:
    case prim::TupleSlice:
    case prim::GetAttr:
      // Whatever comes out of a container or an object has unknown provenance.
      for (const Value* o : n->outputs()) pointToWildcard(o);
      return;
    case prim::SetAttr:
      recordWrite(n, n->input(0), false);
      for (size_t i = 1; i < n->numInputs(); ++i) makeEscape(n->input(i));
      return;
    default: break;
  }
  if (n->kind() == uncheckedCast || n->kind() == unwrap || n->kind() == profile || n->kind() == guard ||
      n->kind() == constantChunk) {
    // The outputs are the input (or views of it).
    for (const Value* o : n->outputs()) addPointsTo(o, pointsTo(n->input(0)));
    return;
  }
  if (n->kind() == typeCheck || n->kind() == requiresGradCheck) {
    for (size_t i = 0; i < n->numOutputs() && i < n->numInputs(); ++i)
      addPointsTo(n->output(i), pointsTo(n->input(i)));
    return;
  }
  if (const FunctionSchema* schema = n->maybeSchema()) {
    analyzeSchemaNode(n, *schema);
    analyzeRunningStats(n);
    return;
  }
  analyzeConservative(n);
}

void AliasDb::analyzeConservative(const Node* n) {
  for (const Value* in : n->inputs()) {
    recordWrite(n, in, true);
    makeEscape(in);
  }
  for (const Block* b : n->blocks()) analyzeBlock(b);
  for (const Value* o : n->outputs()) pointToWildcard(o);
}

void AliasDb::analyzeSchemaNode(const Node* n, const FunctionSchema& schema) {
  const auto& args = schema.arguments();
  std::map<std::string, LocSet> sets;
  for (size_t i = 0; i < n->numInputs(); ++i) {
    if (i >= args.size()) {  // varargs: unknown use of the extra inputs
      makeEscape(n->input(i));
      continue;
    }
    const AliasInfo* info = args[i].aliasInfo();
    if (!info) continue;
    const Value* in = n->input(i);
    for (const std::string& s : info->beforeSets) {
      LocSet p = pointsTo(in);
      sets[s].insert(p.begin(), p.end());
    }
    if (info->isWrite) recordWrite(n, in, false);
    if (info->isWildcardAfter()) makeEscape(in);
  }
  const auto& rets = schema.returns();
  for (size_t j = 0; j < n->numOutputs(); ++j) {
    const Value* o = n->output(j);
    if (!isMutableType(o)) continue;
    const AliasInfo* info = j < rets.size() ? rets[j].aliasInfo() : nullptr;
    if (j >= rets.size()) {
      pointToWildcard(o);
    } else if (!info) {
      addPointsTo(o, {freshLocation(o)});
    } else if (info->isWildcardBefore()) {
      pointToWildcard(o);
    } else {
      bool bound = false;
      for (const std::string& s : info->beforeSets) {
        auto it = sets.find(s);
        if (it == sets.end()) continue;
        bound = true;
        addPointsTo(o, it->second);
      }
      if (!bound) pointToWildcard(o);  // a set no argument names: unknown provenance
    }
  }
}

// batch_norm / instance_norm update running_mean and running_var in place when training (or
// using input statistics), although their schemas carry no `(a!)` (as 1.13's AliasDb special
// case): unless that flag is the constant False, they write inputs 3 and 4.
void AliasDb::analyzeRunningStats(const Node* n) {
  static const Symbol batchNorm = Symbol::fromQualString("aten::batch_norm");
  static const Symbol instanceNorm = Symbol::fromQualString("aten::instance_norm");
  if ((n->kind() != batchNorm && n->kind() != instanceNorm) || n->numInputs() < 6) return;
  const Node* flag = n->input(5)->node();
  bool constantFalse = flag->kind() == prim::Constant && flag->hasAttribute(attr::value) &&
                       flag->kindOfAttribute(attr::value) == AttributeKind::i && flag->i(attr::value) == 0;
  if (constantFalse) return;
  recordWrite(n, n->input(3), false);
  recordWrite(n, n->input(4), false);
}

void AliasDb::analyzeContainerConstruct(const Node* n) {
  const Value* out = n->output();
  if (!isMutableType(out)) return;  // a tuple of immutable values
  addPointsTo(out, {freshLocation(out)});
  // Stored values join their wildcard: reading them back yields a wildcard value.
  for (const Value* in : n->inputs()) makeEscape(in);
}

void AliasDb::analyzeIf(const Node* n) {
  for (const Block* b : n->blocks()) {
    analyzeBlock(b);
    for (size_t i = 0; i < n->numOutputs() && i < b->outputs().size(); ++i)
      addPointsTo(n->output(i), pointsTo(b->outputs()[i]));
  }
}

void AliasDb::analyzeLoop(const Node* n) {
  const Block* body = n->blocks().at(0);
  size_t carried = n->numOutputs();
  for (size_t i = 0; i < carried; ++i) addPointsTo(body->inputs()[i + 1], pointsTo(n->input(i + 2)));
  for (int iteration = 0;; ++iteration) {
    changed_ = false;
    analyzeBlock(body);
    bool grew = false;
    for (size_t i = 0; i < carried; ++i) {
      changed_ = false;
      addPointsTo(body->inputs()[i + 1], pointsTo(body->outputs()[i + 1]));
      grew |= changed_;
    }
    if (!grew) break;
    if (iteration > 32) {  // cannot happen with finite location sets; be safe anyway
      for (size_t i = 0; i < carried; ++i) pointToWildcard(body->inputs()[i + 1]);
      analyzeBlock(body);
      break;
    }
  }
  for (size_t i = 0; i < carried; ++i) {
    addPointsTo(n->output(i), pointsTo(n->input(i + 2)));
    addPointsTo(n->output(i), pointsTo(body->outputs()[i + 1]));
  }
}

void AliasDb::finish() {
  for (const Value* v : escapeLog_)
    for (int l : withContents(pointsTo(v)))
      if (!locations_[l].wildcardOf) {
        locations_[l].escaped = true;
        int w = wildcardLocation(locations_[l].typeClass);  // widen() finds it
        std::set<int> inner = locations_[l].contained;
        locations_[w].contained.insert(inner.begin(), inner.end());
      }
  for (const WriteRecord& w : writeLog_) {
    LocSet locs = w.withContents ? withContents(pointsTo(w.value)) : pointsTo(w.value);
    writes_[w.node].insert(locs.begin(), locs.end());
    allWrites_.insert(locs.begin(), locs.end());
  }
  allWrites_ = widen(allWrites_);
}

// ---- location sets ----

AliasDb::LocSet AliasDb::pointsTo(const Value* v) const {
  auto it = pointsTo_.find(v);
  return it == pointsTo_.end() ? LocSet{} : it->second;
}

AliasDb::LocSet AliasDb::widen(const LocSet& locs) const {
  LocSet out = locs;
  for (int l : locs)
    if (locations_[l].escaped) {
      auto it = wildcards_.find(locations_[l].typeClass);
      if (it != wildcards_.end()) out.insert(it->second);  // finish() created it
    }
  return out;
}

AliasDb::LocSet AliasDb::withContents(const LocSet& locs) const {
  LocSet out;
  std::vector<int> stack(locs.begin(), locs.end());
  while (!stack.empty()) {
    int l = stack.back();
    stack.pop_back();
    if (!out.insert(l).second) continue;
    for (int c : locations_[l].contained) stack.push_back(c);
  }
  return out;
}

bool AliasDb::overlap(const LocSet& a, const LocSet& b) const {
  if (a.empty() || b.empty()) return false;
  bool aAny = false, bAny = false, aWild = false, bWild = false;
  for (int l : a) {
    if (b.count(l)) return true;
    if (locations_[l].wildcardOf) aWild = true, aAny |= *locations_[l].wildcardOf == "Any";
  }
  for (int l : b)
    if (locations_[l].wildcardOf) bWild = true, bAny |= *locations_[l].wildcardOf == "Any";
  // The Any wildcard may be any value of unknown provenance, whatever its class.
  return (aAny && bWild) || (bAny && aWild);
}

// ---- queries ----

bool AliasDb::mayAlias(const Value* a, const Value* b) const {
  if (a == b) return isMutableType(a);
  return overlap(widen(pointsTo(a)), widen(pointsTo(b)));
}

bool AliasDb::mayAlias(const std::vector<Value*>& a, const std::vector<Value*>& b) const {
  for (const Value* x : a)
    for (const Value* y : b)
      if (mayAlias(x, y)) return true;
  return false;
}

bool AliasDb::mayContainAlias(const Value* a, const Value* b) const {
  return overlap(widen(withContents(widen(pointsTo(a)))), widen(withContents(widen(pointsTo(b)))));
}

bool AliasDb::mayContainAlias(const std::vector<Value*>& a, const std::vector<Value*>& b) const {
  for (const Value* x : a)
    for (const Value* y : b)
      if (mayContainAlias(x, y)) return true;
  return false;
}

bool AliasDb::mayAliasGraphBoundary(const Value* v) const {
  if (!isMutableType(v)) return false;
  for (const Value* in : graph_->inputs())
    if (mayContainAlias(v, in)) return true;
  for (const Value* out : graph_->outputs())
    if (mayContainAlias(v, out)) return true;
  return false;
}

bool AliasDb::isWildcard(const Value* v) const {
  for (int l : pointsTo(v))
    if (locations_[l].wildcardOf) return true;
  return false;
}

bool AliasDb::hasWriters(const Value* v) const { return overlap(widen(pointsTo(v)), allWrites_); }

bool AliasDb::hasWriters(const Node* n) const {
  for (const Value* v : n->inputs())
    if (hasWriters(v)) return true;
  for (const Value* v : n->outputs())
    if (hasWriters(v)) return true;
  return false;
}

AliasDb::LocSet AliasDb::nodeWrites(const Node* n) const {
  LocSet out;
  auto it = writes_.find(n);
  if (it != writes_.end()) out = it->second;
  for (const Block* b : n->blocks())
    for (const Node* m : b->nodes()) {
      LocSet inner = nodeWrites(m);
      out.insert(inner.begin(), inner.end());
    }
  return widen(out);
}

AliasDb::LocSet AliasDb::nodeReads(const Node* n) const {
  std::vector<const Value*> ins;
  collectInputs(n, ins);
  LocSet out;
  for (const Value* v : ins) {
    LocSet p = pointsTo(v);
    out.insert(p.begin(), p.end());
  }
  return widen(withContents(widen(out)));
}

bool AliasDb::writesToAlias(const Node* n, const std::vector<Value*>& vs) const {
  LocSet w = nodeWrites(n);
  if (w.empty()) return false;
  for (const Value* v : vs)
    if (overlap(w, widen(pointsTo(v)))) return true;
  return false;
}

bool AliasDb::isMutable(const Node* n) const { return !nodeWrites(n).empty(); }

std::vector<const Node*> AliasDb::writersOf(const Value* v) const {
  LocSet p = widen(pointsTo(v));
  std::vector<const Node*> out;
  for (const WriteRecord& w : writeLog_)
    if (std::find(out.begin(), out.end(), w.node) == out.end() && overlap(widen(writes_.at(w.node)), p))
      out.push_back(w.node);
  return out;
}

// ---- reordering ----

bool AliasDb::dependsOn(const Node* later, const Node* earlier) const {
  std::vector<const Value*> ins;
  collectInputs(later, ins);
  for (const Value* v : ins)
    if (v->node() == earlier) return true;
  return false;
}

bool AliasDb::canSwap(const Node* a, const Node* b) const {
  if (dependsOn(a, b) || dependsOn(b, a)) return false;
  LocSet wa = nodeWrites(a), wb = nodeWrites(b);
  if (overlap(wa, nodeReads(b)) || overlap(wa, wb) || overlap(wb, nodeReads(a))) return false;
  bool ea = hasSideEffects(a), eb = hasSideEffects(b);
  if ((ea && (eb || !wb.empty())) || (eb && !wa.empty())) return false;
  return true;
}

bool AliasDb::couldMoveBeforeTopologically(const Node* n, const Node* target) const {
  if (n == target) return true;
  if (n->owningBlock() != target->owningBlock()) return false;
  if (n->isBefore(target)) {
    for (const Node* m = n->next(); m != target; m = m->next())
      if (!canSwap(n, m)) return false;
  } else {
    for (const Node* m = target; m != n; m = m->next())
      if (!canSwap(n, m)) return false;
  }
  return true;
}

bool AliasDb::couldMoveAfterTopologically(const Node* n, const Node* target) const {
  if (n == target) return true;
  if (n->owningBlock() != target->owningBlock()) return false;
  if (n->isBefore(target)) {
    for (const Node* m = n->next();; m = m->next()) {
      if (!canSwap(n, m)) return false;
      if (m == target) break;
    }
  } else {
    for (const Node* m = target->next(); m != n; m = m->next())
      if (!canSwap(n, m)) return false;
  }
  return true;
}

bool AliasDb::moveBeforeTopologicallyValid(Node* n, Node* target) {
  if (n == target || n->next() == target) return n->owningBlock() == target->owningBlock();
  if (!couldMoveBeforeTopologically(n, target)) return false;
  n->moveBefore(target);
  return true;
}

bool AliasDb::moveAfterTopologicallyValid(Node* n, Node* target) {
  if (n == target || target->next() == n) return n->owningBlock() == target->owningBlock();
  if (!couldMoveAfterTopologically(n, target)) return false;
  n->moveAfter(target);
  return true;
}

// ---- dump ----

void AliasDb::dump(std::ostream& os) const {
  auto names = [&](const LocSet& s) {
    std::vector<std::string> v;
    for (int l : s) v.push_back(locations_[l].name);
    std::sort(v.begin(), v.end());
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  os << "values:\n";
  auto printValue = [&](const Value* v) {
    if (!isMutableType(v)) return;
    os << "  %" << v->debugName() << " : " << v->type()->str() << " -> {" << names(pointsTo(v))
       << "}\n";
  };
  std::function<void(const Block*)> walk = [&](const Block* b) {
    for (const Value* v : b->inputs()) printValue(v);
    for (const Node* n : b->nodes()) {
      for (const Block* inner : n->blocks()) walk(inner);
      for (const Value* v : n->outputs()) printValue(v);
    }
  };
  walk(graph_->block());
  os << "wildcards:\n";
  for (const auto& [cls, id] : wildcards_) {
    LocSet joined;
    for (size_t l = 0; l < locations_.size(); ++l)
      if (locations_[l].escaped && locations_[l].typeClass == cls) joined.insert(static_cast<int>(l));
    os << "  " << locations_[id].name << (joined.empty() ? "" : " <- {" + names(joined) + "}") << "\n";
  }
  os << "containers:\n";
  for (const Location& l : locations_)
    if (!l.contained.empty()) os << "  " << l.name << " holds {" << names(l.contained) << "}\n";
  os << "writers:\n";
  for (size_t l = 0; l < locations_.size(); ++l) {
    std::vector<std::string> ws;
    for (const WriteRecord& w : writeLog_) {
      std::string label = nodeLabel(w.node);
      if (writes_.at(w.node).count(static_cast<int>(l)) && std::find(ws.begin(), ws.end(), label) == ws.end())
        ws.push_back(label);
    }
    if (ws.empty()) continue;
    os << "  " << locations_[l].name << " <-";
    for (size_t i = 0; i < ws.size(); ++i) os << (i ? "," : "") << " " << ws[i];
    os << "\n";
  }
}

std::string AliasDb::toString() const {
  std::ostringstream os;
  dump(os);
  return os.str();
}

// ---- node properties ----

bool hasSideEffects(const Node* n) {
  static const Symbol print = prim::Print, warn = aten::warn, seed = sym("aten::manual_seed"), wait = sym("aten::wait");
  // Grad mode is thread state: setting it and reading it keep their order and are never dropped.
  static const Symbol setGrad = sym("aten::set_grad_enabled"), isGrad = sym("aten::is_grad_enabled");
  switch (n->kind()) {
    case prim::RaiseException:
    case prim::SetAttr:
    case prim::CallFunction:
    case prim::CallMethod:
    case prim::Store:
    case prim::Enter:
    case prim::Exit: return true;
    case prim::If:
    case prim::Loop:
      for (const Block* b : n->blocks())
        for (const Node* m : b->nodes())
          if (hasSideEffects(m)) return true;
      return false;
    default: break;
  }
  if (n->kind() == print || n->kind() == warn || n->kind() == seed || n->kind() == setGrad || n->kind() == isGrad ||
      n->kind() == wait)  // wait: the fork's effects
    return true;
  if (n->kind().isPrim()) return false;
  return !ops::findOp(n->kind());  // an unknown kind: assume the worst (no schema resolution: hot)
}

bool isNondeterministic(const Node* n) {
  static const std::set<std::string> kinds = {
      "aten::rand",       "aten::rand_like",     "aten::randn",        "aten::randn_like",
      "aten::randint",    "aten::randint_like",  "aten::randperm",     "aten::bernoulli",
      "aten::bernoulli_", "aten::normal",        "aten::normal_",      "aten::uniform_",
      "aten::dropout",    "aten::dropout_",      "aten::feature_dropout", "aten::alpha_dropout",
      "aten::multinomial", "aten::poisson",      "aten::exponential_", "aten::geometric_",
      "aten::cauchy_",    "aten::log_normal_",   "aten::random_",      "aten::rrelu",
      "aten::rrelu_with_noise", "aten::native_dropout", "aten::feature_alpha_dropout"};
  return kinds.count(n->kind().toQualString()) != 0;
}

}  // namespace tsjit
