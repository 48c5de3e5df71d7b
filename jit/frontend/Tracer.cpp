// Tracer.cpp — see Tracer.h. One Tracer object per trace: it walks the compiled graph with
// concrete values (env_), runs every plain node through the caller's engine on a cached one-node
// graph, and appends the recorded nodes to the traced graph (out_). What a traced value is comes
// from identity: a tensor impl, a module object or a list object maps to the traced Value that
// last produced it (an in-place op re-maps its tensor to its own output, as 1.13 does).
#include "jit/frontend/Tracer.h"

#include <unordered_map>
#include <unordered_set>

#include "jit/ir/Function.h"
#include "jit/ir/Type.h"
#include "jit/support/Error.h"

namespace tsjit::frontend {
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
  std::string what;
  std::string kind = n.kind().toQualString();
  if (kind == "aten::Bool" || kind == "aten::is_nonzero") what = "boolean";
  else if (kind == "aten::Int") what = "integer";
  else if (kind == "aten::Float") what = "float";
  else if (kind == "aten::item" || kind == "aten::ScalarImplicit") what = "number";
  else if (kind == "aten::tolist" || kind == "prim::tolist") what = "list";
  if (what.empty()) return "";
  return "TracerWarning: Converting a tensor to a Python " + what +
         " might cause the trace to be incorrect. We can't record the data flow of Python values, so this value "
         "will be treated as a constant in the future. This means that the trace might not generalize to other "
         "inputs!";
}

// torch.tensor(...) in a traced function: a constant of the trace, with 1.13's warning.
const char* const kTensorConstantWarning =
    "TracerWarning: torch.tensor results are registered as constants in the trace. You can safely ignore this "
    "warning if you use this function to create tensors out of constant variables that would be the same every "
    "time you call this function. In any other case, this might cause the trace to be incorrect.";

class Tracer {
 public:
  explicit Tracer(const TraceGraphRunner& run) : run_(run), out_(std::make_shared<Graph>()) {
    out_->setInsertPoint(out_->block());
  }

