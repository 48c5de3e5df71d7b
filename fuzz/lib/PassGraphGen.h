// PassGraphGen.h — a small generator of graphs on which the optimization passes fire, for the pass
// campaign (PassCampaign.h): constant- and input-count for-loops (small and large bodies, counter
// used or not), while-loops, tuples built and read (unpack, constant index, slice), calls of a
// fixed library of script functions (prim::CallFunction; one mutates a list the caller reads),
// addmm with beta/alpha 1 or 2, If on int comparisons, in-place tensor ops on clones and views
// (aliasing), occasionally on a graph input (a mutated input).
//
// A PassGraphDesc is a list of steps of small integers (each read modulo its options, 0 = the
// simplest), so dropping steps still builds a valid graph and the campaign shrinks by dropping
// steps. buildPassGraph() writes the IR as text and parses it, so every graph verifies by
// construction. Inputs: %x Float[2, 3], %y Float[3], %w Float[3, 3], %n int in [-2, 20];
// inputSet(k) gives the k-th set of values (data and n vary with k; dtypes and shapes do not).
// Values stay small: tensor chains are damped (tanh, * 0.5) and ints only add and subtract.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/ir/IValue.h"

namespace tsjit {
class Function;
}

namespace tsjit::fuzz {

struct PassGraphStep {
  std::array<uint16_t, 4> c{};
};
struct PassGraphDesc {
  std::vector<PassGraphStep> steps;
  uint64_t dataSeed = 0;
};

// A deterministic description from a seed: 3..maxSteps steps.
PassGraphDesc randomPassGraphDesc(uint64_t seed, int maxSteps);

// The IR text of the described graph.
std::string passGraphText(const PassGraphDesc& d);
std::shared_ptr<Graph> buildPassGraph(const PassGraphDesc& d);

// The k-th input set of a generated graph: (x, y, w, n), fresh tensors on every call.
std::vector<IValue> passGraphInputs(uint64_t dataSeed, int k);

// The library of functions the generated calls use (resolved by name; lives for the process).
Function* resolvePassLibraryFunction(const std::string& name);

}  // namespace tsjit::fuzz
