// Evaluator.cpp — the node-by-node interpreter of the reference (see Evaluator.h).
//
// Structural kinds are interpreted in runNodeImpl(); everything else resolves its overload through
// the op table and runs the overload's ReferenceKernel. runNode() wraps it with the lockstep hooks.
// Constants become IValues in EvaluatorConstants.cpp.
#include "reference/Evaluator.h"

#include <algorithm>
#include <cctype>
#include <ostream>

#include "jit/ir/Graph.h"
#include "jit/ops/OpTable.h"
#include "jit/ops/SchemaMatching.h"
#include "reference/FallbackFunctions.h"
#include "reference/Kernel.h"
#include "reference/EvaluatorConstants.h"

namespace tsjit::reference {

// ---- errors -------------------------------------------------------------------------------------

namespace {

std::string lastNonEmptyLine(const std::string& text) {
  size_t end = text.size();
  while (end > 0) {
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
    size_t start = text.rfind('\n', end == 0 ? 0 : end - 1);
    start = (start == std::string::npos || end == 0) ? 0 : start + 1;
    std::string line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t") != std::string::npos) return line;
    end = start;
  }
  return "";
}

}  // namespace

ScriptException::ScriptException(std::string message, std::string cls)
    : RuntimeError(cls.empty() ? message : cls + ": " + message, "Error"),
      message_(std::move(message)),
      cls_(std::move(cls)) {}

std::string ScriptException::lastLine() const {
  return (cls_.empty() ? std::string("RuntimeError") : cls_) + ": " + lastNonEmptyLine(message_);
}

std::string pythonLastLine(const std::exception& e) {
  // Trailing whitespace dropped, as the corpus records the line ("AssertionError: " of an assert
  // without a message is "RuntimeError: AssertionError:").
  auto rstrip = [](std::string line) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    return line;
  };
  if (auto* s = dynamic_cast<const ScriptException*>(&e)) return rstrip(s->lastLine());
  // The interpreter reports every other failure as "RuntimeError: <what>", whatever C++ or c10
  // exception class the operator threw (IndexError, ValueError... keep only their Python type).
  return rstrip("RuntimeError: " + lastNonEmptyLine(e.what()));
}

std::string pythonExceptionType(const std::exception& e) {
  if (dynamic_cast<const ScriptException*>(&e)) return "Error";
  if (auto* r = dynamic_cast<const RuntimeError*>(&e); r && r->pythonType() == "NotImplementedError")
    return "NotImplementedError";
  return "RuntimeError";
}

// ---- evaluator ----------------------------------------------------------------------------------

Evaluator::Evaluator(EvaluatorOptions options) : options_(std::move(options)) { registerAllKernels(); }
Evaluator::~Evaluator() = default;

std::vector<IValue> evaluate(const Graph& graph, std::vector<IValue> inputs) {
  Evaluator ev;
  return ev.run(graph, std::move(inputs));
}

std::vector<IValue> Evaluator::run(const Graph& graph, std::vector<IValue> inputs) {
  if (depth_ == 0) kernelCache_.clear();  // node addresses may be reused by a later graph
  return runGraph(graph, std::move(inputs));
}

std::vector<IValue> Evaluator::call(const Function& fn, std::vector<IValue> inputs) {
  if (!fn.graph())
    throw NotSupported(str("the graph of function '", fn.qualifiedName(), "' is not available"),
                       "function " + fn.qualifiedName());
  return run(*fn.graph(), std::move(inputs));
}

namespace {
// Objects whose `with` block is open (prim::Enter ran, prim::Exit not yet), innermost last, across
// the nested graph runs of this thread. A graph run that fails exits the ones it entered.
thread_local std::vector<IValue> tEntered;

// self.name(*args) through the method's graph (`with`'s __enter__ / __exit__).
std::vector<IValue> callMethodOf(Evaluator& ev, const IValue& self, const std::string& name, std::vector<IValue> args) {
  const Object& obj = self.toObjectRef();
  Function* fn = obj.type->findMethod(name);
  if (!fn || !fn->graph())
    throw NotSupported(str("with: method '", name, "' of ", obj.type->qualifiedName(), " is not available to the reference"),
                       "prim::Enter/Exit " + name);
  args.insert(args.begin(), self);
  return ev.call(*fn, std::move(args));
}
}  // namespace

