// ScalarsCommon.h — helpers shared by the reference kernel families of Python-level values:
// Prim, Scalars, Containers and Strings (not by the tensor families).
//
//   defOwned(name, fn)   registers a kernel and checks that these families own the overload:
//                        its category is ScalarMath/Container/String/Prim/ControlFlow (an
//                        overload whose schema mentions no tensor), or its op is declared in the
//                        Prim/Scalars/Containers/Strings declaration files. The tensor families
//                        own everything else; the check keeps two owners from colliding.
//   pyStr(v)             the text TorchScript's str()/format() produce for a value (the
//                        interpreter's IValue printing: 1.0 -> "1.", 0.1 -> "0.10000000000000001",
//                        True/False/None, strings unquoted, lists "[1, 2]", tuples "(1, 2)").
//   valuesEqual/Less     Python ==/< on list elements and dict keys (ints, floats, bools, strs,
//                        None, devices; tensors by identity for ==, refused for <).
//   normalizeIndex       Python's negative index: i < 0 -> i + size (not range-checked).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "jit/ir/IValue.h"
#include "reference/Kernel.h"

namespace tsjit::reference {

void defOwned(std::string_view qualifiedOverloadName, KernelFn fn);
// Registers fn when jit/ops declares the overload AND these families own it; otherwise does
// nothing (for loops over overload-name suffixes, where e.g. the unnamed `aten::atan2` is a tensor
// overload while `aten::fmod` is a scalar one). Returns whether it registered.
bool defIfOwned(const std::string& qualifiedOverloadName, KernelFn fn);
// Whether these families own the overload (see defOwned).
bool ownsOverload(const ops::OpOverload& overload);

std::string pyStr(const IValue& v);
// PyTorch's C++ tensor printing (StringsTensor.cpp), used by pyStr for tensors.
void printTensor(std::ostream& os, const Tensor& t);

bool valuesEqual(const IValue& a, const IValue& b);
bool valuesLess(const IValue& a, const IValue& b);

inline int64_t normalizeIndex(int64_t idx, int64_t size) { return idx < 0 ? idx + size : idx; }

inline std::vector<IValue> none() { return {}; }

// An int/float/bool argument as double (a Scalar or a float parameter that received an int).
inline double num(const IValue& v) { return v.toScalarAsDouble(); }

}  // namespace tsjit::reference
