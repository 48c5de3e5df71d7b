// ScalarType.h — element types of tensors and their names.
// Invariants: the enum lists the ten supported dtypes in a fixed order (Bool first, Double last);
// Undefined is not a dtype, only "no type yet" (e.g. an empty promotion state). Every dtype has
// one PyTorch dtype name ("float32"), one IR short name ("Float"), and PyTorch's integer code
// (c10::ScalarType numbering: Byte=0 ... Bool=11, BFloat16=15), which is what IR constants and
// prim::dtype carry. operator<< prints the IR short name, as c10 does in error messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "jit/tensor/Half.h"

namespace tsjit {

enum class ScalarType : int8_t {
  Bool,
  UInt8,
  Int8,
  Int16,
  Int32,
  Int64,
  Half,
  BFloat16,
  Float,
  Double,
  Undefined,
};

inline constexpr int kNumScalarTypes = 10;  // every defined ScalarType is < kNumScalarTypes

// Bytes per element. Undefined -> 0.
size_t elementSize(ScalarType t);
// Half, BFloat16, Float, Double.
bool isFloatingType(ScalarType t);
// UInt8..Int64, plus Bool when includeBool.
bool isIntegralType(ScalarType t, bool includeBool);
inline bool isDefined(ScalarType t) { return t != ScalarType::Undefined; }

// PyTorch dtype names without "torch.": "float32", "float64", "float16", "bfloat16", "int64",
// "int32", "int16", "int8", "uint8", "bool". Undefined -> "undefined".
const char* dtypeName(ScalarType t);
// Accepts the canonical names, their aliases ("float", "double", "half", "long", "int", "short")
// and an optional "torch." prefix. nullopt for anything else.
std::optional<ScalarType> parseDtypeName(std::string_view name);

// IR short names: "Float", "Double", "Long", "Int", "Short", "Char", "Byte", "Bool", "Half",
// "BFloat16". Undefined -> "Undefined".
const char* irName(ScalarType t);
std::optional<ScalarType> parseIrName(std::string_view name);

// PyTorch's legacy tensor type name: "torch.FloatTensor", "torch.cuda.LongTensor" (used in some
// of PyTorch's error messages, e.g. expand()).
std::string legacyTypeName(ScalarType t, bool cuda = false);

// c10's TypeMeta name of the element type ("float", "long int", "c10::Half"), which some of
// PyTorch's messages print ("expected dtype float for `end` but got dtype long int").
const char* typeMetaName(ScalarType t);

// c10::ScalarType integer codes. Complex and quantized codes have no tsjit ScalarType:
// fromTorchCode returns nullopt for them and for out-of-range codes.
int64_t toTorchCode(ScalarType t);
std::optional<ScalarType> fromTorchCode(int64_t code);

std::ostream& operator<<(std::ostream& os, ScalarType t);

// C++ element type of each dtype, and back.
template <ScalarType S>
struct CppTypeOf;
template <typename T>
struct ScalarTypeOf;

#define TSJIT_FORALL_SCALAR_TYPES(_) \
  _(bool, Bool)                      \
  _(uint8_t, UInt8)                  \
  _(int8_t, Int8)                    \
  _(int16_t, Int16)                  \
  _(int32_t, Int32)                  \
  _(int64_t, Int64)                  \
  _(::tsjit::Half, Half)             \
  _(::tsjit::BFloat16, BFloat16)     \
  _(float, Float)                    \
  _(double, Double)

#define TSJIT_DEFINE_TYPE_MAPPING(cpp, name)                                     \
  template <>                                                                     \
  struct CppTypeOf<ScalarType::name> {                                            \
    using type = cpp;                                                             \
  };                                                                              \
  template <>                                                                     \
  struct ScalarTypeOf<cpp> {                                                      \
    static constexpr ScalarType value = ScalarType::name;                         \
  };
TSJIT_FORALL_SCALAR_TYPES(TSJIT_DEFINE_TYPE_MAPPING)
#undef TSJIT_DEFINE_TYPE_MAPPING

template <typename T>
inline constexpr ScalarType scalarTypeOf = ScalarTypeOf<T>::value;

}  // namespace tsjit
