// Property.cpp — jit vs reference on one graph (see Property.h): the lockstep check (JitRecorder
// records the jit's op nodes through an IdentityCopier; Lockstep drives the reference through its
// lockstep hooks) and the end-to-end check.
#include "fuzz/lib/Property.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "conformance/lib/Compare.h"
#include "conformance/lib/OpErrorBound.h"
#include "fuzz/lib/KnownMismatches.h"
#include "jit/ir/Graph.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/Interpreter.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::fuzz {

PropertyEngines jitVsReference(PropertyMode mode) {
  PropertyEngines e;
  e.mode = mode;
  e.expectedName = "reference";
  e.expected = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    reference::Evaluator ev;
    return ev.run(*g, std::move(in));
  };
  e.actualName = "jit";
  e.actual = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    runtime::GraphExecutor executor(g);  // plans run on a copy of the graph
    return executor.call(std::move(in));
  };
  e.observed = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in, runtime::ExecutionObserver& obs) {
    runtime::ExecutorOptions o;
    o.compile.observe = true;  // the plan's nodes are reported as the nodes of g
    o.pipeline = "none";       // lockstep pairs the generated op nodes one by one: no passes
    runtime::GraphExecutor executor(g, o);
    return executor.call(std::move(in), &obs);
  };
  return e;
}

PropertyEngines referenceVsReference(PropertyMode mode) {
  PropertyEngines e = jitVsReference(mode);
  e.actualName = "reference";
  e.actual = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    reference::Evaluator ev;
    return ev.run(*g->copy(), std::move(in));
  };
  e.observed = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in, runtime::ExecutionObserver& obs) {
    reference::EvaluatorOptions eo;
    eo.onOpBegin = [&](const Node& n, const std::vector<IValue>& ins) { obs.beforeOp(n, ins.data(), ins.size()); };
    eo.onOpEnd = [&](const Node& n, const std::vector<IValue>&, std::vector<IValue>& outs) {
      obs.afterOp(n, outs.data(), outs.size());
    };
    reference::Evaluator ev(eo);
    return ev.run(*g, std::move(in));
  };
  return e;
}

// dst takes src's values (same shape). A destination that repeats memory along a stride-0 dim (an
// expanded tensor an in-place op updated) is written through its first index of each such dim:
// Tensor::copy_ refuses such a destination, and the jit's values agree along it anyway.
static void takeValues(const Tensor& dst, const Tensor& src) {
  Tensor d = dst, s = src;
  if (d.sizes() == s.sizes())
    for (int64_t dim = 0; dim < d.dim(); ++dim)
      if (d.strides()[static_cast<size_t>(dim)] == 0 && d.sizes()[static_cast<size_t>(dim)] > 1) {
        d = d.narrow(dim, 0, 1);
        s = s.narrow(dim, 0, 1);
      }
  d.copy_(s);
}

std::string describeOpNode(const Node& node, size_t index) {
  std::ostringstream os;
  os << node;
  std::string line = os.str();
  line = line.substr(0, line.find('\n'));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  size_t start = line.find_first_not_of(' ');
  return str("op node #", index, " `", start == std::string::npos ? line : line.substr(start), "`");
}

namespace {

// ---- values and errors ----------------------------------------------------------------------------

// Deep copies of the jit's values that keep their identities: every observation of one live
// jit tensor maps to the same copy (a graph input, a view op returning its input, a list holding
// a tensor that is also passed alone), so identity-sensitive ops (aten::__is__, list count of
// tensors) see in the reference what they saw in the jit. Copies own their storage (same sizes,
// strides and offset), so the jit's later in-place writes and buffer reuse cannot change them; an
// entry is reused only while the jit tensor's layout and bytes are unchanged (a freed tensor's
// address may be reused, a dead temporary's buffer may be rewritten).
class IdentityCopier {
 public:
  IValue copy(const IValue& v) {
    if (v.isTensor()) return IValue(copyTensor(v.toTensor()));
    if (v.isList()) {
      const ListObj& l = v.toListRef();
      std::vector<IValue> items;
      items.reserve(l.items.size());
      for (const IValue& x : l.items) items.push_back(copy(x));
      return makeList(l.elementType, std::move(items));
    }
    if (v.isTuple()) {
      std::vector<IValue> items;
      for (const IValue& x : v.toTupleRef().items) items.push_back(copy(x));
      return makeTuple(std::move(items));
    }
    if (v.isDict()) {
      const DictObj& d = v.toDictRef();
      IValue out = makeDict(d.keyType, d.valueType);
      for (const auto& [k, x] : d.entries()) out.toDictRef().insertOrAssign(copy(k), copy(x));
      return out;
    }
    return v;  // scalars, strings, None, devices...: immutable
  }
  std::vector<IValue> copyAll(const IValue* v, size_t n) {
    std::vector<IValue> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) out.push_back(copy(v[i]));
    return out;
  }

