// TracerNumbers.cpp — the data flow of Python numbers through a trace, as 1.13's tracer records it
// (see TracerImpl.h). Under 1.13's tracer a size read from a traced tensor is a 0-dim tensor in
// Python's hands: `x.size(0)` records aten::size and prim::NumToTensor, `n * 2` records aten::mul
// on it, `x.view(n, -1)` converts it back with aten::Int, `torch.arange(n)` with
// aten::ScalarImplicit. Comparing it, or converting it with float()/int(), gives a Python value (a
// constant of the trace) and a TracerWarning. Numbers that never came from a tensor stay constants.
// Invariant: numbers_ maps a compiled value to the 0-dim tensor of the trace that holds its
// current value; every assignment of a compiled value resets its entry (setOutputs, runBlock).
#include <map>

#include "jit/frontend/TracerImpl.h"
#include "jit/ir/Type.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/support/Error.h"

namespace tsjit::frontend::tracing {
namespace {

bool isNumber(const IValue& v) { return v.isInt() || v.isDouble() || v.isBool(); }

TypePtr scalarTensorType(ScalarType dtype) { return TensorType::createContiguous(dtype, kCPU, {}); }

bool floatingTrace(const Value* v) {
  const auto* t = v->type()->cast<TensorType>();
  return t && t->dtype() && isFloatingType(*t->dtype());
}

// Python's index into a sequence of `size` elements (negative from the end); -1 when outside.
int64_t pythonIndex(int64_t i, size_t size) {
  int64_t n = static_cast<int64_t>(size);
  if (i < 0) i += n;
  return i >= 0 && i < n ? i : -1;
}

}  // namespace

Value* Tracer::numberOf(const Value* scripted) const {
  auto it = numbers_.find(scripted);
  return it == numbers_.end() ? nullptr : it->second;
}

void Tracer::setNumber(const Value* scripted, Value* traced) {
  if (traced) numbers_[scripted] = traced;
  else numbers_.erase(scripted);
}

const Tracer::TracedElements* Tracer::elementsOf(const IValue& seq) const {
  const HeapObject* key = nullptr;
  size_t size = 0;
  if (seq.isList()) key = &seq.toListRef(), size = seq.toListRef().items.size();
  if (seq.isTuple()) key = &seq.toTupleRef(), size = seq.toTupleRef().items.size();
  if (!key) return nullptr;
  auto it = numberSeqs_.find(key);
  // A list changed since (append, pop...) no longer lines up with its traces: Python values then.
  if (it == numberSeqs_.end() || it->second.elements.size() != size) return nullptr;
  return &it->second;
}

void Tracer::warnConversion(const char* what) {
  warnings_.push_back(str("TracerWarning: Converting a tensor to a Python ", what,
                          " might cause the trace to be incorrect. We can't record the data flow of Python values, so "
                          "this value will be treated as a constant in the future. This means that the trace might "
                          "not generalize to other inputs!"));
}

Value* Tracer::recordSizeOf(Value* tensor, int64_t dim) {
  Node* size = out_->insertNode(out_->create(Symbol::aten("size"), {tensor, out_->insertIntConstant(dim)}));
  size->output()->setType(IntType::get());
  Node* wrap = out_->insertNode(out_->create(Symbol::prim("NumToTensor"), {size->output()}));
  wrap->output()->setType(scalarTensorType(ScalarType::Int64));
  return wrap->output();
}

Value* Tracer::numberTensorNode(const std::string& kind, const std::vector<Value*>& inputs, ScalarType dtype) {
  Node* n = out_->insertNode(out_->create(Symbol::fromQualString(kind), inputs));
  n->output()->setType(scalarTensorType(dtype));
  return n->output();
}

// A Python number as 1.13's Tensor operators wrap it: a 0-dim constant taking part in type
// promotion as a wrapped number (Long{2}, Double{2.5}).
Value* Tracer::wrappedNumber(const IValue& v) {
  TensorConstant c;
  c.dtype = v.isDouble() ? ScalarType::Double : v.isBool() ? ScalarType::Bool : ScalarType::Int64;
  c.values = {v.isDouble() ? v.toDouble() : v.isBool() ? (v.toBool() ? 1.0 : 0.0) : static_cast<double>(v.toInt())};
  c.wrappedNumber = true;
  Value* k = out_->insertConstant(c);
  k->setType(scalarTensorType(c.dtype));
  return k;
}

// A traced number taken by a recorded op: the tensor itself, or converted back to a Python value
// right after the node that produced it (where 1.13 puts aten::Int and aten::ScalarImplicit).
Value* Tracer::convertNumber(Value* traced, NumberUse use) {
  if (use == NumberUse::Tensor) return local(traced);
  const char* kind = use == NumberUse::Int ? "aten::Int" : use == NumberUse::Float ? "aten::Float" : "aten::ScalarImplicit";
  Graph* g = traced->owningGraph();
  Node* c = g->create(Symbol::fromQualString(kind), {traced});
  c->output()->setType(use == NumberUse::Int     ? IntType::get()
                       : use == NumberUse::Float ? FloatType::get()
                                                 : NumberType::get());
  if (traced->node()->kind() == prim::Param) g->block()->prependNode(c);
  else c->insertAfter(traced->node());
  return local(c->output());
}

// How the op recorded for n takes its input i when that input is a traced number: by the type of
// the parameter; a Scalar parameter takes the tensor itself when the op has an overload with a
// Tensor there (x * n is aten::mul(Tensor, Tensor) in 1.13's trace), else aten::ScalarImplicit.
NumberUse Tracer::useOfArgument(const Node& n, size_t i) const {
  const FunctionSchema* schema = n.maybeSchema();
  if (!schema || i >= schema->arguments().size()) return NumberUse::Int;
  TypePtr type = schema->arguments()[i].type();
  if (const auto* o = type->cast<OptionalType>()) type = o->elementType();
  switch (type->kind()) {
    case TypeKind::Tensor: return NumberUse::Tensor;
    case TypeKind::Float: return NumberUse::Float;
    case TypeKind::Number: {
      std::vector<TypePtr> types;
      for (size_t j = 0; j < n.numInputs(); ++j) types.push_back(j == i ? TensorType::get() : n.input(j)->type());
      const ops::OpOverload* o = ops::resolveOverload(n.kind(), types);
      if (o && i < o->schema().arguments().size() && o->schema().arguments()[i].type()->kind() == TypeKind::Tensor)
        return NumberUse::Tensor;
      return NumberUse::Scalar;
    }
    default: return NumberUse::Int;
  }
}

bool Tracer::traceNumberNode(const Node& n, const std::vector<IValue>& args, Env& env) {
  const std::string& kind = n.kind().toQualString();
  auto runIt = [&] {
    std::vector<IValue> outs = run_(miniGraph(n), args);
    setOutputs(n, outs, env);
    return outs;
  };

  // Shape queries of a traced tensor.
  bool tracedTensor = !args.empty() && args[0].isTensor() && args[0].toTensor().defined() &&
                      tensors_.count(args[0].toTensor().unsafeImpl());
  if (tracedTensor && (kind == "aten::size" || kind == "aten::numel" || kind == "aten::len")) {
    std::vector<IValue> outs = runIt();
    Value* tensor = local(tensors_.at(args[0].toTensor().unsafeImpl()).value);
    if (kind == "aten::len") {
      warnings_.push_back(
          "TracerWarning: Using len to get tensor shape might cause the trace to be incorrect. Recommended usage "
          "would be tensor.shape[0]. Passing a tensor of different shape might lead to errors or silently give "
          "incorrect results.");
    } else if (kind == "aten::numel") {
      Node* numel = out_->insertNode(out_->create(Symbol::aten("numel"), {tensor}));
      numel->output()->setType(IntType::get());
      setNumber(n.output(), numberTensorNode("prim::NumToTensor", {numel->output()}, ScalarType::Int64));
    } else if (args.size() == 2 && args[1].isInt()) {
      setNumber(n.output(), recordSizeOf(tensor, args[1].toInt()));
    } else if (args.size() == 1 && outs[0].isList()) {
      // x.shape / x.size(): every dimension is read (unused ones are removed at the end)
      TracedElements el{{}, outs[0]};
      for (int64_t d = 0; d < static_cast<int64_t>(outs[0].toListRef().items.size()); ++d)
        el.elements.push_back(recordSizeOf(tensor, d));
      numberSeqs_[&outs[0].toListRef()] = std::move(el);
    }
    return true;
  }

  if (args.empty()) return false;
  bool anyTraced = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!isNumber(args[i])) return false;
    anyTraced |= numberOf(n.input(i)) != nullptr;
  }
  if (!anyTraced || n.numOutputs() != 1) return false;
  switch (n.output()->type()->kind()) {  // containers of numbers: propagateNumbers
    case TypeKind::Int:
    case TypeKind::Float:
    case TypeKind::Bool:
    case TypeKind::Number: break;
    default: return false;
  }

  static const std::map<std::string, std::string> kArithmetic = {
      {"aten::add", "add"},          {"aten::sub", "sub"},       {"aten::mul", "mul"}, {"aten::div", "div"},
      {"aten::floordiv", "floor_divide"}, {"aten::remainder", "remainder"}, {"aten::pow", "pow"}};
  static const std::map<std::string, std::string> kCompare = {{"aten::eq", "eq"}, {"aten::ne", "ne"},
                                                              {"aten::lt", "lt"}, {"aten::gt", "gt"},
                                                              {"aten::le", "le"}, {"aten::ge", "ge"}};
  static const std::map<std::string, std::string> kFlipped = {{"lt", "gt"}, {"gt", "lt"}, {"le", "ge"},
                                                              {"ge", "le"}, {"eq", "eq"}, {"ne", "ne"}};
  Value* a = numberOf(n.input(0));
  Value* b = args.size() > 1 ? numberOf(n.input(1)) : nullptr;

  if (kind == "aten::neg" && args.size() == 1) {
    runIt();
    setNumber(n.output(), numberTensorNode("aten::neg", {a}, floatingTrace(a) ? ScalarType::Float : ScalarType::Int64));
    return true;
  }
  if (auto c = kCompare.find(kind); c != kCompare.end() && args.size() == 2) {
    runIt();
    Value* r = a ? numberTensorNode("aten::" + c->second, {a, b ? b : emit(args[1], nullptr)}, ScalarType::Bool)
                 : numberTensorNode("aten::" + kFlipped.at(c->second), {b, emit(args[0], nullptr)}, ScalarType::Bool);
    setNumber(n.output(), r);
    return true;
  }
  if (auto op = kArithmetic.find(kind); op != kArithmetic.end() && args.size() == 2) {
    std::vector<IValue> outs = runIt();
    const std::string& name = op->second;
    bool floating = (a && floatingTrace(a)) || (b && floatingTrace(b)) || (!a && args[0].isDouble()) ||
                    (!b && args[1].isDouble()) || name == "div";
    ScalarType dtype = floating ? ScalarType::Float : ScalarType::Int64;
    Value* one = nullptr;
    auto alpha = [&] { return one ? one : (one = out_->insertIntConstant(1)); };
    bool scalarOperand = name == "remainder" || name == "pow";  // 1.13 passes the Python number itself
    Value* r = nullptr;
    if (a) {
      Value* other = b ? b : scalarOperand ? emit(args[1], nullptr) : wrappedNumber(args[1]);
      std::vector<Value*> ins{a, other};
      if (name == "add" || name == "sub") ins.push_back(alpha());
      r = numberTensorNode("aten::" + name, ins, dtype);
    } else if (name == "add" || name == "mul") {  // Tensor.__radd__ / __rmul__
      std::vector<Value*> ins{b, wrappedNumber(args[0])};
      if (name == "add") ins.push_back(alpha());
      r = numberTensorNode("aten::" + name, ins, dtype);
    } else if (name == "sub") {  // Tensor.__rsub__
      r = numberTensorNode("aten::rsub", {b, emit(args[0], nullptr), alpha()}, dtype);
    } else if (name == "div") {  // Tensor.__rdiv__: other * self.reciprocal()
      Value* inv = numberTensorNode("aten::reciprocal", {b}, ScalarType::Float);
      r = numberTensorNode("aten::mul", {inv, wrappedNumber(args[0])}, ScalarType::Float);
    } else if (name == "pow") {  // Tensor.__rpow__: torch.tensor(other, dtype=self.dtype) ** self
      ScalarType own = floatingTrace(b) ? ScalarType::Float : ScalarType::Int64;
      Value* base = wrappedNumber(args[0]);
      Value* to = numberTensorNode("aten::to", {base, emit(IValue(kCPU), nullptr), out_->insertIntConstant(toTorchCode(own)),
                                                out_->insertBoolConstant(false), out_->insertBoolConstant(false),
                                                out_->insertNoneConstant()},
                                   own);
      r = numberTensorNode("aten::pow", {numberTensorNode("aten::detach", {to}, own), b}, dtype);
    } else {  // floor_divide, remainder with the number first
      r = numberTensorNode("aten::" + name, {wrappedNumber(args[0]), b}, dtype);
    }
    (void)outs;
    setNumber(n.output(), r);
    return true;
  }
  if ((kind == "prim::max" || kind == "prim::min") && args.size() == 2) {
    // Python's max/min compare (a Python bool) and return one of their arguments unchanged.
    warnConversion("boolean");
    std::vector<IValue> outs = runIt();
    bool first = outs[0].isDouble() ? outs[0].toDouble() == (args[0].isDouble() ? args[0].toDouble() : static_cast<double>(args[0].toInt()))
                                    : outs[0].toInt() == args[0].toInt();
    setNumber(n.output(), first ? a : b);
    return true;
  }
  // Anything else on a traced number (float(n), int(n), math.sqrt(n)...) reads it as a Python value.
  std::vector<IValue> outs = runIt();
  if (kind == "aten::Int") warnConversion("integer");
  else if (outs[0].isDouble()) warnConversion("float");
  else if (outs[0].isBool()) warnConversion("boolean");
  else if (outs[0].isInt()) warnConversion("integer");
  return true;
}

