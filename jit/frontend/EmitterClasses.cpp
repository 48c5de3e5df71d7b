// EmitterClasses.cpp — user-defined types of a script: NamedTuple classes, classes, enums and
// `@torch.jit.interface` classes (InterfaceType; structural subtyping checked here, calls on an
// interface value are prim::CallMethod dispatched by the engines on the object's own class).
//
// `class Point(NamedTuple):` with annotated fields (`x: int`, `y: float = 0.0`) becomes a TupleType
// whose field names live in CompilerContext::tupleFieldNames: `Point(1, 2.0)` / `Point(x=1)` is a
// prim::TupleConstruct of that type, `p.x` a prim::TupleIndex, `a, b = p` unpacks as any tuple.
// A plain class (`class Pair:` — no base, or `object`) becomes ClassType `__torch__.Pair`: its
// attributes are the `self.x = v` assignments of __init__ (type of the first assignment, or its
// annotation), compiled before any other method; `Pair(a, b)` is prim::CreateObject followed by
// prim::CallMethod[name="__init__"]; methods compile on first use as module methods do.
// `class Color(Enum):` with `NAME = literal` members (all int, all float or all str) becomes an
// EnumType `__torch__.Color` (EnumClass / CompilerContext::enumType).
// Invariants: one TupleType per class per compilation (types compare by identity for the names);
// fields keep their declaration order; a missing field without default is a compile error.
#include "jit/frontend/EmitterImpl.h"
#include "jit/ir/EnumRegistry.h"

namespace tsjit::frontend::detail {

namespace {
bool isNamedTupleBase(const Expr& base) {
  std::string text(base.range().text());
  return text == "NamedTuple" || text == "typing.NamedTuple";
}
bool isEnumBase(const Expr& base) {
  std::string text(base.range().text());
  return text == "Enum" || text == "enum.Enum";
}

// The value of an enum member's right-hand side: an int, float or str literal (or a negated number).
std::optional<EnumType::MemberValue> enumMemberValue(const Expr& e) {
  if (e.kind() == Kind::StringLiteral) return StringLiteral(e.get()).text();
  bool negate = false;
  Expr x = e;
  if (x.kind() == Kind::Neg) {
    negate = true;
    x = UnaryOp(x.get()).operand();
  }
  if (x.kind() != Kind::Const) return std::nullopt;
  Const c(x.get());
  if (c.isComplex()) return std::nullopt;
  if (c.isIntegral()) return negate ? -c.asIntegral() : c.asIntegral();
  return negate ? -c.asFloatingPoint() : c.asFloatingPoint();
}

const char* memberTypeName(const EnumType::MemberValue& v) {
  return v.index() == 0 ? "int" : v.index() == 1 ? "float" : "str";
}
}  // namespace

TypePtr CompilerContext::enumType(const std::string& name) {
  if (auto it = enumTypes.find(name); it != enumTypes.end()) return it->second;
  auto cls = userClasses.find(name);
  if (cls == userClasses.end()) return nullptr;
  const ClassDef& cd = cls->second;
  bool isEnum = false;
  for (auto b : cd.bases()) isEnum = isEnum || isEnumBase(b);
  if (!isEnum) return nullptr;
  std::vector<EnumType::Member> members;
  for (auto s : cd.body()) {
    if (s.kind() == Kind::Pass) continue;
    if (s.kind() == Kind::ExprStmt && ExprStmt(s.get()).expr().kind() == Kind::StringLiteral) continue;
    if (s.kind() != Kind::Assign) fail(s.range(), "Enum classes may only hold members written `NAME = value`");
    Assign a(s.get());
    if (a.lhs().kind() != Kind::Ident || !a.rhs().present() || a.type().present())
      fail(s.range(), "Enum classes may only hold members written `NAME = value`");
    auto value = enumMemberValue(a.rhs().value());
    // 1.13's wording (it infers the type of a non-literal value as Any).
    if (!value) fail(a.rhs().value().range(), "Cannot create Enum with value type 'Any', only int, float and string are supported");
    if (!members.empty() && members[0].value.index() != value->index())
      fail(a.rhs().value().range(), str("Could not unify type list since element ", members.size(), " of type ",
                                        memberTypeName(*value), " did not match the types before it (",
                                        memberTypeName(members[0].value), ")"));
    std::string member = Ident(a.lhs().get()).name();
    for (const auto& m : members)
      if (m.name == member) fail(a.lhs().range(), "Enum member '" + member + "' is defined twice");
    members.push_back({member, std::move(*value)});
  }
  if (members.empty()) fail(cd.range(), "Enum class '" + name + "' has no members");
  static const TypePtr valueTypes[] = {IntType::get(), FloatType::get(), StringType::get()};
  TypePtr t = std::make_shared<EnumType>("__torch__." + name, valueTypes[members[0].value.index()], std::move(members));
  enumTypes[name] = t;
  registerEnumType(t);  // module state, `tsjit run` inputs and archive annotations name it later
  return t;
}

Value* EnumClass::asValue(const SourceRange& loc, FunctionEmitter& e) {
  Literal::List all;
  for (const auto& m : type->cast<EnumType>()->members()) all.elems.push_back(Literal{Literal::Enum{type, m.name}});
  Value* v = e.emitConst(Literal{std::move(all)}, loc);
  v->setType(ListType::create(type));
  return v;
}

SugaredPtr EnumClass::attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) {
  if (!type->cast<EnumType>()->findMember(name))
    fail(loc, type->str() + "' has no attribute '" + name + "'");  // 1.13's wording, its stray quote included
  return std::make_shared<SimpleValue>(e.emitConst(Literal{Literal::Enum{type, name}}, loc));
}

