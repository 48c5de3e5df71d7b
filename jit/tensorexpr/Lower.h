// Lower.h — a fusion group's subgraph (the body of a prim::TensorExprGroup) to one LoopKernel.
//
// Input contract: every tensor input has a complete type (dtype, sizes, strides, device); other
// inputs are int / float / bool scalars; every node has a lowering (LowerOps.cpp) or is a
// prim::Constant (number, bool, None; dtype codes are ints); every output is a tensor.
// The kernel's parameters are the group inputs in order (tensor inputs as buffers with their
// strides, scalars as Int64 / Double / Bool vars), then one contiguous output buffer per group
// output. Its body is a Block of loop nests, one per distinct output shape: the nest's dimensions
// of size 1 are dropped and neighbouring dimensions coalesced where every buffer it touches allows
// (so contiguous inputs give one flat loop); the innermost loop is marked vectorize, the outermost
// parallel when the nest is large. Every node computed in a nest is a `let`; loads address the
// input with stride 0 along broadcast dimensions.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/tensorexpr/LoopIR.h"

namespace tsjit::tensorexpr {

struct GroupInput {
  bool isTensor = true;
  ScalarType dtype = ScalarType::Float;  // tensors; scalars: Int64 / Double / Bool
  std::vector<int64_t> sizes, strides;
  Device device;
};

struct GroupOutput {
  ScalarType dtype = ScalarType::Float;
  std::vector<int64_t> sizes;  // the output is contiguous
};

struct LoweredGroup {
  LoopKernel kernel;
  std::vector<GroupInput> inputs;
  std::vector<GroupOutput> outputs;
  // For each nest of kernel.body (in order): its outermost trip count (1 for a 0-dim nest).
  std::vector<int64_t> nestTripCounts;
};

struct LowerOptions {
  int64_t parallelThreshold = int64_t{1} << 18;  // elements per nest above which the outer loop is parallel
};

// The lowering, or nullopt with *whyNot set when the group has something it cannot lower.
std::optional<LoweredGroup> lowerGroup(const Graph& subgraph, std::string* whyNot, const LowerOptions& options = {});

// The types of the group's inputs (InternalError-free: nullopt with *whyNot when incomplete).
std::optional<std::vector<GroupInput>> groupInputs(const Graph& subgraph, std::string* whyNot);

}  // namespace tsjit::tensorexpr
