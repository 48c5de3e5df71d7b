// Tracer.cpp — see Tracer.h and TracerImpl.h: walking the compiled graph on concrete values,
// recording nodes, emitting the traced value of a runtime value, and the dead-code cleanup 1.13's
// tracer runs on its graph. Python numbers' data flow is in TracerNumbers.cpp.
#include <algorithm>

#include "jit/frontend/TracerImpl.h"
#include "jit/ir/Function.h"
#include "jit/ir/Type.h"
#include "jit/support/Error.h"

namespace tsjit::frontend {
namespace tracing {
namespace {

bool holdsTensor(const IValue& v) {
  if (v.isTensor()) return v.toTensor().defined();
  if (v.isList()) {
    for (const IValue& x : v.toListRef().items)
      if (holdsTensor(x)) return true;
  }
  if (v.isTuple()) {
    for (const IValue& x : v.toTupleRef().items)
      if (holdsTensor(x)) return true;
  }
  return false;
}

bool isTensorList(const IValue& v) {
  if (!v.isList()) return false;
  for (const IValue& x : v.toListRef().items)
    if (!x.isTensor() || !x.toTensor().defined()) return false;
  return true;
}

TypePtr completeType(const Tensor& t) {
  TensorType::Dims sizes, strides;
  for (int64_t s : t.sizes()) sizes.emplace_back(s);
  for (int64_t s : t.strides()) strides.emplace_back(s);
  return TensorType::create(t.dtype(), t.device(), sizes, strides, t.requiresGrad());
}

// Ops on Python containers: run, never recorded (their tensors are the containers' elements).
bool isContainerBuiltin(const Node& n, const std::vector<IValue>& args) {
  static const std::unordered_set<std::string> kNames = {
      "aten::__getitem__", "aten::append", "aten::len",   "aten::list",     "aten::insert",
      "aten::pop",         "aten::extend", "aten::reverse", "aten::clear",  "aten::copy",
      "aten::__setitem__", "aten::index",  "aten::count", "aten::remove",   "aten::__contains__",
      "aten::slice",       "aten::add",    "aten::mul",   "aten::values",   "aten::keys",
      "aten::items",       "aten::get",    "aten::setdefault", "aten::update", "aten::_set_item"};
  if (args.empty() || !(args[0].isList() || args[0].isDict() || args[0].isTuple())) return false;
  return kNames.count(n.kind().toQualString()) > 0;
}

// 1.13's TracerWarning for an op that turns a traced tensor into a Python value ("" for others).
std::string conversionWarning(const Node& n) {
  const std::string& kind = n.kind().toQualString();
  if (kind == "aten::Bool" || kind == "aten::is_nonzero") return "boolean";
  if (kind == "aten::Int") return "integer";
  if (kind == "aten::Float") return "float";
  if (kind == "aten::item" || kind == "aten::ScalarImplicit") return "number";
  if (kind == "aten::tolist" || kind == "prim::tolist") return "list";
  return "";
}

// torch.tensor(...) in a traced function: a constant of the trace, with 1.13's warning.
const char* const kTensorConstantWarning =
    "TracerWarning: torch.tensor results are registered as constants in the trace. You can safely ignore this "
    "warning if you use this function to create tensors out of constant variables that would be the same every "
    "time you call this function. In any other case, this might cause the trace to be incorrect.";

// Nodes the final cleanup keeps although nothing uses them: in-place ops (they write a tensor the
// trace may return or read later) and calls of submodules, as 1.13's dead-code elimination does.
bool hasEffect(const Node& n) {
  const std::string& name = n.kind().toUnqualString();
  if (n.kind() == prim::CallMethod || n.kind() == prim::CallFunction) return true;
  if (n.kind().toQualString() == "prim::fork") return true;
  return name.size() > 1 && name.back() == '_' && name.rfind("__", 0) != 0;
}

}  // namespace

Tracer::Tracer(const TraceGraphRunner& run) : run_(run), out_(std::make_shared<Graph>()) {
  out_->setInsertPoint(out_->block());
}

TraceResult Tracer::trace(const Graph& graph, std::vector<IValue> inputs,
                          const std::vector<std::optional<Literal>>& defaults) {
  size_t given = inputs.size();
  for (size_t i = given; i < graph.inputs().size() && i < defaults.size() && defaults[i]; ++i) {
    auto g = std::make_shared<Graph>();  // the default's value, as the engine makes constants
    g->registerOutput(g->insertConstant(*defaults[i])->setType(graph.inputs()[i]->type()));
    inputs.push_back(run_(g, {}).at(0));
  }
  if (inputs.size() != graph.inputs().size())
    throw CompileError(str("trace: the graph takes ", graph.inputs().size(), " inputs but ", given, " were given"));
  Env env;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i < given) addInput(graph.inputs()[i], inputs[i], i);
    env[graph.inputs()[i]] = inputs[i];
  }
  std::vector<IValue> outs = runBlock(*graph.block(), {}, env, /*record=*/true);
  const auto& results = graph.block()->outputs();
  for (size_t i = 0; i < outs.size(); ++i) out_->registerOutput(emitOutput(outs[i], results[i], nullptr));
  eliminateDeadCode();
  TraceResult r;
  r.graph = out_;
  for (size_t i = 0; i < outs.size(); ++i) r.outputs.push_back(asReturned(outs[i], results[i], nullptr));
  r.warnings = std::move(warnings_);
  return r;
}

