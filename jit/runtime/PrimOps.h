// PrimOps.h — the structural nodes the interpreter runs itself (kinds without a schema, and a few
// prim ops with one that only the interpreter can do well), built as stack Operations at compile
// time so that everything node-specific (element types, attribute slots, isinstance types) is
// decided once per node:
//   prim::ListConstruct/ListUnpack, TupleConstruct/TupleSlice, DictConstruct, GetAttr/SetAttr,
//   isinstance, NumToTensor, device, dtype, __is__/__isnot__, RaiseException, TupleUnpack/Index.
// Also: the value of a prim::Constant, and runtime type tests.
// Errors: RuntimeError with PyTorch's wording (RaiseException: message and Python class, e.g.
// RuntimeError("negative n: -2", "builtins.ValueError")); UnsupportedOperator for an opaque
// tensor constant.
#pragma once

#include <optional>

#include "jit/ir/IValue.h"
#include "jit/kernels/Kernel.h"

namespace tsjit {
class Node;
}

namespace tsjit::runtime {

// The value of a prim::Constant node that is not a Function constant.
IValue constantValue(const Node& node);
// The interpreter's operation for a structural node, or nullopt when `node` is not one.
std::optional<kernels::Operation> primOperation(const Node& node);
// Whether a runtime value is an instance of `type` (isinstance, Optional/Union members...).
bool isInstance(const IValue& v, const TypePtr& type);

}  // namespace tsjit::runtime
