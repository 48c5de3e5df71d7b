// EmitterClasses.cpp — user-defined types of a script: NamedTuple classes and classes.
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
  auto info = std::make_shared<ModuleInfo>();
  info->type = cu->classes().getOrCreate("__torch__." + name);
  auto desc = std::make_shared<ModuleDesc>();
  desc->qualifiedName = info->type->qualifiedName();
  info->desc = desc;
  userClassInfos[name] = info;
  userClassTypes.insert(info->type.get());
  registerModule(info);
  // __init__ first: it declares the attributes every other method reads.
  bool hasInit = false;
  for (auto s : cls->second.body())
    if (s.kind() == Kind::Def && Def(s.get()).name().name() == "__init__") hasInit = true;
  if (hasInit) getMethod(info, "__init__", loc);
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

SugaredPtr UserClass::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  Value* obj = insertNode(e.graph(), prim::CreateObject, {}, info->type, loc);
  FunctionInfo* init = e.ctx().getMethod(info, "__init__", loc);
  auto args = e.emitArgs(apply.inputs());
  auto kwargs = e.emitKwargs(apply.attributes());
  if (init) {
    e.emitUserCall(loc, *init, obj, true, "__init__", std::move(args), std::move(kwargs));
  } else if (!args.empty() || !kwargs.empty()) {
    fail(loc, info->type->baseName() + "() takes no arguments");
  }
  return std::make_shared<ModuleValue>(obj, info);
}

}  // namespace tsjit::frontend::detail