// A traced input: a tensor, the module (first input), or a list or tuple of tensors, which 1.13
// unpacks at the top of the graph (its elements are the traced values).
void Tracer::addInput(const Value* in, const IValue& v, size_t index) {
  Value* traced = out_->addInput(in->hasDebugName() ? in->debugName() : "");
  if (v.isTensor() && v.toTensor().defined()) {
    traced->setType(completeType(v.toTensor()));
    mapTensor(v.toTensor(), traced);
    return;
  }
  if (v.isObject() && index == 0) {
    traced->setType(in->type());
    objects_[&v.toObjectRef()] = {traced, v};
    root_ = &v.toObjectRef();
    return;
  }
  bool isList = isTensorList(v) && !v.toListRef().items.empty();
  bool isTuple = v.isTuple() && !v.toTupleRef().items.empty() &&
                 std::all_of(v.toTupleRef().items.begin(), v.toTupleRef().items.end(),
                             [](const IValue& x) { return x.isTensor() && x.toTensor().defined(); });
  if (!isList && !isTuple)
    throw CompileError(str("trace: input ", index, " has type '", in->type()->str(),
                           "', which cannot be traced. Only Tensors, and lists or tuples of Tensors (and the module, "
                           "as the first input) can be traced"));
  const std::vector<IValue>& items = isList ? v.toListRef().items : v.toTupleRef().items;
  std::vector<TypePtr> types;
  for (const IValue& x : items) types.push_back(completeType(x.toTensor()));
  traced->setType(isList ? ListType::create(TensorType::get()) : TupleType::create(types));
  Node* u = out_->insertNode(out_->create(isList ? prim::ListUnpack : prim::TupleUnpack, {traced}, items.size()));
  for (size_t k = 0; k < items.size(); ++k) {
    u->output(k)->setType(types[k]);
    mapTensor(items[k].toTensor(), u->output(k));
  }
}

const IValue& Tracer::lookup(const Env& env, const Value* v) const {
  auto it = env.find(v);
  if (it == env.end()) throw CompileError(str("trace: value %", v->debugName(), " is used before it is computed"));
  return it->second;
}

std::vector<IValue> Tracer::runBlock(const Block& b, std::vector<IValue> args, Env& env, bool record,
                                     const std::vector<Value*>& argNumbers) {
  for (size_t i = 0; i < args.size(); ++i) {
    env[b.inputs()[i]] = std::move(args[i]);
    setNumber(b.inputs()[i], i < argNumbers.size() ? argNumbers[i] : nullptr);
  }
  for (const Node* n : b.nodes()) runNode(*n, env, record);
  std::vector<IValue> outs;
  for (const Value* v : b.outputs()) outs.push_back(lookup(env, v));
  return outs;
}

std::vector<IValue> Tracer::inputsOf(const Node& n, const Env& env, size_t from) const {
  std::vector<IValue> args;
  for (size_t i = from; i < n.numInputs(); ++i) args.push_back(lookup(env, n.input(i)));
  return args;
}

void Tracer::setOutputs(const Node& n, std::vector<IValue> outs, Env& env) {
  TSJIT_CHECK(outs.size() == n.numOutputs(), "trace: ", n.kind().toQualString(), " produced ", outs.size(),
              " values for ", n.numOutputs(), " outputs");
  for (size_t i = 0; i < outs.size(); ++i) {
    env[n.output(i)] = std::move(outs[i]);
    setNumber(n.output(i), nullptr);
  }
}

void Tracer::runIf(const Node& n, Env& env, bool record) {
  if (record && numberOf(n.input(0))) warnConversion("boolean");
  bool cond = lookup(env, n.input(0)).toBool();
  const Block& taken = *n.blocks()[cond ? 0 : 1];
  std::vector<IValue> outs = runBlock(taken, {}, env, record);
  std::vector<Value*> numbers;
  for (const Value* v : taken.outputs()) numbers.push_back(numberOf(v));
  setOutputs(n, std::move(outs), env);
  for (size_t i = 0; i < numbers.size(); ++i) setNumber(n.output(i), numbers[i]);
}

void Tracer::runLoop(const Node& n, Env& env, bool record) {
  const Block& body = *n.blocks()[0];
  int64_t maxTrips = lookup(env, n.input(0)).toInt();
  if (record && numberOf(n.input(1))) warnConversion("boolean");
  bool cond = lookup(env, n.input(1)).toBool();
  std::vector<IValue> carried = inputsOf(n, env, 2);
  std::vector<Value*> numbers{nullptr};  // the trip count is a plain Python int
  for (size_t i = 2; i < n.numInputs(); ++i) numbers.push_back(numberOf(n.input(i)));
  for (int64_t i = 0; cond && i < maxTrips; ++i) {
    std::vector<IValue> in{IValue(i)};
    for (auto& c : carried) in.push_back(std::move(c));
    std::vector<IValue> out = runBlock(body, std::move(in), env, record, numbers);
    if (record && numberOf(body.outputs()[0])) warnConversion("boolean");
    cond = out[0].toBool();
    carried.assign(out.begin() + 1, out.end());
    numbers.assign(1, nullptr);
    for (size_t k = 1; k < body.outputs().size(); ++k) numbers.push_back(numberOf(body.outputs()[k]));
  }
  setOutputs(n, std::move(carried), env);
  for (size_t k = 0; k < n.numOutputs(); ++k) setNumber(n.output(k), numbers[k + 1]);
}

