// GradExecutor.h — gradients through the JIT's executors, as PyTorch 1.13 computes them for a
// scripted function: the default (profiling) executor, or the ArgumentSpec GraphExecutor, runs
// the graph with inputs requiring grad; the plan it specializes holds prim::DifferentiableGraph
// nodes (symbolic autodiff: the forward/backward graphs of jit/autodiff) guarded by
// prim::RequiresGradCheck, and every node outside them runs under autograd (jit/autograd records
// its grad_fn). Backward then walks one autograd graph mixing both kinds of grad_fn.
//
// initializeGradientExecution() wires jit/autodiff into the runtime (its node operations and
// runtime::registerAutodiffPass): the runtime may not include jit/autodiff, this layer may.
// jitGradEngine(): the GradEngine of `tsjit conform --grad --engine jit`. The profiling executor
// profiles `warmupRuns` calls first (on deep copies of the inputs: tensors with the same layout and
// requires_grad, module objects copied, so in-place ops and attribute writes do not leak into the
// measured run), then the measured call runs the optimized plan; the run fails when the plan was
// not optimized by then. countGradNodes() walks the grad_fn graph below some outputs and says how
// many forward nodes get their gradient from symbolic autodiff (the nodes of each
// DifferentiableGraph reached) and how many from autograd (every other grad_fn, AccumulateGrad not
// counted).
#pragma once

#include <string>
#include <vector>

#include "conformance/lib/GradConformAutograd.h"

namespace tsjit::conformance {

void initializeGradientExecution();

struct JitGradOptions {
  bool legacyExecutor = false;  // the ArgumentSpec GraphExecutor instead of the profiling executor
  std::string pipeline;         // "" / "default": the default pipeline
  int warmupRuns = 1;           // profiled runs before the measured one (1.13's default: 1)
};
GradEngine jitGradEngine(const JitGradOptions& options = {});

struct GradNodeCounts {
  size_t symbolicNodes = 0;         // forward nodes inside the DifferentiableGraphs reached
  size_t differentiableGraphs = 0;  // DifferentiableGraph grad_fns reached
  size_t autogradNodes = 0;         // other grad_fns reached (one per recorded op)
};
// `harness`: tensors the caller made before the run (e.g. the recorded copies of the leaves the
// graph reads): their grad_fns and everything below them are not counted.
GradNodeCounts countGradNodes(const std::vector<Tensor>& roots, const std::vector<Tensor>& harness = {});

// A deep copy: tensors with the same sizes, strides, dtype and requires_grad (new leaves),
// lists / tuples / dicts / objects copied recursively, anything else shared.
IValue deepCopyValue(const IValue& v);

}  // namespace tsjit::conformance
