// EmitterCall.cpp — calls: overload resolution of builtin ops against the op table's schemas
// (positional + keyword arguments, defaults materialised as constants, varargs packed into int[]
// lists, tuple/list literal conversion, fixed-size int lists, and TorchScript's implicit
// conversions in a second pass: Tensor -> int/float/Scalar, number -> Tensor, str -> Device),
// calls of user functions (prim::CallFunction) and methods (prim::CallMethod).
// Resolution: pass 1 without implicit conversions, pass 2 with; within a pass the match with the
// least ops::matchSchema cost wins (ties: table order). Failures list every candidate and why.
#include <algorithm>

#include "jit/frontend/EmitterImpl.h"
#include "jit/ops/SchemaMatching.h"

namespace tsjit::frontend::detail {

namespace {
bool containsVar(const TypePtr& t) {
  if (t->kind() == TypeKind::Var) return true;
  for (auto& c : t->containedTypes())
    if (containsVar(c)) return true;
  return false;
}

Literal defaultLiteral(const DefaultValue& d) {
  return std::visit(
      [](const auto& x) -> Literal {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::monostate>) return Literal{Literal::None{}};
        else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, int64_t> || std::is_same_v<T, double> ||
                           std::is_same_v<T, std::string>)
          return Literal{x};
        else if constexpr (std::is_same_v<T, EnumDefault>) return Literal{x.value};
        else {
          Literal::List l;
          for (const auto& e : x) {
            if constexpr (std::is_same_v<T, std::vector<bool>>) l.elems.push_back(Literal{static_cast<bool>(e)});
            else l.elems.push_back(Literal{e});
          }
          return Literal{l};
        }
      },
      d);
}
}  // namespace

Value* FunctionEmitter::tryConvert(Value* v, const TypePtr& type, bool allowConversions, std::optional<int64_t> fixedN) {
  if (containsVar(type)) return v;
  if (const auto* iface = dynamic_cast<const InterfaceType*>(type.get())) {  // structural: no node
    const auto* cls = v->type()->cast<ClassType>();
    if (cls && cls != iface && !iface->isImplementedBy(cls->qualifiedName())) {
      std::string why;
      if (!implementsInterface(*cls, *iface, v->node()->sourceRange(), why)) interfaceMismatch_ = why;
    }
  }
  if (v->type()->isSubtypeOf(type)) return v;
  Graph& g = *graph_;
  if (auto* o = type->cast<OptionalType>()) {
    if (v->type()->kind() == TypeKind::None) return v;
    return tryConvert(v, o->elementType(), allowConversions, fixedN);
  }
  if (auto* u = type->cast<UnionType>()) {  // the first member v converts to (an int for Union[float, str])
    for (const TypePtr& m : u->members())
      if (m->kind() != TypeKind::None)
        if (Value* c = tryConvert(v, m, allowConversions, fixedN)) return c;
    return nullptr;
  }
  if (auto* lt = type->cast<ListType>()) {
    const TypePtr& elem = lt->elementType();
    // Any[] (aten::len.any): every list qualifies as it is; a list literal is not rebuilt.
    if (elem->kind() == TypeKind::Any && v->type()->kind() == TypeKind::List) return v;
    Node* p = v->node();
    if (fixedN && elem->kind() == TypeKind::Int && v->type()->kind() == TypeKind::Int)
      return emitList(elem, std::vector<Value*>(static_cast<size_t>(*fixedN), v));
    std::vector<Value*> items;
    // A list literal written in the call is rebuilt with the wanted element type; a list that is a
    // variable or already used (a comprehension's appends) is a value: rebuilding it would read its
    // elements before they are appended and drop its identity.
    bool literal = p->kind() == prim::ListConstruct && v->uses().empty() && !v->hasDebugName();
    if (literal || p->kind() == prim::TupleConstruct) {
      items = p->inputs();
    } else if (v->type()->kind() == TypeKind::Tuple) {
      items = unpackTuple(v, {});
    } else {
      return nullptr;
    }
    for (auto*& it : items) {
      Value* c = tryConvert(it, elem, allowConversions);
      if (!c) return nullptr;
      it = c;
    }
    return emitList(elem, items);
  }
  if (!allowConversions) return nullptr;
  TypeKind from = v->type()->kind(), to = type->kind();
  if (from == TypeKind::Tensor) {
    if (to == TypeKind::Int) return insertNode(g, Symbol::aten("Int"), {v}, IntType::get());
    if (to == TypeKind::Float) return insertNode(g, Symbol::aten("Float"), {v}, FloatType::get());
    if (to == TypeKind::Number) return insertNode(g, Symbol::aten("ScalarImplicit"), {v}, NumberType::get());
    if (to == TypeKind::Bool) return insertNode(g, Symbol::aten("Bool"), {v}, BoolType::get());
  }
  if (to == TypeKind::Tensor && (from == TypeKind::Int || from == TypeKind::Float || from == TypeKind::Number))
    return insertNode(g, prim::NumToTensor, {v}, TensorType::get());
  if (from == TypeKind::Number && (to == TypeKind::Int || to == TypeKind::Float))  // x.item() as a float
    return insertNode(g, Symbol::aten(to == TypeKind::Int ? "Int" : "Float"), {v}, type);
  // No int -> float here: 1.13 converts only a Tensor or a Number to an int / float (and a str to
  // a Device). F.elu(x, 2), g(1) with g(a: float), `y: float = 1` and `return 1` from a float
  // function are compile errors there.
  if (to == TypeKind::Device && from == TypeKind::Str) return insertNode(g, Symbol::aten("device"), {v}, DeviceObjType::get());
  return nullptr;
}

