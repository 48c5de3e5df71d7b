// EmitterModule.cpp — defs and modules: emitting a def's signature and body into a Graph, the
// CompilerContext that finds defs (user source, library code from archives) and compiles each
// once, module values (prim::GetAttr of parameters/buffers/attributes/submodules, constants baked
// in, prim::CallMethod), the ModuleDesc -> ClassType/Object builder, and the public entry points.
#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <sstream>

#include "jit/frontend/EmitterImpl.h"
#include "jit/frontend/Parser.h"

namespace tsjit::frontend {

CompilationUnit::~CompilationUnit() {
  for (const auto& cls : classesWithMethods_)
    for (const auto& m : cls->methods()) m->setGraph(nullptr);
}

Function* CompilationUnit::findFunction(const std::string& qualifiedName) const {
  auto it = byName_.find(qualifiedName);
  return it == byName_.end() ? nullptr : it->second;
}

Function* CompilationUnit::findCallee(const std::string& name) const {
  if (Function* f = findFunction(name)) return f;
  for (const auto& f : functions_)
    if (f->name() == name) return f.get();
  return nullptr;
}

Function* CompilationUnit::addFunction(std::shared_ptr<Function> fn) {
  Function* p = fn.get();
  byName_[fn->qualifiedName()] = p;
  functions_.push_back(std::move(fn));
  return p;
}

const ModuleAttrDesc* ModuleDesc::findAttribute(const std::string& name) const {
  for (auto& a : attributes)
    if (a.name == name) return &a;
  return nullptr;
}
const ModuleConstDesc* ModuleDesc::findConstant(const std::string& name) const {
  for (auto& c : constants)
    if (c.name == name) return &c;
  return nullptr;
}

std::shared_ptr<ModuleInfo> buildModuleType(const std::shared_ptr<const ModuleDesc>& desc, ClassRegistry& classes) {
  auto info = std::make_shared<ModuleInfo>();
  info->desc = desc;
  ClassTypePtr cls = classes.getOrCreate(desc->qualifiedName);
  bool populate = cls->attributes().empty();
  for (const auto& a : desc->attributes) {
    TypePtr t;
    ClassType::SlotKind kind = ClassType::SlotKind::Attribute;
    if (a.kind == ModuleAttrDesc::Kind::Module) {
      if (!a.module) throw CompileError("module_state: submodule '" + a.name + "' has no description");
      auto sub = buildModuleType(a.module, classes);
      info->submodules[a.name] = sub;
      t = sub->type;
      kind = ClassType::SlotKind::Module;
      // A slot annotated with a module interface (`proj : __torch__.I`) has the interface's type.
      if (a.type != sub->type->qualifiedName())
        if (auto c = classes.find(a.type); c && dynamic_cast<const InterfaceType*>(c.get())) t = c;
    } else {
      t = parseType(a.type, &classes);
      if (a.kind == ModuleAttrDesc::Kind::Parameter) kind = ClassType::SlotKind::Parameter;
      if (a.kind == ModuleAttrDesc::Kind::Buffer) kind = ClassType::SlotKind::Buffer;
    }
    if (populate) cls->addAttribute(a.name, t, kind);
  }
  info->type = cls;
  return info;
}

namespace {
// A member decoded from module state before its class was compiled (ValueCodec then makes a
// one-member stand-in of the class) as the member of the class itself; a member the class lacks, or
// whose value differs, is an error naming the attribute.
IValue enumOfClass(const TypePtr& enumType, const IValue& v, const std::string& attribute) {
  const auto& cls = enumType->expect<EnumType>();
  const EnumObj& e = v.toEnumRef();
  if (e.type->qualifiedName() != cls.qualifiedName())
    throw CompileError("module_state: attribute '" + attribute + "' holds a member of " + e.type->qualifiedName() +
                       ", not of " + cls.qualifiedName());
  if (cls.members().empty()) return v;  // an opaque Enum<...> type: nothing to check against
  auto index = cls.findMember(e.name());
  if (!index || !(cls.members()[*index].value == e.type->members()[e.index].value)) {
    std::ostringstream value;
    value << e.value();
    throw CompileError("module_state: attribute '" + attribute + "': " + cls.qualifiedName() + " has no member " +
                       e.name() + " with value " + value.str());
  }
  return makeEnum(enumType, e.name());
}
}  // namespace

Ref<Object> buildModuleObject(const ModuleInfo& info) {
  auto obj = Ref<Object>::make(info.type, info.type->attributes().size());
  for (const auto& a : info.desc->attributes) {
    auto slot = info.type->findAttributeSlot(a.name);
    if (!slot) continue;
    if (a.kind == ModuleAttrDesc::Kind::Module) {
      obj->slots[*slot] = IValue(buildModuleObject(*info.submodules.at(a.name)));
    } else if (a.value.isEnum() && info.type->attributes()[*slot].type->cast<EnumType>()) {
      obj->slots[*slot] = enumOfClass(info.type->attributes()[*slot].type, a.value, a.name);
    } else {
      obj->slots[*slot] = a.value;
    }
  }
  return obj;
}

namespace detail {

// ---------------------------------------------------------------------------------------------
// Module values

static Value* constantFromIValue(FunctionEmitter& e, const IValue& v, const SourceRange& loc) {
  std::function<Literal(const IValue&)> lit = [&](const IValue& x) -> Literal {
    if (x.isNone()) return Literal{Literal::None{}};
    if (x.isBool()) return Literal{x.toBool()};
    if (x.isInt()) return Literal{x.toInt()};
    if (x.isDouble()) return Literal{x.toDouble()};
    if (x.isString()) return Literal{x.toStringRef()};
    if (x.isList()) {
      Literal::List l;
      for (auto& i : x.toListRef().items) l.elems.push_back(lit(i));
      return Literal{l};
    }
    if (x.isTuple()) {
      Literal::Tuple t;
      for (auto& i : x.toTupleRef().items) t.elems.push_back(lit(i));
      return Literal{t};
    }
    fail(loc, std::string("unsupported module constant of kind ") + x.tagName());
  };
  return e.emitConst(lit(v), loc);
}

SugaredPtr ModuleValue::attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) {
  Graph& g = e.graph();
  if (auto it = info->submodules.find(name); it != info->submodules.end()) {
    // A slot typed by a module interface: a value of that type, its calls dispatched at run time.
    if (const auto* slot = info->type->findAttribute(name); slot && dynamic_cast<const InterfaceType*>(slot->type.get())) {
      Node* n = g.insert(prim::GetAttr, {self}, 1);
      n->s_(attr::name, name);
      n->output()->setType(slot->type);
      n->output()->setDebugName(name);
      return std::make_shared<ModuleInterfaceValue>(n->output());
    }
    Node* n = g.insert(prim::GetAttr, {self}, 1);
    n->s_(attr::name, name);
    n->output()->setType(it->second->type);
    // Children of module containers are named "0", "1", ...: PyTorch prints them %_0, %_1.
    n->output()->setDebugName(!name.empty() && std::isdigit(static_cast<unsigned char>(name[0])) ? "_" + name : name);
    return std::make_shared<ModuleValue>(n->output(), it->second);
  }
  if (const auto* a = info->type->findAttribute(name)) {
    Node* n = g.insert(prim::GetAttr, {self}, 1);
    n->s_(attr::name, name);
    n->output()->setType(a->type);
    n->output()->setDebugName(name);
    return std::make_shared<SimpleValue>(n->output());
  }
  if (const auto* c = info->desc->findConstant(name)) {
    if (c->value.isEnum())  // 1.13 rejects an enum member as a Final / __constants__ value (its wording)
      fail(loc, "'" + c->value.toEnumRef().type->qualifiedName() + "' object in attribute '" + info->type->baseName() +
                    "." + name + "' is not a valid constant.");
    return std::make_shared<SimpleValue>(constantFromIValue(e, c->value, loc));
  }
  if (e.ctx().findMethodDef(*info, name)) return std::make_shared<ModuleMethod>(self, info, name);
  if (e.ctx().userClassTypes.count(info->type.get()))  // 1.13's wording for script classes
    fail(loc, "'" + info->type->qualifiedName() + "' object has no attribute or method '" + name +
                  "'. Did you forget to initialize an attribute in __init__()?");
  fail(loc, "Module '" + info->type->baseName() + "' has no attribute '" + name + "'");
}

SugaredPtr ModuleInterfaceValue::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  return attr(loc, e, "forward")->call(loc, e, apply);
}

