// Program.h — the compact program description RapidCheck generates and shrinks, and the builder that
// turns it into a well-typed Graph plus concrete inputs.
//
// A ProgramDesc is a flat list of Steps. Each step is a handful of small integers ("choices"):
//   kind  Op (most kinds), IfBegin, Else, LoopBegin, End — flat block markers, so removing any
//         step still leaves a buildable program (unbalanced markers are ignored / auto-closed);
//   op    an index into the OpCatalog (taken modulo its size);
//   c[]   choices the builder consumes in order: which earlier value feeds an argument (0 = the most
//         recent compatible one), whether a fresh graph input is created instead, dims, constants...
// Every choice is read modulo the number of options and 0 always means the simplest option, so
// RapidCheck's shrinking (dropping steps, moving integers towards 0) yields small, simple graphs.
//
// buildCase() decodes a description deterministically. It tracks the concrete value of every
// IR value by running each new node's reference kernel eagerly, so it knows shapes and dtypes and
// picks arguments that fit (broadcast-compatible operands, dims in range, sizes matching numel).
// A node whose eager run raises is removed again — except, on request of its step, a top-level
// node whose error then ends the program (error cases: both engines must raise the same error).
// If / Loop blocks yield values of the same dtype and shape as the values they replace (carried
// values), so shapes stay static across control flow.
//
// Generator v2 step kinds (each turned into a plain Op step when its swarm feature is off):
//   InPlace   an in-place op (the op table's `Tensor(a!) self` overloads) on a graph input, a clone,
//             or a view chain of them (select, slice, transpose, view, unsqueeze, permute), sometimes
//             with an expanded view taken first, so the write must show in later reads, in the
//             outputs and in the caller's inputs;
//   List      a list-returning op (split, chunk, unbind), a ListConstruct (size-0 members at any
//             position) grown with append, a list appended to inside a loop, or a tuple; then
//             __getitem__, len, cat, stack of it;
//   DataLoop  a prim::Loop whose trip count (a size / len) and condition (from tensor values) depend
//             on data, carrying two tensors that move between slots at the End (`a, b = b, f(a, b)`
//             or `cur, prev = f(cur), cur`); later steps fill its body;
//   Raise     `if <data>: raise ValueError(...)` — both engines must raise identically when taken.
// Swarm testing: every case draws a subset of the features (ProgramDesc::features) and of the ops
// (ProgramDesc::opSubset), so rare combinations come up; GeneratedCase::hits says what a case
// contains, for the campaign's coverage table.
//
// Inputs are described by InputSpecs (dtype, shape, layout: contiguous, transposed, sliced with a
// step, expanded with a 0 stride; data from a seeded PRNG kept in a safe range: floats in [-3, 3],
// integers in [-5, 9], uint8 in [0, 15]); makeInputs() builds fresh copies, so every engine run
// gets inputs no other run has touched.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"