std::vector<NamedValue> FunctionEmitter::emitArgs(const ListView<Expr>& args) {
  std::vector<NamedValue> out;
  for (auto a : args) {
    if (a.kind() == Kind::Starred) {  // f(*t): a tuple's elements as positional arguments
      Value* t = emitExpr(Starred(a.get()).expr());
      if (!t->type()->cast<TupleType>())
        fail(a.range(), "starred arguments are supported for tuples only, got " + typeName(t->type()));
      for (Value* v : unpackTuple(t, a.range())) out.push_back({a.range(), "", v});
      continue;
    }
    out.push_back({a.range(), "", emitExpr(a)});
  }
  return out;
}

std::vector<NamedValue> FunctionEmitter::emitKwargs(const ListView<KeywordArg>& kwargs) {
  std::vector<NamedValue> out;
  for (auto k : kwargs) out.push_back({k.range(), k.name().name(), emitExpr(k.value())});
  return out;
}

namespace {
struct Match {
  std::vector<Value*> inputs;
  int cost = 0;
  ops::TypeBindings bindings;
};
}  // namespace

static std::optional<Match> matchOverload(FunctionEmitter& e, const FunctionSchema& schema, const std::vector<NamedValue>& args,
                                          const std::vector<NamedValue>& kwargs, bool allowConv, std::string& why) {
  const auto& sargs = schema.arguments();
  std::vector<Value*> bound(sargs.size(), nullptr);
  size_t ai = 0;
  bool packed = false;
  for (size_t i = 0; i < sargs.size() && ai < args.size(); ++i) {
    const Argument& a = sargs[i];
    if (a.kwargOnly) break;
    bool lastPositional = i + 1 == sargs.size() || sargs[i + 1].kwargOnly;
    const TypePtr& at = unwrapOptional(a.type());
    TypeKind given = args.size() > ai ? args[ai].value->type()->kind() : TypeKind::None;
    TypeKind elemKind = at->kind() == TypeKind::List ? at->cast<ListType>()->elementType()->kind() : TypeKind::None;
    bool numberList = elemKind == TypeKind::Int || elemKind == TypeKind::Float;
    if (lastPositional && at->kind() == TypeKind::List && args.size() - ai >= 1 && !a.N() &&
        !containsVar(at->cast<ListType>()->elementType()) && (numberList || a.type()->kind() == TypeKind::List) &&
        given != TypeKind::List && given != TypeKind::Tuple && given != TypeKind::Optional && given != TypeKind::None) {
      // varargs, as PyTorch's varargsCanBeUsedAsList: x.view(2, 3), torch.einsum("ij,jk", a, b),
      // torch.broadcast_tensors(a, b) (the last positional list parameter, not a fixed-size one).
      const TypePtr& elem = at->cast<ListType>()->elementType();
      std::vector<Value*> items;
      for (; ai < args.size(); ++ai) {
        Value* c = e.tryConvert(args[ai].value, elem, allowConv);
        if (!c) {
          why = "expected " + typeName(elem) + " for the elements of '" + a.name + "' but found " +
                typeName(args[ai].value->type());
          return std::nullopt;
        }
        items.push_back(c);
      }
      bound[i] = e.emitList(elem, items);
      packed = true;
      break;
    }
    bound[i] = args[ai++].value;
  }
  std::vector<Value*> extra;
  if (schema.isVararg())
    while (ai < args.size()) extra.push_back(args[ai++].value);
  if (ai < args.size()) {
    why = str("expected at most ", schema.positionalCount(), " positional argument(s) but received ", args.size());
    return std::nullopt;
  }
  for (const auto& kw : kwargs) {
    auto idx = schema.argumentIndex(kw.name);
    if (!idx) {
      why = "keyword argument '" + kw.name + "' unknown";
      return std::nullopt;
    }
    if (bound[*idx]) {
      why = "argument '" + kw.name + "' specified twice";
      return std::nullopt;
    }
    bound[*idx] = kw.value;
  }
  Match m;
  std::vector<TypePtr> types;
  for (size_t i = 0; i < sargs.size(); ++i) {
    const Argument& a = sargs[i];
    Value* v = bound[i];
    if (!v) {
      if (!a.defaultValue) {
        why = "argument '" + a.name + "' not provided";
        return std::nullopt;
      }
      Literal lit = defaultLiteral(*a.defaultValue);
      if (std::holds_alternative<Literal::List>(lit.v) && std::get<Literal::List>(lit.v).elems.empty()) {
        v = e.emitList(unwrapOptional(a.type())->cast<ListType>() ? unwrapOptional(a.type())->cast<ListType>()->elementType()
                                                                  : IntType::get(),
                       {});
      } else {
        v = e.emitConst(lit);
      }
    }
    Value* c = e.tryConvert(v, a.type(), allowConv, a.N());
    if (!c) {
      why = "expected a value of type '" + typeName(a.type()) + "' for argument '" + a.name + "' but found '" +
            typeName(v->type()) + "'";
      return std::nullopt;
    }
    // AnyEnumType is Any in tsjit's schemas; 1.13 binds only an enum to it (eq.enum does not take
    // an Optional[int]: `o == 3` is a compile error there).
    if (a.declared.name == "AnyEnumType" && c->type()->kind() != TypeKind::Enum) {
      why = "expected a value of type 'AnyEnumType' for argument '" + a.name + "' but found '" + typeName(c->type()) + "'";
      return std::nullopt;
    }
    m.inputs.push_back(c);
    types.push_back(c->type());
  }
  for (Value* v : extra) {
    m.inputs.push_back(v);
    types.push_back(v->type());
  }
  std::string w;
  auto cost = ops::matchSchema(schema, types, &m.bindings, &w);
  if (!cost) {
    why = w;
    return std::nullopt;
  }
  // Packing varargs and passing a plain int as a ScalarType are both one widening, so
  // view(-1) prefers view(SymInt[]) and x.to(6) aten::to.dtype, as PyTorch does.
  m.cost = *cost + (packed ? 1 : 0);
  for (size_t i = 0; i < sargs.size(); ++i)
    if (sargs[i].declared.unwrapOptional().name == "ScalarType" && m.inputs[i]->type()->kind() == TypeKind::Int) ++m.cost;
  return m;
}