void Tracer::propagateNumbers(const Node& n, const std::vector<IValue>& args, Env& env) {
  if (n.numOutputs() == 0) return;
  const std::string& kind = n.kind().toQualString();
  auto store = [&](const IValue& seq, std::vector<Value*> elements) {
    bool any = false;
    for (Value* e : elements) any |= e != nullptr;
    const HeapObject* key = seq.isList() ? static_cast<const HeapObject*>(&seq.toListRef())
                                         : static_cast<const HeapObject*>(&seq.toTupleRef());
    if (any) numberSeqs_[key] = {std::move(elements), seq};
    else numberSeqs_.erase(key);
  };
  const IValue& out = lookup(env, n.output(0));
  if (n.kind() == prim::ListConstruct || n.kind() == prim::TupleConstruct) {
    std::vector<Value*> elements;
    for (const Value* in : n.inputs()) elements.push_back(numberOf(in));
    store(out, std::move(elements));
    return;
  }
  if (args.empty()) return;
  const TracedElements* el = elementsOf(args[0]);
  if (!el) return;
  if (n.kind() == prim::ListUnpack || n.kind() == prim::TupleUnpack) {
    for (size_t i = 0; i < n.numOutputs() && i < el->elements.size(); ++i) setNumber(n.output(i), el->elements[i]);
  } else if ((kind == "aten::__getitem__" || kind == "prim::TupleIndex") && args.size() == 2 && args[1].isInt()) {
    int64_t i = pythonIndex(args[1].toInt(), el->elements.size());
    if (i >= 0) setNumber(n.output(), el->elements[static_cast<size_t>(i)]);
  } else if ((kind == "aten::list" || kind == "aten::copy") && out.isList()) {
    store(out, el->elements);
  } else if (kind == "aten::add" && out.isList() && args.size() == 2 && args[1].isList()) {
    std::vector<Value*> elements = el->elements;
    const TracedElements* rest = elementsOf(args[1]);
    for (size_t k = 0; k < args[1].toListRef().items.size(); ++k) elements.push_back(rest ? rest->elements[k] : nullptr);
    store(out, std::move(elements));
  } else if (kind == "aten::slice" && out.isList() && args.size() == 4) {
    // Python's slice of a list: start/end clamped, a positive step (TorchScript's list slice)
    int64_t size = static_cast<int64_t>(el->elements.size());
    int64_t step = args[3].isInt() ? args[3].toInt() : 1;
    if (step <= 0) return;
    auto bound = [&](const IValue& v, int64_t dflt) {
      if (!v.isInt()) return dflt;
      int64_t i = v.toInt();
      if (i < 0) i += size;
      return std::clamp<int64_t>(i, 0, size);
    };
    int64_t start = bound(args[1], 0), end = bound(args[2], size);
    std::vector<Value*> elements;
    for (int64_t i = start; i < end; i += step) elements.push_back(el->elements[static_cast<size_t>(i)]);
    store(out, std::move(elements));
  }
}

}  // namespace tsjit::frontend::tracing