TypePtr FunctionEmitter::namedTupleType(const std::string& name) {
  CompilerContext& c = ctx_;
  if (auto it = c.namedTupleClasses.find(name); it != c.namedTupleClasses.end()) return it->second;
  auto cls = c.userClasses.find(name);
  if (cls == c.userClasses.end()) return nullptr;
  const ClassDef& cd = cls->second;
  bool named = false;
  for (auto b : cd.bases()) named = named || isNamedTupleBase(b);
  if (!named) return nullptr;
  std::vector<std::string> fields;
  std::vector<TypePtr> types;
  std::vector<std::optional<Expr>> defaults;
  for (auto s : cd.body()) {
    if (s.kind() == Kind::Pass) continue;
    if (s.kind() == Kind::ExprStmt && ExprStmt(s.get()).expr().kind() == Kind::StringLiteral) continue;
    if (s.kind() != Kind::Assign) fail(s.range(), "NamedTuple classes may only hold annotated fields");
    Assign a(s.get());
    if (!a.type().present() || a.lhs().kind() != Kind::Ident)
      fail(s.range(), "NamedTuple fields must be written `name: type` (with an optional default)");
    fields.push_back(Ident(a.lhs().get()).name());
    types.push_back(parseTypeExpr(a.type().value()));
    defaults.push_back(a.rhs().present() ? std::optional<Expr>(a.rhs().value()) : std::nullopt);
  }
  TypePtr t = TupleType::create(types);
  c.tupleFieldNames[t.get()] = fields;
  c.namedTupleClasses[name] = t;
  c.namedTupleDefaults[name] = std::move(defaults);
  return t;
}

SugaredPtr NamedTupleClass::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  const auto& fields = *e.ctx().fieldNames(type);
  const auto& types = type->cast<TupleType>()->elements();
  const auto& defaults = e.ctx().namedTupleDefaults[name];
  std::vector<Value*> bound(fields.size(), nullptr);
  auto args = apply.inputs();
  if (args.size() > fields.size())
    fail(loc, str(name, "() expected at most ", fields.size(), " argument(s) but received ", args.size(), " argument(s)"));
  for (size_t i = 0; i < args.size(); ++i) bound[i] = e.emitExpr(args[i], types[i]);
  for (auto kw : apply.attributes()) {
    size_t i = 0;
    while (i < fields.size() && fields[i] != kw.name().name()) ++i;
    if (i == fields.size()) fail(kw.range(), name + "() got an unexpected keyword argument '" + kw.name().name() + "'");
    if (bound[i]) fail(kw.range(), name + "() got multiple values for argument '" + kw.name().name() + "'");
    bound[i] = e.emitExpr(kw.value(), types[i]);
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    if (!bound[i]) {
      if (!defaults[i]) fail(loc, "Argument " + fields[i] + " not provided.");  // 1.13's wording
      bound[i] = e.emitExpr(*defaults[i], types[i]);
    }
    if (!bound[i]->type()->isSubtypeOf(types[i])) {
      Value* c = e.tryConvert(bound[i], types[i], true);
      if (!c)
        fail(loc, "Expected a value of type '" + typeName(types[i]) + "' for argument '" + fields[i] +
                      "' but instead found type '" + typeName(bound[i]->type()) + "'.");
      bound[i] = c;
    }
  }
  return std::make_shared<SimpleValue>(insertNode(e.graph(), prim::TupleConstruct, bound, type, loc));
}