 private:
  struct Entry {
    Tensor copy;
    const void* data;
    std::vector<int64_t> sizes, strides;
    int64_t offset;
    ScalarType dtype;
  };

  static bool sameBytes(const Tensor& a, const Tensor& b) {
    size_t n = a.storage().nbytes();
    return n == b.storage().nbytes() && (n == 0 || std::memcmp(a.storage().data(), b.storage().data(), n) == 0);
  }

  Tensor copyTensor(const Tensor& t) {
    if (!t.defined()) return t;
    auto it = entries_.find(t.unsafeImpl());
    if (it != entries_.end()) {
      const Entry& e = it->second;
      if (e.data == t.storage().data() && e.sizes == t.sizes() && e.strides == t.strides() &&
          e.offset == t.storageOffset() && e.dtype == t.dtype() && sameBytes(t, e.copy))
        return e.copy;
    }
    size_t nbytes = t.storage().nbytes();
    Storage s = Storage::allocate(nbytes, t.device());
    if (nbytes) std::memcpy(s.data(), t.storage().data(), nbytes);
    Tensor c = Tensor::fromStorage(std::move(s), t.sizes(), t.strides(), t.storageOffset(), t.dtype());
    c.setWrappedNumber(t.isWrappedNumber());
    if (t.requiresGrad()) c.setRequiresGrad(true);
    entries_[t.unsafeImpl()] = Entry{c, t.storage().data(), t.sizes(), t.strides(), t.storageOffset(), t.dtype()};
    return c;
  }

  std::unordered_map<const TensorImpl*, Entry> entries_;
};

std::string summarize(const std::vector<IValue>& values) {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < values.size(); ++i) os << (i ? ", " : "") << values[i];
  os << ")";
  std::string s = os.str();
  if (s.size() > 300) s = s.substr(0, 300) + " ...";
  return s;
}

// An error as the property compares it: Python's last line and exception class.
struct ErrorInfo {
  std::string line;
  std::string type;
  bool internal = false;  // InternalError / CompileError / unsupported: never acceptable
};

ErrorInfo classify(const std::exception_ptr& p) {
  try {
    std::rethrow_exception(p);
  } catch (const InternalError& e) {
    return {std::string("InternalError: ") + e.what(), "", true};
  } catch (const CompileError& e) {  // generated graphs are well formed: a bug on one side
    return {std::string("CompileError: ") + e.what(), "", true};
  } catch (const reference::NotSupported& e) {
    return {std::string("not supported: ") + e.what(), "", true};
  } catch (const runtime::UnsupportedOperator& e) {
    return {std::string("unsupported operator: ") + e.what(), "", true};
  } catch (const runtime::ScriptRaise& e) {
    reference::ScriptException s(e.scriptMessage(), e.cls());  // as `tsjit run --engine jit` reports it
    return {reference::pythonLastLine(s), reference::pythonExceptionType(s), false};
  } catch (const std::exception& e) {
    return {reference::pythonLastLine(e), reference::pythonExceptionType(e), false};
  } catch (...) {
    return {"an exception that is not a std::exception", "", true};
  }
}

PropertyResult failure(std::string message, const Node* node = nullptr, size_t index = 0) {
  PropertyResult r;
  r.passed = false;
  r.message = std::move(message);
  r.node = node;
  r.opIndex = index;
  return r;
}

