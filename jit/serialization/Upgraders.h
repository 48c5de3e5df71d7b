// Upgraders.h — the operator upgraders PyTorch 1.13 applies when it loads archive code written at
// an older file format version (its version map: an operator whose semantics changed at version V
// is rewritten, in code of a version < V, into graph that computes the old semantics).
//
// What changed, and what applyUpgraders() does for code of an older version:
//   * aten::div / aten::div_ (Tensor self, Tensor or int/bool other), bumped at version 4: before
//     it, dividing integers truncated. The node becomes
//       if self.is_floating_point() or other.is_floating_point(): div(self, other)
//       else: div(self, other, rounding_mode="trunc")
//     (a float divisor always divided truly: the node stays);
//   * aten::full (int fill value, dtype None), bumped at version 5: before it, such a
//     tensor was a float tensor; the fill value is converted with aten::Float;
//   * aten::linspace / aten::logspace (versions 8 / 9: `steps` became required, None meant 100):
//     a call without steps does not match the current schema, so the frontend fills in 100 while
//     emitting archive code of an older version (frontend::CompileOptions::archiveVersion);
//   * aten::gelu (version 10: `approximate` added, default 'none') keeps its meaning: nothing to do.
// Anything else an upgrader would have to handle (a divisor of type Scalar or complex, full with a
// run-time optional dtype, the out= variants) is a CompileError naming the operator and the
// version, never a silent change of meaning.
// Invariants: only nodes of a listed kind are touched; the graph lints afterwards; code of
// version >= 5 is never changed.
#pragma once

#include <cstdint>

namespace tsjit {
class Graph;
}

namespace tsjit::serialization {

// The first version whose semantics every operator of 1.13 has (newer code needs no upgrader).
constexpr int64_t kFirstVersionWithoutUpgraders = 5;

// Rewrites the nodes of `graph` (and its blocks) written at `version`; returns how many it upgraded.
int applyUpgraders(Graph& graph, int64_t version);

}  // namespace tsjit::serialization