SugaredPtr ModuleValue::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  return ModuleMethod(self, info, "forward").call(loc, e, apply);
}

namespace {
// Whether the arguments bind to fn's parameters with types that are subtypes of theirs (no
// conversions): how an overloaded method's variant is picked.
bool bindsExactly(const FunctionInfo& fn, const std::vector<NamedValue>& args, const std::vector<NamedValue>& kwargs) {
  const size_t n = fn.argNames.size();
  if (args.size() > n) return false;
  std::vector<const Value*> bound(n, nullptr);
  for (size_t i = 0; i < args.size(); ++i) bound[i] = args[i].value;
  for (const auto& kw : kwargs) {
    auto it = std::find(fn.argNames.begin(), fn.argNames.end(), kw.name);
    if (it == fn.argNames.end() || bound[static_cast<size_t>(it - fn.argNames.begin())]) return false;
    bound[static_cast<size_t>(it - fn.argNames.begin())] = kw.value;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!bound[i]) {
      if (!fn.defaults[i]) return false;
    } else if (!bound[i]->type()->isSubtypeOf(fn.argTypes[i])) {
      return false;
    }
  }
  return true;
}
}  // namespace

SugaredPtr ModuleMethod::call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) {
  std::string method = name;
  FunctionInfo* fn = e.ctx().getMethod(info, name, loc);
  auto args = e.emitArgs(apply.inputs());
  auto kwargs = e.emitKwargs(apply.attributes());
  if (!fn) {
    // An @overload-ed method (nn.LSTM / GRU / RNN's forward for a Tensor or a PackedSequence) is
    // compiled as `forward__0`, `forward__1`, ...: the first variant the arguments bind to is
    // called (else the first, which reports why they do not).
    FunctionInfo* first = nullptr;
    for (int k = 0;; ++k) {
      const std::string variant = name + "__" + std::to_string(k);
      if (!e.ctx().findMethodDef(*info, variant)) break;
      FunctionInfo* v = e.ctx().getMethod(info, variant, loc);
      if (!v) break;
      if (!first) {
        first = v;
        method = variant;
      }
      if (bindsExactly(*v, args, kwargs)) {
        fn = v;
        method = variant;
        break;
      }
    }
    if (!fn) fn = first;
  }
  if (!fn) fail(loc, "Module '" + info->type->baseName() + "' has no method '" + name + "'");
  return std::make_shared<SimpleValue>(e.emitUserCall(loc, *fn, self, true, method, std::move(args), std::move(kwargs)));
}

