// NodeList.h — a snapshot of a block's node list, for passes that destroy or move the node they
// are looking at (NodeIterator reads the successor after the body ran, so it cannot survive
// destroying the current node).
#pragma once

#include <algorithm>
#include <vector>

#include "jit/ir/Graph.h"

namespace tsjit {

inline std::vector<Node*> nodesOf(const Block* b) {
  std::vector<Node*> out;
  for (Node* n : b->nodes()) out.push_back(n);
  return out;
}

inline std::vector<Node*> nodesOfReversed(const Block* b) {
  std::vector<Node*> out = nodesOf(b);
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace tsjit
