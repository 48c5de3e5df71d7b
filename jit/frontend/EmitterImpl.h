// EmitterImpl.h — internals of the IR emitter shared by the Emitter*.cpp files (not installed API).
//
// Design: direct SSA construction. An Environment (a chain of Frames, one per Block being
// emitted) maps variable names to the Value currently bound to them. Control flow merges happen
// when an If or Loop is closed: variables assigned in a branch become If outputs; variables
// assigned in a loop body (found by a syntactic pre-scan) that exist before the loop become
// loop-carried. Exits follow PyTorch's exit transform (EmitterExit.cpp): exit values live in
// pseudo-variables ("$ret" the returned value, "$cond" the loop's continue-condition, "$did_ret"
// a loop's did-return flag) that the usual If merge threads out; "$exited" is the did-exit flag of
// an If that exits on some paths only: the statements after it are guarded by prim::If($exited)
// (exit branch first). When one branch always exits and the other has no exit, the statements
// after the `if` move into the other branch (PyTorch's inlining of consecutive Ifs).
// `raise` ends a block (its If outputs become prim::Uninitialized).
// Invariants: the graph's insertion point is always the end of the innermost frame's block;
// `Frame::exit` != None means nothing more is emitted into that frame; at any point where code is
// emitted, "$exited" is unbound or a constant false.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jit/frontend/Emitter.h"
#include "jit/frontend/TreeViews.h"
#include "jit/ir/Graph.h"
#include "jit/ir/InterfaceType.h"
#include "jit/ops/OpTable.h"

namespace tsjit::frontend::detail {

class FunctionEmitter;
struct CompilerContext;

struct NamedValue {
  SourceRange loc;
  std::string name;  // empty for positional
  Value* value;
};

struct SugaredValue;
using SugaredPtr = std::shared_ptr<SugaredValue>;

// Something an expression can denote before it becomes a Value: a module, a builtin function,
// a method bound to self, a Python builtin...
struct SugaredValue : std::enable_shared_from_this<SugaredValue> {
  virtual ~SugaredValue() = default;
  virtual std::string kind() const = 0;
  virtual Value* asValue(const SourceRange& loc, FunctionEmitter& e);
  virtual SugaredPtr attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name);
  virtual SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply);
};

struct SimpleValue : SugaredValue {
  explicit SimpleValue(Value* v) : value(v) {}
  std::string kind() const override { return "value"; }
  Value* asValue(const SourceRange&, FunctionEmitter&) override { return value; }
  SugaredPtr attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) override;
  Value* value;
};

// A method of a value: x.sum, l.append, s.split, d.items
struct MethodValue : SugaredValue {
  MethodValue(Value* self, std::string name) : self(self), name(std::move(name)) {}
  std::string kind() const override { return "method"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  // The call with its arguments already emitted (self not among them): torch.jit.fork(x.add, y).
  Value* callWith(const SourceRange& loc, FunctionEmitter& e, Value* selfValue, std::vector<NamedValue> args,
                  std::vector<NamedValue> kwargs) const;
  Value* self;
  std::string name;
};

// torch, math, torch.nn.functional, torch.jit ...
struct BuiltinModule : SugaredValue {
  explicit BuiltinModule(std::string name) : name(std::move(name)) {}
  std::string kind() const override { return "module '" + name + "'"; }
  SugaredPtr attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) override;
  std::string name;
};