  TraceResult trace(const Graph& graph, std::vector<IValue> inputs) {
    if (inputs.size() != graph.inputs().size())
      throw CompileError(str("trace: the graph takes ", graph.inputs().size(), " inputs but ", inputs.size(),
                             " were given"));
    Env env;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const Value* in = graph.inputs()[i];
      Value* traced = out_->addInput(in->hasDebugName() ? in->debugName() : "");
      const IValue& v = inputs[i];
      if (v.isTensor() && v.toTensor().defined()) {
        traced->setType(completeType(v.toTensor()));
        mapTensor(v.toTensor(), traced);
      } else if (v.isObject()) {
        traced->setType(in->type());
        objects_[&v.toObjectRef()] = {traced, v};
      } else {
        throw CompileError(str("trace: input ", i, " has type '", in->type()->str(),
                               "', which cannot be traced. Only Tensors (and the module, as the first input) can "
                               "be traced"));
      }
      env[in] = v;
    }
    std::vector<IValue> outs = runBlock(*graph.block(), {}, env, /*record=*/true);
    for (const IValue& v : outs) out_->registerOutput(emit(v, nullptr));
    TraceResult r;
    r.graph = out_;
    r.outputs = std::move(outs);
    r.warnings = std::move(warnings_);
    return r;
  }

 private:
  using Env = std::unordered_map<const Value*, IValue>;

  struct Traced {
    Value* value;
    IValue keepAlive;  // holds the object so its address is not reused while mapped
  };

  void mapTensor(const Tensor& t, Value* v) { tensors_[t.unsafeImpl()] = {v, IValue(t)}; }

  const IValue& lookup(const Env& env, const Value* v) const {
    auto it = env.find(v);
    if (it == env.end()) throw CompileError(str("trace: value %", v->debugName(), " is used before it is computed"));
    return it->second;
  }

  std::vector<IValue> runBlock(const Block& b, std::vector<IValue> args, Env& env, bool record) {
    for (size_t i = 0; i < args.size(); ++i) env[b.inputs()[i]] = std::move(args[i]);
    for (const Node* n : b.nodes()) runNode(*n, env, record);
    std::vector<IValue> outs;
    for (const Value* v : b.outputs()) outs.push_back(lookup(env, v));
    return outs;
  }

  std::vector<IValue> inputsOf(const Node& n, const Env& env, size_t from = 0) const {
    std::vector<IValue> args;
    for (size_t i = from; i < n.numInputs(); ++i) args.push_back(lookup(env, n.input(i)));
    return args;
  }

  void setOutputs(const Node& n, std::vector<IValue> outs, Env& env) {
    TSJIT_CHECK(outs.size() == n.numOutputs(), "trace: ", n.kind().toQualString(), " produced ", outs.size(),
                " values for ", n.numOutputs(), " outputs");
    for (size_t i = 0; i < outs.size(); ++i) env[n.output(i)] = std::move(outs[i]);
  }

  void runNode(const Node& n, Env& env, bool record) {
    if (n.kind() == prim::If) {
      bool cond = lookup(env, n.input(0)).toBool();
      setOutputs(n, runBlock(*n.blocks()[cond ? 0 : 1], {}, env, record), env);
      return;
    }
    if (n.kind() == prim::Loop) {
      int64_t maxTrips = lookup(env, n.input(0)).toInt();
      bool cond = lookup(env, n.input(1)).toBool();
      std::vector<IValue> carried = inputsOf(n, env, 2);
      for (int64_t i = 0; cond && i < maxTrips; ++i) {
        std::vector<IValue> in{IValue(i)};
        for (auto& c : carried) in.push_back(std::move(c));
        std::vector<IValue> out = runBlock(*n.blocks()[0], std::move(in), env, record);
        cond = out[0].toBool();
        carried.assign(out.begin() + 1, out.end());
      }
      setOutputs(n, std::move(carried), env);
      return;
    }
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
    if (record && tracesValues(args)) {
      std::string warning = conversionWarning(n);
      if (!warning.empty()) warnings_.push_back(warning);
    }
    std::vector<IValue> outs = run_(miniGraph(n), args);
    static const Symbol kTensor = Symbol::aten("tensor");
    if (record && n.kind() == kTensor && !onlyCopiedFrom(n)) warnings_.push_back(kTensorConstantWarning);
    bool recordIt = record && !n.kind().isPrim() && n.kind() != kTensor && !isContainerBuiltin(n, args);
    if (recordIt) {
      bool anyTensor = false;
      for (const IValue& o : outs) anyTensor |= holdsTensor(o);
      recordIt = anyTensor;
    }
    if (recordIt && isScalarSetItem(n, args)) {
      recordFill(args, outs);
    } else if (recordIt) {
      recordNode(n, args, outs);
    }
    setOutputs(n, std::move(outs), env);
  }

  // True when every use of n's output is the source of an aten::copy_ (`view[i] = 2.0`).
  static bool onlyCopiedFrom(const Node& n) {
    static const Symbol kCopy = Symbol::aten("copy_");
    for (const Use& u : n.output()->uses())
      if (u.user->kind() != kCopy || u.offset != 1) return false;
    return n.output()->hasUses();
  }

  // `view[i] = 2.0` compiles to aten::copy_(view, aten::tensor(2.0)); eager PyTorch's __setitem__
  // with a Python number runs fill_ instead, so that is what 1.13's tracer records.
  bool isScalarSetItem(const Node& n, const std::vector<IValue>& args) const {
    static const Symbol kCopy = Symbol::aten("copy_"), kTensor = Symbol::aten("tensor");
    if (n.kind() != kCopy || args.size() < 2 || !args[1].isTensor()) return false;
    const Node* src = n.input(1)->node();
    const Tensor value = args[1].toTensor();
    return src->kind() == kTensor && value.defined() && value.dim() == 0 &&
           !tensors_.count(value.unsafeImpl()) && src->numInputs() > 0 && src->input(0)->type()->kind() != TypeKind::List;
  }

  void recordFill(const std::vector<IValue>& args, const std::vector<IValue>& outs) {
    const Tensor dst = args[0].toTensor();
    Value* self = emit(args[0], nullptr);
    Value* value = emit(IValue(args[1].toTensor().to(dst.dtype())), nullptr);
    Node* fill = out_->insertNode(out_->create(Symbol::aten("fill_"), {self, value}));
    fill->output()->setType(completeType(outs[0].toTensor()));
    bindOutput(outs[0], fill->output());
  }

  bool tracesValues(const std::vector<IValue>& args) const {
    for (const IValue& a : args)
      if (a.isTensor() && a.toTensor().defined() && tensors_.count(a.toTensor().unsafeImpl())) return true;
    return false;
  }

  void getAttr(const Node& n, Env& env, bool record) {
    const IValue& self = lookup(env, n.input(0));
    IValue value = self.toObjectRef().attr(n.s(attr::name));
    auto owner = objects_.find(&self.toObjectRef());
    if (record && owner != objects_.end()) {
      // 1.13 puts each GetAttr of the traced module at the top of the graph as it is first
      // reached (so they read in reverse order of first use), a nested one after its object.
      Value* object = local(owner->second.value);
      Node* g = out_->create(prim::GetAttr, {object});
      if (object->node()->kind() == prim::GetAttr)
        g->insertAfter(object->node());
      else
        out_->block()->prependNode(g);
      g->s_(attr::name, n.s(attr::name));
      g->output()->copyMetadata(n.output());
      if (value.isTensor() && value.toTensor().defined()) {
        g->output()->setType(completeType(value.toTensor()));
        mapTensor(value.toTensor(), g->output());
      } else if (value.isObject()) {
        objects_[&value.toObjectRef()] = {g->output(), value};
      }
    }
    env[n.output()] = std::move(value);
  }

  void callMethod(const Node& n, Env& env, bool record) {
    const IValue& self = lookup(env, n.input(0));
    const std::string& name = n.s(attr::name);
    Function* fn = self.toObjectRef().type->findMethod(name);
    if (!fn || !fn->graph())
      throw CompileError(str("trace: method '", name, "' of ", self.toObjectRef().type->qualifiedName(),
                             " is not compiled"));
    std::vector<IValue> args = inputsOf(n, env);
    auto owner = objects_.find(&self.toObjectRef());
    // A submodule of the traced module is traced separately in 1.13: its call is one node here.
    bool asCall = record && owner != objects_.end();
    Env calleeEnv;
    std::vector<IValue> outs;
    if (asCall) {
      std::vector<Value*> tracedArgs;
      for (size_t i = 0; i < args.size(); ++i) tracedArgs.push_back(emit(args[i], n.input(i)));
      outs = runBlock(*fn->graph()->block(), args, calleeEnv, /*record=*/false);
      Node* call = out_->insertNode(out_->create(prim::CallMethod, tracedArgs, n.numOutputs()));
      call->s_(attr::name, name);
      for (size_t i = 0; i < outs.size(); ++i) {
        call->output(i)->copyMetadata(n.output(i));
        bindOutput(outs[i], call->output(i));
      }
    } else {
      outs = runBlock(*fn->graph()->block(), args, calleeEnv, record);
    }
    setOutputs(n, std::move(outs), env);
  }

  // prim::fork, as 1.13's tracer records torch.jit.fork: a prim::fork whose Subgraph is the trace
  // of the forked work (run here, at once, on this run's values), its inputs the traced values
  // that work reads; the future it returns is already complete, and aten::wait of it is recorded
  // as any op. Values the forked work computes stay inside it: afterwards only its result (through
  // the wait) is a traced value outside.
  void traceFork(const Node& n, Env& env, bool record) {
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
    std::vector<IValue> outs;
    try {
      outs = runBlock(*body->block(), std::move(args), forkEnv, true);
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
  }

  static IValue completedFuture(const TypePtr& elementType, IValue value) {
    Ref<FutureObj> f(new FutureObj(elementType));
    f->complete(std::move(value));
    return IValue(f);
  }

  // A traced value of the graph being recorded: inside a fork's Subgraph, an outer value becomes
  // an input of the Subgraph (see traceFork).
  Value* local(Value* v) { return capture_ && v->owningGraph() != out_.get() ? capture_(v) : v; }

  // Makes `v` (an output of a recorded node) the traced source of the value it holds.
  void bindOutput(const IValue& v, Value* traced) {
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

  void recordNode(const Node& n, const std::vector<IValue>& args, const std::vector<IValue>& outs) {
    std::vector<Value*> traced;
    for (size_t i = 0; i < args.size(); ++i) traced.push_back(emit(args[i], n.input(i)));
    size_t next = 0;
    Node* rec = out_->createClone(&n, [&](Value*) { return traced[next++]; }, /*copyBlocks=*/false);
    out_->insertNode(rec);
    for (size_t i = 0; i < outs.size(); ++i) {
      if (outs[i].isTensor() && outs[i].toTensor().defined()) rec->output(i)->setType(completeType(outs[i].toTensor()));
      bindOutput(outs[i], rec->output(i));
    }
  }

  // The traced value for a runtime value: its recorded source, or a constant (containers rebuilt).
  Value* emit(const IValue& v, const Value* scripted) {
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
      std::vector<Value*> elems;
      for (const IValue& x : v.toListRef().items) elems.push_back(emit(x, nullptr));
      Node* l = out_->insertNode(out_->create(prim::ListConstruct, elems));
      l->output()->setType(scripted ? scripted->type() : ListType::create(v.toListRef().elementType));
      return l->output();
    }
    if (v.isTuple()) {
      std::vector<Value*> elems;
      std::vector<TypePtr> types;
      for (const IValue& x : v.toTupleRef().items) {
        elems.push_back(emit(x, nullptr));
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

  // prim::ListUnpack of a recorded op's tensor list: its elements become traced values.
  void unpackList(const ListObj* list) {
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
  const std::shared_ptr<Graph>& miniGraph(const Node& n) {
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

  const TraceGraphRunner& run_;
  std::shared_ptr<Graph> out_;
  std::unordered_map<const TensorImpl*, Traced> tensors_;
  std::unordered_map<const Object*, Traced> objects_;
  std::unordered_map<const ListObj*, Traced> lists_;
  std::unordered_map<const FutureObj*, Traced> futures_;
  std::function<Value*(Value*)> capture_;  // set while a fork's Subgraph is recorded
  std::unordered_map<const TensorImpl*, std::pair<const ListObj*, size_t>> elementOf_;
  std::unordered_map<const Node*, std::shared_ptr<Graph>> miniGraphs_;
  std::vector<std::string> warnings_;
};

}  // namespace

TraceResult traceGraph(const Graph& graph, std::vector<IValue> inputs, const TraceGraphRunner& run) {
  Tracer tracer(run);
  return tracer.trace(graph, std::move(inputs));
}

}  // namespace tsjit::frontend
