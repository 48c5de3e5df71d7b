// DecomposeOps.h — the `decompose_ops` pass, PyTorch 1.13's DecomposeOps
// (torch/csrc/jit/passes/decompose_ops.cpp) as its (non-profiling) graph executor runs it before
// BatchMM: aten::addmm(self, mat1, mat2, beta, alpha) with beta and alpha the constant 1 becomes
//     %m = aten::mm(mat1, mat2);  %r = aten::add(self, %m, 1)
// (1.13's decomposition `self + mat1.mm(mat2)`), the result keeping addmm's output type.
// 1.13's batch_norm / layer_norm decompositions apply to CUDA tensors only and never fire on CPU.
// Conditions beyond 1.13's (so that values and dtypes cannot change): self, mat1 and mat2 have
// known equal floating dtypes, mat1 and mat2 rank 2 and self rank <= 2 (types from
// shape_propagation) and, where their sizes are known, self broadcasts to the product. With
// unknown sizes an addmm that raises may raise another message after the decomposition (as in 1.13).
// Nothing moves across other nodes, so mutation cannot interfere. Idempotent.
#pragma once

#include <memory>

namespace tsjit {

class Graph;

bool decomposeOps(std::shared_ptr<Graph>& graph);

}  // namespace tsjit