void Tracer::runNode(const Node& n, Env& env, bool record) {
  if (n.kind() == prim::If) return runIf(n, env, record);
  if (n.kind() == prim::Loop) return runLoop(n, env, record);
  if (n.kind() == prim::Constant && n.numOutputs() == 1 && n.output()->type()->kind() == TypeKind::Function) {
    env[n.output()] = IValue();  // calls of it are refused below
    return;
  }
  if (n.kind() == prim::CallFunction)
    throw CompileError(str("trace: a call of a function that was not inlined (", n.kind().toQualString(),
                           "); inline calls before tracing"));
  if (n.kind() == prim::CallMethod) return callMethod(n, env, record);
  static const Symbol kFork = Symbol::prim("fork");
  if (n.kind() == kFork) return traceFork(n, env, record);
  if (n.kind() == prim::GetAttr) return getAttr(n, env, record);
  if (!n.blocks().empty())
    throw CompileError(str("trace: ", n.kind().toQualString(), " with blocks cannot be traced"));

  std::vector<IValue> args = inputsOf(n, env);
  if (record && traceNumberNode(n, args, env)) return;
  if (record && tracesValues(args)) {
    std::string what = conversionWarning(n);
    if (!what.empty()) warnConversion(what.c_str());
  }
  std::vector<IValue> outs = run_(miniGraph(n), args);
  static const Symbol kTensor = Symbol::aten("tensor"), kAsTensor = Symbol::aten("as_tensor");
  bool fromData = n.kind() == kTensor || (n.kind() == kAsTensor && !args.empty() && !args[0].isTensor());
  if (record && n.kind() == kTensor && !onlyCopiedFrom(n)) warnings_.push_back(kTensorConstantWarning);
  if (record && fromData && !onlyCopiedFrom(n) && outs.size() == 1 && outs[0].isTensor()) {
    // An index list (`x[:, [0, 2]]`: the frontend's aten::tensor in a Tensor?[] of aten::index) is
    // converted by 1.13's indexing without the detach torch.tensor adds.
    std::string_view written = n.sourceRange().source() ? n.sourceRange().text() : std::string_view();
    bool userCall = written.rfind("torch.tensor", 0) == 0 || written.rfind("tensor(", 0) == 0;
    bool indexList = n.output()->hasUses() && !userCall;
    for (const Use& u : n.output()->uses())
      indexList = indexList && u.user->kind() == prim::ListConstruct && u.user->output()->type()->str() == "Tensor?[]";
    recordTensorFromData(outs[0].toTensor(), /*detach=*/n.kind() == kTensor && !indexList);
    setOutputs(n, std::move(outs), env);
    return;
  }
  bool recordIt = record && !n.kind().isPrim() && !fromData && !isContainerBuiltin(n, args);
  if (recordIt) {
    bool anyTensor = false;
    for (const IValue& o : outs) anyTensor |= holdsTensor(o);
    recordIt = anyTensor;
  }
  if (recordIt && isScalarSetItem(n, args)) {
    recordFill(args, outs);
  } else if (recordIt) {
    recordNode(n, args, outs);
    recordAugmentedWriteBack(n, env, outs[0]);
  }
  setOutputs(n, std::move(outs), env);
  if (record) propagateNumbers(n, args, env);
}

// True when every use of n's output is the value an assignment to a subscript writes
// (`view[i] = 2.0` is aten::copy_ from it, `x[mask] = 0.0` aten::index_put_ of it): the frontend
// made that tensor from a Python number, which 1.13's __setitem__ takes as a plain constant.
bool Tracer::onlyCopiedFrom(const Node& n) {
  static const Symbol kCopy = Symbol::aten("copy_"), kIndexPut = Symbol::aten("index_put_");
  for (const Use& u : n.output()->uses())
    if (!(u.user->kind() == kCopy && u.offset == 1) && !(u.user->kind() == kIndexPut && u.offset == 2)) return false;
  return n.output()->hasUses();
}

// `view[i] = 2.0` compiles to aten::copy_(view, aten::tensor(2.0)); eager PyTorch's __setitem__
// with a Python number runs fill_ instead, so that is what 1.13's tracer records.
bool Tracer::isScalarSetItem(const Node& n, const std::vector<IValue>& args) const {
  static const Symbol kCopy = Symbol::aten("copy_"), kTensor = Symbol::aten("tensor");
  if (n.kind() != kCopy || args.size() < 2 || !args[1].isTensor()) return false;
  const Node* src = n.input(1)->node();
  const Tensor value = args[1].toTensor();
  return src->kind() == kTensor && value.defined() && value.dim() == 0 && !tensors_.count(value.unsafeImpl()) &&
         src->numInputs() > 0 && src->input(0)->type()->kind() != TypeKind::List;
}

void Tracer::recordFill(const std::vector<IValue>& args, const std::vector<IValue>& outs) {
  const Tensor dst = args[0].toTensor();
  Value* self = emit(args[0], nullptr);
  Value* value = emit(IValue(args[1].toTensor().to(dst.dtype())), nullptr);
  Node* fill = out_->insertNode(out_->create(Symbol::aten("fill_"), {self, value}));
  fill->output()->setType(completeType(outs[0].toTensor()));
  bindOutput(outs[0], fill->output());
}

bool Tracer::tracesValues(const std::vector<IValue>& args) const {
  for (const IValue& a : args)
    if (a.isTensor() && a.toTensor().defined() && tensors_.count(a.toTensor().unsafeImpl())) return true;
  return false;
}