// Generated graphs are functional: no engine may write into its inputs.
std::optional<std::string> checkInputsUnchanged(const std::vector<IValue>& pristine, const std::vector<IValue>& after,
                                                const std::string& engine) {
  for (size_t i = 0; i < pristine.size() && i < after.size(); ++i)
    if (!conformance::compareValues(pristine[i], after[i])) return str(engine, " modified input ", i);
  return std::nullopt;
}

// ---- lockstep -------------------------------------------------------------------------------------

struct OpEvent {
  const Node* node = nullptr;
  std::vector<IValue> inputs, outputs;
  std::vector<std::pair<size_t, IValue>> statefulAfter;  // (input index, its value after the node)
  bool returned = false;  // false: the node raised (the last event of a run that raised)
};

// Inputs an op writes: the arguments its schema marks written (`Tensor(a!) self` of add_, the list
// of append), plus batch_norm's and instance_norm's running_mean and running_var (positions 3 and 4),
// which PyTorch 1.13 updates in training / use_input_stats mode although the schema has no (a!).
// The lockstep compares them after the node and continues with the jit's state; graph inputs are
// then compared between the engines instead of against their pristine values.
std::vector<size_t> statefulInputs(const Node& node) {
  static const Symbol batchNorm = Symbol::fromQualString("aten::batch_norm");
  static const Symbol instanceNorm = Symbol::fromQualString("aten::instance_norm");
  if ((node.kind() == batchNorm || node.kind() == instanceNorm) && node.numInputs() > 4) return {3, 4};
  const ops::OpInfo* op = ops::findOp(node.kind());
  if (!op || op->isSpecial()) return {};
  bool anyMutable = false;
  for (const auto& ov : op->overloads()) anyMutable = anyMutable || ov->schema().isMutable();
  if (!anyMutable) return {};
  const ops::OpOverload* ov = nullptr;
  try {
    ov = ops::resolveOverload(node);
  } catch (const std::exception&) {
    return {};
  }
  std::vector<size_t> written;
  if (!ov) return written;
  for (size_t i = 0; i < ov->schema().arguments().size() && i < node.numInputs(); ++i)
    if (ov->schema().isMutable(i)) written.push_back(i);
  return written;
}

bool hasStatefulNode(const Block& block) {
  for (const Node* n : block.nodes()) {
    if (!statefulInputs(*n).empty()) return true;
    for (const Block* b : n->blocks())
      if (hasStatefulNode(*b)) return true;
  }
  return false;
}

// Graph inputs after both runs: unchanged, unless the graph holds a node that writes what it was
// given (statefulInputs; through views of an input too): then both engines must leave every input in
// the same state — exactly in lockstep (the reference continued with the jit's written values, so a
// difference is a write that did not reach the caller's tensor, or reached the wrong one), under a
// reduction tolerance end to end (running stats are averages).
std::optional<std::string> checkInputsAfter(const Graph& graph, const std::function<std::vector<IValue>()>& makeInputs,
                                            const std::vector<IValue>& expectedAfter, const std::string& expectedName,
                                            const std::vector<IValue>& actualAfter, const std::string& actualName,
                                            bool exact = false) {
  if (!hasStatefulNode(*graph.block())) {
    std::vector<IValue> pristine = makeInputs();
    if (auto m = checkInputsUnchanged(pristine, expectedAfter, expectedName)) return m;
    return checkInputsUnchanged(pristine, actualAfter, actualName);
  }
  conformance::CompareOptions o;  // exact unless the graph updates state the reference rounds differently
  if (!exact) o = conformance::compareOptionsForUpdatedState(expectedAfter);
  for (size_t i = 0; i < expectedAfter.size() && i < actualAfter.size(); ++i)
    if (auto cmp = conformance::compareValues(expectedAfter[i], actualAfter[i], o); !cmp)
      return str("input ", i, " (%", graph.inputs()[i]->debugName(), ") after the run (the graph writes into it): ",
                 expectedName, " vs ", actualName, ": ", cmp.message);
  return std::nullopt;
}

