// KernelDtypes.h — which input dtypes PyTorch 1.13's CPU kernel of an op accepts, and the kernel's
// name: declared once (data in KernelDtypes.cpp) and consulted by BOTH engines before they compute
// (reference/Kernels.cpp and jit/kernels/Kernels.cpp check the self argument of every overload whose
// op has an entry when its kernel is registered); the computations stay independent.
//
// Today: the elementwise unary / activation ops, checked against python3-torch 1.13.1 by
// scripts/pt113_unary_table.py (conformance/pt113/unary_dtypes.inc, asserted on both engines).
// An entry of "aten::sin" applies to the Tensor overloads aten::sin, aten::sin.out and aten::sin_;
// scalar overloads (aten::sin.float) have no tensor self and are never checked.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "jit/ir/Type.h"  // ScalarType

namespace tsjit::ops {

class OpOverload;

struct KernelDtypes {
  const char* kernel = "";  // "sin_vml_cpu", as in PyTorch's "\"sin_vml_cpu\" not implemented for 'Half'"
  uint32_t accepted = 0;    // bit 1 << ScalarType per self dtype the op accepts (integers it promotes first count)
  bool accepts(ScalarType t) const { return (accepted >> static_cast<int>(t)) & 1u; }
};

// The entry that applies to an overload (its functional op's for an in-place variant), or nullptr.
const KernelDtypes* kernelDtypes(const OpOverload& overload);
// By op name ("aten::sin"), or nullptr.
const KernelDtypes* kernelDtypes(std::string_view opName);
// Throws RuntimeError("\"<kernel>\" not implemented for '<dtype>'") unless k accepts dt.
void checkKernelDtype(const KernelDtypes& k, ScalarType dt);

}  // namespace tsjit::ops