// A GetAttr of the traced module (or of a submodule reached from it). A submodule is not recorded
// here but when it is used (see moduleValue); a parameter or buffer is recorded at its first read,
// and keeps its traced value afterwards (1.13 emits one GetAttr per tensor attribute).
void Tracer::getAttr(const Node& n, Env& env, bool record) {
  const IValue& self = lookup(env, n.input(0));
  const std::string& name = n.s(attr::name);
  IValue value = self.toObjectRef().attr(name);
  const Object* owner = &self.toObjectRef();
  bool traced = objects_.count(owner) || parents_.count(owner);
  if (record && traced && value.isObject()) {
    if (!objects_.count(&value.toObjectRef())) parents_[&value.toObjectRef()] = {owner, name, value};
  } else if (record && traced && value.isTensor() && value.toTensor().defined() &&
             !tensors_.count(value.toTensor().unsafeImpl())) {
    Value* g = hoistedGetAttr(moduleValue(owner), name);
    g->copyMetadata(n.output());
    g->setType(completeType(value.toTensor()));
    mapTensor(value.toTensor(), g);
  }
  env[n.output()] = std::move(value);
  setNumber(n.output(), nullptr);
}

// 1.13 puts each GetAttr of the traced module at the top of the graph as it is first reached (so
// they read in reverse order of first use), a nested one right after its object.
Value* Tracer::hoistedGetAttr(Value* object, const std::string& name) {
  object = local(object);
  Node* g = out_->create(prim::GetAttr, {object});
  if (object->node()->kind() == prim::GetAttr) g->insertAfter(object->node());
  else out_->block()->prependNode(g);
  g->s_(attr::name, name);
  return g->output();
}

// The traced value of a submodule at its first use: the chain of GetAttrs from the traced module
// down to it. As in 1.13, each submodule used gets its own chain (the containers on its path are
// read again for each: `layers`, `layers.0` then `layers`, `layers.1`), and keeps it afterwards.
Value* Tracer::moduleValue(const Object* module) {
  if (auto it = objects_.find(module); it != objects_.end()) return local(it->second.value);
  std::vector<const Object*> path{module};
  while (!objects_.count(path.back())) path.push_back(parents_.at(path.back()).parent);
  Value* v = local(objects_.at(path.back()).value);
  for (size_t k = path.size() - 1; k-- > 0;) {
    const ModuleParent& p = parents_.at(path[k]);
    v = hoistedGetAttr(v, p.name);
    v->setType(p.keepAlive.toObjectRef().type);
  }
  objects_[module] = {v, parents_.at(module).keepAlive};
  return v;
}

void Tracer::callMethod(const Node& n, Env& env, bool record) {
  const IValue& self = lookup(env, n.input(0));
  const std::string& name = n.s(attr::name);
  Function* fn = self.toObjectRef().type->findMethod(name);
  if (!fn || !fn->graph())
    throw CompileError(str("trace: method '", name, "' of ", self.toObjectRef().type->qualifiedName(),
                           " is not compiled"));
  std::vector<IValue> args = inputsOf(n, env);
  const Object* module = &self.toObjectRef();
  // Calling a submodule (its forward, through __call__) is traced separately in 1.13: one node
  // here. Other methods, and the traced module's own, are Python calls traced through.
  bool asCall = record && name == "forward" && module != root_ && (objects_.count(module) || parents_.count(module));
  Env calleeEnv;
  std::vector<IValue> outs;
  if (asCall) {
    std::vector<Value*> tracedArgs{moduleValue(module)};
    for (size_t i = 1; i < args.size(); ++i)
      tracedArgs.push_back(emit(args[i], n.input(i), args[i].isDouble() ? NumberUse::Float : NumberUse::Int));
    outs = runBlock(*fn->graph()->block(), args, calleeEnv, /*record=*/false);
    Node* call = out_->insertNode(out_->create(prim::CallMethod, tracedArgs, n.numOutputs()));
    call->s_(attr::name, name);
    for (size_t i = 0; i < outs.size(); ++i) {
      call->output(i)->copyMetadata(n.output(i));
      bindOutput(outs[i], call->output(i));
      if (outs[i].isTuple()) unpackTuple(call->output(i), outs[i]);
    }
    setOutputs(n, std::move(outs), env);
    return;
  }
  std::vector<Value*> argNumbers;
  for (const Value* in : n.inputs()) argNumbers.push_back(numberOf(in));
  const Block& body = *fn->graph()->block();
  outs = runBlock(body, args, calleeEnv, record, argNumbers);
  std::vector<Value*> numbers;
  for (const Value* v : body.outputs()) numbers.push_back(numberOf(v));
  setOutputs(n, std::move(outs), env);
  for (size_t i = 0; i < numbers.size(); ++i) setNumber(n.output(i), numbers[i]);
}

// prim::fork, as 1.13's tracer records torch.jit.fork: a prim::fork whose Subgraph is the trace
// of the forked work (run here, at once, on this run's values), its inputs the traced values
// that work reads; the future it returns is already complete, and aten::wait of it is recorded
// as any op. Values the forked work computes stay inside it: afterwards only its result (through
// the wait) is a traced value outside.
void Tracer::traceFork(const Node& n, Env& env, bool record) {
  std::shared_ptr<Graph> body = n.g(attr::Subgraph);
  std::vector<IValue> args = inputsOf(n, env);
  const auto* futureType = n.output()->type()->cast<FutureType>();
  if (!futureType) throw CompileError("trace: prim::fork must produce a Future");
  Env forkEnv;
  if (!record) {
    std::vector<IValue> outs = runBlock(*body->block(), std::move(args), forkEnv, false);
    env[n.output()] = completedFuture(futureType->elementType(), outs.at(0));
    return;
  }
  auto outer = out_;
  auto savedTensors = tensors_;
  auto savedLists = lists_;
  auto savedElements = elementOf_;
  auto sub = std::make_shared<Graph>();
  sub->setInsertPoint(sub->block());
  out_ = sub;
  std::vector<Value*> forkInputs;
  std::unordered_map<Value*, Value*> captured;
  capture_ = [&](Value* v) -> Value* {  // an outer traced value read inside: a Subgraph input
    if (auto it = captured.find(v); it != captured.end()) return it->second;
    Value* in = sub->addInput(v->hasDebugName() ? v->debugName() : "");
    in->setType(v->type());
    forkInputs.push_back(v);
    captured[v] = in;
    return in;
  };
  std::vector<Value*> argNumbers;
  for (const Value* in : n.inputs()) argNumbers.push_back(numberOf(in));
  std::vector<IValue> outs;
  try {
    outs = runBlock(*body->block(), std::move(args), forkEnv, true, argNumbers);
    sub->registerOutput(emit(outs.at(0), body->outputs().at(0)));
  } catch (...) {
    out_ = outer;
    capture_ = nullptr;
    throw;
  }
  out_ = outer;
  capture_ = nullptr;
  tensors_ = std::move(savedTensors);
  lists_ = std::move(savedLists);
  elementOf_ = std::move(savedElements);
  Node* fork = out_->insertNode(out_->create(n.kind(), forkInputs));
  fork->g_(attr::Subgraph, sub);
  fork->output()->setType(FutureType::create(sub->outputs().at(0)->type()));
  IValue future = completedFuture(futureType->elementType(), outs.at(0));
  futures_[future.toFuture().get()] = {fork->output(), future};
  env[n.output()] = std::move(future);
  setNumber(n.output(), nullptr);
}

