// ScalarType.cpp — sizes, categories and the three naming schemes of ScalarType.
#include "jit/tensor/ScalarType.h"

#include <string>

namespace tsjit {

namespace {
struct Names {
  ScalarType type;
  size_t size;
  const char* dtype;
  const char* ir;
  const char* legacy;
  int64_t torchCode;
};
// Indexed by the enum value.
constexpr Names kNames[] = {
    {ScalarType::Bool, 1, "bool", "Bool", "BoolTensor", 11},
    {ScalarType::UInt8, 1, "uint8", "Byte", "ByteTensor", 0},
    {ScalarType::Int8, 1, "int8", "Char", "CharTensor", 1},
    {ScalarType::Int16, 2, "int16", "Short", "ShortTensor", 2},
    {ScalarType::Int32, 4, "int32", "Int", "IntTensor", 3},
    {ScalarType::Int64, 8, "int64", "Long", "LongTensor", 4},
    {ScalarType::Half, 2, "float16", "Half", "HalfTensor", 5},
    {ScalarType::BFloat16, 2, "bfloat16", "BFloat16", "BFloat16Tensor", 15},
    {ScalarType::Float, 4, "float32", "Float", "FloatTensor", 6},
    {ScalarType::Double, 8, "float64", "Double", "DoubleTensor", 7},
};
static_assert(sizeof(kNames) / sizeof(kNames[0]) == kNumScalarTypes);

const Names* entry(ScalarType t) {
  int i = static_cast<int>(t);
  if (i < 0 || i >= kNumScalarTypes) return nullptr;
  return &kNames[i];
}
}  // namespace

size_t elementSize(ScalarType t) {
  const Names* n = entry(t);
  return n ? n->size : 0;
}

bool isFloatingType(ScalarType t) {
  return t == ScalarType::Half || t == ScalarType::BFloat16 || t == ScalarType::Float ||
         t == ScalarType::Double;
}

bool isIntegralType(ScalarType t, bool includeBool) {
  switch (t) {
    case ScalarType::UInt8:
    case ScalarType::Int8:
    case ScalarType::Int16:
    case ScalarType::Int32:
    case ScalarType::Int64:
      return true;
    case ScalarType::Bool:
      return includeBool;
    default:
      return false;
  }
}

const char* dtypeName(ScalarType t) {
  const Names* n = entry(t);
  return n ? n->dtype : "undefined";
}

std::optional<ScalarType> parseDtypeName(std::string_view name) {
  if (name.starts_with("torch.")) name.remove_prefix(6);
  for (const Names& n : kNames)
    if (name == n.dtype) return n.type;
  struct Alias {
    const char* name;
    ScalarType type;
  };
  static constexpr Alias kAliases[] = {
      {"float", ScalarType::Float}, {"double", ScalarType::Double}, {"half", ScalarType::Half},
      {"long", ScalarType::Int64},  {"int", ScalarType::Int32},     {"short", ScalarType::Int16},
  };
  for (const Alias& a : kAliases)
    if (name == a.name) return a.type;
  return std::nullopt;
}

const char* typeMetaName(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return "bool";
    case ScalarType::UInt8: return "unsigned char";
    case ScalarType::Int8: return "signed char";
    case ScalarType::Int16: return "short int";
    case ScalarType::Int32: return "int";
    case ScalarType::Int64: return "long int";
    case ScalarType::Half: return "c10::Half";
    case ScalarType::BFloat16: return "c10::BFloat16";
    case ScalarType::Float: return "float";
    case ScalarType::Double: return "double";
    default: return "undefined";
  }
}

const char* irName(ScalarType t) {
  const Names* n = entry(t);
  return n ? n->ir : "Undefined";
}

std::optional<ScalarType> parseIrName(std::string_view name) {
  for (const Names& n : kNames)
    if (name == n.ir) return n.type;
  return std::nullopt;
}

std::string legacyTypeName(ScalarType t, bool cuda) {
  const Names* n = entry(t);
  return std::string(cuda ? "torch.cuda." : "torch.") + (n ? n->legacy : "UndefinedTensor");
}

int64_t toTorchCode(ScalarType t) {
  const Names* n = entry(t);
  return n ? n->torchCode : -1;
}

std::optional<ScalarType> fromTorchCode(int64_t code) {
  for (const Names& n : kNames)
    if (n.torchCode == code) return n.type;
  return std::nullopt;
}

std::ostream& operator<<(std::ostream& os, ScalarType t) { return os << irName(t); }

}  // namespace tsjit