// Whether a value shares memory with one of `inputs`: a tensor viewing an input's storage, a list
// that is an input list (append returns its list), a list or tuple holding such tensors (split of an
// input, a TupleConstruct / TupleUnpack passing a tensor along).
bool storageOf(const IValue& v, std::vector<const void*>& out) {
  if (v.isTensor()) {
    const Tensor t = v.toTensor();
    if (t.defined() && t.storage().nbytes() > 0) out.push_back(t.storage().data());
  } else if (v.isList()) {
    out.push_back(&v.toListRef());
    for (const IValue& x : v.toListRef().items) storageOf(x, out);
  } else if (v.isTuple()) {
    for (const IValue& x : v.toTupleRef().items) storageOf(x, out);
  }
  return !out.empty();
}
bool aliasesAnInput(const IValue& v, const std::vector<IValue>& inputs) {
  std::vector<const void*> mine, theirs;
  if (!storageOf(v, mine)) return false;
  for (const IValue& in : inputs) storageOf(in, theirs);
  for (const void* p : mine)
    if (std::find(theirs.begin(), theirs.end(), p) != theirs.end()) return true;
  return false;
}

class JitRecorder : public runtime::ExecutionObserver {
 public:
  void beforeOp(const Node& node, const IValue* inputs, size_t n) override {
    if (!events.empty() && !events.back().returned && protocolError.empty())
      protocolError = str("the observer got ", describeOpNode(node, events.size()), " before ",
                          describeOpNode(*events.back().node, events.size() - 1), " returned");
    events.push_back(OpEvent{&node, copier.copyAll(inputs, n), {}, {}, false});
    pendingStateful.clear();
    auto cached = stateful.find(&node);
    if (cached == stateful.end()) cached = stateful.emplace(&node, statefulInputs(node)).first;
    for (size_t i : cached->second)
      if (i < n) pendingStateful.emplace_back(i, inputs[i]);  // an alias: shows the node's writes
  }
  void afterOp(const Node& node, const IValue* outputs, size_t n) override {
    if (events.empty() || events.back().node != &node || events.back().returned) {
      if (protocolError.empty()) protocolError = str("the observer got the outputs of ", describeOpNode(node, events.size()),
                                                     " without its inputs");
      return;
    }
    events.back().outputs = copier.copyAll(outputs, n);
    // A fresh copy, not the copier's: its cached copies may be the reference's own (live) tensors.
    for (auto& [i, alias] : pendingStateful)
      events.back().statefulAfter.emplace_back(
          i, alias.isTensor() && alias.toTensor().defined() ? IValue(alias.toTensor().clone()) : snapshot.copy(alias));
    pendingStateful.clear();
    events.back().returned = true;
  }
  IdentityCopier copier;
  IdentityCopier snapshot;  // written lists after their node (the copier's entries may be live)
  std::unordered_map<const Node*, std::vector<size_t>> stateful;
  std::vector<OpEvent> events;
  std::vector<std::pair<size_t, IValue>> pendingStateful;
  std::string protocolError;
};

// Thrown from the reference's hooks to stop it at the first difference (not a std::exception, so
// nothing on the way mistakes it for an error of the program).
struct LockstepFailure {
  std::string message;
  const Node* node;
  size_t index;
  std::vector<IValue> inputs;  // the node's inputs when the difference is in its results (known mismatches)
};

// The known mismatch excusing a difference at `node` on `inputs`, or nullptr.
const KnownMismatch* excusedBy(const Node* node, const std::vector<IValue>& inputs) {
  if (!node || inputs.empty()) return nullptr;
  const ops::OpInfo* op = ops::findOp(node->kind());
  if (!op || op->isSpecial()) return nullptr;
  try {
    if (const ops::OpOverload* ov = ops::resolveOverload(*node)) return knownMismatchFor(*ov, inputs);
  } catch (const std::exception&) {
  }
  return nullptr;
}

class Lockstep {
 public:
  Lockstep(const std::vector<OpEvent>& jit, const std::optional<ErrorInfo>& jitError, std::ostream* trace,
           bool graphWrites)
      : jit_(jit), jitError_(jitError), trace_(trace), writes_(graphWrites) {}