// An aten op called as a function (torch.add, math.sqrt).
struct BuiltinFunction : SugaredValue {
  explicit BuiltinFunction(Symbol symbol, bool inputIsSelf = false, std::optional<Symbol> nodeKind = std::nullopt)
      : symbol(symbol), inputIsSelf(inputIsSelf), nodeKind(nodeKind) {}
  std::string kind() const override { return "builtin '" + symbol.toQualString() + "'"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  Symbol symbol;
  // F.elu(input=x): torch.nn.functional's Python wrappers name the tensor `input`, the aten schema
  // `self`; the keyword is renamed when the schema has no `input` parameter.
  bool inputIsSelf = false;
  // An alias op matched with its own schema and emitted as its canonical op (emitBuiltinCall).
  std::optional<Symbol> nodeKind;
};

// Python builtins and special forms: len, range, isinstance, torch.jit.annotate, ValueError...
struct SpecialForm : SugaredValue {
  explicit SpecialForm(std::string name) : name(std::move(name)) {}
  std::string kind() const override { return "builtin '" + name + "'"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  std::string name;
};

// An exception class (raise ValueError("..."))
struct ExceptionClass : SugaredValue {
  explicit ExceptionClass(std::string name) : name(std::move(name)) {}
  std::string kind() const override { return "exception class"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  std::string name;
};
struct ExceptionInstance : SugaredValue {
  ExceptionInstance(std::string name, Value* msg) : name(std::move(name)), message(msg) {}
  std::string kind() const override { return "exception"; }
  std::string name;
  Value* message;  // str, or nullptr
};

// A user or library function: calls become prim::CallFunction.
struct FunctionRef : SugaredValue {
  explicit FunctionRef(std::string qualifiedName) : qualifiedName(std::move(qualifiedName)) {}
  std::string kind() const override { return "function"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  std::string qualifiedName;
};

// self / a submodule: attribute access is prim::GetAttr, calls prim::CallMethod.
struct ModuleValue : SugaredValue {
  ModuleValue(Value* self, std::shared_ptr<ModuleInfo> info) : self(self), info(std::move(info)) {}
  std::string kind() const override { return "module"; }
  Value* asValue(const SourceRange&, FunctionEmitter&) override { return self; }
  SugaredPtr attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) override;
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  Value* self;
  std::shared_ptr<ModuleInfo> info;
};
struct ModuleMethod : SugaredValue {
  ModuleMethod(Value* self, std::shared_ptr<ModuleInfo> info, std::string name)
      : self(self), info(std::move(info)), name(std::move(name)) {}
  std::string kind() const override { return "method"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  Value* self;
  std::shared_ptr<ModuleInfo> info;
  std::string name;
};

// A NamedTuple class (`class Point(NamedTuple): x: int`): calling it builds the tuple.
struct NamedTupleClass : SugaredValue {
  NamedTupleClass(std::string name, TypePtr type) : name(std::move(name)), type(std::move(type)) {}
  std::string kind() const override { return "NamedTuple '" + name + "'"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  std::string name;
  TypePtr type;
};

// A user class (`class Pair:` with __init__ and methods): calling it is prim::CreateObject + the
// __init__ call; its instances are ModuleValues (GetAttr / CallMethod) of the class's ModuleInfo.
struct UserClass : SugaredValue {
  explicit UserClass(std::shared_ptr<ModuleInfo> info) : info(std::move(info)) {}
  std::string kind() const override { return "class '" + info->type->baseName() + "'"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  // `C.__new__` (archive code: `_0 = __torch__.C.__new__(__torch__.C)` then `(_0).__init__(...)`).
  SugaredPtr attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) override;
  std::shared_ptr<ModuleInfo> info;
};
// `C.__new__(C)`: a new object of the class, its __init__ not run (prim::CreateObject).
struct UserClassNew : SugaredValue {
  explicit UserClassNew(std::shared_ptr<ModuleInfo> info) : info(std::move(info)) {}
  std::string kind() const override { return "method '__new__' of class '" + info->type->baseName() + "'"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  std::shared_ptr<ModuleInfo> info;
};

// A submodule held in a slot typed by a module interface (`proj: I` in the class body):
// `self.proj(x)` calls forward through the interface (prim::CallMethod dispatched at run time).
struct ModuleInterfaceValue : SimpleValue {
  using SimpleValue::SimpleValue;
  std::string kind() const override { return "module interface"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
};

// A method of a value of interface type (`s.area`): calling it is prim::CallMethod, its arguments
// matched against the interface's signature (the engines dispatch on the object's class).
struct InterfaceMethod : SugaredValue {
  InterfaceMethod(Value* self, std::string name) : self(self), name(std::move(name)) {}
  std::string kind() const override { return "interface method '" + name + "'"; }
  SugaredPtr call(const SourceRange& loc, FunctionEmitter& e, const Apply& apply) override;
  Value* self;
  std::string name;
};

// An enum.Enum subclass (`class Color(Enum): RED = 1`): `Color.RED` is a prim::Constant of type
// Enum<__torch__.Color>; iterating `Color` iterates the constant list of its members.
struct EnumClass : SugaredValue {
  explicit EnumClass(TypePtr type) : type(std::move(type)) {}
  std::string kind() const override { return "enum class '" + type->annotationStr() + "'"; }
  Value* asValue(const SourceRange& loc, FunctionEmitter& e) override;
  SugaredPtr attr(const SourceRange& loc, FunctionEmitter& e, const std::string& name) override;
  TypePtr type;
};

// A def nested in a function body without parameters (`def __forked_function(): ...`, the form
// 1.13's printer gives a fork): it can only be forked, `fork(name)`, which emits its body into the
// fork's Subgraph with the outer variables it reads as the fork's inputs (EmitterFork.cpp).
struct NestedDef : SugaredValue {
  explicit NestedDef(Def def) : def(std::move(def)) {}
  std::string kind() const override { return "nested function"; }
  Def def;
};

// ---- environment ----
enum class ExitKind { None, Loop, Return, Raise };  // Loop: break / continue / end of a loop body

struct Frame {
  Frame* parent = nullptr;
  Block* block = nullptr;
  std::map<std::string, Value*> vars;
  std::map<std::string, SugaredPtr> sugared;  // names bound to non-values (functions, modules of code)
  std::vector<std::string> assignedOrder;  // names assigned in this frame, first-assignment order
  std::map<std::string, TypePtr> declared;  // annotated types
  std::map<std::string, std::string> undefinedReason;  // defined in only one branch
  ExitKind exit = ExitKind::None;
};

// The loop being emitted (for break / continue).
struct LoopContext {
  std::function<Value*()> continueCondition;  // emits the condition for the next iteration
  bool hasReturn = false;  // a `return` in the body: "$did_ret" / "$ret" are loop-carried
  bool unrolled = false;   // iteration over a module container, unrolled at compile time
};

// A compiled def and what it needs: signature info for calls.
struct FunctionInfo {
  std::string qualifiedName;
  std::shared_ptr<Function> function;
  std::vector<std::string> argNames;  // without self
  std::vector<TypePtr> argTypes;
  std::vector<std::optional<Literal>> defaults;  // constants of default values
  // N of a BroadcastingListN[...] parameter (also inside Optional[...]): an int argument becomes N copies.
  std::vector<std::optional<int64_t>> broadcastN;
  TypePtr returnType;
};

// Where defs come from, per compilation.
struct CompilerContext {
  CompilationUnit* cu = nullptr;
  const CompileOptions* options = nullptr;
  std::shared_ptr<const Source> source;
  std::map<std::string, Def> userDefs;  // plain name -> def
  std::map<std::string, Def> libraryDefs;  // qualified name -> def
  std::set<std::string> callerLibraryPrefixes;  // module prefixes of the caller's library code (an archive's)
  std::map<std::string, ClassDef> libraryClasses;  // qualified name -> class
  std::map<std::string, ClassDef> userClasses;  // plain name -> class
  std::map<std::string, FunctionInfo> compiled;  // qualified name -> info
  std::set<std::string> inProgress;
  bool librariesParsed = false;

