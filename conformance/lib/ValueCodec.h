// ValueCodec.h — the corpus value encoding (FORMAT.md section 4) <-> IValue.
//
// Decoding is bit-exact: floats are read with strtod from Python's float.hex() text (also "inf",
// "-inf", "nan") and narrowed to float32/float16/bfloat16 exactly; ints are read as int64;
// tensors are rebuilt with the recorded strides (a storage of 1 + sum((size-1)*stride) elements,
// element (i0, i1, ...) at sum(ik*stride_k)), so non-contiguous inputs stay non-contiguous.
// Every malformed value raises ValueFormatError naming the JSON path ("inputs[1].items[0]: ...").
//
// Enum members: {"type":"Enum","class":"__torch__.Color","name":"RED","value":{"type":"int","value":1}}
// (the member's value in this encoding; decoding checks it against a registered class).
// Encoding writes the same format: floats as float.hex() text ("0x1.8000000000000p+1",
// "0x0.0p+0", "-inf", "nan"), tensors with their own strides and data in logical order.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jit/ir/IValue.h"
#include "jit/ir/Type.h"

namespace tsjit::conformance {

class ValueFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `classes` resolves class names in type strings (may be null: class names are then an error).
IValue decodeValue(const nlohmann::json& j, ClassRegistry* classes = nullptr, const std::string& path = "value");
std::vector<IValue> decodeValues(const nlohmann::json& list, ClassRegistry* classes = nullptr,
                                 const std::string& path = "values");
// A TorchScript type string of the corpus ("List[int]", "Dict[str, Tensor]", class names).
TypePtr decodeType(const std::string& text, ClassRegistry* classes, const std::string& path);
// A float string as a double (exact). Throws ValueFormatError.
double decodeFloat(const nlohmann::json& j, const std::string& path);

nlohmann::json encodeValue(const IValue& v);
nlohmann::json encodeValues(const std::vector<IValue>& values);
// Python's float.hex() of d.
std::string pythonFloatHex(double d);

// A copy of the container structure (lists, tuples, dicts) of v whose leaves (tensors, strings,
// objects...) are shared: what TorchScript receives when Python passes a list or dict argument.
IValue copyContainers(const IValue& v);

}  // namespace tsjit::conformance
