// SchemaMatching.cpp — the matching rules and costs described in SchemaMatching.h.
//
// match(formal, actual) is a structural recursion over the formal type. `strict` is set inside
// list/dict/future element positions, where TorchScript's containers are invariant: there only
// equal types (modulo tensor refinements), type variables and Any are accepted.
#include "jit/ops/SchemaMatching.h"

#include "jit/ir/Graph.h"

namespace tsjit::ops {
namespace {

constexpr int kWiden = 1;
constexpr int kAny = 2;

class Matcher {
 public:
  explicit Matcher(TypeBindings& bindings) : bindings_(bindings) {}

  std::optional<int> match(const Type& formal, const Type& actual, bool strict, int depth = 0) {
    if (depth > 32) return std::nullopt;
    switch (formal.kind()) {
      case TypeKind::Any:
        return actual.kind() == TypeKind::Any ? 0 : kAny;
      case TypeKind::Var:
        return bind(formal.expect<VarType>().name(), actual.ptr()) ? std::optional<int>(kWiden) : std::nullopt;
      case TypeKind::Optional: {
        const Type& elem = *formal.expect<OptionalType>().elementType();
        if (actual.kind() == TypeKind::None) return strict ? std::nullopt : std::optional<int>(0);
        if (actual.kind() == TypeKind::Optional)
          return match(elem, *actual.expect<OptionalType>().elementType(), strict, depth + 1);
        if (strict) return std::nullopt;
        auto c = match(elem, actual, false, depth + 1);
        return c ? std::optional<int>(*c + kWiden) : std::nullopt;
      }
      case TypeKind::List: {
        const Type& elem = *formal.expect<ListType>().elementType();
        if (actual.kind() == TypeKind::List)
          return match(elem, *actual.expect<ListType>().elementType(), /*strict=*/true, depth + 1);
        // int[N] accepts a single int (broadcast to N elements); the caller checks N.
        if (!strict && acceptScalarForList_ && elem.kind() == TypeKind::Int && actual.kind() == TypeKind::Int)
          return kWiden;
        return std::nullopt;
      }
      case TypeKind::Tuple: {
        if (actual.kind() != TypeKind::Tuple) return std::nullopt;
        const auto& fs = formal.expect<TupleType>().elements();
        const auto& as = actual.expect<TupleType>().elements();
        if (fs.size() != as.size()) return std::nullopt;
        int total = 0;
        for (size_t i = 0; i < fs.size(); ++i) {
          auto c = match(*fs[i], *as[i], strict, depth + 1);
          if (!c) return std::nullopt;
          total += *c;
        }
        return total;
      }
      case TypeKind::Dict: {
        if (actual.kind() != TypeKind::Dict) return std::nullopt;
        const auto& f = formal.expect<DictType>();
        const auto& a = actual.expect<DictType>();
        auto k = match(*f.keyType(), *a.keyType(), true, depth + 1);
        auto v = k ? match(*f.valueType(), *a.valueType(), true, depth + 1) : std::nullopt;
        return v ? std::optional<int>(*k + *v) : std::nullopt;
      }
      case TypeKind::Future: {
        if (actual.kind() != TypeKind::Future) return std::nullopt;
        return match(*formal.expect<FutureType>().elementType(), *actual.expect<FutureType>().elementType(), true,
                     depth + 1);
      }
      case TypeKind::Number: {
        TypeKind a = actual.kind();
        if (a == TypeKind::Number) return 0;
        if (a == TypeKind::Union) {  // Union[float, int] (F.lp_pool2d's norm_type) is a subtype of Scalar
          for (const TypePtr& m : actual.expect<UnionType>().members()) {
            const TypeKind k = m->kind();
            if (k != TypeKind::Int && k != TypeKind::Float && k != TypeKind::Complex && k != TypeKind::Number)
              return std::nullopt;
          }
          return 0;
        }
        if (!strict && (a == TypeKind::Int || a == TypeKind::Float || a == TypeKind::Complex)) return kWiden;
        return std::nullopt;
      }
      case TypeKind::Int:
        // ScalarType, Layout, MemoryFormat and QScheme are ints; a Layout-typed value is one too.
        return actual.kind() == TypeKind::Int || actual.kind() == TypeKind::Layout ? std::optional<int>(0)
                                                                                   : std::nullopt;
      case TypeKind::Class:
        return actual.equals(formal) ? std::optional<int>(0) : std::nullopt;
      default:
        // Tensor (any refinement), float, bool, str, complex, Device, Generator, None, Layout...
        return actual.kind() == formal.kind() ? std::optional<int>(0) : std::nullopt;
    }
  }