std::vector<IValue> Evaluator::runGraph(const Graph& graph, std::vector<IValue> inputs) {
  if (inputs.size() != graph.inputs().size())
    throw CompileError(str("the graph takes ", graph.inputs().size(), " inputs but ", inputs.size(),
                           " were given"));
  Env env;
  size_t entered = tEntered.size();
  try {
    return runBlock(*graph.block(), std::move(inputs), env);
  } catch (...) {
    // __exit__(None, None, None) of every `with` this run entered, innermost first, then the error
    // goes on (an error raised by such an __exit__ is dropped, as 1.13 does).
    while (tEntered.size() > entered) {
      IValue obj = std::move(tEntered.back());
      tEntered.pop_back();
      try {
        callMethodOf(*this, obj, "__exit__", {IValue(), IValue(), IValue()});
      } catch (...) {
      }
    }
    throw;
  }
}

const IValue& Evaluator::lookup(const Env& env, const Value* v) const {
  auto it = env.find(v);
  TSJIT_CHECK(it != env.end(), "value %", v->debugName(), " used before it was computed");
  return it->second;
}

std::vector<IValue> Evaluator::runBlock(const Block& block, std::vector<IValue> inputs, Env& env) {
  const auto& params = block.inputs();
  TSJIT_CHECK(params.size() == inputs.size(), "block takes ", params.size(), " inputs, got ", inputs.size());
  for (size_t i = 0; i < params.size(); ++i) env[params[i]] = std::move(inputs[i]);
  for (Node* n : block.nodes()) runNode(*n, env);
  std::vector<IValue> outs;
  outs.reserve(block.outputs().size());
  for (const Value* v : block.outputs()) outs.push_back(lookup(env, v));
  return outs;
}

std::vector<IValue> Evaluator::callFunction(const Function& fn, std::vector<IValue> args, const Node& site) {
  if (!fn.graph())
    throw NotSupported(str(site.kind().toQualString(), ": the graph of '", fn.qualifiedName(),
                           "' is not available to the reference"),
                       str(site.kind().toQualString(), " ", fn.qualifiedName()));
  if (depth_ >= options_.maxCallDepth)
    throw RuntimeError(str("maximum recursion depth exceeded (", options_.maxCallDepth,
                           " nested calls) while calling ", fn.qualifiedName()));
  ++depth_;
  struct Restore {
    size_t& d;
    ~Restore() { --d; }
  } restore{depth_};
  return runGraph(*fn.graph(), std::move(args));
}

namespace {

// x.item(): the one element as a Python number (int for integral dtypes, bool for bool).
std::vector<IValue> itemKernel(Args& a) {
  Tensor t = a.at(0).toTensor();
  if (t.numel() != 1) throw RuntimeError(str("a Tensor with ", t.numel(), " elements cannot be converted to Scalar"));
  if (t.dtype() == ScalarType::Bool) return {IValue(t.itemInt64() != 0)};
  if (isFloatingType(t.dtype())) return {IValue(t.itemDouble())};
  return {IValue(t.itemInt64())};
}

IValue tolistRecursive(const Tensor& t, int64_t dim, int64_t& linear, int elemKind) {
  if (dim == t.dim()) {
    int64_t i = linear++;
    if (elemKind == 0) return IValue(t.getInt64(i));
    if (elemKind == 2) return IValue(t.getInt64(i) != 0);
    return IValue(t.getDouble(i));
  }
  std::vector<IValue> items;
  for (int64_t k = 0; k < t.sizes()[static_cast<size_t>(dim)]; ++k) items.push_back(tolistRecursive(t, dim + 1, linear, elemKind));
  TypePtr elem = elemKind == 0 ? IntType::get() : elemKind == 2 ? BoolType::get() : FloatType::get();
  for (int64_t d = t.dim() - 1; d > dim; --d) elem = ListType::create(elem);
  return makeList(elem, std::move(items));
}

// prim::tolist(Tensor self, int dim, int elem_type) with elem_type 0 = int, 1 = float, 2 = bool:
// the annotated nesting depth and element type must match the tensor (PyTorch's messages).
std::vector<IValue> tolistKernel(Args& a) {
  if (a.size() != 3) throw RuntimeError("prim::tolist expects a tensor, a dimension and an element type");
  Tensor t = a[0].toTensor();
  int64_t dim = a[1].toInt(), kind = a[2].toInt();
  if (kind < 0 || kind > 2)
    throw RuntimeError("Unsupported element type for tolist; only int, float, complex and bool are supported");
  bool typeOk = (kind == 1 && isFloatingType(t.dtype())) || (kind == 0 && t.dtype() == ScalarType::Int64) ||
                (kind == 2 && t.dtype() == ScalarType::Bool);
  if (!typeOk)
    throw RuntimeError("Output annotation element type and runtime tensor element type must match for tolist()");
  if (dim != t.dim())
    throw RuntimeError("Output annotation list dimension and runtime tensor dimension must match for tolist()");
  int64_t linear = 0;
  return {tolistRecursive(t, 0, linear, static_cast<int>(kind))};
}

}  // namespace