// Archive code older than version 8 (linspace) / 9 (logspace): `steps` left out or None is 100
// (CompileOptions::archiveVersion). A run-time Optional[int] steps is an error naming the version.
static void upgradeOptionalSteps(FunctionEmitter& e, const SourceRange& loc, Symbol kind, std::vector<NamedValue>& args,
                                 std::vector<NamedValue>& kwargs) {
  int64_t version = e.ctx().options ? e.ctx().options->archiveVersion : 0;
  bool lin = kind == Symbol::aten("linspace"), log = kind == Symbol::aten("logspace");
  if (version <= 0 || !((lin && version < 8) || (log && version < 9))) return;
  NamedValue* steps = args.size() >= 3 ? &args[2] : nullptr;
  for (auto& kw : kwargs)
    if (kw.name == "steps") steps = &kw;
  if (!steps) {
    if (args.size() == 2) args.push_back({loc, "", e.emitConst(Literal{int64_t{100}}, loc)});
    return;
  }
  TypeKind k = steps->value->type()->kind();
  if (k == TypeKind::None) steps->value = e.emitConst(Literal{int64_t{100}}, loc);
  else if (k == TypeKind::Optional)
    fail(loc, kind.toQualString() + " with a run-time optional 'steps' in code of file format version " +
                  std::to_string(version) + " is not supported");
}