// ---------------------------------------------------------------------------------------------
// Context

namespace {
// "code/__torch__/torch/functional.py" -> "__torch__.torch.functional"
std::string libraryPrefix(const std::string& path) {
  std::string p = path;
  if (p.rfind("code/", 0) == 0) p = p.substr(5);
  if (p.size() > 3 && p.substr(p.size() - 3) == ".py") p = p.substr(0, p.size() - 3);
  std::replace(p.begin(), p.end(), '/', '.');
  return p;
}

// Unparseable library code only matters if something calls into it: nullopt.
std::optional<Module> parseLibrary(const std::string& text, const std::string& path) {
  try {
    return parseSource(text, path);
  } catch (const CompileError&) {
    return std::nullopt;
  }
}

// The built-in library parsed once per process (trees are immutable and shared, so every
// compilation can use the same ones): a compile parsed it every time, most of the cost of
// compiling a small module.
const std::vector<std::pair<std::string, std::optional<Module>>>& parsedBuiltinLibrary() {
  static const auto parsed = [] {
    std::vector<std::pair<std::string, std::optional<Module>>> v;
    for (const auto& [path, text] : builtinLibraryCode()) v.emplace_back(libraryPrefix(path), parseLibrary(text, path));
    return v;
  }();
  return parsed;
}
}  // namespace

