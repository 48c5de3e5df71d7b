// ContainersDict.cpp — reference kernels for dict operations (Python's dict API in TorchScript).
//
// Dicts keep insertion order (DictObj); assigning an existing key keeps its position. Missing keys
// raise "KeyError: <key>" with the key printed as TorchScript prints values (strings unquoted).
// Every overload family exists once per key type (str, int, bool, float, complex, Tensor); the
// kernels do not depend on the key type.
#include "jit/ops/OpTable.h"
#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

namespace {

DictObj& dictOf(const IValue& v) { return v.toDictRef(); }

[[noreturn]] void keyError(const IValue& key) { throw RuntimeError("KeyError: " + pyStr(key)); }

IValue copyDict(const IValue& d) {
  const DictObj& src = dictOf(d);
  IValue out = makeDict(src.keyType, src.valueType);
  for (const auto& [k, v] : src.entries()) out.toDictRef().insertOrAssign(k, v);
  return out;
}

}  // namespace

void registerContainersDictKernels() {
  for (const char* key : {"str", "int", "bool", "float", "complex", "Tensor"}) {
    std::string k = key;
    defIfOwned("aten::len.Dict_" + k, [](Args& a) { return ret(IValue(static_cast<int64_t>(dictOf(a[0]).size()))); });
    defIfOwned("aten::__getitem__.Dict_" + k, [](Args& a) {
      const IValue* v = dictOf(a[0]).find(a[1]);
      if (!v) keyError(a[1]);
      return ret(*v);
    });
    defIfOwned("aten::_set_item." + k, [](Args& a) {
      dictOf(a[0]).insertOrAssign(a[1], a[2]);
      return none();
    });
    defIfOwned("aten::__contains__." + k, [](Args& a) { return ret(IValue(dictOf(a[0]).find(a[1]) != nullptr)); });
    defIfOwned("aten::get." + k, [](Args& a) {
      const IValue* v = dictOf(a[0]).find(a[1]);
      return ret(v ? *v : IValue());
    });
    defIfOwned("aten::get.default_" + k, [](Args& a) {
      const IValue* v = dictOf(a[0]).find(a[1]);
      return ret(v ? *v : a[2]);
    });
    defIfOwned("aten::setdefault." + k, [](Args& a) {
      DictObj& d = dictOf(a[0]);
      if (const IValue* v = d.find(a[1])) return ret(*v);
      d.insertOrAssign(a[1], a[2]);
      return ret(a[2]);
    });
    defIfOwned("aten::pop.Dict_" + k, [](Args& a) {
      DictObj& d = dictOf(a[0]);
      const IValue* v = d.find(a[1]);
      if (!v) keyError(a[1]);
      IValue out = *v;
      d.erase(a[1]);
      return ret(out);
    });
    defIfOwned("aten::pop.Dict_default_" + k, [](Args& a) {
      DictObj& d = dictOf(a[0]);
      const IValue* v = d.find(a[1]);
      if (!v) return ret(a[2]);
      IValue out = *v;
      d.erase(a[1]);
      return ret(out);
    });
    defIfOwned("aten::Delete.Dict_" + k, [](Args& a) {
      if (!dictOf(a[0]).erase(a[1])) keyError(a[1]);
      return none();
    });
    defIfOwned("aten::copy.Dict_" + k, [](Args& a) { return ret(copyDict(a[0])); });
    defIfOwned("aten::keys." + k, [](Args& a) {
      const DictObj& d = dictOf(a[0]);
      std::vector<IValue> keys;
      for (const auto& e : d.entries()) keys.push_back(e.first);
      return ret(makeList(d.keyType, std::move(keys)));
    });
    defIfOwned("aten::values." + k, [](Args& a) {
      const DictObj& d = dictOf(a[0]);
      std::vector<IValue> values;
      for (const auto& e : d.entries()) values.push_back(e.second);
      return ret(makeList(d.valueType, std::move(values)));
    });
    defIfOwned("aten::items." + k, [](Args& a) {
      const DictObj& d = dictOf(a[0]);
      std::vector<IValue> items;
      for (const auto& e : d.entries()) items.push_back(makeTuple({e.first, e.second}));
      return ret(makeList(TupleType::create({d.keyType, d.valueType}), std::move(items)));
    });
    defIfOwned("aten::update." + k, [](Args& a) {
      std::vector<std::pair<IValue, IValue>> add = dictOf(a[1]).entries();  // d.update(d) is fine
      for (auto& [key, value] : add) dictOf(a[0]).insertOrAssign(key, value);
      return none();
    });
    defIfOwned("aten::popitem." + k, [](Args& a) {  // the oldest entry, as 1.13 pops it
      DictObj& d = dictOf(a[0]);
      if (d.size() == 0) throw RuntimeError("popitem(): dictionary is empty");
      std::pair<IValue, IValue> first = d.entries().front();
      d.erase(first.first);
      return ret(makeTuple({first.first, first.second}));
    });
    defIfOwned("aten::clear." + k, [](Args& a) {
      dictOf(a[0]).clear();
      return none();
    });
  }
}

}  // namespace tsjit::reference
