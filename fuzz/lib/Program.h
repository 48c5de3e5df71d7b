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

enum class StepKind : uint8_t { Op, IfBegin, Else, LoopBegin, End };

struct Step {
  uint8_t kind = 0;  // see stepKind()
  uint16_t op = 0;
  std::array<uint16_t, kChoicesPerStep> c{};
};
StepKind stepKind(const Step& s);

struct ProgramDesc {
  std::vector<Step> steps;
  uint64_t dataSeed = 0;
};
std::ostream& operator<<(std::ostream& os, const ProgramDesc& d);

struct GenOptions {
  // Upper bound on the number of steps (RapidCheck's size picks the length below it).
  int maxSteps = 20;
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

  std::vector<IValue> makeInputs() const;
};

// `beforeKernel` (optional, for crash replays): called before each top-level eager kernel run with
// the case built so far, whose graph outputs are that node's outputs.
GeneratedCase buildCase(const ProgramDesc& desc, const OpCatalog& catalog,
                        std::function<void(const GeneratedCase& partial)> beforeKernel = {});

}  // namespace tsjit::fuzz
