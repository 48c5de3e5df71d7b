// EvaluatorConstants.h — turning prim::Constant attributes and IR literals into IValues.
//
// The value's kind follows the attribute kind and the node's output type, as PyTorch's
// constant insertion defines it: `i` is an int (a bool when the output type is bool), `f` a float,
// `s` a str (a Device when the output type is Device), `t` a tensor, `ival` a literal (None, bool,
// int, float, str, tuples, lists, dicts), `is`/`fs`/`ss`/`ts` lists. No attribute means None.
// Unknown tensor contents (`<Tensor>` in the text) raise NotSupported.
#pragma once

#include "jit/ir/Attributes.h"
#include "jit/ir/IValue.h"

namespace tsjit {
class Node;
}

namespace tsjit::reference {

// The value of a prim::Constant node (not a Function constant: the evaluator resolves those).
IValue constantValue(const Node& node);
// A literal as an IValue; `hint` (may be null) gives list/dict element types and Device strings.
IValue literalToIValue(const Literal& literal, const TypePtr& hint);
// A tensor constant as a fresh contiguous tensor.
Tensor tensorFromConstant(const TensorConstant& t);

}  // namespace tsjit::reference