Value* FunctionEmitter::emitBuiltinCall(const SourceRange& loc, Symbol kind, std::vector<NamedValue> args,
                                        std::vector<NamedValue> kwargs, bool throwOnFail,
                                        std::optional<Symbol> nodeKind) {
  upgradeOptionalSteps(*this, loc, kind, args, kwargs);
  const ops::OpInfo* op = ops::findOp(kind);
  if (!op || op->isSpecial()) {
    if (!throwOnFail) return nullptr;
    fail(loc, "unknown builtin op: " + kind.toQualString());
  }
  std::string failures;
  for (bool allowConv : {false, true}) {
    const ops::OpOverload* best = nullptr;
    std::optional<Match> bestMatch;
    for (const auto& ov : op->overloads()) {
      std::string why;
      auto m = matchOverload(*this, ov->schema(), args, kwargs, allowConv, why);
      if (!m) {
        if (allowConv) failures += "  " + ov->schema().str() + ":\n    " + why + "\n";
        continue;
      }
      if (!bestMatch || m->cost < bestMatch->cost) {
        best = ov.get();
        bestMatch = std::move(m);
      }
    }
    if (!best) continue;
    const FunctionSchema& s = best->schema();
    size_t nret = s.returns().size();
    Node* n = graph_->insert(nodeKind.value_or(kind), bestMatch->inputs, nret);
    n->setSourceRange(loc);
    for (size_t i = 0; i < nret; ++i) {
      TypePtr t = ops::substituteTypeVars(s.returns()[i].type(), bestMatch->bindings);
      if (containsVar(t)) t = AnyType::get();
      n->output(i)->setType(t);
    }
    if (nret == 0) return emitNone();
    if (nret == 1) return n->output();
    Value* tuple = emitTuple(n->outputs());
    std::vector<std::string> names;
    for (const auto& r : s.returns()) names.push_back(r.name);
    if (std::none_of(names.begin(), names.end(), [](const std::string& x) { return x.empty(); }))
      ctx().tupleFieldNames[tuple->type().get()] = std::move(names);  // (values, indices)
    return tuple;
  }
  if (!throwOnFail) return nullptr;
  std::string argDesc;
  for (size_t i = 0; i < args.size(); ++i) argDesc += (i ? ", " : "") + typeName(args[i].value->type());
  for (auto& kw : kwargs) argDesc += (argDesc.empty() ? "" : ", ") + kw.name + "=" + typeName(kw.value->type());
  fail(loc, "Arguments for call are not valid.\nThe following variants are available for " + kind.toQualString() +
                "(" + argDesc + "):\n" + failures);
}