void CompilerContext::parseLibraries() {
  if (librariesParsed) return;
  librariesParsed = true;
  auto add = [this](const std::string& p, const Module& m) {
    for (auto s : m.statements()) {
      if (s.kind() == Kind::Def) libraryDefs.emplace(p + "." + Def(s.get()).name().name(), Def(s.get()));
      if (s.kind() == Kind::ClassDef) libraryClasses.emplace(p + "." + ClassDef(s.get()).name().name(), ClassDef(s.get()));
    }
  };
  // The caller's library code first: emplace keeps its definitions over the built-in ones.
  for (const auto& [path, text] : options->libraryCode) {
    callerLibraryPrefixes.insert(libraryPrefix(path));
    if (auto p = options->parsedCode.find(path); p != options->parsedCode.end()) add(libraryPrefix(path), p->second);
    else if (auto m = parseLibrary(text, path)) add(libraryPrefix(path), *m);
  }
  for (const auto& [prefix, m] : parsedBuiltinLibrary())
    if (m) add(prefix, *m);
}

void CompilerContext::registerModule(const std::shared_ptr<ModuleInfo>& info) {
  moduleInfos.emplace(info->type.get(), info);
  for (auto& [n, sub] : info->submodules) registerModule(sub);
}

std::optional<ClassDef> CompilerContext::findClassDef(const ModuleInfo& info) const {
  const std::string& q = info.type->qualifiedName();
  if (q.find(".torch.nn.") == std::string::npos)
    if (auto it = userClasses.find(info.type->baseName()); it != userClasses.end()) return it->second;
  if (auto it = libraryClasses.find(q); it != libraryClasses.end()) return it->second;
  if (auto it = userClasses.find(info.type->baseName()); it != userClasses.end()) return it->second;
  return std::nullopt;
}

namespace {
// The source classes `cd` derives from, in Python's (depth-first, left to right) order; nn.Module
// and anything not defined in the source or the library are skipped.
void baseClassDefs(const CompilerContext& ctx, const ClassDef& cd, std::vector<ClassDef>& out, int depth) {
  if (depth > 32) return;
  for (auto b : cd.bases()) {
    std::string name;
    if (b.kind() == Kind::Ident) name = Ident(b.get()).name();
    else if (b.kind() == Kind::Select) name = Select(b.get()).selector().name();
    if (name.empty() || name == "Module" || name == cd.name().name()) continue;
    std::optional<ClassDef> base;
    if (auto it = ctx.userClasses.find(name); it != ctx.userClasses.end() && b.kind() == Kind::Ident) base = it->second;
    for (const auto& [q, lc] : ctx.libraryClasses)
      if (!base && q.rfind("__torch__.torch.nn.modules.", 0) == 0 && q.size() > name.size() &&
          q.compare(q.size() - name.size() - 1, std::string::npos, "." + name) == 0)
        base = lc;
    if (!base) continue;
    out.push_back(*base);
    baseClassDefs(ctx, *base, out, depth + 1);
  }
}
}  // namespace

std::vector<Def> CompilerContext::methodDefs(const ClassDef& cd) const {
  std::vector<ClassDef> chain = {cd};
  baseClassDefs(*this, cd, chain, 0);
  std::vector<Def> out;
  std::set<std::string> seen;
  for (const auto& c : chain)
    for (auto s : c.body())
      if (s.kind() == Kind::Def && seen.insert(Def(s.get()).name().name()).second) out.push_back(Def(s.get()));
  return out;
}

std::optional<Def> CompilerContext::findMethodDef(const ModuleInfo& info, const std::string& name) const {
  auto cd = findClassDef(info);
  if (!cd) return std::nullopt;
  for (const auto& d : methodDefs(*cd))
    if (d.name().name() == name) return d;
  return std::nullopt;
}

