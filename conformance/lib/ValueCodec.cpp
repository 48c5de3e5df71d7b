// ValueCodec.cpp — corpus value encoding <-> IValue (see ValueCodec.h).
#include "conformance/lib/ValueCodec.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "jit/ir/EnumRegistry.h"
#include "jit/support/Error.h"

namespace tsjit::conformance {

using nlohmann::json;

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw ValueFormatError(path + ": " + what);
}

const json& field(const json& j, const char* name, const std::string& path) {
  if (!j.is_object()) fail(path, "expected a JSON object");
  auto it = j.find(name);
  if (it == j.end()) fail(path, str("missing field \"", name, "\""));
  return *it;
}

int64_t asInt64(const json& j, const std::string& path) {
  if (j.is_number_integer()) return j.get<int64_t>();
  if (j.is_number_unsigned()) {
    uint64_t u = j.get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) fail(path, "integer out of the int64 range");
    return static_cast<int64_t>(u);
  }
  fail(path, "expected a JSON integer");
}

std::string asString(const json& j, const std::string& path) {
  if (!j.is_string()) fail(path, "expected a JSON string");
  return j.get<std::string>();
}

Tensor decodeTensor(const json& j, const std::string& path) {
  std::string dtypeName = asString(field(j, "dtype", path), path + ".dtype");
  auto dtype = parseDtypeName(dtypeName);
  if (!dtype) fail(path + ".dtype", "unknown dtype '" + dtypeName + "'");
  const json& shapeJ = field(j, "shape", path);
  if (!shapeJ.is_array()) fail(path + ".shape", "expected a list of sizes");
  std::vector<int64_t> shape;
  int64_t numel = 1;
  for (size_t i = 0; i < shapeJ.size(); ++i) {
    int64_t s = asInt64(shapeJ[i], str(path, ".shape[", i, "]"));
    if (s < 0) fail(str(path, ".shape[", i, "]"), "negative size");
    if (s > 0 && numel > (int64_t{1} << 40) / s) fail(path + ".shape", "tensor too large");
    numel *= s;
    shape.push_back(s);
  }
  std::vector<int64_t> strides;
  if (j.contains("strides") && !j["strides"].is_null()) {
    const json& st = j["strides"];
    if (!st.is_array() || st.size() != shape.size()) fail(path + ".strides", "expected one stride per dimension");
    for (size_t i = 0; i < st.size(); ++i) {
      int64_t s = asInt64(st[i], str(path, ".strides[", i, "]"));
      if (s < 0) fail(str(path, ".strides[", i, "]"), "negative stride");
      if (s > (int64_t{1} << 40)) fail(str(path, ".strides[", i, "]"), "stride too large");
      strides.push_back(s);
    }
  } else {
    strides.assign(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
  }
  const json& data = field(j, "data", path);
  if (!data.is_array()) fail(path + ".data", "expected a list of elements");
  if (static_cast<int64_t>(data.size()) != numel)
    fail(path + ".data", str("has ", data.size(), " elements for shape of ", numel));
  Tensor t = Tensor::empty_strided(shape, strides, *dtype);
  for (int64_t i = 0; i < numel; ++i) {
    const json& e = data[static_cast<size_t>(i)];
    std::string epath = str(path, ".data[", i, "]");
    if (isFloatingType(*dtype)) {
      t.setDouble(i, decodeFloat(e, epath));
    } else if (*dtype == ScalarType::Bool) {
      if (!e.is_boolean()) fail(epath, "expected true or false");
      t.setInt64(i, e.get<bool>() ? 1 : 0);
    } else {
      t.setInt64(i, asInt64(e, epath));
    }
  }
  return t;
}

}  // namespace

double decodeFloat(const json& j, const std::string& path) {
  if (j.is_number()) return j.get<double>();  // tolerated: plain JSON numbers
  std::string s = asString(j, path);
  if (s.empty()) fail(path, "empty float string");
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) fail(path, "bad float '" + s + "'");
  return d;
}

