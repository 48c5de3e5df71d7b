// BuiltinCallExclusions.h — the entries of 1.13's builtin list that the op table's schemas cover
// but builtin_calls_test does not require to run on both engines, each with its reason. Nothing
// else is skipped: every other covered entry must compile, run on the jit and on the reference,
// and agree, or the test fails. The test prints how many entries each reason excludes, and fails
// when an entry listed by name (kExcludedEntries) starts to pass (remove it then).
#pragma once

#include <cctype>
#include <string>
#include <string_view>

#include "jit/ops/OpTable.h"

namespace tsjit::builtin_calls {

// Reasons that apply to whole classes of overloads (decided from the covering schema).
inline std::string classExclusion(const ops::OpOverload& o, const std::string& entry) {
  std::string overloadName = o.overloadName();
  for (char& c : overloadName) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // 1.13 declares these with `str` (dimname, Dimname, names_dim, DimnameList, using_names, ...).
  if (o.schemaText().find("Dimname") != std::string::npos || overloadName.find("name") != std::string::npos)
    return "named-tensor overload (Dimname): tsjit tensors carry no dimension names; on unnamed tensors "
           "1.13 itself only raises (\"all symbols must have a namespace\"), except names=None of "
           "zeros/ones/full, not implemented";
  // torch.tensor(complex) / torch.as_tensor(complex) make a complex tensor.
  if (entry.find("complex") != std::string::npos && o.schemaText().find("-> Tensor") != std::string::npos)
    return "complex tensor: tsjit tensors have no complex dtype (complex64/complex128); complex Python "
           "numbers are supported";
  return "";
}

// Single entries, by the exact line of conformance/pt113/*.txt.
struct ExcludedEntry {
  std::string_view line, reason;
};
inline constexpr ExcludedEntry kExcludedEntries[] = {
    {"Tensor.values() -> Tensor", "aten::values(Tensor) reads a sparse tensor's values: tsjit has no sparse layout"},
    {"Tensor.to_padded_tensor(padding : float, output_size : Optional[List[int]], out : Tensor) -> Tensor",
     "aten::to_padded_tensor pads a nested tensor: tsjit has no nested tensors (1.13 raises NotImplementedError on a dense one)"},
    {"Tensor.to_padded_tensor(padding : float, output_size : Optional[List[int]]) -> Tensor",
     "aten::to_padded_tensor pads a nested tensor: tsjit has no nested tensors (1.13 raises NotImplementedError on a dense one)"},
};

inline std::string_view entryExclusion(std::string_view line) {
  for (const auto& e : kExcludedEntries)
    if (e.line == line) return e.reason;
  return {};
}

}  // namespace tsjit::builtin_calls
