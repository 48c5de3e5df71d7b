// Verifier.h — checks the invariants of a Graph (what Graph::lint() runs).
//
// verify(g) throws InternalError naming the offending node (printed) when any of these is broken:
//   * structure: every block has its own prim::Param / prim::Return node, list links are
//     consistent, every node is owned by the graph and knows its block, topological positions
//     increase along each block;
//   * SSA: each value is defined once (unique ids, consistent node()/offset(), unique names);
//   * dominance: every use is dominated by its definition (outer-block values defined before the
//     node are visible in its sub-blocks; values of one branch are invisible to the other and
//     after the node);
//   * use lists: input i of n has exactly one Use {n, i}; every Use points at a live node that
//     really has the value as that input;
//   * control flow: prim::If has 1 input, 2 blocks without inputs, each returning as many values
//     as the If has outputs; prim::Loop has inputs (max trip count, condition, carried...),
//     1 block with inputs (counter, carried...) and outputs (condition, carried...), and one
//     output per carried value;
//   * schemas: when a schema resolver is registered and resolves a node whose input count
//     matches the schema, each input type is a subtype of its declared argument type, for
//     declared types without type variables.
// verifyIfEnabled(g, where) runs verify when the build defines TSJIT_VERIFY=1 and prefixes the
// message with `where` (the pass or parser that produced the graph).
#pragma once

#include <string_view>

namespace tsjit {

class Graph;

void verify(const Graph& graph);
void verifyIfEnabled(const Graph& graph, std::string_view where);
bool verifierEnabled();

}  // namespace tsjit