  void begin(const Node& node, const std::vector<IValue>& inputs) {
    current = &node;
    if (k >= jit_.size())
      fail(node, str(describeOpNode(node, k), ": control flow diverged: the reference runs this node but the jit ",
                     jitError_ ? str("raised `", jitError_->line, "` outside an op node") : std::string("returned"),
                     " after ", jit_.size(), " op nodes"));
    const OpEvent& e = jit_[k];
    if (e.node != &node)
      fail(node, str("control flow diverged: the jit's ", describeOpNode(*e.node, k), ", the reference's ",
                     describeOpNode(node, k)));
    if (e.inputs.size() != inputs.size())
      fail(node, str(describeOpNode(node, k), ": the jit's node got ", e.inputs.size(), " inputs, the reference's ",
                     inputs.size()));
    for (size_t i = 0; i < inputs.size(); ++i) {
      auto cmp = conformance::compareValues(inputs[i], e.inputs[i]);
      if (!cmp)
        fail(node, str(describeOpNode(node, k), ": input ", i, " (%", node.inputs()[i]->debugName(),
                       ") differs although every value upstream was the jit's (the jit routed a different value "
                       "into the node): ",
                       cmp.message));
    }
  }

  void end(const Node& node, const std::vector<IValue>& inputs, std::vector<IValue>& outputs) {
    const OpEvent& e = jit_[k];
    endInputs_ = &inputs;
    current = nullptr;
    if (!e.returned)
      fail(node, str(describeOpNode(node, k), ": the jit raised `", jitError_ ? jitError_->line : std::string("?"),
                     "` but the reference returned ", summarize(outputs), " on the same inputs"));
    if (e.outputs.size() != outputs.size())
      fail(node, str(describeOpNode(node, k), ": the jit's node returned ", e.outputs.size(), " values, the reference's ",
                     outputs.size()));
    const Info& info = infoFor(node);
    // The op's own rule per output and per element (conformance/lib/OpErrorBound.h).
    const std::vector<conformance::CompareOptions> per =
        conformance::compareOptionsForOp(info.resolved, info.tolerance, inputs, outputs);
    const conformance::CompareOptions& o = per.empty() ? conformance::CompareOptions{} : per[0];
    for (size_t i = 0; i < outputs.size(); ++i) {
      auto cmp = conformance::compareValues(outputs[i], e.outputs[i], per[i]);
      if (!cmp)
        fail(node, str(describeOpNode(node, k), " (", info.overload, ", tolerance ", o.tolerance.str(), "): output ", i,
                       " (%", node.outputs()[i]->debugName(), "): ", cmp.message));
    }
    for (const auto& [i, jitAfter] : e.statefulAfter) {
      if (i >= inputs.size()) continue;
      // An in-place op returns the input it wrote (the reference's output is that very tensor): the
      // op's own rule for its result applies. Other written state (running stats) has its own rule.
      const bool returnedSelf = outputs.size() == 1 && outputs[0].isTensor() && inputs[i].isTensor() &&
                                outputs[0].toTensor().unsafeImpl() == inputs[i].toTensor().unsafeImpl();
      auto cmp = conformance::compareValues(
          inputs[i], jitAfter, returnedSelf ? per[0] : conformance::compareOptionsForUpdatedState(inputs));
      if (!cmp)
        fail(node, str(describeOpNode(node, k), " (", info.overload, ", tolerance ", o.tolerance.str(), "): input ", i,
                       " (%", node.inputs()[i]->debugName(), ") after the node (the op updates it): ", cmp.message));
      // Continue with the jit's state, as with its outputs: the reference's tensor takes its values
      // (through the reference's own aliases, so its views and its inputs see them).
      if (inputs[i].isTensor() && inputs[i].toTensor().defined()) takeValues(inputs[i].toTensor(), jitAfter.toTensor());
    }
    if (trace_) *trace_ << describeOpNode(node, k) << ": ok (" << info.overload << ", " << o.tolerance.str() << ")\n";
    // Continue with the jit's values — except where the reference's output shares memory with its
    // inputs (a view, an in-place op's result, a list an op appended to): those keep the reference's
    // own aliases (their values already are the jit's), so later writes through them reach the
    // reference's other views and inputs as they must. The jit's copies are copied once more where
    // the graph writes, so that the reference never writes into a recorded event.
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (writes_ && aliasesAnInput(outputs[i], inputs)) continue;
      outputs[i] = writes_ ? outputCopier_.copy(e.outputs[i]) : e.outputs[i];
    }
    endInputs_ = nullptr;
    ++k;
  }

  size_t k = 0;                   // op node executions matched so far
  const Node* current = nullptr;  // the op node the reference is running (between begin and end)

 private:
  struct Info {
    ops::Tolerance tolerance;
    std::string overload;
    const ops::OpOverload* resolved = nullptr;  // the overload, when it resolves
  };

  [[noreturn]] void fail(const Node& node, std::string message) {
    if (trace_) *trace_ << message << "\n";
    throw LockstepFailure{std::move(message), &node, k, endInputs_ ? *endInputs_ : std::vector<IValue>{}};
  }
  const std::vector<IValue>* endInputs_ = nullptr;  // set while end() compares results

  const Info& infoFor(const Node& node) {
    auto it = info_.find(&node);
    if (it != info_.end()) return it->second;
    Info info{ops::Tolerance::exact(), node.kind().toQualString()};
    const ops::OpInfo* op = ops::findOp(node.kind());
    if (op && !op->isSpecial()) {
      const ops::OpOverload* ov = nullptr;
      try {
        ov = ops::resolveOverload(node);
      } catch (const std::exception&) {
        ov = nullptr;
      }
      info.tolerance = ov ? ov->tolerance() : op->tolerance();
      if (ov) info.overload = ov->qualifiedName();
      info.resolved = ov;
    }
    return info_.emplace(&node, std::move(info)).first->second;
  }

  static void addNumel(const IValue& v, int64_t& n) {
    if (v.isTensor()) {
      Tensor t = v.toTensor();
      if (t.defined()) n = std::max(n, t.numel());
    } else if (v.isList()) {
      for (const IValue& x : v.toListRef().items) addNumel(x, n);
    } else if (v.isTuple()) {
      for (const IValue& x : v.toTupleRef().items) addNumel(x, n);
    }
  }
  static int64_t largestNumel(const std::vector<IValue>& inputs) {
    int64_t n = 1;
    for (const IValue& v : inputs) addNumel(v, n);
    return n;
  }

  const std::vector<OpEvent>& jit_;
  const std::optional<ErrorInfo>& jitError_;
  std::ostream* trace_;
  bool writes_;  // the graph holds a node that writes one of its inputs
  IdentityCopier outputCopier_;
  std::unordered_map<const Node*, Info> info_;
};

