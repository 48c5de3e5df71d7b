// TracerImpl.h — the tracer's state and steps (internal to jit/frontend; see Tracer.h for what a
// trace records). One Tracer object per trace. It walks the compiled graph with concrete values
// (env), runs every plain node through the caller's engine on a cached one-node graph, and
// appends the recorded nodes to the traced graph (out_).
//
// What a traced value is comes from identity: a tensor impl, a module object or a list object maps
// to the traced Value that last produced it (an in-place op re-maps its tensor to its own output,
// as 1.13 does). Python numbers have no identity, so their traces are kept per compiled Value
// (numbers_): a number computed from a traced tensor's shape (x.size(0), x.shape, x.numel()) is,
// as in 1.13, a 0-dim tensor of the trace (aten::size then prim::NumToTensor), arithmetic on it is
// recorded as tensor ops, and a recorded op that takes it as an int or Scalar converts it back
// (aten::Int / aten::ScalarImplicit, placed right after the tensor's producer, as 1.13 places them).
// Lists and tuples of such numbers keep one trace per element (numberSeqs_).
// Split: Tracer.cpp (walking, recording, emitting values, cleanup), TracerNumbers.cpp (numbers).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "jit/frontend/Tracer.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"

namespace tsjit::frontend::tracing {

// How a recorded op takes a traced Python number: as the tensor itself (a Tensor parameter, or a
// graph output), or converted back to a Python value of the parameter's kind.
enum class NumberUse { Tensor, Int, Float, Scalar };

class Tracer {
 public:
  explicit Tracer(const TraceGraphRunner& run);
  TraceResult trace(const Graph& graph, std::vector<IValue> inputs,
                    const std::vector<std::optional<Literal>>& defaults);

 private:
  using Env = std::unordered_map<const Value*, IValue>;

  struct Traced {
    Value* value;
    IValue keepAlive;  // holds the object so its address is not reused while mapped
  };
  struct ModuleParent {  // how a submodule was reached: parent.name
    const Object* parent;
    std::string name;
    IValue keepAlive;
  };
  struct TracedElements {
    std::vector<Value*> elements;  // per element: its traced number, or nullptr
    IValue keepAlive;
  };

  // ---- walking (Tracer.cpp) ----
  void addInput(const Value* in, const IValue& v, size_t index);
  Value* emitOutput(const IValue& v, const Value* scripted, Value* number);
  IValue asReturned(const IValue& v, const Value* scripted, Value* number) const;
  const IValue& lookup(const Env& env, const Value* v) const;
  std::vector<IValue> runBlock(const Block& b, std::vector<IValue> args, Env& env, bool record,
                               const std::vector<Value*>& argNumbers = {});
  std::vector<IValue> inputsOf(const Node& n, const Env& env, size_t from = 0) const;
  void setOutputs(const Node& n, std::vector<IValue> outs, Env& env);
  void runNode(const Node& n, Env& env, bool record);
  void runIf(const Node& n, Env& env, bool record);
  void runLoop(const Node& n, Env& env, bool record);
  void getAttr(const Node& n, Env& env, bool record);
  Value* hoistedGetAttr(Value* object, const std::string& name);
  Value* moduleValue(const Object* module);
  void callMethod(const Node& n, Env& env, bool record);
  void traceFork(const Node& n, Env& env, bool record);
  static IValue completedFuture(const TypePtr& elementType, IValue value);
  static bool onlyCopiedFrom(const Node& n);
  bool isScalarSetItem(const Node& n, const std::vector<IValue>& args) const;
  void recordFill(const std::vector<IValue>& args, const std::vector<IValue>& outs);
  bool tracesValues(const std::vector<IValue>& args) const;
  Value* local(Value* v);
  void mapTensor(const Tensor& t, Value* v);
  void bindOutput(const IValue& v, Value* traced);
  void recordNode(const Node& n, const std::vector<IValue>& args, const std::vector<IValue>& outs);
  void recordAugmentedWriteBack(const Node& n, const Env& env, const IValue& result);
  void recordTensorFromData(const Tensor& t, bool detach);
  Node* recordReflectedPow(const Node& n, const std::vector<IValue>& args, const std::vector<IValue>& outs);
  Node* recordConvolution(const Node& n, const std::vector<Value*>& traced, const std::vector<IValue>& args);
  Value* emit(const IValue& v, const Value* scripted, NumberUse use = NumberUse::Tensor, Value* number = nullptr);
  void unpackList(const ListObj* list);
  void unpackTuple(Value* traced, const IValue& tuple);
  const std::shared_ptr<Graph>& miniGraph(const Node& n);
  void eliminateDeadCode();

  // ---- Python numbers (TracerNumbers.cpp) ----
  Value* numberOf(const Value* scripted) const;
  void setNumber(const Value* scripted, Value* traced);
  const TracedElements* elementsOf(const IValue& seq) const;
  // Runs and records n when it computes on traced numbers or makes them (aten::size...); false
  // when n is not such a node (the caller runs it as any node).
  bool traceNumberNode(const Node& n, const std::vector<IValue>& args, Env& env);
  // After n ran: its outputs' element traces when n builds, unpacks or indexes a container of
  // traced numbers.
  void propagateNumbers(const Node& n, const std::vector<IValue>& args, Env& env);
  Value* recordSizeOf(Value* tensor, int64_t dim);
  Value* numberTensorNode(const std::string& kind, const std::vector<Value*>& inputs, ScalarType dtype);
  Value* wrappedNumber(const IValue& v);
  Value* convertNumber(Value* traced, NumberUse use);
  NumberUse useOfArgument(const Node& n, size_t i) const;
  void warnConversion(const char* what);

  const TraceGraphRunner& run_;
  std::shared_ptr<Graph> out_;
  std::unordered_map<const TensorImpl*, Traced> tensors_;
  std::unordered_map<const Object*, Traced> objects_;  // the traced module, submodules used so far
  const Object* root_ = nullptr;  // the traced module
  std::unordered_map<const Object*, ModuleParent> parents_;  // submodules reached, used or not
  std::unordered_map<const ListObj*, Traced> lists_;
  std::unordered_set<const ListObj*> resultLists_;  // tensor lists a recorded op returned (Python tuples)
  std::unordered_map<const FutureObj*, Traced> futures_;
  std::function<Value*(Value*)> capture_;  // set while a fork's Subgraph is recorded
  std::unordered_map<const TensorImpl*, std::pair<const ListObj*, size_t>> elementOf_;
  std::unordered_map<const Node*, std::shared_ptr<Graph>> miniGraphs_;
  std::unordered_map<const Value*, Value*> numbers_;               // compiled value -> its traced number
  std::unordered_map<const HeapObject*, TracedElements> numberSeqs_;  // list/tuple -> element traces
  std::vector<std::string> warnings_;
};

}  // namespace tsjit::frontend::tracing