Value* FunctionEmitter::emitUserCall(const SourceRange& loc, FunctionInfo& fn, Value* self, bool isMethod,
                                     const std::string& methodName, std::vector<NamedValue> args,
                                     std::vector<NamedValue> kwargs) {
  size_t n = fn.argNames.size();
  std::vector<Value*> bound(n, nullptr);
  if (args.size() > n)
    fail(loc, str(fn.qualifiedName, "() expected at most ", n, " argument(s) but received ", args.size(), " argument(s)"));
  for (size_t i = 0; i < args.size(); ++i) bound[i] = args[i].value;
  for (auto& kw : kwargs) {
    size_t i = 0;
    while (i < n && fn.argNames[i] != kw.name) ++i;
    if (i == n) fail(kw.loc, fn.qualifiedName + "() got an unexpected keyword argument '" + kw.name + "'");
    if (bound[i]) fail(kw.loc, fn.qualifiedName + "() got multiple values for argument '" + kw.name + "'");
    bound[i] = kw.value;
  }
  std::vector<Value*> inputs;
  if (!isMethod) {
    Node* c = graph_->insert(prim::Constant, {}, 1);
    // 1.13 prints the last component; when another def shares it (an archive's mangled overloads:
    // functional.interpolate and functional.___torch_mangle_1.interpolate), the qualified name
    // keeps the two apart (CompilationUnit::findCallee reads either).
    std::string shortName = fn.qualifiedName.substr(fn.qualifiedName.rfind('.') + 1);
    size_t namesakes = ctx_.userDefs.count(shortName);
    for (const auto& [qualified, def] : ctx_.libraryDefs)
      if (qualified.size() > shortName.size() && qualified.ends_with("." + shortName)) ++namesakes;
    c->s_(attr::name, namesakes > 1 ? fn.qualifiedName : shortName);
    c->output()->setType(FunctionType::get());
    inputs.push_back(c->output());
  } else {
    inputs.push_back(self);
  }
  for (size_t i = 0; i < n; ++i) {
    Value* v = bound[i];
    if (!v) {
      if (!fn.defaults[i]) fail(loc, fn.qualifiedName + "() is missing value for argument '" + fn.argNames[i] + "'");
      if (auto* l = std::get_if<Literal::List>(&fn.defaults[i]->v)) {
        // PyTorch materialises list defaults of script functions as a ListConstruct.
        std::vector<Value*> items;
        for (const Literal& x : l->elems) items.push_back(emitConst(x));
        TypePtr et = unwrapOptional(fn.argTypes[i])->cast<ListType>() ? unwrapOptional(fn.argTypes[i])->cast<ListType>()->elementType()
                                                                       : IntType::get();
        v = emitList(et, items);
      } else {
        v = emitConst(*fn.defaults[i]);
      }
    }
    std::optional<int64_t> n;
    if (v->type()->kind() == TypeKind::Int && unwrapOptional(fn.argTypes[i])->kind() == TypeKind::List) {
      // BroadcastingListN parameters: N from the declaration when it says so (library and source
      // defs); archive code prints them as List[int], so recover N from a list default's length,
      // else from the function's name (max_pool2d; F.unfold / F.fold take pairs).
      const std::string& q = fn.qualifiedName;
      auto endsWith = [&](const std::string& tail) {
        return q.size() >= tail.size() && q.compare(q.size() - tail.size(), tail.size(), tail) == 0;
      };
      const Literal::List* listDefault =
          i < fn.defaults.size() && fn.defaults[i] ? std::get_if<Literal::List>(&fn.defaults[i]->v) : nullptr;
      n = i < fn.broadcastN.size() && fn.broadcastN[i]    ? *fn.broadcastN[i]
          : listDefault && !listDefault->elems.empty()    ? static_cast<int64_t>(listDefault->elems.size())
          : q.find("3d") != std::string::npos             ? 3
          : q.find("2d") != std::string::npos || endsWith(".unfold") || endsWith(".fold") ? 2
                                                          : 1;
    }
    interfaceMismatch_.clear();
    // torch.norm's p: 1.13 declares it Optional[number] in torch.functional's @overloads (an int
    // p is taken, torch.norm(x, 2)); the library's one def says Union[float, str, None].
    if (v->type()->kind() == TypeKind::Int && fn.qualifiedName == "__torch__.torch.functional.norm" &&
        fn.argNames[i] == "p")
      v = insertNode(*graph_, Symbol::aten("Float"), {v}, FloatType::get());
    Value* c = tryConvert(v, fn.argTypes[i], true, n);
    if (!c)
      fail(i < args.size() ? args[i].loc : loc,
           "Expected a value of type '" + typeName(fn.argTypes[i]) + "' for argument '" + fn.argNames[i] +
               "' but instead found type '" + typeName(v->type()) + "'." +
               (interfaceMismatch_.empty() ? "" : "\n" + interfaceMismatch_));
    inputs.push_back(c);
  }
  Node* call = graph_->insert(isMethod ? prim::CallMethod : prim::CallFunction, inputs, 1);
  if (isMethod) call->s_(attr::name, methodName);
  call->setSourceRange(loc);
  call->output()->setType(fn.returnType);
  return call->output();
}