PropertyResult checkLockstep(const std::shared_ptr<Graph>& graph, const std::function<std::vector<IValue>()>& makeInputs,
                             const PropertyEngines& engines, std::ostream* trace) {
  const std::string& jitName = engines.actualName;
  // 1. The jit, observed. The reference will run on copies of the jit's inputs made through the
  // recorder's copier, so that identities between inputs and recorded values carry over.
  JitRecorder rec;
  std::vector<IValue> jitOutputs;
  std::optional<ErrorInfo> jitError;
  std::vector<IValue> jitInputs = makeInputs();
  std::vector<IValue> jitInputsAfter = jitInputs;  // IValue copies alias the same tensors: they show mutations
  std::vector<IValue> refInputs = rec.copier.copyAll(jitInputs.data(), jitInputs.size());
  try {
    jitOutputs = engines.observed(graph, std::move(jitInputs), rec);
  } catch (...) {
    jitError = classify(std::current_exception());
  }
  const std::vector<OpEvent>& events = rec.events;
  bool jitRaisedAtNode = jitError && !events.empty() && !events.back().returned;
  auto jitWhere = [&] {
    return jitRaisedAtNode ? "at " + describeOpNode(*events.back().node, events.size() - 1)
                           : str("outside an op node after ", events.size(), " op nodes");
  };
  const Node* jitNode = jitRaisedAtNode ? events.back().node : nullptr;
  if (jitError && jitError->internal)
    return failure(str(jitName, " failed internally ", jitWhere(), ": ", jitError->line), jitNode,
                   jitNode ? events.size() - 1 : 0);
  if (!rec.protocolError.empty()) return failure(jitName + " observer protocol: " + rec.protocolError);

  // 2. The reference in lockstep.
  const bool graphWrites = hasStatefulNode(*graph->block());
  Lockstep ls(events, jitError, trace, graphWrites);
  reference::EvaluatorOptions eo;
  eo.onOpBegin = [&](const Node& n, const std::vector<IValue>& in) { ls.begin(n, in); };
  eo.onOpEnd = [&](const Node& n, const std::vector<IValue>& in, std::vector<IValue>& out) { ls.end(n, in, out); };
  std::vector<IValue> refInputsAfter = refInputs;
  std::vector<IValue> refOutputs;
  std::optional<ErrorInfo> refError;
  try {
    reference::Evaluator ev(eo);
    refOutputs = ev.run(*graph, std::move(refInputs));
  } catch (const LockstepFailure& f) {
    PropertyResult r = failure(f.message, f.node, f.index);
    r.opsChecked = ls.k;
    if (engines.excuseKnown) r.known = excusedBy(f.node, f.inputs);
    if (r.known) r.passed = true;
    return r;
  } catch (...) {
    refError = classify(std::current_exception());
  }
  const std::string& refName = engines.expectedName;

  // 3. Errors.
  if (refError) {
    const Node* at = ls.current;
    std::string where = at ? "at " + describeOpNode(*at, ls.k) : str("outside an op node after ", ls.k, " op nodes");
    auto fail = [&](std::string m) {
      if (trace) *trace << m << "\n";
      PropertyResult r = failure(std::move(m), at, ls.k);
      if (engines.excuseKnown && at && ls.k < events.size()) r.known = excusedBy(at, events[ls.k].inputs);
      if (r.known) r.passed = true;
      return r;
    };
    if (refError->internal) return fail(str(refName, " failed internally ", where, ": ", refError->line));
    if (at && events[ls.k].returned)
      return fail(str(refName, " raised `", refError->line, "` ", where, " but the ", jitName, "'s node returned ",
                      summarize(events[ls.k].outputs), " on the same inputs"));
    if (!jitError)
      return fail(str(refName, " raised `", refError->line, "` ", where, " but the ", jitName, " returned"));
    if (!at && (jitRaisedAtNode || events.size() != ls.k))
      return fail(str(refName, " raised `", refError->line, "` ", where, " but the ", jitName, " raised `",
                      jitError->line, "` ", jitWhere()));
    if (refError->line != jitError->line || refError->type != jitError->type)
      return fail(str("different errors ", where, ": ", refName, " `", refError->line, "` (", refError->type, "), ",
                      jitName, " `", jitError->line, "` (", jitError->type, ")"));
    if (trace) *trace << "both raised `" << refError->line << "` " << where << "\n";
    PropertyResult r;
    r.bothRaised = true;
    r.opsChecked = ls.k;
    return r;
  }
  if (jitError)
    return failure(str("control flow diverged: the ", jitName, " raised `", jitError->line, "` ", jitWhere(), " but the ",
                       refName, " returned after ", ls.k, " op nodes"),
                   jitNode, jitNode ? events.size() - 1 : 0);
  if (ls.k != events.size())
    return failure(str("control flow diverged: the ", refName, " returned after ", ls.k, " op nodes, the ", jitName,
                       " ran ", events.size(), "; the first one the ", refName, " did not run: ",
                       describeOpNode(*events[ls.k].node, ls.k)),
                   events[ls.k].node, ls.k);

  // 4. Final outputs: the jit's values routed by the reference's control flow, exactly.
  if (refOutputs.size() != jitOutputs.size())
    return failure(str(refName, " returned ", refOutputs.size(), " outputs, ", jitName, " ", jitOutputs.size()));
  for (size_t i = 0; i < refOutputs.size(); ++i) {
    auto cmp = conformance::compareValues(refOutputs[i], jitOutputs[i]);
    if (!cmp)
      return failure(str("final output ", i, " (%", graph->outputs()[i]->debugName(), ") differs from the ", jitName,
                         "'s values routed by the ", refName,
                         "'s control flow (an interpreter or control-flow bug; every op node agreed): ", cmp.message));
  }
  if (auto m = checkInputsAfter(*graph, makeInputs, refInputsAfter, refName, jitInputsAfter, jitName, /*exact=*/true))
    return failure(*m);
  PropertyResult r;
  r.opsChecked = ls.k;
  return r;
}