static Literal literalOfDefault(const Expr& e) {
  switch (e.kind()) {
    case Kind::Const: {
      Const c(e.get());
      return c.isFloatingPoint() ? Literal{c.asFloatingPoint()} : Literal{c.asIntegral()};
    }
    case Kind::StringLiteral: return Literal{StringLiteral(e.get()).text()};
    case Kind::True: return Literal{true};
    case Kind::False: return Literal{false};
    case Kind::None: return Literal{Literal::None{}};
    case Kind::Neg: {
      Literal l = literalOfDefault(UnaryOp(e.get()).operand());
      if (auto* i = std::get_if<int64_t>(&l.v)) return Literal{-*i};
      if (auto* d = std::get_if<double>(&l.v)) return Literal{-*d};
      break;
    }
    case Kind::TupleLiteral:
    case Kind::ListLiteral: {
      std::vector<Literal> xs;
      for (auto x : ListView<Expr>(e.get()->tree(0))) xs.push_back(literalOfDefault(x));
      if (e.kind() == Kind::TupleLiteral) return Literal{Literal::Tuple{xs}};
      Literal::List l;
      l.elems = xs;
      return Literal{l};
    }
    default:
      break;
  }
  fail(e.range(), "default arguments must be constants");
}

// @torch.jit.unused, or the deprecated spelling @torch.jit.ignore(drop=True): 1.13 compiles only the
// signature; the body becomes a raise (unannotated parameters and result are Tensors).
static bool isUnusedStub(const Def& def) {
  if (def.hasDecorator("torch.jit.unused")) return true;
  for (auto d : def.decorators()) {
    if (d.kind() != Kind::Apply) continue;
    Apply a(d.get());
    if (a.callee().kind() != Kind::Select || !def.hasDecorator("torch.jit.ignore")) continue;
    for (auto kw : a.attributes())
      if (kw.name().name() == "drop" && kw.value().kind() == Kind::True) return true;
  }
  return false;
}

// @torch.jit.ignore (without drop=True): 1.13 leaves the function to Python (a prim::PythonOp).
bool isPythonOnly(const Def& def) { return def.hasDecorator("torch.jit.ignore") && !isUnusedStub(def); }

void FunctionEmitter::emitDef(const Def& def, FunctionInfo& info) {
  graph_ = std::make_shared<Graph>();
  root_ = Frame{};
  root_.block = graph_->block();
  frame_ = &root_;
  graph_->setInsertPoint(graph_->block());
  auto params = def.decl().params();
  size_t start = 0;
  if (selfInfo_) {
    if (params.empty() || params[0].ident().name() != "self")
      fail(def.range(), "methods must have a 'self' first parameter");
    Value* s = graph_->addInput("self");
    s->setType(selfInfo_->type);
    root_.vars["self"] = s;
    start = 1;
  }
  for (size_t i = start; i < params.size(); ++i) {
    Param p = params[i];
    if (p.isVarArgs() || p.isKwArgs()) fail(p.range(), "variadic arguments (*args, **kwargs) are not supported");
    const std::string& name = p.ident().name();
    TypePtr t = p.type().present() ? parseTypeExpr(p.type().value()) : TensorType::get();
    Value* in = graph_->addInput(name);
    in->setType(t);
    root_.vars[name] = in;
    info.argNames.push_back(name);
    info.argTypes.push_back(t);
    std::optional<int64_t> n;
    if (p.type().present()) {
      const std::string_view text = p.type().value().range().text();
      const size_t at = text.find("BroadcastingList");
      if (at != std::string_view::npos && at + 16 < text.size() && text[at + 16] >= '1' && text[at + 16] <= '9')
        n = text[at + 16] - '0';
    }
    info.broadcastN.push_back(n);
    info.defaults.push_back(p.defaultValue().present() ? std::optional<Literal>(literalOfDefault(p.defaultValue().value()))
                                                       : std::nullopt);
  }
  hasDeclaredReturn_ = def.decl().returnType().present();
  returnType_ = hasDeclaredReturn_ ? parseTypeExpr(def.decl().returnType().value()) : nullptr;
  defRange = def.range();
  if (isUnusedStub(def)) {
    if (!returnType_) returnType_ = TensorType::get();
    Value* msg = emitConst(Literal{std::string("This Python function is annotated to be ignored and cannot be run")});
    graph_->insert(prim::RaiseException, {msg, emitNone()}, 0)->setSourceRange(def.range());
    frame_->exit = ExitKind::Raise;
  } else {
    emitStatements(toVector(def.statements()), /*tail=*/true);
  }
  if (!lookup("$ret"))  // every path raised
    setVar("$ret", insertNode(*graph_, prim::Uninitialized, {}, returnType_ ? returnType_ : NoneType::get()), {});
  Value* ret = lookup("$ret");
  if (!returnType_) returnType_ = ret->type();
  graph_->registerOutput(ret);
  canonicalizeModifiedLoops(*graph_);
  if (ctx_.options->cleanup) cleanupGraph(*graph_);
  graph_->lint();
  info.returnType = returnType_;
  if (info.function) info.function->setGraph(graph_);  // reserved when compilation started
  else info.function = std::make_shared<Function>(info.qualifiedName, graph_);
  Function::Signature sig;
  if (selfInfo_) {
    sig.argNames.push_back("self");
    sig.defaults.emplace_back();
  }
  sig.argNames.insert(sig.argNames.end(), info.argNames.begin(), info.argNames.end());
  sig.defaults.insert(sig.defaults.end(), info.defaults.begin(), info.defaults.end());
  info.function->setSignature(std::move(sig));
}

