// OpAliases.h — PyTorch 1.13's operator aliases (torch.inverse, torch.det, torch.absolute,
// torch.clip, Tensor.multiply, ...) and the canonical op each one becomes.
//
// PyTorch emits the alias and its NormalizeOps pass, which runs right after IR generation,
// renames the node to the canonical op (`torch.inverse(x)` appears as aten::linalg_inv in every
// recorded graph). tsjit's op table holds only the canonical ops, so the emitter resolves an alias
// name to its canonical op before overload resolution; the emitted graph is the same.
// Invariant: the canonical op of an alias is never itself an alias.
#pragma once

#include <optional>
#include <string_view>

#include "jit/support/Symbol.h"

namespace tsjit::frontend {

// The canonical aten op for the aten op name `name` ("inverse" -> aten::linalg_inv), or nullopt
// when `name` is not an alias.
std::optional<Symbol> canonicalOpForAlias(std::string_view name);

}  // namespace tsjit::frontend