IValue Tracer::completedFuture(const TypePtr& elementType, IValue value) {
  Ref<FutureObj> f(new FutureObj(elementType));
  f->complete(std::move(value));
  return IValue(f);
}

// A traced value of the graph being recorded: inside a fork's Subgraph, an outer value becomes
// an input of the Subgraph (see traceFork).
Value* Tracer::local(Value* v) { return capture_ && v->owningGraph() != out_.get() ? capture_(v) : v; }

void Tracer::mapTensor(const Tensor& t, Value* v) { tensors_[t.unsafeImpl()] = {v, IValue(t)}; }

// Makes `v` (an output of a recorded node) the traced source of the value it holds.
void Tracer::bindOutput(const IValue& v, Value* traced) {
  if (v.isTensor() && v.toTensor().defined()) {
    mapTensor(v.toTensor(), traced);
  } else if (v.isList() && holdsTensor(v)) {
    lists_[&v.toListRef()] = {traced, v};
    const auto& items = v.toListRef().items;
    for (size_t k = 0; k < items.size(); ++k)
      if (items[k].isTensor() && items[k].toTensor().defined())
        elementOf_[items[k].toTensor().unsafeImpl()] = {&v.toListRef(), k};
  }
}

void Tracer::recordNode(const Node& n, const std::vector<IValue>& args, const std::vector<IValue>& outs) {
  static const Symbol kSplit = Symbol::aten("split");
  std::vector<Value*> traced;
  for (size_t i = 0; i < args.size(); ++i) {
    if (n.kind() == kSplit && i == 1 && args[1].isInt() && numberOf(n.input(1))) {
      // Python's Tensor.split takes int(split_size) of a traced size: a constant (1.13 warns twice)
      warnConversion("integer");
      warnConversion("integer");
      traced.push_back(emit(args[i], nullptr));
      continue;
    }
    traced.push_back(emit(args[i], n.input(i), useOfArgument(n, i)));
  }
  Node* rec = recordConvolution(n, traced, args);
  if (!rec) rec = recordReflectedPow(n, args, outs);
  if (!rec) {
    // Python's Tensor.split with a list of sizes calls split_with_sizes.
    if (n.kind() == kSplit && args.size() > 1 && args[1].isList()) {
      rec = out_->create(Symbol::aten("split_with_sizes"), traced, n.numOutputs());
      for (size_t i = 0; i < n.numOutputs(); ++i) rec->output(i)->copyMetadata(n.output(i));
    } else {
      size_t next = 0;
      rec = out_->createClone(&n, [&](Value*) { return traced[next++]; }, /*copyBlocks=*/false);
    }
    out_->insertNode(rec);
  }
  for (size_t i = 0; i < outs.size(); ++i) {
    if (outs[i].isTensor() && outs[i].toTensor().defined()) rec->output(i)->setType(completeType(outs[i].toTensor()));
    bindOutput(outs[i], rec->output(i));
    // A list of tensors reaches Python as a tuple: 1.13 unpacks it right after the op.
    if (isTensorList(outs[i]) && lists_.count(&outs[i].toListRef())) {
      unpackList(&outs[i].toListRef());
      lists_.erase(&outs[i].toListRef());
      resultLists_.insert(&outs[i].toListRef());
    }
  }
}