  void setAcceptScalarForList(bool on) { acceptScalarForList_ = on; }

 private:
  bool bind(const std::string& name, const TypePtr& actual) {
    auto it = bindings_.find(name);
    if (it == bindings_.end()) {
      bindings_.emplace(name, actual);
      return true;
    }
    auto unified = unifyTypes(it->second, actual);
    if (!unified) return false;
    it->second = *unified;
    return true;
  }

  TypeBindings& bindings_;
  bool acceptScalarForList_ = false;
};

}  // namespace

std::optional<int> matchSchema(const FunctionSchema& schema, const std::vector<TypePtr>& inputs,
                               TypeBindings* bindingsOut, std::string* whyNot) {
  const auto& args = schema.arguments();
  if (inputs.size() < args.size() || (inputs.size() > args.size() && !schema.isVararg())) {
    if (whyNot)
      *whyNot = str("expected ", args.size(), schema.isVararg() ? " or more" : "", " inputs, got ", inputs.size());
    return std::nullopt;
  }
  TypeBindings bindings;
  Matcher m(bindings);
  int total = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    TSJIT_CHECK(inputs[i], "input ", i, " has no type");
    m.setAcceptScalarForList(args[i].N().has_value());
    auto c = m.match(*args[i].type(), *inputs[i], /*strict=*/false);
    if (!c) {
      if (whyNot)
        *whyNot = str("argument '", args[i].name, "' (", args[i].declared.str(), ") does not accept ",
                      inputs[i]->str());
      return std::nullopt;
    }
    total += *c;
  }
  if (bindingsOut) *bindingsOut = std::move(bindings);
  return total;
}

TypePtr substituteTypeVars(const TypePtr& t, const TypeBindings& bindings) {
  switch (t->kind()) {
    case TypeKind::Var: {
      auto it = bindings.find(t->expect<VarType>().name());
      return it == bindings.end() ? t : it->second;
    }
    case TypeKind::List:
      return ListType::create(substituteTypeVars(t->expect<ListType>().elementType(), bindings));
    case TypeKind::Optional:
      return OptionalType::create(substituteTypeVars(t->expect<OptionalType>().elementType(), bindings));
    case TypeKind::Future:
      return FutureType::create(substituteTypeVars(t->expect<FutureType>().elementType(), bindings));
    case TypeKind::Dict: {
      const auto& d = t->expect<DictType>();
      return DictType::create(substituteTypeVars(d.keyType(), bindings), substituteTypeVars(d.valueType(), bindings));
    }
    case TypeKind::Tuple: {
      std::vector<TypePtr> elems;
      for (const auto& e : t->expect<TupleType>().elements()) elems.push_back(substituteTypeVars(e, bindings));
      return TupleType::create(std::move(elems));
    }
    default:
      return t;
  }
}

