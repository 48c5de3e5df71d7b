// Decompose.h — derivatives of composite ops by recorded decomposition.
//
// A composite op (linear, layer_norm, lstm_cell, ...) runs its optimized kernel forward; its
// derivative re-runs a decomposition written with Math.h's helpers on detached copies of the saved
// arguments, recording it, and back-propagates the op's output gradients through that small graph
// (each helper op contributing its own table derivative). The decomposition must compute the same
// function as the kernel; tests check the result against finite differences of the reference.
#pragma once

#include <functional>
#include <vector>

#include "jit/autograd/Derivative.h"

namespace tsjit::autograd {

using Decomposition = std::function<std::vector<Tensor>(const std::vector<IValue>& args)>;

// The gradients of every argument that needs one (tensor and Tensor[] arguments, all of which the
// derivative must save).
Grads gradientsByDecomposition(const GradContext& c, const Decomposition& forward);

// def() for a composite op: saves `tensorArgs` and differentiates `forward`.
void defDecomposed(std::string_view qualifiedOverloadName, std::vector<int> tensorArgs, Decomposition forward);

}  // namespace tsjit::autograd