FunctionInfo* CompilerContext::getFunction(const std::string& q, const SourceRange& loc) {
  if (auto it = compiled.find(q); it != compiled.end()) return &it->second;
  std::optional<Def> def;
  if (auto it = userDefs.find(q); it != userDefs.end()) def = it->second;
  if (!def) {  // the libraries are parsed only when a call needs them (a user def needs none)
    parseLibraries();
    if (auto it = libraryDefs.find(q); it != libraryDefs.end()) def = it->second;
  }
  if (!def) return nullptr;
  if (isPythonOnly(*def))
    fail(loc, q + " is marked @torch.jit.ignore: 1.13 calls it in Python (prim::PythonOp), and tsjit has no "
              "Python interpreter (use @torch.jit.unused to compile a call that raises)");
  if (inProgress.count(q)) fail(loc, "recursive function calls are not supported in TorchScript: " + q);
  inProgress.insert(q);
  FunctionInfo info;
  info.qualifiedName = q;
  FunctionEmitter fe(*this);
  fe.emitDef(*def, info);
  inProgress.erase(q);
  cu->addFunction(info.function);
  return &compiled.emplace(q, std::move(info)).first->second;
}

FunctionInfo* CompilerContext::getMethod(const std::shared_ptr<ModuleInfo>& info, const std::string& name,
                                         const SourceRange& loc) {
  std::string key = info->type->qualifiedName() + "." + name;
  if (auto it = methodInfos.find(key); it != methodInfos.end()) return &it->second;
  parseLibraries();
  auto cd = findClassDef(*info);
  if (!cd && info->type->baseName() == "Sequential") {
    // nn.Sequential compiled from its Python source (no archive code): forward applies each child.
    static const char* kSequential =
        "class Sequential(Module):\n"
        "    def forward(self, input):\n"
        "        for module in self:\n"
        "            input = module(input)\n"
        "        return input\n";
    Module m = parseSource(kSequential, "torch/nn/modules/container.py");
    for (auto s : m.statements())
      if (s.kind() == Kind::ClassDef) libraryClasses.emplace(info->type->qualifiedName(), ClassDef(s.get()));
    cd = findClassDef(*info);
  }
  if (!cd) return nullptr;
  std::optional<Def> def = findMethodDef(*info, name);
  if (!def) return nullptr;
  if (isPythonOnly(*def))
    fail(loc, key + " is marked @torch.jit.ignore: 1.13 calls it in Python (prim::PythonOp), and tsjit has no "
              "Python interpreter (use @torch.jit.unused to compile a call that raises)");
  if (inProgress.count(key)) fail(loc, "recursive method calls are not supported in TorchScript: " + key);
  inProgress.insert(key);
  reserveMethod(info, name);
  FunctionInfo fi;
  fi.qualifiedName = key;
  fi.function = reservedMethods.at(key);
  cu->noteClassWithMethods(info->type);
  FunctionEmitter fe(*this, info);
  fe.inUserInit = name == "__init__" && userClassTypes.count(info->type.get());
  fe.emitDef(*def, fi);
  inProgress.erase(key);
  return &methodInfos.emplace(key, std::move(fi)).first->second;
}