namespace {

// The declared returns (with the bindings substituted) accept the node's output types.
bool returnsAccept(const FunctionSchema& s, const TypeBindings& bindings, const std::vector<TypePtr>& outputs) {
  if (s.isVarret()) return true;
  if (s.returns().size() != outputs.size()) return false;
  for (size_t i = 0; i < outputs.size(); ++i) {
    TypePtr declared = substituteTypeVars(s.returns()[i].type(), bindings);
    if (!outputs[i]->isSubtypeOf(*declared) && !declared->isSubtypeOf(*outputs[i])) return false;
  }
  return true;
}

// Same argument and return types: duplicate registrations such as aten::mT and aten::mT.a.
bool sameSignature(const FunctionSchema& a, const FunctionSchema& b) {
  if (a.arguments().size() != b.arguments().size() || a.returns().size() != b.returns().size() ||
      a.isVararg() != b.isVararg() || a.isVarret() != b.isVarret())
    return false;
  for (size_t i = 0; i < a.arguments().size(); ++i)
    if (*a.arguments()[i].type() != *b.arguments()[i].type()) return false;
  for (size_t i = 0; i < a.returns().size(); ++i)
    if (*a.returns()[i].type() != *b.returns()[i].type()) return false;
  return true;
}

Resolution resolveImpl(const OpInfo& info, const std::vector<TypePtr>& inputs, const std::vector<TypePtr>* outputs,
                       bool explain) {
  Resolution r;
  struct Match {
    const OpOverload* overload;
    int cost;
    TypeBindings bindings;
  };
  std::vector<Match> matches;
  for (const auto& o : info.overloads()) {
    const FunctionSchema& s = o->schema();
    if (outputs && !s.isVarret() && s.returns().size() != outputs->size()) {
      if (explain)
        r.whyNot += str(o->qualifiedName(), ": returns ", s.returns().size(), " values, the node has ", outputs->size(),
                        "\n");
      continue;
    }
    TypeBindings bindings;
    std::string why;
    auto cost = matchSchema(s, inputs, &bindings, explain ? &why : nullptr);
    if (!cost) {
      if (explain) r.whyNot += str(o->qualifiedName(), ": ", why, "\n");
      continue;
    }
    r.candidates.push_back(o.get());
    matches.push_back({o.get(), *cost, std::move(bindings)});
  }
  if (matches.empty()) return r;
  int best = matches[0].cost;
  for (const auto& m : matches) best = std::min(best, m.cost);
  std::vector<Match*> top;
  for (auto& m : matches)
    if (m.cost == best) top.push_back(&m);
  // Overloads that differ only in their return type (aten::pow.int -> float, aten::pow.int_to_int
  // -> int) are told apart by the node's output types.
  if (top.size() > 1 && outputs) {
    std::vector<Match*> fitting;
    for (Match* m : top)
      if (returnsAccept(m->overload->schema(), m->bindings, *outputs)) fitting.push_back(m);
    if (!fitting.empty()) top = std::move(fitting);
  }
  r.best = top[0]->overload;
  r.cost = best;
  r.bindings = top[0]->bindings;
  for (size_t i = 1; i < top.size(); ++i)
    if (!sameSignature(top[i]->overload->schema(), r.best->schema())) r.tied.push_back(top[i]->overload);
  return r;
}

}  // namespace

Resolution resolve(Symbol kind, const std::vector<TypePtr>& inputs, const std::vector<TypePtr>* outputs) {
  const OpInfo* info = findOp(kind);
  if (!info || info->isSpecial()) {
    Resolution r;
    r.whyNot = str(kind.toQualString(), info ? " has no schema" : " is not in the op table");
    return r;
  }
  Resolution r = resolveImpl(*info, inputs, outputs, /*explain=*/false);
  // Explanations cost string formatting for every overload: only when nothing matched.
  if (!r.best) r = resolveImpl(*info, inputs, outputs, /*explain=*/true);
  return r;
}

Resolution resolve(const Node& node) {
  std::vector<TypePtr> inputs;
  inputs.reserve(node.numInputs());
  for (const Value* v : node.inputs()) inputs.push_back(v->type());
  std::vector<TypePtr> outputs;
  outputs.reserve(node.numOutputs());
  for (const Value* v : node.outputs()) outputs.push_back(v->type());
  return resolve(node.kind(), inputs, &outputs);
}

const OpOverload* resolveOverload(Symbol kind, const std::vector<TypePtr>& inputs) {
  return resolve(kind, inputs).best;
}

const OpOverload* resolveOverload(const Node& node) { return resolve(node).best; }

const FunctionSchema* resolveSchema(const Node& node) {
  const OpOverload* o = resolveOverload(node);
  return o ? &o->schema() : nullptr;
}

}  // namespace tsjit::ops