const ReferenceKernel* Evaluator::builtinFallback(const ops::OpOverload& overload) {
  // Ops whose declaration family has not registered a kernel yet, stated here so corpus programs
  // that use them can run; a registered kernel always takes precedence.
  static const ReferenceKernel item{itemKernel};
  static const ReferenceKernel tolist{tolistKernel};
  const std::string name = overload.qualifiedName();
  if (name == "aten::item") return &item;
  if (name == "prim::tolist") return &tolist;
  return nullptr;
}

const ReferenceKernel* Evaluator::kernelFor(const Node& node) {
  auto it = kernelCache_.find(&node);
  if (it != kernelCache_.end()) return it->second;
  const ops::OpInfo* op = ops::findOp(node.kind());
  if (!op)
    throw NotSupported(str("unknown node kind ", node.kind().toQualString()), node.kind().toQualString());
  if (op->isSpecial())
    throw NotSupported(str("the reference does not interpret ", node.kind().toQualString()),
                       node.kind().toQualString());
  ops::Resolution res = ops::resolve(node);
  if (!res.best) {
    std::string types;
    for (const Value* v : node.inputs()) types += (types.empty() ? "" : ", ") + v->type()->str();
    throw NotSupported(str("no overload of ", node.kind().toQualString(), " accepts (", types, "):\n", res.whyNot),
                       node.kind().toQualString());
  }
  const ReferenceKernel* k = findKernel(*res.best);
  if (!k || !k->run) k = builtinFallback(*res.best);
  if (!k)
    throw NotSupported(str("no reference kernel for ", res.best->qualifiedName()), res.best->qualifiedName());
  kernelCache_.emplace(&node, k);
  return k;
}

namespace {
bool anyArgRequiresGrad(const std::vector<IValue>& args) {
  for (const IValue& a : args) {
    if (a.isTensor() && a.toTensor().requiresGrad()) return true;
    if (a.isList())
      for (const IValue& x : a.toListRef().items)
        if (x.isTensor() && x.toTensor().requiresGrad()) return true;
  }
  return false;
}
bool sameTensorAsArg(const Tensor& t, const std::vector<IValue>& args) {
  for (const IValue& a : args)
    if (a.isTensor() && a.isSameIdentity(IValue(t))) return true;
  return false;
}

// requires_grad of an op's tensor outputs, as autograd would leave it: a floating output requires
// grad when grad mode is on and a tensor input requires grad; otherwise a new output (not an input
// returned in place) does not — except the fresh tensor of a factory given requires_grad=True.
void markRequiresGrad(const Node& node, const std::vector<IValue>& args, std::vector<IValue>& outs) {
  if (!anyTensorRequiresGrad()) return;  // the common case: nothing anywhere requires grad
  bool propagate = referenceGradMode() && anyArgRequiresGrad(args);
  if (const auto* schema = node.maybeSchema())
    for (size_t i = 0; i < schema->arguments().size() && i < args.size(); ++i)
      if (schema->arguments()[i].name == "requires_grad" && args[i].isBool() && args[i].toBool()) return;
  for (IValue& o : outs) {
    if (!o.isTensor()) continue;
    const Tensor& t = o.toTensor();
    bool floating = isFloatingType(t.dtype());
    if (propagate && floating) t.setRequiresGradFlag(true);
    else if (!sameTensorAsArg(t, args)) t.setRequiresGradFlag(false);
  }
}
}  // namespace

