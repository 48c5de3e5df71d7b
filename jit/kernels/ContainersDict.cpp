// ContainersDict.cpp — optimized kernels of the Containers family, part 2: dict operations. Dicts
// are insertion-ordered (DictObj) with reference semantics; keys are str/int/float/bool/Tensor.
// Every overload family (Dict_str, Dict_int, ...) shares one implementation: the key type only
// matters to the schema. A missing key raises RuntimeError("KeyError: <key>") as TorchScript does.
#include <string>

#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

namespace {

const char* const kKeyKinds[] = {"str", "int", "float", "bool", "complex", "Tensor"};

std::string keyText(const IValue& k) {
  if (k.isString()) return k.toStringRef();  // unquoted, as 1.13 prints it (KeyError: b)
  return str(k);
}
[[noreturn]] void keyError(const IValue& k) { throw RuntimeError("KeyError: " + keyText(k)); }

// Registers `fn` under "<base><prefix><kind>" for every key kind.
void forKeys(const std::string& base, const std::string& prefix, const Operation& fn) {
  for (const char* k : kKeyKinds) def(base + prefix + k, fn);
}

}  // namespace

void registerContainersDictKernels() {
  forKeys("aten::clear.", "", [](Stack& s, size_t) {
    s.back().toDictRef().clear();
    s.pop_back();
  });
  // popitem takes the first entry (1.13's dict iterates from its oldest entry).
  forKeys("aten::popitem.", "", [](Stack& s, size_t) {
    DictObj& d = s.back().toDictRef();
    if (d.size() == 0) throw RuntimeError("popitem(): dictionary is empty");
    auto [key, value] = d.entries().front();
    d.erase(key);
    s.back() = makeTuple({std::move(key), std::move(value)});
  });
  forKeys("aten::len.", "Dict_", [](Stack& s, size_t) {
    s.back() = IValue(static_cast<int64_t>(s.back().toDictRef().size()));
  });
  forKeys("aten::__getitem__.", "Dict_", [](Stack& s, size_t) {
    IValue key = pop(s);
    const IValue* v = s.back().toDictRef().find(key);
    if (!v) keyError(key);
    s.back() = *v;
  });
  forKeys("aten::_set_item.", "", [](Stack& s, size_t) {
    IValue v = pop(s);
    IValue k = pop(s);
    IValue d = pop(s);
    d.toDictRef().insertOrAssign(std::move(k), std::move(v));
  });
  forKeys("aten::__contains__.", "", [](Stack& s, size_t) {
    IValue key = pop(s);
    s.back() = IValue(s.back().toDictRef().find(key) != nullptr);
  });
  forKeys("aten::get.", "", [](Stack& s, size_t) {
    IValue key = pop(s);
    const IValue* v = s.back().toDictRef().find(key);
    s.back() = v ? *v : IValue();
  });
  forKeys("aten::get.", "default_", [](Stack& s, size_t) {
    IValue dflt = pop(s);
    IValue key = pop(s);
    const IValue* v = s.back().toDictRef().find(key);
    s.back() = v ? *v : std::move(dflt);
  });
  forKeys("aten::setdefault.", "", [](Stack& s, size_t) {
    IValue dflt = pop(s);
    IValue key = pop(s);
    DictObj& d = s.back().toDictRef();
    if (const IValue* v = d.find(key)) {
      s.back() = *v;
      return;
    }
    d.insertOrAssign(key, dflt);
    s.back() = std::move(dflt);
  });
  forKeys("aten::pop.", "Dict_", [](Stack& s, size_t) {
    IValue key = pop(s);
    DictObj& d = s.back().toDictRef();
    const IValue* v = d.find(key);
    if (!v) keyError(key);
    IValue out = *v;
    d.erase(key);
    s.back() = std::move(out);
  });
  forKeys("aten::pop.", "Dict_default_", [](Stack& s, size_t) {
    IValue dflt = pop(s);
    IValue key = pop(s);
    DictObj& d = s.back().toDictRef();
    const IValue* v = d.find(key);
    IValue out = v ? *v : std::move(dflt);
    if (v) d.erase(key);
    s.back() = std::move(out);
  });
  forKeys("aten::Delete.", "Dict_", [](Stack& s, size_t) {
    IValue key = pop(s);
    IValue d = pop(s);
    if (!d.toDictRef().erase(key)) keyError(key);
  });
  forKeys("aten::keys.", "", [](Stack& s, size_t) {
    const DictObj& d = s.back().toDictRef();
    std::vector<IValue> keys;
    keys.reserve(d.size());
    for (const auto& e : d.entries()) keys.push_back(e.first);
    s.back() = makeList(d.keyType, std::move(keys));
  });
  forKeys("aten::values.", "", [](Stack& s, size_t) {
    const DictObj& d = s.back().toDictRef();
    std::vector<IValue> vals;
    vals.reserve(d.size());
    for (const auto& e : d.entries()) vals.push_back(e.second);
    s.back() = makeList(d.valueType, std::move(vals));
  });
  forKeys("aten::items.", "", [](Stack& s, size_t) {
    const DictObj& d = s.back().toDictRef();
    std::vector<IValue> items;
    items.reserve(d.size());
    for (const auto& e : d.entries()) items.push_back(makeTuple({e.first, e.second}));
    s.back() = makeList(TupleType::create({d.keyType, d.valueType}), std::move(items));
  });
  forKeys("aten::update.", "", [](Stack& s, size_t) {
    IValue other = pop(s);
    IValue self = pop(s);
    auto entries = other.toDictRef().entries();  // copy: d.update(d) is allowed
    for (auto& e : entries) self.toDictRef().insertOrAssign(e.first, e.second);
  });
  forKeys("aten::copy.", "Dict_", [](Stack& s, size_t) {
    const DictObj& d = s.back().toDictRef();
    IValue out = makeDict(d.keyType, d.valueType);
    for (const auto& e : d.entries()) out.toDictRef().insertOrAssign(e.first, e.second);
    s.back() = std::move(out);
  });
}

}  // namespace tsjit::kernels