void CompilerContext::reserveMethod(const std::shared_ptr<ModuleInfo>& info, const std::string& name) {
  std::string key = info->type->qualifiedName() + "." + name;
  if (reservedMethods.count(key)) return;
  auto fn = std::make_shared<Function>(key, nullptr);
  info->type->addMethod(fn);
  reservedMethods.emplace(key, fn);
}

static void loadSource(CompilerContext& ctx, const std::string& source, const std::string& filename) {
  auto parsed = ctx.options->parsedCode.find(filename);
  Module m = parsed != ctx.options->parsedCode.end() ? parsed->second : parseSource(source, filename);
  for (auto s : m.statements()) {
    if (s.kind() == Kind::Def) ctx.userDefs.emplace(Def(s.get()).name().name(), Def(s.get()));
    else if (s.kind() == Kind::ClassDef) ctx.userClasses.emplace(ClassDef(s.get()).name().name(), ClassDef(s.get()));
  }
  // Interfaces are checked where they are declared, as 1.13 does at @torch.jit.interface.
  for (const auto& [name, cd] : ctx.userClasses) ctx.interfaceType(name);
}

}  // namespace detail

std::shared_ptr<CompilationUnit> compileFunctions(const std::string& source, const std::string& entry,
                                                  const CompileOptions& options, const std::string& filename) {
  auto cu = std::make_shared<CompilationUnit>();
  detail::CompilerContext ctx;
  ctx.cu = cu.get();
  ctx.options = &options;
  detail::loadSource(ctx, source, filename);
  if (!entry.empty()) {
    if (!ctx.userDefs.count(entry)) throw CompileError("no function named '" + entry + "' in " + filename);
    ctx.getFunction(entry, {});
  } else {
    for (auto& [name, def] : ctx.userDefs) ctx.getFunction(name, def.range());
  }
  return cu;
}

// Archive code: __getstate__ / __setstate__ of every submodule class that defines them, though
// forward never calls them (torch.jit.load runs __setstate__, saving runs __getstate__).
static void compileStateMethods(detail::CompilerContext& ctx, const ModuleInfo& info, const SourceRange& loc) {
  for (const auto& [name, sub] : info.submodules) {
    for (const char* m : {"__getstate__", "__setstate__"}) ctx.getMethod(sub, m, loc);
    compileStateMethods(ctx, *sub, loc);
  }
}

// A submodule attribute declared in the module's class body with a module interface (`proj: I`)
// gets the interface as its type (the state names the submodule's own class). Descriptions are
// copied only where something changes (an archive's descriptions already carry the annotation,
// and their identity matters to the importer).
static bool annotateModuleInterfaces(detail::CompilerContext& ctx, ModuleDesc& d, int depth) {
  if (depth > 64) return false;
  bool changed = false;
  std::string base = d.qualifiedName.substr(d.qualifiedName.rfind('.') + 1);
  auto cd = ctx.userClasses.find(base);
  for (auto& a : d.attributes) {
    if (a.kind != ModuleAttrDesc::Kind::Module || !a.module) continue;
    auto copy = std::make_shared<ModuleDesc>(*a.module);
    if (annotateModuleInterfaces(ctx, *copy, depth + 1)) a.module = copy, changed = true;
    if (cd == ctx.userClasses.end()) continue;
    for (auto s : cd->second.body()) {
      if (s.kind() != Kind::Assign) continue;
      Assign as(s.get());
      if (!as.type().present() || as.lhs().kind() != Kind::Ident || as.lhs().get()->value() != a.name) continue;
      std::string ann(as.type().value().range().text());
      if (ann.rfind("__torch__.", 0) == 0) ann = ann.substr(10);
      TypePtr t = ctx.interfaceType(ann);
      if (t && a.type != t->expect<ClassType>().qualifiedName()) a.type = t->expect<ClassType>().qualifiedName(), changed = true;
    }
  }
  return changed;
}