std::shared_ptr<ModuleInfo> CompilerContext::userClass(const std::string& name, const SourceRange& loc) {
  if (auto it = userClassInfos.find(name); it != userClassInfos.end()) return it->second;
  auto cls = userClasses.find(name);
  if (cls == userClasses.end()) return nullptr;
  for (auto b : cls->second.bases()) {
    std::string base(b.range().text());
    if (base != "object") return nullptr;  // NamedTuple, nn.Module, ... are handled elsewhere
  }
  if (interfaceType(name)) return nullptr;  // @torch.jit.interface: a type, never instantiated
  return classInfo(name, "__torch__." + name, cls->second, loc);
}

// A class of the built-in library (torch.no_grad: `__torch__.torch.autograd.grad_mode.no_grad`).
std::shared_ptr<ModuleInfo> CompilerContext::libraryClass(const std::string& qualifiedName, const SourceRange& loc) {
  if (auto it = userClassInfos.find(qualifiedName); it != userClassInfos.end()) return it->second;
  parseLibraries();
  auto cls = libraryClasses.find(qualifiedName);
  if (cls == libraryClasses.end()) return nullptr;
  return classInfo(qualifiedName, qualifiedName, cls->second, loc);
}

std::shared_ptr<ModuleInfo> CompilerContext::classInfo(const std::string& key, const std::string& qualifiedName,
                                                       const ClassDef& def, const SourceRange& loc) {
  auto info = std::make_shared<ModuleInfo>();
  info->type = cu->classes().getOrCreate(qualifiedName);
  auto desc = std::make_shared<ModuleDesc>();
  desc->qualifiedName = info->type->qualifiedName();
  info->desc = desc;
  userClassInfos[key] = info;
  userClassTypes.insert(info->type.get());
  registerModule(info);
  // __init__ first: it declares the attributes every other method reads.
  bool hasInit = false;
  for (auto s : def.body())
    if (s.kind() == Kind::Def && Def(s.get()).name().name() == "__init__") hasInit = true;
  if (hasInit) getMethod(info, "__init__", loc);
  // Then every other method, used or not, as 1.13 compiles a script class whole (an archive holds
  // them all; an error in any of them is the class's). @torch.jit.ignore methods stay Python.
  for (auto s : def.body()) {
    if (s.kind() != Kind::Def) continue;
    Def m(s.get());
    if (m.name().name() != "__init__" && !m.hasDecorator("torch.jit.ignore")) getMethod(info, m.name().name(), loc);
  }
  // Record the interfaces the class implements (structurally), so that a value of it fits an
  // interface wherever a type is matched, also where no conversion is emitted (archive code's
  // `torch.append(out, obj)` onto a List[Shape]).
  FunctionEmitter fe(*this, info);
  for (const auto& [name, t] : interfaceTypes) {
    std::string why;
    if (const auto* iface = dynamic_cast<const InterfaceType*>(t.get()))
      if (!iface->isModuleInterface()) fe.implementsInterface(*info->type, *iface, loc, why);
  }
  return info;
}

Value* FunctionEmitter::emitMagicMethod(const SourceRange& loc, Value* self, const std::string& name,
                                        std::vector<Value*> args) {
  auto* cls = self->type()->cast<ClassType>();
  if (!cls || !ctx_.userClassTypes.count(cls)) return nullptr;
  auto info = ctx_.moduleInfos.at(cls);
  FunctionInfo* fn = ctx_.getMethod(info, name, loc);
  if (!fn) fail(loc, "Tried to access nonexistent attribute or method '" + name + "' of type '" + cls->qualifiedName() + "'.");
  std::vector<NamedValue> named;
  for (Value* a : args) named.push_back({loc, "", a});
  return emitUserCall(loc, *fn, self, true, name, std::move(named), {});
}

SugaredPtr UserClass::attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) {
  if (name == "__new__") return std::make_shared<UserClassNew>(info);
  return SugaredValue::attr(loc, e, name);
}

SugaredPtr UserClassNew::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  const std::string& q = info->type->qualifiedName();
  auto in = apply.inputs();
  if (in.size() != 1 || !apply.attributes().empty())
    fail(loc, q + ".__new__ expects exactly one argument, the class itself");
  TypePtr named = e.parseTypeExpr(in[0]);
  if (named.get() != info->type.get())
    fail(in[0].range(), q + ".__new__ must be called with " + q + " (got " + typeName(named) + ")");
  Value* obj = insertNode(e.graph(), prim::CreateObject, {}, info->type, loc);
  return std::make_shared<ModuleValue>(obj, info);
}

