// Prim.cpp — op declarations. prim:: ops: those with schemas (casts, tuple access, guards, executor
// nodes) and the structural kinds without one (control flow, constants, constructors, attribute
// access, calls), which are declared special: variadic, no overloads.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declarePrim(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::warn", Cat::Prim, Tolerance::exact(), {
      "aten::warn(str message, int stacklevel=2) -> ()",
  });
  b.op("prim::RaiseException", Cat::ControlFlow, Tolerance::exact(), {
      "prim::RaiseException(str msg, str? cls=None) -> ()",
  });
  // torch.jit.wait on a torch.jit.fork result (prim::fork: special, its body a Subgraph attribute).
  b.op("aten::wait", Cat::Prim, Tolerance::exact(), {
      "aten::wait(Future(t) self) -> t",
  });
  b.op("prim::Uninitialized", Cat::Prim, Tolerance::exact(), {
      "prim::Uninitialized() -> Any",
  });
  b.op("prim::unchecked_cast", Cat::Prim, Tolerance::exact(), {
      "prim::unchecked_cast(t x) -> t",
  });
  b.op("prim::TupleUnpack", Cat::Prim, Tolerance::exact(), {
      "prim::TupleUnpack(Any tup) -> ...",
  });
  b.op("prim::TupleIndex", Cat::Prim, Tolerance::exact(), {
      "prim::TupleIndex(Any tup, int i) -> Any",
  });
  b.op("prim::ConstantChunk", Cat::Prim, Tolerance::exact(), {
      "prim::ConstantChunk(...) -> ...",
  });
  b.op("prim::IfThenElse", Cat::ControlFlow, Tolerance::exact(), {
      "prim::IfThenElse(bool cond, Any(a) x, Any(b) y) -> Any(b|a)",
  });
  b.op("prim::DifferentiableGraph", Cat::Prim, Tolerance::exact(), {
      "prim::DifferentiableGraph(...) -> ...",
  });
  b.op("prim::RequiresGradCheck", Cat::Prim, Tolerance::exact(), {
      "prim::RequiresGradCheck(...) -> ...",
  });
  // Grad mode (torch.no_grad's __enter__ / __exit__, torch.is_grad_enabled) and tensor.requires_grad.
  b.op("aten::is_grad_enabled", Cat::Prim, Tolerance::exact(), {
      "aten::is_grad_enabled() -> bool",
  });
  b.op("aten::set_grad_enabled", Cat::Prim, Tolerance::exact(), {
      "aten::set_grad_enabled(bool val) -> ()",
  });
  // tsjit has no autocast: both read False (nn.MultiheadAttention's fast-path check reads the first).
  b.op("aten::is_autocast_enabled", Cat::Prim, Tolerance::exact(), {
      "aten::is_autocast_enabled() -> bool",
  });
  b.op("aten::is_autocast_cpu_enabled", Cat::Prim, Tolerance::exact(), {
      "aten::is_autocast_cpu_enabled() -> bool",
  });
  b.op("prim::requires_grad", Cat::Prim, Tolerance::exact(), {
      "prim::requires_grad(Tensor a) -> bool",
  });
  // x.requires_grad_(): sets the flag in place, returns self (a non-floating tensor cannot require grad).
  b.op("aten::requires_grad_", Cat::Prim, Tolerance::exact(), {
      "aten::requires_grad_(Tensor(a!) self, bool requires_grad=True) -> Tensor(a!)",
  });
  // Tensor facts nn.MultiheadAttention / nn.TransformerEncoderLayer's fast-path checks read
  // (tsjit has no nested tensors: is_nested is always false).
  b.op("prim::is_nested", Cat::TensorInfo, Tolerance::exact(), {
      "prim::is_nested(Tensor a) -> bool",
  });
  b.op("prim::is_cuda", Cat::TensorInfo, Tolerance::exact(), {
      "prim::is_cuda(Tensor a) -> bool",
  });
  // torch.jit._unwrap_optional(x): x itself, "Unwrapping null optional" for None.
  b.op("aten::_unwrap_optional", Cat::Prim, Tolerance::exact(), {
      "aten::_unwrap_optional(t(a)? optional) -> t(a)",
  });
  // The tracer's tensor -> Scalar conversion (torch.arange(x.size(1)) records
  // prim::NumToTensor then aten::ScalarImplicit): a 0-dim tensor's value as int, float, complex or bool.
  b.op("aten::ScalarImplicit", Cat::Conversion, Tolerance::exact(), {
      "aten::ScalarImplicit(Tensor a) -> Scalar",
  });
  b.special("prim::If", Cat::ControlFlow);
  b.special("prim::Loop", Cat::ControlFlow);
  b.special("prim::Constant", Cat::Prim);
  b.special("prim::ListConstruct", Cat::Prim);
  b.special("prim::ListUnpack", Cat::Prim);
  b.special("prim::TupleConstruct", Cat::Prim);
  b.special("prim::DictConstruct", Cat::Prim);
  b.special("prim::GetAttr", Cat::Prim);
  b.special("prim::SetAttr", Cat::Prim);
  b.special("prim::CreateObject", Cat::Prim);
  // Enum members: prim::EnumName(AnyEnumType enum) -> str, prim::EnumValue.int/.float/.str (the
  // result type follows the enum's value type, so the node's output type picks the overload).
  b.special("prim::EnumName", Cat::Prim);
  b.special("prim::EnumValue", Cat::Prim);
  // `with obj:` — obj.__enter__() / obj.__exit__(None, None, None) (exit transform's lowered form).
  b.special("prim::Enter", Cat::Prim);
  b.special("prim::Exit", Cat::Prim);
  b.special("prim::CallFunction", Cat::Prim);
  b.special("prim::CallMethod", Cat::Prim);
  b.special("prim::fork", Cat::Prim);
  b.special("prim::isinstance", Cat::Prim);
  b.special("prim::Param", Cat::Prim);
  b.special("prim::Return", Cat::Prim);
  b.special("prim::TupleSlice", Cat::Prim);
  b.special("prim::FusionGroup", Cat::Prim);
  b.special("prim::profile", Cat::Prim);
  b.special("prim::TypeCheck", Cat::Prim);
  b.special("prim::Closure", Cat::Prim);
  b.special("prim::Store", Cat::Prim);
  b.special("prim::Load", Cat::Prim);
}

}  // namespace tsjit::ops