// Each submodule in a module-interface slot must implement the interface (1.13's error otherwise).
static void checkModuleInterfaces(detail::CompilerContext& ctx, const ModuleInfo& info, const SourceRange& loc) {
  for (const auto& [name, sub] : info.submodules) {
    const auto* slot = info.type->findAttribute(name);
    const auto* iface = slot ? dynamic_cast<const InterfaceType*>(slot->type.get()) : nullptr;
    if (iface) {
      detail::FunctionEmitter fe(ctx, std::const_pointer_cast<ModuleInfo>(ctx.moduleInfos.at(sub->type.get())));
      std::string why;
      if (!fe.implementsInterface(*sub->type, *iface, loc, why))
        throw CompileError("Object of type " + sub->type->qualifiedName() + " is not compatible with interface " +
                               iface->qualifiedName() + "\n" + why,
                           loc);
    }
    checkModuleInterfaces(ctx, *sub, loc);
  }
}

CompiledModule compileModule(const std::string& source, const std::string& entry, const ModuleDesc& state,
                             const CompileOptions& options, const std::string& filename) {
  auto cu = std::make_shared<CompilationUnit>();
  detail::CompilerContext ctx;
  ctx.cu = cu.get();
  ctx.options = &options;
  detail::loadSource(ctx, source, filename);
  auto it = ctx.userClasses.find(entry);
  if (it == ctx.userClasses.end()) throw CompileError("no class named '" + entry + "' in " + filename);
  // The source's enum classes, so that attribute types of the state (`__torch__.Color`) name them.
  for (const auto& [name, cd] : ctx.userClasses) ctx.enumType(name);
  ModuleDesc typed = state;
  annotateModuleInterfaces(ctx, typed, 0);
  auto desc = std::make_shared<const ModuleDesc>(std::move(typed));
  auto info = buildModuleType(desc, cu->classes());
  ctx.registerModule(info);
  checkModuleInterfaces(ctx, *info, it->second.range());
  // The methods to compile, registered first (PyTorch defines them as one batch); methods the
  // class inherits from source base classes count as its own (1.13 compiles them into the class);
  // a class with no forward anywhere gets none (callers report it).
  ctx.parseLibraries();
  std::vector<Def> defs = ctx.methodDefs(it->second);
  std::vector<std::pair<std::string, SourceRange>> roots;
  for (const auto& d : defs)
    if (d.name().name() == "forward") roots.emplace_back("forward", it->second.range());
  for (const auto& d : defs)
    if ((options.allMethods || d.hasDecorator("torch.jit.export")) && d.name().name() != "forward")
      roots.emplace_back(d.name().name(), d.range());
  if (options.allMethods) {
    for (const auto& d : defs) ctx.reserveMethod(info, d.name().name());
  } else {
    for (const auto& r : roots) ctx.reserveMethod(info, r.first);
  }
  for (const auto& r : roots) ctx.getMethod(info, r.first, r.second);
  if (options.allMethods) compileStateMethods(ctx, *info, it->second.range());
  // A method registered but not compiled would leave a function without a graph: fail here.
  for (const auto& [key, fn] : ctx.reservedMethods)
    if (!fn->graph()) throw CompileError("method '" + key + "' could not be compiled (no definition found)", it->second.range());
  CompiledModule out;
  out.info = info;
  out.object = buildModuleObject(*info);
  out.unit = cu;
  return out;
}

}  // namespace tsjit::frontend