SugaredPtr UserClass::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  // The arguments first, then the object (1.13's order: `C(i + 1)` is add, CreateObject, __init__).
  FunctionInfo* init = e.ctx().getMethod(info, "__init__", loc);
  auto args = e.emitArgs(apply.inputs());
  auto kwargs = e.emitKwargs(apply.attributes());
  Value* obj = insertNode(e.graph(), prim::CreateObject, {}, info->type, loc);
  if (init) {
    e.emitUserCall(loc, *init, obj, true, "__init__", std::move(args), std::move(kwargs));
  } else if (!args.empty() || !kwargs.empty()) {
    fail(loc, info->type->baseName() + "() takes no arguments");
  }
  return std::make_shared<ModuleValue>(obj, info);
}

}  // namespace tsjit::frontend::detail

namespace tsjit::frontend::detail {

// ---------------------------------------------------------------------------------------------
// Interfaces: `@torch.jit.interface class Shape:` with methods whose bodies are `pass`.

namespace {
bool isInterfaceClass(const ClassDef& cd) {
  for (auto d : cd.decorators()) {
    std::string text(d.range().text());
    if (text == "torch.jit.interface" || text == "jit.interface") return true;
  }
  // Archive code declares interfaces as `class I(ModuleInterface):` / `class I(Interface):`.
  for (auto b : cd.bases()) {
    std::string base(b.range().text());
    if (base == "ModuleInterface" || base == "Interface") return true;
  }
  return false;
}
bool derivesFromModule(const ClassDef& cd) {
  for (auto b : cd.bases()) {
    std::string base(b.range().text());
    if (base == "torch.nn.Module" || base == "nn.Module" || base == "Module" || base == "ModuleInterface") return true;
  }
  return false;
}
bool isDocstring(const Stmt& s) {
  return s.kind() == Kind::ExprStmt && ExprStmt(s.get()).expr().kind() == Kind::StringLiteral;
}
}  // namespace

TypePtr CompilerContext::interfaceType(const std::string& name) {
  if (auto it = interfaceTypes.find(name); it != interfaceTypes.end()) return it->second;
  auto cls = userClasses.find(name);
  if (cls == userClasses.end() || !isInterfaceClass(cls->second)) return nullptr;
  const ClassDef& cd = cls->second;
  auto t = std::make_shared<InterfaceType>("__torch__." + name);
  t->setModuleInterface(derivesFromModule(cd));
  interfaceTypes[name] = t;  // before the signatures, which may name the interface itself
  cu->classes().add(t);      // `__torch__.I` in annotations and module state names it
  FunctionEmitter fe(*this);
  std::vector<InterfaceType::Method> methods;
  for (auto s : cd.body()) {
    if (s.kind() == Kind::Pass || isDocstring(s)) continue;
    if (s.kind() != Kind::Def) fail(s.range(), "interface classes may only hold method declarations");
    Def d(s.get());
    for (auto b : d.statements())
      if (b.kind() != Kind::Pass && !isDocstring(b))
        fail(b.range(), "interfaces declarations should contain 'pass' statement.");  // 1.13's wording
    auto params = d.decl().params();
    if (params.empty() || params[0].ident().name() != "self")
      fail(d.range(), "methods must have a 'self' first parameter");
    InterfaceType::Method m;
    m.name = d.name().name();
    for (size_t i = 1; i < params.size(); ++i) {
      Param p = params[i];
      if (p.isVarArgs() || p.isKwArgs()) fail(p.range(), "variadic arguments (*args, **kwargs) are not supported");
      m.argNames.push_back(p.ident().name());
      m.argTypes.push_back(p.type().present() ? fe.parseTypeExpr(p.type().value()) : TensorType::get());
    }
    m.returnType = d.decl().returnType().present() ? fe.parseTypeExpr(d.decl().returnType().value()) : NoneType::get();
    methods.push_back(std::move(m));
  }
  t->setInterfaceMethods(std::move(methods));
  return t;
}

namespace {
std::string signatureText(const std::string& name, const std::string& selfType, const std::vector<std::string>& argNames,
                          const std::vector<TypePtr>& argTypes, const TypePtr& ret) {
  std::string s = name + "(" + selfType + " self";
  for (size_t i = 0; i < argNames.size(); ++i) s += ", " + argTypes[i]->annotationStr() + " " + argNames[i];
  return s + ") -> " + (ret ? ret->annotationStr() : "NoneType");
}
}  // namespace

bool FunctionEmitter::implementsInterface(const ClassType& cls, const InterfaceType& iface, const SourceRange& loc,
                                          std::string& why) {
  if (iface.isImplementedBy(cls.qualifiedName())) return true;
  // `cls` is a user class (its methods compiled on demand) or another interface (its signatures).
  const auto* other = dynamic_cast<const InterfaceType*>(&cls);
  auto mi = ctx_.moduleInfos.find(&cls);
  if (!other && mi == ctx_.moduleInfos.end()) return false;  // a script class or a module
  for (const InterfaceType::Method& m : iface.interfaceMethods()) {
    std::vector<std::string> names;
    std::vector<TypePtr> types;
    TypePtr ret;
    bool found = false;
    if (other) {
      if (const InterfaceType::Method* om = other->findInterfaceMethod(m.name))
        found = true, names = om->argNames, types = om->argTypes, ret = om->returnType;
    } else if (FunctionInfo* fn = ctx_.getMethod(mi->second, m.name, loc)) {
      found = true, names = fn->argNames, types = fn->argTypes, ret = fn->returnType ? fn->returnType : NoneType::get();
    }
    if (!found) {  // 1.13's wording
      why = std::string(other ? "Interface '" : "Class '") + cls.qualifiedName() + "' does not have method '" + m.name +
            "' but " + (other ? "interface '" : "'") + iface.qualifiedName() + "' does.";
      return false;
    }
    bool ok = types.size() == m.argTypes.size();
    for (size_t i = 0; ok && i < m.argTypes.size(); ++i) ok = m.argTypes[i]->isSubtypeOf(types[i]);
    ok = ok && ret->isSubtypeOf(m.returnType);
    if (!ok) {
      why = "Method on class '" + cls.qualifiedName() + "' (1) is not compatible with interface '" +
            iface.qualifiedName() + "' (2)\n  (1) " + signatureText(m.name, cls.str(), names, types, ret) +
            "\n  (2) " + signatureText(m.name, iface.str(), m.argNames, m.argTypes, m.returnType);
      return false;
    }
  }
  iface.addImplementer(cls.qualifiedName());
  return true;
}

SugaredPtr InterfaceMethod::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  const auto& iface = self->type()->expect<InterfaceType>();
  const InterfaceType::Method* m = iface.findInterfaceMethod(name);
  auto args = e.emitArgs(apply.inputs());
  auto kwargs = e.emitKwargs(apply.attributes());
  size_t n = m->argNames.size();
  std::vector<Value*> bound(n, nullptr);
  if (args.size() > n)
    fail(loc, str(name, "() expected at most ", n, " argument(s) but received ", args.size(), " argument(s)"));
  for (size_t i = 0; i < args.size(); ++i) bound[i] = args[i].value;
  for (auto& kw : kwargs) {
    size_t i = 0;
    while (i < n && m->argNames[i] != kw.name) ++i;
    if (i == n) fail(kw.loc, name + "() got an unexpected keyword argument '" + kw.name + "'");
    if (bound[i]) fail(kw.loc, name + "() got multiple values for argument '" + kw.name + "'");
    bound[i] = kw.value;
  }
  std::vector<Value*> inputs{self};
  for (size_t i = 0; i < n; ++i) {
    if (!bound[i]) {  // 1.13's wording: the interface's schema (it keeps no defaults), then the argument
      std::string schema = name + "(" + iface.str() + " self";
      for (size_t j = 0; j < n; ++j) schema += ", " + m->argTypes[j]->str() + " " + m->argNames[j];
      fail(loc, schema + ") -> " + m->returnType->str() + ":\nArgument " + m->argNames[i] + " not provided.");
    }
    Value* c = e.tryConvert(bound[i], m->argTypes[i], true);
    if (!c)
      fail(i < args.size() ? args[i].loc : loc, "Expected a value of type '" + typeName(m->argTypes[i]) +
                                                    "' for argument '" + m->argNames[i] + "' but instead found type '" +
                                                    typeName(bound[i]->type()) + "'.");
    inputs.push_back(c);
  }
  Node* call = e.graph().insert(prim::CallMethod, inputs, 1);
  call->s_(attr::name, name);
  call->setSourceRange(loc);
  call->output()->setType(m->returnType);
  return std::make_shared<SimpleValue>(call->output());
}

}  // namespace tsjit::frontend::detail
