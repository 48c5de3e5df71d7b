// Autograd.cpp — initialize(): the derivative table and the interpreter hook.
#include "jit/autograd/Autograd.h"

#include <mutex>

#include "jit/autograd/Derivative.h"
#include "jit/autograd/Record.h"
#include "jit/kernels/AutogradHook.h"

namespace tsjit::autograd {

void initialize() {
  static std::once_flag once;
  std::call_once(once, [] {
    kernels::registerAllKernels();
    registerElementwiseDerivatives();
    registerReductionDerivatives();
    registerShapeDerivatives();
    registerShapeMoreDerivatives();
    registerLinalgDerivatives();
    registerNNDerivatives();
    registerLossDerivatives();
    registerLossMoreDerivatives();
    registerSpectralDerivatives();
    registerActivationDerivatives();
    registerUpsampleDerivatives();
    registerElementwiseMoreDerivatives();
    kernels::setAutogradOpHook(&recordOp);
  });
}

}  // namespace tsjit::autograd
