// TorchModuleNames.h — which aten op names are not attributes of PyTorch 1.13's Python `torch`
// module. torch.jit.script resolves `torch.X` in user Python source through that module, so
// `torch.glu(x)` is an error there ("object has no attribute glu") although aten::glu exists (it is
// torch._C._nn.glu, reached as F.glu or x.glu). Code 1.13 compiles with its native resolver
// (printed archive code, the library, autodiff formulas) reaches every aten op as torch.X.
#pragma once

#include <string_view>

namespace tsjit::frontend {

// True when aten::`name` exists in 1.13 but `torch.<name>` is not an attribute of its torch module.
bool notOnTorchModule(std::string_view name);

// True when math.<name> is one of the math functions 1.13's torch.jit.script maps to a builtin
// (torch/jit/_builtins.py); math.hypot, math.trunc, math.log2 are "currently not supported" there.
bool scriptableMathFunction(std::string_view name);

}  // namespace tsjit::frontend