  void parseLibraries();
  // Compiles (once) and returns the free function; nullptr if unknown.
  FunctionInfo* getFunction(const std::string& qualifiedName, const SourceRange& loc);
  // Compiles (once) method `name` of the module; nullptr if the class has no such def.
  FunctionInfo* getMethod(const std::shared_ptr<ModuleInfo>& info, const std::string& name, const SourceRange& loc);
  std::optional<ClassDef> findClassDef(const ModuleInfo& info) const;
  // A method of the module's class or, as Python's MRO, of the source classes it derives from
  // (`class Child(Base)` inherits Base's forward); the class's own defs first.
  std::optional<Def> findMethodDef(const ModuleInfo& info, const std::string& name) const;
  std::vector<Def> methodDefs(const ClassDef& cd) const;  // every method, overrides first
  std::map<std::string, FunctionInfo> methodInfos;  // "Class.method" -> info
  // A method joins its class when its compilation starts (its Function gets the graph at the end),
  // so classes list methods in PyTorch's order; forward and the exported methods (archive code:
  // every def, in file order) are reserved first, as PyTorch defines them as one batch.
  std::map<std::string, std::shared_ptr<Function>> reservedMethods;  // "Class.method" -> shell
  void reserveMethod(const std::shared_ptr<ModuleInfo>& info, const std::string& name);
  std::map<const ClassType*, std::shared_ptr<ModuleInfo>> moduleInfos;  // module classes -> their info
  void registerModule(const std::shared_ptr<ModuleInfo>& info);
  // Field names of named tuples: the results of ops with named returns (torch.max(x, 1).values)
  // and NamedTuple classes. Keyed by the TupleType object (TupleType::create makes a fresh one),
  // so the names follow the value through assignments; a merge that builds a new type drops them.
  std::map<const Type*, std::vector<std::string>> tupleFieldNames;
  std::map<std::string, TypePtr> namedTupleClasses;  // user NamedTuple class name -> its TupleType
  std::map<std::string, std::vector<std::optional<Expr>>> namedTupleDefaults;  // per field
  // User classes by plain name (built on first use; attributes come from __init__'s assignments).
  std::map<std::string, std::shared_ptr<ModuleInfo>> userClassInfos;
  std::set<const ClassType*> userClassTypes;
  std::shared_ptr<ModuleInfo> userClass(const std::string& name, const SourceRange& loc);
  std::shared_ptr<ModuleInfo> libraryClass(const std::string& qualifiedName, const SourceRange& loc);
  std::shared_ptr<ModuleInfo> classInfo(const std::string& key, const std::string& qualifiedName, const ClassDef& def,
                                        const SourceRange& loc);
  // Enum classes by plain name (EnumType built on first use); nullptr when `name` is not one.
  std::map<std::string, TypePtr> enumTypes;
  TypePtr enumType(const std::string& name);
  // `@torch.jit.interface class Shape:` -> InterfaceType __torch__.Shape (nullptr: not an interface).
  std::map<std::string, TypePtr> interfaceTypes;
  TypePtr interfaceType(const std::string& name);
  const std::vector<std::string>* fieldNames(const TypePtr& t) const {
    auto it = tupleFieldNames.find(t.get());
    return it == tupleFieldNames.end() ? nullptr : &it->second;
  }
};

// Emits one def into one graph.
class FunctionEmitter {
 public:
  FunctionEmitter(CompilerContext& ctx, std::shared_ptr<ModuleInfo> self = nullptr);
  // Emits the def; fills info (signature, graph).
  void emitDef(const Def& def, FunctionInfo& info);