void Evaluator::runKernel(const Node& node, std::vector<IValue> args, Env& env) {
  const ReferenceKernel* k = kernelFor(node);
  std::vector<IValue> outs = k->run(args);
  TSJIT_CHECK(outs.size() == node.numOutputs(), "the reference kernel of ", node.kind().toQualString(),
              " returned ", outs.size(), " values for ", node.numOutputs(), " outputs");
  markRequiresGrad(node, args, outs);
  for (size_t i = 0; i < outs.size(); ++i) env[node.outputs()[i]] = std::move(outs[i]);
}

namespace {

int64_t wrapTupleIndex(int64_t i, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  int64_t j = i < 0 ? i + n : i;
  if (j < 0 || j >= n) throw RuntimeError("tuple index out of range");
  return j;
}

bool isInstance(const IValue& v, const TypePtr& t) {
  if (t->kind() == TypeKind::Any) return true;
  if (t->kind() == TypeKind::Optional && v.isNone()) return true;
  if (t->kind() == TypeKind::Tensor) return v.isTensor();
  if (t->kind() == TypeKind::List) {
    if (!v.isList()) return false;
    const auto& elem = t->expect<ListType>().elementType();
    return elem->kind() == TypeKind::Any || v.toListRef().elementType->isSubtypeOf(*elem);
  }
  return v.type()->isSubtypeOf(*t);
}

}  // namespace

static Symbol forkSymbol() {
  static const Symbol kFork = Symbol::prim("fork");
  return kFork;
}

// An `aten::expand(x, size, implicit=True)` with a constant true: 1.13 deletes these nodes before
// it runs a graph (its required passes, optimization on or off), so x flows through unchanged
// (python3-torch 1.13.1: a [2] tensor "expanded" to [1, 2] that way stays [2]).
static bool isDroppedImplicitExpand(const Node& node) {
  static const Symbol expand = Symbol::fromQualString("aten::expand");
  if (node.kind() != expand || node.inputs().size() != 3) return false;
  const Node& flag = *node.inputs()[2]->node();
  if (flag.kind() != prim::Constant) return false;
  const IValue v = constantValue(flag);
  return v.isBool() && v.toBool();
}

bool isOpNode(const Node& node) {
  if (isDroppedImplicitExpand(node)) return false;
  switch (node.kind()) {
    case prim::Constant:
    case prim::If:
    case prim::Loop:
    case prim::Uninitialized:
    case prim::unchecked_cast:
    case prim::unchecked_unwrap_optional:
    case prim::CallMethod:
    case prim::CallFunction: return false;
    default: return true;
  }
}

void Evaluator::runNode(const Node& node, Env& env) {
  if ((!options_.onOpBegin && !options_.onOpEnd) || !isOpNode(node)) return runNodeImpl(node, env);
  std::vector<IValue> inputs;
  inputs.reserve(node.numInputs());
  for (const Value* v : node.inputs()) inputs.push_back(lookup(env, v));
  if (options_.onOpBegin) options_.onOpBegin(node, inputs);
  runNodeImpl(node, env);
  if (!options_.onOpEnd) return;
  std::vector<IValue> outputs;
  outputs.reserve(node.numOutputs());
  for (const Value* v : node.outputs()) outputs.push_back(lookup(env, v));
  options_.onOpEnd(node, inputs, outputs);
  TSJIT_CHECK(outputs.size() == node.numOutputs(), "onOpEnd changed the number of outputs of ",
              node.kind().toQualString());
  for (size_t i = 0; i < outputs.size(); ++i) env[node.outputs()[i]] = std::move(outputs[i]);
}