SugaredPtr BuiltinFunction::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  auto args = e.emitArgs(apply.inputs());
  auto kwargs = e.emitKwargs(apply.attributes());
  if (inputIsSelf)
    if (const ops::OpInfo* op = ops::findOp(symbol)) {
      bool hasInput = false;
      for (const auto& ov : op->overloads()) hasInput = hasInput || ov->schema().argumentIndex("input").has_value();
      for (auto& kw : kwargs)
        if (kw.name == "input" && !hasInput) kw.name = "self";
    }
  return std::make_shared<SimpleValue>(e.emitBuiltinCall(loc, symbol, std::move(args), std::move(kwargs), true, nodeKind));
}

SugaredPtr FunctionRef::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  // torch.tensordot(a, b, dims_a, dims_b): the builtin under the scripted function's name (what
  // 1.13's own tensordot body, and so archive code, calls).
  if (qualifiedName == "__torch__.torch.functional.tensordot" && apply.inputs().size() == 4)
    return BuiltinFunction(Symbol::aten("tensordot")).call(loc, e, apply);
  FunctionInfo* fn = e.ctx().getFunction(qualifiedName, loc);
  if (!fn) fail(loc, "unknown function " + qualifiedName);
  auto args = e.emitArgs(apply.inputs());
  auto kwargs = e.emitKwargs(apply.attributes());
  if (!fn->argTypes.empty() && *fn->argTypes[0] == *ListType::create(TensorType::get()) && !args.empty() &&
      isTensor(args[0].value->type())) {
    // Varargs of a List[Tensor] first parameter, as for builtins: torch.meshgrid(a, b).
    std::vector<Value*> items;
    size_t k = 0;
    for (; k < args.size() && isTensor(args[k].value->type()); ++k) items.push_back(args[k].value);
    NamedValue packed{loc, "", e.emitList(TensorType::get(), items)};
    args.erase(args.begin(), args.begin() + static_cast<long>(k));
    args.insert(args.begin(), packed);
  }
  // An archive's code may hold mangled overloads of the function (1.13 compiles each @_overload of
  // F.interpolate it uses: functional.interpolate, functional.___torch_mangle_1.interpolate): the
  // archive's plain one, then its mangled ones, then the built-in library's; the first whose
  // signature takes the arguments is called (a failed try leaves no nodes behind).
  std::vector<std::string> candidates;
  const size_t dot = qualifiedName.rfind('.');
  const std::string module = dot == std::string::npos ? "" : qualifiedName.substr(0, dot);
  const bool plainFromArchive = e.ctx().callerLibraryPrefixes.count(module) > 0;
  if (plainFromArchive) candidates.push_back(qualifiedName);
  if (dot != std::string::npos) {  // a plain name (a user's def, a formula's helper) has no overloads
    const std::string mangled = module + ".___torch_mangle_", last = qualifiedName.substr(dot);
    for (const auto& [q, def] : e.ctx().libraryDefs)
      if (q.rfind(mangled, 0) == 0 && q.ends_with(last) && q.find('.', mangled.size()) == q.size() - last.size())
        candidates.push_back(q);
  }
  if (!plainFromArchive) candidates.push_back(qualifiedName);
  for (size_t k = 0; k < candidates.size(); ++k) {
    FunctionInfo* callee = candidates[k] == qualifiedName ? fn : e.ctx().getFunction(candidates[k], loc);
    if (!callee) fail(loc, "unknown function " + candidates[k]);
    if (k + 1 == candidates.size())
      return std::make_shared<SimpleValue>(
          e.emitUserCall(loc, *callee, nullptr, false, "", std::move(args), std::move(kwargs)));
    Node* before = e.graph().insertPoint();
    Node* mark = before->prev();
    try {
      return std::make_shared<SimpleValue>(e.emitUserCall(loc, *callee, nullptr, false, "", args, kwargs));
    } catch (const CompileError&) {
      while (before->prev() != mark) before->prev()->destroy();
    }
  }
  fail(loc, "unknown function " + qualifiedName);
}

SugaredPtr ExceptionClass::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  Value* msg = nullptr;
  auto args = apply.inputs();
  if (args.size() > 0) {
    msg = e.emitExpr(args[0]);
    if (msg->type()->kind() != TypeKind::Str) msg = e.emitBuiltinCall(loc, Symbol::aten("str"), {{loc, "", msg}}, {});
  }
  return std::make_shared<ExceptionInstance>(name, msg);
}

}  // namespace tsjit::frontend::detail