namespace tsjit::fuzz {

class OpCatalog;

constexpr size_t kChoicesPerStep = 12;

enum class StepKind : uint8_t { Op, IfBegin, Else, LoopBegin, End, InPlace, List, DataLoop, Raise };

// Swarm features (bits of ProgramDesc::features).
enum Feature : uint32_t {
  kFeatInPlace = 1u << 0,   // InPlace steps
  kFeatLists = 1u << 1,     // List steps
  kFeatDataLoop = 1u << 2,  // DataLoop steps
  kFeatDataIf = 1u << 3,    // If conditions computed from tensor values
  kFeatRaise = 1u << 4,     // Raise steps
  kFeatSpecial = 1u << 5,   // NaN, ±inf, -0.0, denormals, ties, integer extremes, large values in inputs
  kFeatShapes = 1u << 6,    // more empty tensors, ranks 5 and 6
  kAllFeatures = (1u << 7) - 1,
};
const char* featureName(uint32_t bit);

// What a generated case contains (bits of GeneratedCase::hits), for the coverage table.
enum Hit : uint32_t {
  kHitInPlaceOnAlias,   // an in-place op whose target is a graph input or a view
  kHitInPlaceOnInput,   // ... a graph input itself (the caller must see the write)
  kHitInPlaceOnView,    // ... a view of an input or a clone
  kHitInPlaceOnClone,   // ... a clone
  kHitExpandedAlias,    // an expanded view of a tensor written afterwards
  kHitListOp,           // any list / tuple op of a List step
  kHitListReturningOp,  // split / chunk / unbind
  kHitListMutation,     // append
  kHitListMutationInLoop,
  kHitSizeZeroMember,   // a size-0 tensor in a tensor list
  kHitTuple,
  kHitDataLoop,         // a loop with data-dependent trip count and condition
  kHitSlotRotation,     // carried values moving between slots
  kHitDataBranch,       // an If on a condition computed from tensor values
  kHitRaisePath,        // a RaiseException under a data-dependent condition
  kHitSpecialValues,    // an input holding special values
  kHitEmptyTensor,
  kHitZeroDim,
  kHitRankGe5,
  kHitNonContiguous,
  kHitExpandedInput,
  kHitControlFlow,      // any If / Loop
  kNumHits,
};
const char* hitName(uint32_t hit);

// Step kinds are drawn in [0, kStepKinds); see stepKind().
constexpr int kStepKinds = 22;

struct Step {
  uint8_t kind = 0;  // see stepKind()
  uint16_t op = 0;
  std::array<uint16_t, kChoicesPerStep> c{};
};
StepKind stepKind(const Step& s);

struct ProgramDesc {
  std::vector<Step> steps;
  uint64_t dataSeed = 0;
  uint32_t features = kAllFeatures;  // swarm: the features this case may use
  uint32_t opSubset = 0;             // swarm: 0 = every catalog op, else a seed choosing a subset
};
std::ostream& operator<<(std::ostream& os, const ProgramDesc& d);

struct GenOptions {
  // Upper bound on the number of steps (RapidCheck's size picks the length below it).
  int maxSteps = 20;
  // The features a case may draw (each on with probability 3/4); 0 gives v1 programs.
  uint32_t features = kAllFeatures;
  // Draw a subset of the ops for half of the cases.
  bool swarmOps = true;
};

// Programs of up to maxSteps steps (the length scales with RapidCheck's size parameter, 0..100).
rc::Gen<ProgramDesc> genProgram(const GenOptions& options = {});

enum class InputLayout : uint8_t { Contiguous, Transposed, Sliced, Expanded };
const char* toString(InputLayout l);

struct InputSpec {
  enum class Kind : uint8_t { Tensor, Int, Float, Bool } kind = Kind::Tensor;
  ScalarType dtype = ScalarType::Float;
  std::vector<int64_t> shape;
  InputLayout layout = InputLayout::Contiguous;
  int layoutDim = 0;  // Sliced / Expanded: the dim
  uint64_t seed = 0;  // tensor data
  uint8_t special = 0;  // 0: plain data; 1-3: that many in 8 elements are special values of the dtype
  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
};
IValue makeInput(const InputSpec& spec);

struct GeneratedCase {
  std::shared_ptr<Graph> graph;
  std::vector<InputSpec> inputs;
  // Largest numel of any tensor the eager build saw (the reduction bound's n).
  int64_t maxNumel = 1;
  // Nodes of the graph (all blocks, constants included) and op nodes (kernels called).
  size_t numNodes = 0;
  size_t numOpNodes = 0;
  // The last node raised during the eager build (an error case).
  bool expectsError = false;
  // Qualified overload names of the op nodes.
  std::vector<std::string> overloadsUsed;
  // Coverage: bits of Hit, dtypes (1 << ScalarType) of tensor inputs, and prim / structural node
  // kinds with their counts ("prim::Loop").
  uint32_t hits = 0;
  uint32_t dtypes = 0;
  std::vector<std::pair<std::string, uint32_t>> structuralKinds;

  std::vector<IValue> makeInputs() const;
};

// `beforeKernel` (optional, for crash replays): called before each top-level eager kernel run with
// the case built so far, whose graph outputs are that node's outputs.
GeneratedCase buildCase(const ProgramDesc& desc, const OpCatalog& catalog,
                        std::function<void(const GeneratedCase& partial)> beforeKernel = {});

}  // namespace tsjit::fuzz