  Graph& graph() { return *graph_; }
  CompilerContext& ctx() { return ctx_; }
  const std::shared_ptr<ModuleInfo>& selfInfo() const { return selfInfo_; }

  // ---- types (EmitterTypes.cpp) ----
  TypePtr parseTypeExpr(const Expr& e);
  // The TupleType of user class `name` when it is a NamedTuple (built once); nullptr otherwise.
  TypePtr namedTupleType(const std::string& name);
  // `a + b`, `len(a)`, `a[i]`, `x in a` on a user class instance: prim::CallMethod of the magic
  // method (__add__, __len__, __getitem__, __contains__ ...); nullptr when `self` is not one.
  Value* emitMagicMethod(const SourceRange& loc, Value* self, const std::string& name, std::vector<Value*> args);

  // ---- expressions (EmitterExpr.cpp) ----
  Value* emitExpr(const Expr& e, const TypePtr& hint = nullptr);
  SugaredPtr emitSugared(const Expr& e, const TypePtr& hint = nullptr);
  Value* emitConst(const Literal& lit, const SourceRange& loc = {});
  Value* emitNone() { return emitConst(Literal{Literal::None{}}); }
  Value* emitTuple(const std::vector<Value*>& elems);
  Value* emitList(const TypePtr& elemType, const std::vector<Value*>& elems);
  Value* emitSubscript(const Subscript& s);
  Value* emitSubscript(const Subscript& s, Value* base);  // base: s.value(), already emitted
  Value* emitTupleSlice(const SliceExpr& sl, Value* base);  // t[a:b:c], constant bounds
  std::vector<NamedValue> emitSliceArgs(const SourceRange& loc, const SliceExpr& sl);  // start, end, step
  std::pair<Value*, std::vector<Value*>> emitIntAndSliceIndexing(const SourceRange& loc, Value* base,
                                                                 const ListView<Expr>& idxs);
  // `t[...] = v` on a tensor: aten::copy_ into the view, or aten::index_put_ with tensor indices.
  void emitTensorSubscriptAssign(const SourceRange& loc, const Subscript& sub, Value* base, Value* v);
  Value* emitTolist(const SourceRange& loc, Value* t, const TypePtr& hint);
  Value* emitCondition(const Expr& e);  // bool value (Tensors through aten::Bool)
  std::vector<Value*> unpackTuple(Value* v, const SourceRange& loc);

