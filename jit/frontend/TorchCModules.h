// TorchCModules.h — the binding modules of torch._C that PyTorch 1.13's script frontend resolves
// to aten ops: torch._C._nn, torch._C._fft, torch._C._linalg and torch._C._special.
//
// 1.13 resolves `torch._C._nn.hardswish` as the Python attribute of that module, a builtin bound
// to aten::hardswish (its NormalizeOps pass then renames aliases: torch._C._special.special_expit
// -> aten::sigmoid). A name the module does not have fails at compile time with "object has no
// attribute NAME", also where an aten op of that name exists (torch._C._nn.frobenius_norm). The
// names below are dir() of each module in python3-torch 1.13.1, dunder names left out.
#pragma once

#include <string_view>

namespace tsjit::frontend {

// Whether `module` ("_nn", "_fft", "_linalg", "_special") is one of these modules.
bool isTorchCOpModule(std::string_view module);

// Whether torch._C.<module> has the attribute `name` in 1.13.
bool torchCModuleHas(std::string_view module, std::string_view name);

}  // namespace tsjit::frontend
