// Liveness.h — where each value dies, for the code generator's move-on-last-use and drops.
//
// For every value that `tracked` accepts (the compiler tracks IValue-bank values; scalars need no
// release), computeLastUses decides ONE of, per control-flow path:
//   * move: the value is consumed (moved out of its register) by input `i` of node `n`, its last
//     use on the path (the return node of a block counts as a node: block outputs are uses);
//   * drop at the start of block b: an If branch that does not use a value the other branch uses;
//   * drop after node n: the value is used inside a loop body (it must survive every iteration)
//     or is never used at all (dropped right after its definition).
// The rule, per value v defined in block B: take the node N of B that contains v's last use. If v
// is used by N itself only, the last such input moves. If N is a loop (or any node with blocks that
// is not an If), drop after N. If N is an If, recurse into its branches; branches without uses drop.
#pragma once

#include <functional>
#include <unordered_map>
#include <vector>

namespace tsjit {
class Block;
class Node;
class Value;
class Graph;
}  // namespace tsjit

namespace tsjit::runtime {

struct LastUses {
  // node -> per input index: true when that input moves its value out.
  std::unordered_map<const Node*, std::vector<bool>> moves;
  std::unordered_map<const Block*, std::vector<const Value*>> dropAtStart;
  std::unordered_map<const Node*, std::vector<const Value*>> dropAfter;

  bool isMove(const Node* n, size_t input) const {
    auto it = moves.find(n);
    return it != moves.end() && input < it->second.size() && it->second[input];
  }
};

LastUses computeLastUses(const Graph& graph, const std::function<bool(const Value*)>& tracked);

}  // namespace tsjit::runtime