TypePtr decodeType(const std::string& text, ClassRegistry* classes, const std::string& path) {
  try {
    return parseType(text, classes);
  } catch (const std::exception& e) {
    fail(path, str("bad type '", text, "': ", e.what()));
  }
}

namespace {
IValue decodeAt(const json& j, ClassRegistry* classes, const std::string& path, int depth);
IValue decodeEnum(const json& j, ClassRegistry* classes, const std::string& path, int depth);
TypePtr standInEnum(const std::string& cls, const TypePtr& valueType, const std::string& name,
                    const EnumType::MemberValue& member, const std::string& path);
}  // namespace

IValue decodeValue(const json& j, ClassRegistry* classes, const std::string& path) {
  return decodeAt(j, classes, path, 0);
}

namespace {
constexpr int kMaxDepth = 200;  // nesting of containers in one value

IValue decodeAt(const json& j, ClassRegistry* classes, const std::string& path, int depth) {
  if (depth > kMaxDepth) fail(path, "value nested too deeply");
  std::string type = asString(field(j, "type", path), path + ".type");
  if (type == "None") return IValue();
  if (type == "int") return IValue(asInt64(field(j, "value", path), path + ".value"));
  if (type == "float") return IValue(decodeFloat(field(j, "value", path), path + ".value"));
  if (type == "complex") {
    const json& parts = field(j, "value", path);
    if (!parts.is_array() || parts.size() != 2)
      fail(path + ".value", "a complex is [real, imag]");
    return IValue(std::complex<double>(decodeFloat(parts[0], path + ".value[0]"), decodeFloat(parts[1], path + ".value[1]")));
  }
  if (type == "bool") {
    const json& v = field(j, "value", path);
    if (!v.is_boolean()) fail(path + ".value", "expected true or false");
    return IValue(v.get<bool>());
  }
  if (type == "str") return IValue(asString(field(j, "value", path), path + ".value"));
  if (type == "Device") return IValue(Device::parse(asString(field(j, "value", path), path + ".value")));
  if (type == "Tensor") return IValue(decodeTensor(j, path));
  if (type == "List") {
    TypePtr elem = decodeType(asString(field(j, "elem", path), path + ".elem"), classes, path + ".elem");
    const json& items = field(j, "items", path);
    if (!items.is_array()) fail(path + ".items", "expected a list");
    std::vector<IValue> out;
    for (size_t i = 0; i < items.size(); ++i) out.push_back(decodeAt(items[i], classes, str(path, ".items[", i, "]"), depth + 1));
    return makeList(elem, std::move(out));
  }
  if (type == "Tuple") {
    const json& items = field(j, "items", path);
    if (!items.is_array()) fail(path + ".items", "expected a list");
    std::vector<IValue> out;
    for (size_t i = 0; i < items.size(); ++i) out.push_back(decodeAt(items[i], classes, str(path, ".items[", i, "]"), depth + 1));
    return makeTuple(std::move(out));
  }
  if (type == "Dict") {
    TypePtr k = decodeType(asString(field(j, "key", path), path + ".key"), classes, path + ".key");
    TypePtr v = decodeType(asString(field(j, "value", path), path + ".value"), classes, path + ".value");
    const json& items = field(j, "items", path);
    if (!items.is_array()) fail(path + ".items", "expected a list of [key, value] pairs");
    IValue d = makeDict(k, v);
    for (size_t i = 0; i < items.size(); ++i) {
      std::string ipath = str(path, ".items[", i, "]");
      const json& kv = items[i];
      if (!kv.is_array() || kv.size() != 2) fail(ipath, "expected a [key, value] pair");
      IValue key;
      if (kv[0].is_string()) key = IValue(kv[0].get<std::string>());
      else if (kv[0].is_number_integer() || kv[0].is_number_unsigned()) key = IValue(asInt64(kv[0], ipath + "[0]"));
      else if (kv[0].is_boolean()) key = IValue(kv[0].get<bool>());
      else if (kv[0].is_object()) key = decodeAt(kv[0], classes, ipath + "[0]", depth + 1);
      else fail(ipath + "[0]", "unsupported dict key");
      d.toDictRef().insertOrAssign(std::move(key), decodeAt(kv[1], classes, ipath + "[1]", depth + 1));
    }
    return d;
  }
  if (type == "Enum") return decodeEnum(j, classes, path, depth);
  fail(path + ".type", "unknown value type '" + type + "'");
}

// {"type":"Enum","class":"__torch__.Color","name":"RED","value":{"type":"int","value":1}}: a member
// of a registered enum class (EnumRegistry.h) must exist there with that value; a class not (yet)
// known becomes a one-member stand-in of the same name (module state decoded before its source is
// compiled; the module builder then checks it against the class).
IValue decodeEnum(const json& j, ClassRegistry* classes, const std::string& path, int depth) {
  std::string cls = asString(field(j, "class", path), path + ".class");
  if (cls.rfind("__torch__.", 0) != 0 || cls.size() <= 10) fail(path + ".class", "expected a __torch__. class name, got '" + cls + "'");
  std::string name = asString(field(j, "name", path), path + ".name");
  if (name.empty()) fail(path + ".name", "empty member name");
  IValue value = decodeAt(field(j, "value", path), classes, path + ".value", depth + 1);
  EnumType::MemberValue member;
  TypePtr valueType;
  if (value.isInt()) member = value.toInt(), valueType = IntType::get();
  else if (value.isDouble()) member = value.toDouble(), valueType = FloatType::get();
  else if (value.isString()) member = value.toStringRef(), valueType = StringType::get();
  else fail(path + ".value", "an enum member's value is an int, a float or a str");
  if (TypePtr known = findEnumType(cls); known && !known->expect<EnumType>().members().empty()) {
    const auto& e = known->expect<EnumType>();
    auto index = e.findMember(name);
    if (!index) fail(path + ".name", cls + " has no member '" + name + "'");
    if (!(e.members()[*index].value == member)) fail(path + ".value", cls + "." + name + " has another value");
    return makeEnum(known, name);
  }
  return makeEnum(standInEnum(cls, valueType, name, member, path), name);
}

// The stand-in of an enum class nobody declared (yet): the members decoded so far, in first-seen
// order. A new member makes a new type with one more member, so the members' indices never change
// and two members decoded at different times compare as Python would (EnumObj compares indices).
TypePtr standInEnum(const std::string& cls, const TypePtr& valueType, const std::string& name,
                    const EnumType::MemberValue& member, const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, TypePtr> standIns;
  std::lock_guard<std::mutex> lock(mutex);
  TypePtr& t = standIns[cls];
  std::vector<EnumType::Member> members;
  if (t) {
    const auto& e = t->expect<EnumType>();
    if (auto index = e.findMember(name)) {
      if (!(e.members()[*index].value == member)) fail(path + ".value", cls + "." + name + " has another value");
      return t;
    }
    if (!e.valueType()->equals(*valueType)) fail(path + ".value", "the members of " + cls + " have values of different types");
    members = e.members();
  }
  members.push_back({name, member});
  t = std::make_shared<EnumType>(cls, valueType, std::move(members));
  return t;
}
}  // namespace