  // Refinements a condition implies: name -> type when true / when false.
  struct Refinements {
    std::map<std::string, TypePtr> whenTrue, whenFalse;
  };
  Refinements refinementsOf(const Expr& cond);
  void refineIsinstance(const std::string& name, const TypePtr& type, const Expr& typesExpr, Refinements& r);

  // ---- calls (EmitterCall.cpp) ----
  // Resolves the overload of `kind` for the arguments and emits it. `self` (a method receiver) is
  // the first positional argument. Returns the single output, or a tuple of several outputs.
  // `nodeKind`: the kind the node gets when it differs from the op matched (an alias such as
  // aten::swapaxes, matched with its own argument names, becomes aten::transpose as NormalizeOps does).
  Value* emitBuiltinCall(const SourceRange& loc, Symbol kind, std::vector<NamedValue> args,
                         std::vector<NamedValue> kwargs, bool throwOnFail = true,
                         std::optional<Symbol> nodeKind = std::nullopt);
  std::vector<NamedValue> emitArgs(const ListView<Expr>& args);
  std::vector<NamedValue> emitKwargs(const ListView<KeywordArg>& kwargs);
  // Tries to convert v to `type` (implicit conversions allowed when `allowConversions`).
  Value* tryConvert(Value* v, const TypePtr& type, bool allowConversions, std::optional<int64_t> fixedN = {});
  // Whether user class `cls` has every method of `iface` with a compatible signature (compiling
  // them); on success the class is recorded as an implementer. Otherwise `why` gets 1.13's reason.
  bool implementsInterface(const ClassType& cls, const InterfaceType& iface, const SourceRange& loc, std::string& why);
  std::string interfaceMismatch_;  // the reason of the last failed interface conversion (tryConvert)
  Value* emitUserCall(const SourceRange& loc, FunctionInfo& fn, Value* fnOrSelf, bool isMethod,
                      const std::string& methodName, std::vector<NamedValue> args, std::vector<NamedValue> kwargs);
  SugaredPtr emitSpecialForm(const SourceRange& loc, const std::string& name, const Apply& apply);
  // torch.jit.fork / torch.jit.wait (EmitterFork.cpp).
  SugaredPtr emitFork(const SourceRange& loc, const Apply& apply);
  SugaredPtr emitWait(const SourceRange& loc, const Apply& apply);

  // ---- statements (EmitterStmt.cpp) ----
  // `tail`: the end of stmts is the end of the function or loop body (an implicit exit).
  void emitStatements(const std::vector<Stmt>& stmts, bool tail = false);
  void emitAssignTarget(const Expr& target, Value* v, const TypePtr& declared = nullptr);
  void emitIf(const If& s, Value* cond, const std::vector<Stmt>& rest, bool moveRest, bool tail);
  void emitWith(const With& w);  // user-class context managers (EmitterStmt.cpp)

  // ---- exits (EmitterExit.cpp) ----
  void emitReturn(const Return& r);
  void emitBreakContinue(const Stmt& s);
  void emitImplicitExit();  // falling off the end of a tail statement list
  // After a statement that may have exited ("$exited" not constant false): emits
  // prim::If($exited) { exit } { rest }.
  void guardRest(const std::vector<Stmt>& rest, bool tail, const SourceRange& loc);
  bool mightHaveExited();

  // ---- loops (EmitterLoop.cpp) ----
  void emitFor(const For& f);
  void emitWhile(const While& w);
  // Emits a for loop over `iter` binding `target`; `body` emits one iteration, `bodyStmts` (may be
  // null) are scanned for loop-carried variables; `iterValue`, when set, emits the iterable instead
  // of `iter` (which then only gives source locations).
  void emitForIn(const SourceRange& loc, const Expr& target, const Expr& iter, const std::function<void()>& body,
                 const std::vector<Stmt>* bodyStmts, const std::function<Value*()>& iterValue = {});
  Value* emitListComp(const ListComp& lc, const TypePtr& hint);
  Value* emitDictComp(const DictComp& dc, const TypePtr& hint);
  Value* emitComprehension(const SourceRange& loc, const std::function<Value*(const TypePtr&)>& elt,
                           const std::vector<Comprehension>& gens, size_t k, const TypePtr& hint);
  // The module an attribute path (`self.a.b`, a name bound to a module) denotes, without emitting.
  std::shared_ptr<ModuleInfo> staticModuleOf(const Expr& e);
  bool isModuleContainer(const Expr& e);  // an nn.ModuleList / nn.Sequential
  // A ModuleList / Sequential value: its children in order; nullptr otherwise.
  std::shared_ptr<std::vector<std::string>> containerChildren(const SugaredPtr& sv);
  // `self.layers[0]` / `self.layers[-1]` with an integer literal; nullptr when not a container.
  SugaredPtr emitModuleContainerIndex(const Subscript& s);

