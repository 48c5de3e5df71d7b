// Record.h — the recorder: runs an op's kernel and records its grad_fn (the hook jit/autograd
// registers with jit/kernels/AutogradHook.h, also called by Math.h's helpers).
//
// For an op whose tensor arguments (also inside Tensor[] / Tensor?[] arguments) require grad, in
// grad mode: a node with the op's derivative (Derivative.h) is recorded, its outputs require grad
// and point at it. In-place ops rewrite the history of the tensor they modify (of its base, with
// CopySlices, when it is a view); modifying a leaf that requires grad raises PyTorch's error. View
// outputs remember their base. Outputs of integer or bool dtype never require grad. An op without
// a derivative records a node that raises "the derivative for 'OP' is not implemented" if a
// gradient reaches it.
#pragma once

#include "jit/kernels/Kernel.h"

namespace tsjit::autograd {

void recordOp(const ops::OpOverload& overload, const kernels::Operation& kernel, Stack& stack, size_t numInputs);

}  // namespace tsjit::autograd