std::vector<IValue> decodeValues(const json& list, ClassRegistry* classes, const std::string& path) {
  if (!list.is_array()) fail(path, "expected a list of values");
  std::vector<IValue> out;
  for (size_t i = 0; i < list.size(); ++i) out.push_back(decodeValue(list[i], classes, str(path, "[", i, "]")));
  return out;
}

std::string pythonFloatHex(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  bool neg = bits >> 63;
  int exp = static_cast<int>((bits >> 52) & 0x7ff);
  uint64_t mant = bits & ((uint64_t{1} << 52) - 1);
  std::string sign = neg ? "-" : "";
  if (exp == 0 && mant == 0) return sign + "0x0.0p+0";
  char buf[64];
  if (exp == 0) {
    std::snprintf(buf, sizeof buf, "%s0x0.%013" PRIx64 "p-1022", sign.c_str(), mant);
  } else {
    int e = exp - 1023;
    std::snprintf(buf, sizeof buf, "%s0x1.%013" PRIx64 "p%c%d", sign.c_str(), mant, e < 0 ? '-' : '+', std::abs(e));
  }
  return buf;
}

json encodeValue(const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::None: return {{"type", "None"}, {"value", nullptr}};
    case IValue::Tag::Int: return {{"type", "int"}, {"value", v.toInt()}};
    case IValue::Tag::Double: return {{"type", "float"}, {"value", pythonFloatHex(v.toDouble())}};
    case IValue::Tag::Complex:  // [real, imag], each as a float value
      return {{"type", "complex"},
              {"value", json::array({pythonFloatHex(v.toComplex().real()), pythonFloatHex(v.toComplex().imag())})}};
    case IValue::Tag::Bool: return {{"type", "bool"}, {"value", v.toBool()}};
    case IValue::Tag::String: return {{"type", "str"}, {"value", v.toStringRef()}};
    case IValue::Tag::Device: return {{"type", "Device"}, {"value", v.toDevice().str()}};
    case IValue::Tag::Tensor: {
      Tensor t = v.toTensor();
      json data = json::array();
      for (int64_t i = 0; i < t.numel(); ++i) {
        if (isFloatingType(t.dtype())) data.push_back(pythonFloatHex(t.getDouble(i)));
        else if (t.dtype() == ScalarType::Bool) data.push_back(t.getInt64(i) != 0);
        else data.push_back(t.getInt64(i));
      }
      return {{"type", "Tensor"}, {"dtype", dtypeName(t.dtype())}, {"shape", t.sizes()},
              {"strides", t.strides()}, {"data", std::move(data)}};
    }
    case IValue::Tag::List: {
      json items = json::array();
      for (const auto& x : v.toListRef().items) items.push_back(encodeValue(x));
      return {{"type", "List"}, {"elem", v.toListRef().elementType->annotationStr()}, {"items", std::move(items)}};
    }
    case IValue::Tag::Tuple: {
      json items = json::array();
      for (const auto& x : v.toTupleRef().items) items.push_back(encodeValue(x));
      return {{"type", "Tuple"}, {"items", std::move(items)}};
    }
    case IValue::Tag::Dict: {
      const DictObj& d = v.toDictRef();
      json items = json::array();
      for (const auto& [k, val] : d.entries()) {
        json key;
        if (k.isString()) key = k.toStringRef();
        else if (k.isInt()) key = k.toInt();
        else if (k.isBool()) key = k.toBool();
        else key = encodeValue(k);
        items.push_back(json::array({key, encodeValue(val)}));
      }
      return {{"type", "Dict"}, {"key", d.keyType->annotationStr()}, {"value", d.valueType->annotationStr()},
              {"items", std::move(items)}};
    }
    case IValue::Tag::Enum: {
      const EnumObj& e = v.toEnumRef();
      return {{"type", "Enum"}, {"class", e.type->qualifiedName()}, {"name", e.name()}, {"value", encodeValue(e.value())}};
    }
    default: return {{"type", v.tagName()}, {"value", nullptr}};
  }
}

json encodeValues(const std::vector<IValue>& values) {
  json out = json::array();
  for (const auto& v : values) out.push_back(encodeValue(v));
  return out;
}

IValue copyContainers(const IValue& v) {
  if (v.isList()) {
    std::vector<IValue> items;
    for (const auto& x : v.toListRef().items) items.push_back(copyContainers(x));
    return makeList(v.toListRef().elementType, std::move(items));
  }
  if (v.isTuple()) {
    std::vector<IValue> items;
    for (const auto& x : v.toTupleRef().items) items.push_back(copyContainers(x));
    return makeTuple(std::move(items));
  }
  if (v.isDict()) {
    const DictObj& d = v.toDictRef();
    IValue out = makeDict(d.keyType, d.valueType);
    for (const auto& [k, val] : d.entries()) out.toDictRef().insertOrAssign(k, copyContainers(val));
    return out;
  }
  return v;
}

}  // namespace tsjit::conformance