void Evaluator::runNodeImpl(const Node& node, Env& env) {
  ++nodesExecuted_;
  if (options_.onNode) options_.onNode(node);
  auto in = [&](size_t i) -> const IValue& { return lookup(env, node.inputs()[i]); };
  auto args = [&](size_t from = 0) {
    std::vector<IValue> a;
    a.reserve(node.numInputs());
    for (size_t i = from; i < node.numInputs(); ++i) a.push_back(in(i));
    return a;
  };
  auto setOutputs = [&](std::vector<IValue> outs) {
    if (outs.size() != node.numOutputs())
      throw CompileError(str(node.kind().toQualString(), " produced ", outs.size(), " values for ",
                             node.numOutputs(), " outputs"));
    for (size_t i = 0; i < outs.size(); ++i) env[node.outputs()[i]] = std::move(outs[i]);
  };
  auto setOutput = [&](IValue v) {
    TSJIT_CHECK(node.numOutputs() == 1, node.kind().toQualString(), " must have one output");
    env[node.outputs()[0]] = std::move(v);
  };

  if (isDroppedImplicitExpand(node)) {
    setOutput(in(0));
    return;
  }
  switch (node.kind()) {
    case prim::Constant: {
      if (node.outputs().size() == 1 && node.output()->type()->kind() == TypeKind::Function &&
          node.hasAttribute(attr::name)) {
        const std::string& name = node.s(attr::name);
        Function* fn = options_.resolveFunction ? options_.resolveFunction(name) : nullptr;
        if (!fn) fn = lookUpFunction(name);
        if (!fn) {
          auto& slot = unresolvedFunctions_[name];
          if (!slot) slot = std::make_unique<Function>(name, nullptr);
          fn = slot.get();
        }
        setOutput(IValue::fromFunction(fn));
        return;
      }
      setOutput(constantValue(node));
      return;
    }
    case prim::If: {
      TSJIT_CHECK(node.blocks().size() == 2, "prim::If needs two blocks");
      bool cond = in(0).toBool();
      setOutputs(runBlock(*node.blocks()[cond ? 0 : 1], {}, env));
      return;
    }
    case prim::Loop: {
      TSJIT_CHECK(node.blocks().size() == 1 && node.numInputs() >= 2, "malformed prim::Loop");
      int64_t maxTrips = in(0).toInt();
      bool cond = in(1).toBool();
      std::vector<IValue> carried = args(2);
      const Block& body = *node.blocks()[0];
      for (int64_t i = 0; cond && i < maxTrips; ++i) {
        std::vector<IValue> blockIn;
        blockIn.reserve(carried.size() + 1);
        blockIn.emplace_back(i);
        for (auto& c : carried) blockIn.push_back(std::move(c));
        std::vector<IValue> out = runBlock(body, std::move(blockIn), env);
        TSJIT_CHECK(out.size() == carried.size() + 1, "prim::Loop body returns the wrong number of values");
        cond = out[0].toBool();
        for (size_t j = 0; j < carried.size(); ++j) carried[j] = std::move(out[j + 1]);
      }
      setOutputs(std::move(carried));
      return;
    }
    case prim::ListConstruct: {
      TypePtr elem = AnyType::get();
      if (auto* lt = node.output()->type()->cast<ListType>()) elem = lt->elementType();
      setOutput(makeList(elem, args()));
      return;
    }
    case prim::ListUnpack: {
      const ListObj& l = in(0).toListRef();
      if (l.items.size() != node.numOutputs())
        throw RuntimeError(str("Expected ", node.numOutputs(), " elements in a list but found ", l.items.size()));
      setOutputs(l.items);
      return;
    }
    case prim::TupleConstruct: setOutput(makeTuple(args())); return;
    case prim::TupleUnpack: setOutputs(in(0).toTupleRef().items); return;
    case prim::TupleIndex: {
      const auto& items = in(0).toTupleRef().items;
      setOutput(items[wrapTupleIndex(in(1).toInt(), items.size())]);
      return;
    }
    case prim::TupleSlice: {
      const auto& items = in(0).toTupleRef().items;
      int64_t n = static_cast<int64_t>(items.size());
      int64_t beg = std::clamp<int64_t>(node.i(Symbol::attr("beg")), 0, n);
      int64_t end = node.hasAttribute(Symbol::attr("end")) ? std::clamp<int64_t>(node.i(Symbol::attr("end")), 0, n) : n;
      std::vector<IValue> out;
      for (int64_t i = beg; i < end; ++i) out.push_back(items[i]);
      setOutput(makeTuple(std::move(out)));
      return;
    }
    case prim::DictConstruct: {
      TSJIT_CHECK(node.numInputs() % 2 == 0, "prim::DictConstruct needs key/value pairs");
      TypePtr k = AnyType::get(), v = AnyType::get();
      if (auto* dt = node.output()->type()->cast<DictType>()) k = dt->keyType(), v = dt->valueType();
      IValue d = makeDict(k, v);
      for (size_t i = 0; i < node.numInputs(); i += 2) d.toDictRef().insertOrAssign(in(i), in(i + 1));
      setOutput(std::move(d));
      return;
    }
    case prim::GetAttr: setOutput(in(0).toObjectRef().attr(node.s(attr::name))); return;
    case prim::SetAttr: in(0).toObjectRef().setAttr(node.s(attr::name), in(1)); return;
    case prim::CallMethod: {
      const std::string& name = node.s(attr::name);
      const Object& self = in(0).toObjectRef();
      Function* fn = self.type->findMethod(name);
      if (!fn)
        throw NotSupported(str("prim::CallMethod: method '", name, "' of ", self.type->qualifiedName(),
                               " is not available to the reference"),
                           "prim::CallMethod " + self.type->qualifiedName() + "." + name);
      setOutputs(callFunction(*fn, args(), node));
      return;
    }
    case prim::CallFunction: {
      Function* fn = in(0).toFunction();
      setOutputs(callFunction(*fn, args(1), node));
      return;
    }
    case prim::RaiseException: {
      std::string cls = node.numInputs() > 1 && in(1).isString() ? in(1).toStringRef() : "";
      throw ScriptException(in(0).toStringRef(), std::move(cls));
    }
    case prim::Uninitialized: setOutput(IValue::uninitialized()); return;
    case prim::CreateObject: {  // a user class instance: every attribute slot None until __init__ sets it
      auto cls = std::dynamic_pointer_cast<const ClassType>(node.output()->type());
      if (!cls) throw RuntimeError("prim::CreateObject must produce a class type");
      setOutput(IValue(Ref<Object>::make(cls, cls->attributes().size())));
      return;
    }
    case prim::Enter: {  // entered once __enter__ returned
      std::vector<IValue> out = callMethodOf(*this, in(0), "__enter__", {});
      tEntered.push_back(in(0));
      setOutput(out.empty() ? IValue() : out[0]);
      return;
    }
    case prim::Exit: {
      if (tEntered.empty() || !tEntered.back().isSameIdentity(in(0)))
        throw RuntimeError("prim::Exit of an object that is not the innermost entered one");
      tEntered.pop_back();
      std::vector<IValue> out = callMethodOf(*this, in(0), "__exit__", {IValue(), IValue(), IValue()});
      setOutput(out.empty() ? IValue() : out[0]);
      return;
    }
    case prim::EnumName: setOutput(IValue(in(0).toEnumRef().name())); return;
    case prim::EnumValue: setOutput(in(0).toEnumRef().value()); return;
    case prim::unchecked_cast:
    case prim::unchecked_unwrap_optional: setOutput(in(0)); return;
    case prim::isinstance: {
      const IValue& v = in(0);
      bool result = false;
      for (const TypePtr& t : node.tys(Symbol::attr("types"))) result = result || isInstance(v, t);
      setOutput(IValue(result));
      return;
    }
    case prim::IfThenElse: setOutput(in(0).toBool() ? in(1) : in(2)); return;
    case prim::NumToTensor: {
      const IValue& v = in(0);
      if (v.isInt()) setOutput(Tensor::scalarInt(v.toInt(), ScalarType::Int64));
      else if (v.isBool()) setOutput(Tensor::scalarInt(v.toBool() ? 1 : 0, ScalarType::Bool));
      else setOutput(Tensor::scalar(v.toDouble(), ScalarType::Double));
      return;
    }
    case prim::device: setOutput(IValue(in(0).toTensor().device())); return;
    case prim::dtype: setOutput(IValue(toTorchCode(in(0).toTensor().dtype()))); return;
    case aten::__is__: setOutput(IValue(in(0).isSameIdentity(in(1)))); return;
    case aten::__isnot__: setOutput(IValue(!in(0).isSameIdentity(in(1)))); return;
    case aten::warn: {
      if (options_.warnings) *options_.warnings << "UserWarning: " << in(0).toStringRef() << "\n";
      return;
    }
    default:
      if (node.kind() == forkSymbol()) {
        // torch.jit.fork, run eagerly: the body's result (or its error, rethrown by aten::wait as
        // 1.13 rethrows it there) goes into an already completed future.
        const auto* futureType = node.output()->type()->cast<FutureType>();
        if (!futureType) throw RuntimeError("prim::fork must produce a Future");
        Ref<FutureObj> fut(new FutureObj(futureType->elementType()));
        try {
          std::vector<IValue> out = runGraph(*node.g(attr::Subgraph), args());
          fut->complete(out.empty() ? IValue() : std::move(out[0]));
        } catch (const std::exception&) {
          fut->completeWithError(std::current_exception());
        }
        setOutput(IValue(std::move(fut)));
        return;
      }
      runKernel(node, args(), env);
      return;
  }
}

}  // namespace tsjit::reference
