// Autograd.h — the public face of jit/autograd: tensors that require grad, backward and grad.
//
//   autograd::initialize();                  // once: derivative table + the interpreter hook
//   x.setRequiresGrad(true);                 // a leaf
//   ... run ops (interpreter, or math::call) in grad mode: grad_fn nodes are recorded ...
//   autograd::backward({y}, {gy});           // accumulates into gradOf(x)
//   auto gs = autograd::grad({y}, {gy}, {x}); // or returns the gradients without accumulating
//
// Grad mode is thread-local (kernels::GradModeGuard, torch.no_grad). The graph is freed by a
// backward/grad call unless retainGraph; a second call through it raises PyTorch's error. The
// engine runs every node once all gradients for it have arrived (dependency counting), most recent
// node first among the ready ones, with grad mode off (first-order gradients only).
#pragma once

#include <string>
#include <vector>

#include "jit/ir/IValue.h"

namespace tsjit::autograd {

// Registers every derivative and the interpreter hook. Idempotent and thread-safe.
void initialize();

bool isLeaf(const Tensor& t);
// The accumulated gradient of a leaf (undefined when none).
Tensor gradOf(const Tensor& t);
void setGrad(const Tensor& t, Tensor grad);
// "MulBackward0", or "" for a leaf / a tensor without history.
std::string gradFnName(const Tensor& t);

// Back-propagates from `outputs` with `gradOutputs` (undefined entries: ones for one-element
// outputs, else PyTorch's "grad can be implicitly created only for scalar outputs" error).
void backward(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs, bool retainGraph = false);
// d(sum_k <gradOutputs[k], outputs[k]>)/d inputs[i]; an undefined tensor for an input the outputs
// do not depend on (allowUnused) — otherwise PyTorch's "One of the differentiated Tensors appears to
// not have been used in the graph" error.
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs,
                         const std::vector<Tensor>& inputs, bool retainGraph = false, bool allowUnused = true);

}  // namespace tsjit::autograd