namespace {
// The view chain of `t[idx] op= v`: the nodes indexing the base tensor, which the frontend emits
// with the subscript's range while the in-place op gets the whole statement's range (empty when
// n is not the in-place op of an augmented assignment to a subscript).
std::vector<const Node*> augmentedSubscriptChain(const Node& n) {
  const std::string& name = n.kind().toUnqualString();
  if (n.numInputs() < 2 || name.size() < 2 || name.back() != '_' || name.rfind("__", 0) == 0) return {};
  const SourceRange& stmt = n.sourceRange();
  const Node* view = n.input(0)->node();
  const SourceRange& target = view->sourceRange();
  if (!stmt.source() || stmt.source() != target.source() || target.start() != stmt.start() || target.end() >= stmt.end())
    return {};
  std::string_view rest = stmt.text().substr(target.end() - stmt.start());
  size_t k = rest.find_first_not_of(" \t");
  static const char* const kOps[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>=", "@="};
  bool aug = false;
  for (const char* op : kOps) aug |= k != std::string_view::npos && rest.substr(k).rfind(op, 0) == 0;
  if (!aug) return {};
  std::vector<const Node*> chain;
  for (const Node* p = view; p->kind() != prim::Param && !p->kind().isPrim() && p->numInputs() > 0 &&
                             p->sourceRange().start() == target.start() && p->sourceRange().end() == target.end();
       p = p->input(0)->node())
    chain.push_back(p);
  std::reverse(chain.begin(), chain.end());
  return chain;
}
}  // namespace

// `t[idx] += v` in Python is t.__setitem__(idx, t.__getitem__(idx).__iadd__(v)): after the in-place
// op on the view, 1.13 records the indexing again and aten::copy_ of the result into it.
void Tracer::recordAugmentedWriteBack(const Node& n, const Env& env, const IValue& result) {
  std::vector<const Node*> chain = augmentedSubscriptChain(n);
  if (chain.empty() || !result.isTensor()) return;
  const IValue& base = lookup(env, chain.front()->input(0));
  if (!base.isTensor() || !tensors_.count(base.toTensor().unsafeImpl())) return;
  Value* cur = emit(base, chain.front()->input(0));
  for (const Node* c : chain) {
    std::vector<Value*> ins{cur};
    for (size_t j = 1; j < c->numInputs(); ++j) ins.push_back(emit(lookup(env, c->input(j)), c->input(j), useOfArgument(*c, j)));
    Node* again = out_->insertNode(out_->create(c->kind(), ins));
    const IValue& v = lookup(env, c->output());
    again->output()->setType(v.isTensor() ? completeType(v.toTensor()) : c->output()->type());
    cur = again->output();
  }
  Node* copy = out_->insertNode(out_->create(Symbol::aten("copy_"), {cur, emit(result, nullptr), out_->insertBoolConstant(false)}));
  copy->output()->setType(cur->type());
}

// F.conv*d as 1.13's tracer records it: aten::_convolution with every parameter spelled out.
Node* Tracer::recordConvolution(const Node& n, const std::vector<Value*>& traced, const std::vector<IValue>& args) {
  const std::string& name = n.kind().toQualString();
  int dims = 0;
  bool transposed = false;
  for (int k = 1; k <= 3; ++k) {
    if (name == "aten::conv" + std::to_string(k) + "d") dims = k;
    if (name == "aten::conv_transpose" + std::to_string(k) + "d") dims = k, transposed = true;
  }
  if (dims == 0 || args.size() != 8 - (transposed ? 0 : 1) || n.numOutputs() != 1) return nullptr;
  for (size_t i = 3; i < args.size(); ++i)
    if (!args[i].isList() && !args[i].isInt()) return nullptr;  // padding="same"/"valid": not rewritten
  auto intList = [&](const IValue& v) {
    std::vector<Value*> elems;
    std::vector<int64_t> values;
    if (v.isInt()) values.assign(static_cast<size_t>(dims), v.toInt());
    else
      for (const IValue& x : v.toListRef().items) values.push_back(x.toInt());
    if (values.size() == 1) values.assign(static_cast<size_t>(dims), values[0]);
    for (int64_t x : values) elems.push_back(out_->insertIntConstant(x));
    Node* l = out_->insertNode(out_->create(prim::ListConstruct, elems));
    l->output()->setType(ListType::create(IntType::get()));
    return l->output();
  };
  // conv: (input, weight, bias, stride, padding, dilation, groups)
  // conv_transpose: (input, weight, bias, stride, padding, output_padding, groups, dilation)
  Value* stride = intList(args[3]);
  Value* padding = intList(args[4]);
  Value* dilation = intList(transposed ? args[7] : args[5]);
  Value* outputPadding = intList(transposed ? args[5] : IValue(int64_t{0}));
  Value* groups = traced[6];
  std::vector<Value*> ins{traced[0], traced[1], traced[2], stride, padding, dilation,
                          out_->insertBoolConstant(transposed), outputPadding, groups,
                          out_->insertBoolConstant(false), out_->insertBoolConstant(false),
                          out_->insertBoolConstant(true), out_->insertBoolConstant(true)};
  Node* conv = out_->insertNode(out_->create(Symbol::aten("_convolution"), ins));
  conv->output()->copyMetadata(n.output());
  return conv;
}

// torch.tensor(data) in 1.13's trace: the data as a constant, aten::to (its device and dtype) and
// aten::detach; torch.as_tensor(data) without the detach.
void Tracer::recordTensorFromData(const Tensor& t, bool detach) {
  TensorConstant c;
  c.dtype = t.dtype();
  c.sizes = t.sizes();
  c.values = t.toDoubles();
  c.wrappedNumber = false;
  Value* k = out_->insertConstant(c);
  k->setType(completeType(t));
  Value* device = out_->insertStringConstant(t.device().str());
  device->setType(DeviceObjType::get());
  Node* to = out_->insertNode(out_->create(Symbol::aten("to"), {k, device, out_->insertIntConstant(toTorchCode(t.dtype())),
                                                                out_->insertBoolConstant(false),
                                                                out_->insertBoolConstant(false), out_->insertNoneConstant()}));
  to->output()->setType(completeType(t));
  Value* result = to->output();
  if (detach) {
    Node* d = out_->insertNode(out_->create(Symbol::aten("detach"), {result}));
    d->output()->setType(completeType(t));
    result = d->output();
  }
  mapTensor(t, result);
}

// `2 ** x` runs Tensor.__rpow__ in 1.13: torch.tensor(2, dtype=x.dtype) ** x, recorded as the
// constant's aten::to and aten::detach, then aten::pow of two tensors.
Node* Tracer::recordReflectedPow(const Node& n, const std::vector<IValue>& args, const std::vector<IValue>& outs) {
  static const Symbol kPow = Symbol::aten("pow");
  if (n.kind() != kPow || args.size() != 2 || !(args[0].isInt() || args[0].isDouble()) || !args[1].isTensor() ||
      !args[1].toTensor().defined() || outs.size() != 1)
    return nullptr;
  const Tensor exponent = args[1].toTensor();
  Tensor base = Tensor::fromDoubles({args[0].isDouble() ? args[0].toDouble() : static_cast<double>(args[0].toInt())},
                                    {}, ScalarType::Double)
                    .to(exponent.dtype());
  recordTensorFromData(base, /*detach=*/true);
  Value* detach = tensors_.at(base.unsafeImpl()).value;
  Node* pow = out_->insertNode(out_->create(kPow, {detach, emit(args[1], n.input(1))}));
  pow->output()->copyMetadata(n.output());
  return pow;
}

// What the trace returns, under 1.13's rules: tensors (a traced number is its tensor), tuples of
// them, lists with a TracerWarning; a tensor list a recorded op produced is a Python tuple in 1.13.
// Python values and dicts cannot be returned (strict tracing).
Value* Tracer::emitOutput(const IValue& v, const Value* scripted, Value* number) {
  static const char* const kContainerWarning =
      " at the output of the tracer might cause the trace to be incorrect, this is only valid if the container "
      "structure does not change based on the module's inputs. Consider using a constant container instead (e.g. "
      "for `list`, use a `tuple` instead. for `dict`, use a `NamedTuple` instead). If you absolutely need this and "
      "know the side effects, pass strict=False to trace() to allow this behavior.";
  if (v.isDict()) throw CompileError(std::string("Encountering a dict") + kContainerWarning);
  bool resultTuple = v.isList() && resultLists_.count(&v.toListRef()) && !lists_.count(&v.toListRef());
  if (v.isTuple() || (v.isList() && !lists_.count(&v.toListRef()))) {
    const std::vector<IValue>& items = v.isTuple() ? v.toTupleRef().items : v.toListRef().items;
    const TracedElements* numbers = elementsOf(v);
    bool asList = v.isList() && !resultTuple;
    if (asList) warnings_.push_back(std::string("TracerWarning: Encountering a list") + kContainerWarning);
    std::vector<Value*> elems;
    std::vector<TypePtr> types;
    for (size_t k = 0; k < items.size(); ++k) {
      Value* n = numbers && numbers->elements.size() == items.size() ? numbers->elements[k] : nullptr;
      elems.push_back(emitOutput(items[k], nullptr, n));
      types.push_back(elems.back()->type());
    }
    Node* t = out_->insertNode(out_->create(asList ? prim::ListConstruct : prim::TupleConstruct, elems));
    t->output()->setType(asList ? ListType::create(TensorType::get()) : TupleType::create(types));
    return t->output();
  }
  bool tracedNumber = (v.isInt() || v.isDouble() || v.isBool()) && (number || (scripted && numberOf(scripted)));
  if (!(v.isTensor() && v.toTensor().defined()) && !v.isList() && !tracedNumber)
    throw CompileError("Only tensors, lists, tuples of tensors, or dictionary of tensors can be output from traced "
                       "functions");
  return emit(v, scripted, NumberUse::Tensor, number);
}

// What the traced run returned as 1.13's trace returns it: a traced number is a 0-dim tensor.
IValue Tracer::asReturned(const IValue& v, const Value* scripted, Value* number) const {
  if (v.isInt() || v.isDouble() || v.isBool()) {
    if (!number && !(scripted && numberOf(scripted))) return v;
    double x = v.isDouble() ? v.toDouble() : v.isBool() ? (v.toBool() ? 1.0 : 0.0) : static_cast<double>(v.toInt());
    return IValue(Tensor::fromDoubles({x}, {}, v.isDouble() ? ScalarType::Float : v.isBool() ? ScalarType::Bool
                                                                                            : ScalarType::Int64));
  }
  if (!v.isTuple() && !v.isList()) return v;
  const std::vector<IValue>& items = v.isTuple() ? v.toTupleRef().items : v.toListRef().items;
  const TracedElements* numbers = elementsOf(v);
  if (!numbers) return v;
  std::vector<IValue> converted;
  for (size_t k = 0; k < items.size(); ++k) converted.push_back(asReturned(items[k], nullptr, numbers->elements[k]));
  if (v.isTuple()) return IValue(Ref<TupleObj>(new TupleObj(std::move(converted))));
  return IValue(Ref<ListObj>(new ListObj(TensorType::get(), std::move(converted))));
}

// The traced value for a runtime value: its recorded source, or a constant (containers rebuilt).
// `use` says how a traced Python number is taken (see NumberUse); `number` overrides the lookup
// of its trace by `scripted`.
Value* Tracer::emit(const IValue& v, const Value* scripted, NumberUse use, Value* number) {
  if (v.isInt() || v.isDouble() || v.isBool()) {
    Value* t = number ? number : (scripted ? numberOf(scripted) : nullptr);
    if (t) return convertNumber(t, use);
  }
  if (v.isTensor() && v.toTensor().defined()) {
    const Tensor t = v.toTensor();
    if (auto it = tensors_.find(t.unsafeImpl()); it != tensors_.end()) return local(it->second.value);
    if (auto el = elementOf_.find(t.unsafeImpl()); el != elementOf_.end()) {
      unpackList(el->second.first);
      return tensors_.at(t.unsafeImpl()).value;
    }
    TensorConstant c;
    c.dtype = t.dtype();
    c.sizes = t.sizes();
    c.values = t.toDoubles();
    Value* k = out_->insertConstant(c);
    k->setType(completeType(t));
    return k;
  }
  if (v.isObject()) {
    if (auto it = objects_.find(&v.toObjectRef()); it != objects_.end()) return local(it->second.value);
    throw CompileError("trace: an object that is not the traced module or one of its submodules cannot be "
                       "passed to a traced operation");
  }
  if (v.isList()) {
    if (auto it = lists_.find(&v.toListRef()); it != lists_.end()) return local(it->second.value);
    const TracedElements* numbers = elementsOf(v);
    const auto& items = v.toListRef().items;
    std::vector<Value*> elems;
    for (size_t k = 0; k < items.size(); ++k) {
      Value* n = numbers && numbers->elements.size() == items.size() ? numbers->elements[k] : nullptr;
      elems.push_back(emit(items[k], nullptr, items[k].isDouble() ? NumberUse::Float : NumberUse::Int, n));
    }
    Node* l = out_->insertNode(out_->create(prim::ListConstruct, elems));
    l->output()->setType(scripted ? scripted->type() : ListType::create(v.toListRef().elementType));
    return l->output();
  }
  if (v.isTuple()) {
    const TracedElements* numbers = elementsOf(v);
    const auto& items = v.toTupleRef().items;
    std::vector<Value*> elems;
    std::vector<TypePtr> types;
    for (size_t k = 0; k < items.size(); ++k) {
      Value* n = numbers && numbers->elements.size() == items.size() ? numbers->elements[k] : nullptr;
      elems.push_back(emit(items[k], nullptr, use, n));
      types.push_back(elems.back()->type());
    }
    Node* t = out_->insertNode(out_->create(prim::TupleConstruct, elems));
    t->output()->setType(TupleType::create(types));
    return t->output();
  }
  if (v.isFuture()) {
    if (auto it = futures_.find(v.toFuture().get()); it != futures_.end()) return local(it->second.value);
  }
  if (v.isNone()) return out_->insertNoneConstant();
  if (v.isBool()) return out_->insertBoolConstant(v.toBool());
  if (v.isInt()) return out_->insertIntConstant(v.toInt());
  if (v.isDouble()) return out_->insertFloatConstant(v.toDouble());
  if (v.isString()) return out_->insertStringConstant(v.toStringRef());
  if (v.isDevice()) {
    Value* d = out_->insertStringConstant(v.toDevice().str());
    return d->setType(DeviceObjType::get());
  }
  throw CompileError(str("trace: a value of type '", scripted ? scripted->type()->str() : std::string("?"),
                         "' cannot enter a traced graph"));
}

// A tuple a submodule returned reaches Python unpacked: prim::TupleUnpack right away (nested
// tuples too), its tensors traced values.
void Tracer::unpackTuple(Value* traced, const IValue& tuple) {
  const auto& items = tuple.toTupleRef().items;
  Node* u = out_->insertNode(out_->create(prim::TupleUnpack, {traced}, items.size()));
  const auto* type = traced->type()->cast<TupleType>();
  for (size_t k = 0; k < items.size(); ++k) {
    Value* o = u->output(k);
    if (type && k < type->elements().size()) o->setType(type->elements()[k]);
    if (items[k].isTensor() && items[k].toTensor().defined()) o->setType(completeType(items[k].toTensor()));
    bindOutput(items[k], o);
    if (items[k].isTuple()) unpackTuple(o, items[k]);
  }
}

// prim::ListUnpack of a recorded op's tensor list: its elements become traced values.
void Tracer::unpackList(const ListObj* list) {
  const Traced& source = lists_.at(list);
  Node* u = out_->insertNode(out_->create(prim::ListUnpack, {local(source.value)}, list->items.size()));
  for (size_t k = 0; k < list->items.size(); ++k) {
    const IValue& item = list->items[k];
    if (item.isTensor() && item.toTensor().defined()) {
      u->output(k)->setType(completeType(item.toTensor()));
      mapTensor(item.toTensor(), u->output(k));
      elementOf_.erase(item.toTensor().unsafeImpl());
    } else {
      u->output(k)->setType(TensorType::get());
    }
  }
}

// The node alone in a graph of its own, for the engine (cached: loops revisit nodes).
const std::shared_ptr<Graph>& Tracer::miniGraph(const Node& n) {
  auto& g = miniGraphs_[&n];
  if (g) return g;
  g = std::make_shared<Graph>();
  std::vector<Value*> ins;
  for (const Value* in : n.inputs()) ins.push_back(g->addInput()->setType(in->type()));
  size_t next = 0;
  Node* c = g->createClone(&n, [&](Value*) { return ins[next++]; }, /*copyBlocks=*/false);
  g->insertNode(c);
  for (Value* o : c->outputs()) g->registerOutput(o);
  return g;
}

// 1.13 runs dead-code elimination on a finished trace: what only fed a Python value (a size
// compared in an `if`, a sum whose .item() was taken) is gone. The traced graph is straight-line,
// so one backward sweep removes every unused node without an effect.
void Tracer::eliminateDeadCode() {
  std::vector<Node*> nodes;
  for (Node* n : out_->block()->nodes()) nodes.push_back(n);
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    if (hasEffect(*n)) continue;
    bool used = false;
    for (const Value* o : n->outputs()) used |= o->hasUses();
    if (!used) n->destroy();
  }
}

}  // namespace tracing

TraceResult traceGraph(const Graph& graph, std::vector<IValue> inputs, const TraceGraphRunner& run,
                       const std::vector<std::optional<Literal>>& defaults) {
  tracing::Tracer tracer(run);
  return tracer.trace(graph, std::move(inputs), defaults);
}

}  // namespace tsjit::frontend
