// LowerTuples.h — the `lower_tuples` pass, PyTorch 1.13's LowerSimpleTuples
// (torch/csrc/jit/passes/lower_tuples.cpp), which its graph executor runs after inlining and again
// before fusion.
//
// Reads of a tuple built in the graph are replaced by the values it was built from:
//   * prim::TupleUnpack(prim::TupleConstruct(a, b))       -> a, b
//   * prim::TupleIndex(prim::TupleConstruct(a, b), 1)     -> b  (constant index, negative counts
//     from the end; an index out of range is left to raise at run time)
//   * prim::TupleSlice[beg, end](prim::TupleConstruct(..)) -> prim::TupleConstruct(the slice)
// and a TupleConstruct left without uses is removed. Tuples are immutable and hold their elements
// by reference, so the replacement is the same value even under mutation of the elements.
// Not done: 1.13's LowerAllTuples (flattening tuple inputs/outputs of the graph and of If/Loop
// blocks), which changes the graph's signature and is not part of the executor's pipeline.
// Idempotent.
#pragma once

#include <memory>

namespace tsjit {

class Graph;

bool lowerSimpleTuples(std::shared_ptr<Graph>& graph);

}  // namespace tsjit
