// ProfilingRecord.h — what the profiling executor observes, and the graph rewrites around it
// (PyTorch 1.13's ProfilingRecord and RemoveProfileNodesAndSpecializeTypes).
//
// instrument(graph) puts `%p : Tensor = prim::profile[index=K](%v)` before every use of a
// Tensor-typed value (node inputs, block and graph returns, in nested blocks too) and makes the use
// read %p. Each profile node has its own slot K in the record. When the interpreter runs a profile
// node (CompileOptions::profiling) the record merges the value's observed type into slot K: dtype,
// sizes, strides, device and requires_grad of a defined tensor (ShapePropagation's
// exampleTensorType); facts that differ between observations are dropped (mergeTensorTypes, which
// also drops strides on a difference); an undefined tensor poisons the slot (no specialization).
// specializeFromProfiles(copy) removes the profile nodes of a copy of the instrumented graph,
// giving each profiled value the merge of its slots' observations (a value no run reached keeps
// its declared type). removeTensorTypeSpecializations() resets every Tensor type outside the
// guarded places (prim::TypeCheck outputs and the subgraphs of nodes holding one) to `Tensor`,
// so that no later pass relies on an unguarded profiled fact.
// Thread-safe: observe() may run from several interpreter states at once.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/ir/Type.h"

namespace tsjit {
class Graph;
}

namespace tsjit::runtime {

class ProfilingRecord {
 public:
  // Instruments `graph` in place (see above) and returns its record.
  static std::shared_ptr<ProfilingRecord> instrument(Graph& graph);

  void observe(size_t slot, const IValue& value);
  // The merged observed type of a slot: nullptr when never reached or poisoned.
  TypePtr observedType(size_t slot) const;
  // Whether the slot saw an undefined tensor (or a non-tensor).
  bool poisoned(size_t slot) const;
  size_t numSlots() const { return slots_.size(); }

 private:
  struct Slot {
    TypePtr type;        // merged so far (nullptr: nothing seen)
    bool poisoned = false;
  };
  mutable std::mutex mutex_;
  std::vector<Slot> slots_;
};

// `graph` is a copy of an instrumented graph (see above). Returns how many values were specialized.
size_t specializeFromProfiles(Graph& graph, const ProfilingRecord& record);
void removeTensorTypeSpecializations(Graph& graph);

}  // namespace tsjit::runtime