  // ---- environment (EmitterEnv.cpp) ----
  Frame* frame() { return frame_; }
  Value* lookup(const std::string& name) const;
  TypePtr declaredType(const std::string& name) const;
  // nameValue=false binds the name without giving the value a debug name (archive code's
  // `x = _4`: the printer's alias of an unnamed value must import unnamed, so that printing again
  // gives the same code).
  void setVar(const std::string& name, Value* v, const SourceRange& loc, bool nameValue = true);
  // Archive code's `x = y` / `a, x = b, y` (a bare name on both sides): an alias, bound unnamed.
  bool aliasesInArchiveCode(const Expr& target, const Expr& value);
  void deleteVariable(const std::string& name, const SourceRange& loc);  // `del name`
  void pushFrame(Frame& f, Block* b);
  void popFrame();
  // Emits a branch (block b of an If) in a child frame; `body` emits the statements.
  void emitBlockInFrame(Frame& f, Block* b, const std::function<void()>& body,
                        const std::map<std::string, TypePtr>& refine);
  // Merges the two branch frames of an If node into outputs bound in the current frame.
  // `namedVars` (when given): the only variables whose outputs get their name. Outputs that carry
  // the statements after an exit (moved into a branch or guarded) come from PyTorch's exit
  // transform, which names nothing.
  void mergeIf(Node* ifNode, Frame& t, Frame& f, const SourceRange& loc,
               const std::vector<std::string>* namedVars = nullptr);
  SugaredPtr resolveName(const std::string& name, const SourceRange& loc);

  TypePtr returnType() const { return returnType_; }
  std::vector<LoopContext*> loops;
  SourceRange defRange;
  bool inUserInit = false;  // emitting a user class's __init__: `self.x = v` declares attribute x  // the def being emitted (for "does not return along all paths")

 private:
  CompilerContext& ctx_;
  std::shared_ptr<ModuleInfo> selfInfo_;
  std::shared_ptr<Graph> graph_;
  Frame root_;
  Frame* frame_ = nullptr;
  TypePtr returnType_;
  bool hasDeclaredReturn_ = false;
  // Emitting a forked nested def: names it does not bind are read from `outer_`, each becoming a
  // graph input the first time (captures_: the outer values, in the inputs' order).
  FunctionEmitter* outer_ = nullptr;
  mutable std::vector<Value*> captures_;
  mutable std::map<std::string, Value*> capturedNames_;
};

// The library functions PyTorch 1.13 compiles from Python source (Library.cpp): archive path
// ("code/__torch__/torch/nn/functional.py") -> TorchScript source.
const std::map<std::string, std::string>& builtinLibraryCode();
// torch.<name> functions that 1.13 compiles from torch/functional.py instead of binding an aten op.
bool isScriptedTorchFunction(const std::string& name);

// Helpers.
[[noreturn]] void fail(const SourceRange& loc, const std::string& msg);
bool isTensor(const TypePtr& t);
std::optional<Literal> constantValue(const Value* v);  // value of a prim::Constant producer
TypePtr unwrapOptional(const TypePtr& t);
Value* insertNode(Graph& g, Symbol kind, const std::vector<Value*>& inputs, const TypePtr& outType,
                  const SourceRange& loc = {});
std::string typeName(const TypePtr& t);  // annotation spelling for messages
// Syntactic facts about statement lists.
bool alwaysExits(const std::vector<Stmt>& stmts);  // ends in return/break/continue/raise on all paths
bool containsJump(const std::vector<Stmt>& stmts);  // return/break/continue at any depth (not in loops for break)
bool containsReturn(const std::vector<Stmt>& stmts);  // return at any depth, loops included
bool isConstFalse(const Value* v);
void collectAssigned(const std::vector<Stmt>& stmts, std::vector<std::string>& out);
std::vector<Stmt> toVector(const ListView<Stmt>& l);
TypePtr literalType(const Literal& l);

}  // namespace tsjit::frontend::detail