// ---- end to end -----------------------------------------------------------------------------------

struct EngineRun {
  std::vector<IValue> outputs;
  std::vector<IValue> inputsAfter;
  std::optional<ErrorInfo> error;
};

EngineRun runEngine(const EngineFn& fn, const std::shared_ptr<Graph>& graph,
                    const std::function<std::vector<IValue>()>& makeInputs) {
  EngineRun r;
  std::vector<IValue> inputs = makeInputs();
  r.inputsAfter = inputs;  // IValue copies alias the same tensors: they show mutations
  try {
    r.outputs = fn(graph, std::move(inputs));
  } catch (...) {
    r.error = classify(std::current_exception());
  }
  return r;
}

PropertyResult checkEndToEnd(const std::shared_ptr<Graph>& graph, const std::function<std::vector<IValue>()>& makeInputs,
                             const PropertyEngines& engines, int64_t maxNumel) {
  EngineRun exp = runEngine(engines.expected, graph, makeInputs);
  EngineRun act = runEngine(engines.actual, graph, makeInputs);
  const std::string& en = engines.expectedName;
  const std::string& an = engines.actualName;
  if (exp.error && exp.error->internal) return failure(en + " failed internally: " + exp.error->line);
  if (act.error && act.error->internal) return failure(an + " failed internally: " + act.error->line);
  if (exp.error || act.error) {
    if (!exp.error) return failure(an + " raised `" + act.error->line + "` but " + en + " returned");
    if (!act.error) return failure(en + " raised `" + exp.error->line + "` but " + an + " returned");
    if (exp.error->line != act.error->line)
      return failure("different errors: " + en + " `" + exp.error->line + "`, " + an + " `" + act.error->line + "`");
    PropertyResult r;
    r.bothRaised = true;
    return r;
  }
  if (exp.outputs.size() != act.outputs.size())
    return failure(str(en, " returned ", exp.outputs.size(), " outputs, ", an, " ", act.outputs.size()));
  conformance::CompareOptions opts = conformance::compareOptionsForGraph(*graph);
  opts.reductionTerms = std::max<int64_t>(maxNumel, 1);
  opts.operandMagnitude = std::max(opts.operandMagnitude, conformance::operandMagnitude(makeInputs()));
  // Without per-node values, Σ|terms| of a reduction is bounded by n times the largest operand.
  opts.sumAbs = static_cast<double>(opts.reductionTerms) * opts.operandMagnitude;
  for (size_t i = 0; i < exp.outputs.size(); ++i) {
    auto cmp = conformance::compareValues(exp.outputs[i], act.outputs[i], opts);
    if (!cmp) return failure(str("output ", i, " (", graph->outputs()[i]->debugName(), "): ", cmp.message));
  }
  if (auto m = checkInputsAfter(*graph, makeInputs, exp.inputsAfter, en, act.inputsAfter, an)) return failure(*m);
  return {};
}

}  // namespace

PropertyResult checkGraph(const std::shared_ptr<Graph>& graph, const std::function<std::vector<IValue>()>& makeInputs,
                          const PropertyEngines& engines, int64_t maxNumel, std::ostream* trace) {
  if (engines.mode == PropertyMode::Lockstep) return checkLockstep(graph, makeInputs, engines, trace);
  return checkEndToEnd(graph, makeInputs, engines, maxNumel);
}

PropertyResult checkCase(const GeneratedCase& c, const PropertyEngines& engines) {
  return checkGraph(c.graph, [&c] { return c.makeInputs(); }, engines, c.maxNumel);
}

}  // namespace tsjit::fuzz
