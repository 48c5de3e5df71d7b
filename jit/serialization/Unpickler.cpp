// Unpickler.cpp — the restricted protocol-2 unpickler (Pickle.h). A stack machine over Items:
// plain values, and the things a pickle may only use in passing (an allowlisted global, a storage
// from a persistent id, an object between NEWOBJ and BUILD, a tuple holding such things). Only
// plain values may enter containers or be the result.
// Depth and cycles: a container is "sealed" once it is put inside another one (APPEND, SETITEM,
// TUPLE, BUILD's state) and may not be changed after that. So a container's nesting depth is
// final when it is inserted, the containment graph is acyclic (no reference-count leak), and the
// depth is checked exactly at each insertion against kMaxDepth (no recursive destructor can
// overflow the stack). Every container stays alive until the end, so addresses are never reused
// while the depth table refers to them.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "jit/ir/EnumRegistry.h"
#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Pickle.h"

namespace tsjit::serialization {

namespace {

struct Item {
  enum class Kind { Value, Global, Storage, PendingObject, ItemTuple };
  Kind kind = Kind::Value;
  IValue value;
  std::string name;  // Global: "module name"; PendingObject: class name
  Storage storage;   // Storage
  ScalarType dtype = ScalarType::Undefined;
  uint64_t numel = 0;
  // ItemTuple: shared and never changed, so copying an Item (memo PUT/GET) is O(1). A deep copy
  // here let a 300-byte pickle (a tuple of two memo references to the previous tuple, 40 times)
  // build 2^40 items.
  std::shared_ptr<const std::vector<Item>> items;
  uint32_t depth = 0;       // ItemTuple: nesting of ItemTuples (bounded like containers)
  Ref<Object> pending;      // PendingObject (in place, so memo references see BUILD)
};

const char* describe(const Item& it) {
  switch (it.kind) {
    case Item::Kind::Value: return "a value";
    case Item::Kind::Global: return "a global";
    case Item::Kind::Storage: return "a storage";
    case Item::Kind::PendingObject: return "an object before its BUILD";
    case Item::Kind::ItemTuple: return "a tuple holding a global or storage";
  }
  return "?";
}

bool validIdentifierPath(std::string_view s) {
  if (s.empty()) return false;
  bool start = true;
  for (char ch : s) {
    if (ch == '.') {
      if (start) return false;
      start = true;
      continue;
    }
    bool alpha = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
    bool digit = ch >= '0' && ch <= '9';
    if (!alpha && !(digit && !start)) return false;
    start = false;
  }
  return !start;
}

class Unpickler {
 public:
  Unpickler(std::string_view bytes, const UnpickleHooks& hooks, const std::string& file, const std::string& member)
      : b_(bytes), hooks_(hooks), file_(file), member_(member) {}

  IValue run() { return loop(); }

  // A hook's CompileError becomes an ArchiveError at the current opcode (ArchiveErrors pass).
  template <typename F>
  auto callHook(F f) -> decltype(f()) {
    try {
      return f();
    } catch (const ArchiveError&) {
      throw;
    } catch (const CompileError& e) {
      fail(e.message());
    }
  }

 private:
  [[noreturn]] void fail(uint64_t at, const std::string& what) const { throw ArchiveError(file_, member_, at, what); }
  [[noreturn]] void fail(const std::string& what) const { fail(opStart_, what); }

  void need(size_t n) const {
    if (n > b_.size() - pos_)
      fail(opStart_, "truncated: the opcode needs " + std::to_string(n) + " more bytes, " +
                         std::to_string(b_.size() - pos_) + " remain");
  }
  uint64_t le(size_t n) {
    need(n);
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;) v = (v << 8) | static_cast<unsigned char>(b_[pos_ + i]);
    pos_ += n;
    return v;
  }
  std::string bytes(uint64_t n) {
    if (n > b_.size() - pos_)
      fail(opStart_, "a string claims " + std::to_string(n) + " bytes, " + std::to_string(b_.size() - pos_) +
                         " remain");
    std::string s(b_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::string line() {
    size_t nl = b_.find('\n', pos_);
    if (nl == std::string_view::npos) fail("truncated: GLOBAL without a newline");
    std::string s(b_.substr(pos_, nl - pos_));
    pos_ = nl + 1;
    return s;
  }

  Item pop() {
    if (stack_.size() <= floor()) fail("stack underflow (an opcode found no operand above the mark)");
    Item it = std::move(stack_.back());
    stack_.pop_back();
    return it;
  }
  size_t floor() const { return marks_.empty() ? 0 : marks_.back(); }
  Item& top() {
    if (stack_.size() <= floor()) fail("stack underflow");
    return stack_.back();
  }
  void push(Item it) {
    if (stack_.size() >= (1u << 24)) fail("the stack holds more than 16M items");
    stack_.push_back(std::move(it));
  }
  void pushValue(IValue v) {
    Item it;
    it.value = std::move(v);
    push(std::move(it));
  }
  std::vector<Item> popToMark() {
    if (marks_.empty()) fail("no MARK to pop to");
    size_t m = marks_.back();
    marks_.pop_back();
    std::vector<Item> out(std::make_move_iterator(stack_.begin() + m), std::make_move_iterator(stack_.end()));
    stack_.resize(m);
    return out;
  }
  IValue asValue(Item it, const char* where) {
    if (it.kind != Item::Kind::Value) fail(std::string(where) + " got " + describe(it) + ", not a value");
    return std::move(it.value);
  }
  Item makeTuple(std::vector<Item> items) {
    bool plain = true;
    for (auto& i : items) plain = plain && i.kind == Item::Kind::Value;
    Item t;
    if (plain) {
      std::vector<IValue> vs;
      vs.reserve(items.size());
      uint32_t d = 1;
      uint64_t w = 1;
      for (auto& i : items) {
        d = nest(i.value, nullptr, d);
        w = weigh(w, i.value);
        vs.push_back(std::move(i.value));
      }
      t.value = track(tsjit::makeTuple(std::move(vs)), d);
      weight_[containerOf(t.value)] = w;
    } else {
      t.kind = Item::Kind::ItemTuple;
      uint32_t d = 1;
      for (auto& i : items) {
        if (i.kind == Item::Kind::Value) d = nest(i.value, nullptr, d);
        d = std::max(d, i.depth + 1);
      }
      if (d > kMaxDepth) fail("tuples nested more than " + std::to_string(kMaxDepth) + " deep");
      t.depth = d;
      t.items = std::make_shared<const std::vector<Item>>(std::move(items));
    }
    return t;
  }
  // The elements of a tuple (plain or not) as Items.
  std::vector<Item> tupleItems(Item t, const char* where) {
    if (t.kind == Item::Kind::ItemTuple) return *t.items;  // copies the top level only
    if (t.kind == Item::Kind::Value && t.value.isTuple()) {
      std::vector<Item> out;
      for (auto& v : t.value.toTupleRef().items) {
        Item i;
        i.value = v;
        out.push_back(std::move(i));
      }
      return out;
    }
    fail(std::string(where) + " expects a tuple, got " + (t.kind == Item::Kind::Value ? t.value.tagName() : describe(t)));
  }
  int64_t intArg(const Item& it, const char* what) {
    if (it.kind != Item::Kind::Value || !it.value.isInt()) fail(std::string(what) + " must be an int");
    return it.value.toInt();
  }
  std::vector<int64_t> intTuple(const Item& it, const char* what) {
    if (it.kind != Item::Kind::Value || !it.value.isTuple()) fail(std::string(what) + " must be a tuple of ints");
    std::vector<int64_t> out;
    for (auto& v : it.value.toTupleRef().items) {
      if (!v.isInt()) fail(std::string(what) + " must be a tuple of ints");
      out.push_back(v.toInt());
    }
    return out;
  }

  void appendTo(Item& target, std::vector<Item> xs) {
    if (target.kind != Item::Kind::Value || !target.value.isList())
      fail(std::string("APPEND(S) applied to ") +
           (target.kind == Item::Kind::Value ? target.value.tagName() : describe(target)) + ", not a list");
    checkMutable(target.value, "APPEND");
    auto& l = target.value.toListRef();
    uint32_t d = depthOf(target.value);
    uint64_t w = weightOf(target.value);
    for (auto& x : xs) {
      IValue v = asValue(std::move(x), "APPEND");
      d = nest(v, &l, d);
      w = weigh(w, v);
      l.items.push_back(std::move(v));
    }
    depth_[&l] = d;
    weight_[&l] = w;
  }
  void setItems(Item& target, std::vector<Item> kv) {
    if (target.kind != Item::Kind::Value || !target.value.isDict())
      fail(std::string("SETITEM(S) applied to ") +
           (target.kind == Item::Kind::Value ? target.value.tagName() : describe(target)) + ", not a dict");
    if (kv.size() % 2) fail("SETITEMS with an odd number of items");
    checkMutable(target.value, "SETITEM");
    auto& d = target.value.toDictRef();
    uint32_t depth = depthOf(target.value);
    uint64_t w = weightOf(target.value);
    for (size_t i = 0; i < kv.size(); i += 2) {
      IValue k = asValue(std::move(kv[i]), "SETITEM key");
      if (!(k.isString() || k.isInt() || k.isDouble() || k.isBool() || k.isTensor()))
        fail(std::string("a dict key of kind ") + k.tagName() + " (keys are str, int, float, bool or Tensor)");
      IValue v = asValue(std::move(kv[i + 1]), "SETITEM value");
      depth = nest(v, &d, depth);
      w = weigh(weigh(w, k), v);
      d.insertOrAssign(std::move(k), std::move(v));
    }
    depth_[&d] = depth;
    weight_[&d] = w;
  }

  Item global(const std::string& module, const std::string& name) {
    std::string full = module + " " + name;
    bool ok = full == "torch._utils _rebuild_tensor_v2" || full == "collections OrderedDict" ||
              full == "torch device" ||
              (module == "torch.jit._pickle" &&
               (name == "restore_type_tag" || name == "build_intlist" || name == "build_doublelist" ||
                name == "build_boollist" || name == "build_tensorlist" || name == "build_genericlist")) ||
              (module == "torch" && dtypeOfStorageClass(name).has_value()) ||
              ((module == "__torch__" || module.rfind("__torch__.", 0) == 0) && validIdentifierPath(module) &&
               validIdentifierPath(name));
    if (!ok) {
      std::string shown = full.size() > 200 ? full.substr(0, 200) + "..." : full;
      fail("global '" + shown + "' is not allowed (an archive may only name tensor, storage, container and "
           "__torch__ class globals; nothing is imported or called)");
    }
    Item g;
    g.kind = Item::Kind::Global;
    g.name = full;
    return g;
  }

  Item persistentLoad(Item pid) {
    auto xs = tupleItems(std::move(pid), "BINPERSID");
    if (xs.size() != 5 || xs[0].kind != Item::Kind::Value || !xs[0].value.isString() ||
        xs[0].value.toStringRef() != "storage")
      fail("a persistent id must be ('storage', <Storage class>, key, location, numel)");
    if (xs[1].kind != Item::Kind::Global || xs[1].name.rfind("torch ", 0) != 0)
      fail("the persistent id's storage class must be a torch.<Dtype>Storage global");
    auto dtype = dtypeOfStorageClass(xs[1].name.substr(6));
    if (!dtype) fail("'" + xs[1].name + "' is not a storage class");
    if (xs[2].kind != Item::Kind::Value || !xs[2].value.isString()) fail("the storage key must be a str");
    if (xs[3].kind != Item::Kind::Value || !xs[3].value.isString()) fail("the storage location must be a str");
    const std::string& key = xs[2].value.toStringRef();
    const std::string& loc = xs[3].value.toStringRef();
    if (loc != "cpu" && loc.rfind("cuda", 0) != 0) fail("unknown storage location '" + loc + "'");
    int64_t numel = intArg(xs[4], "the storage's element count");
    if (numel < 0) fail("negative storage size");
    uint64_t esize = elementSize(*dtype);
    if (static_cast<uint64_t>(numel) > UINT64_MAX / esize) fail("storage size overflows");
    uint64_t nbytes = static_cast<uint64_t>(numel) * esize;
    Item s;
    s.kind = Item::Kind::Storage;
    s.dtype = *dtype;
    s.numel = static_cast<uint64_t>(numel);
    auto it = storages_.find(key);
    if (it != storages_.end()) {
      if (it->second.nbytes() != nbytes) fail("storage '" + key + "' is referenced with two different sizes");
      if (storageDtypes_.at(key) != *dtype) fail("storage '" + key + "' is referenced with two different dtypes");
      s.storage = it->second;
    } else {
      if (!hooks_.loadStorage) fail("this pickle may not reference storages");
      s.storage = callHook([&] { return hooks_.loadStorage(key, nbytes); });
      if (s.storage.nbytes() != nbytes)
        fail("storage '" + key + "' holds " + std::to_string(s.storage.nbytes()) + " bytes, the pickle claims " +
             std::to_string(nbytes));
      storages_.emplace(key, s.storage);
      storageDtypes_.emplace(key, *dtype);
    }
    return s;
  }

  IValue rebuildTensor(std::vector<Item> args) {
    if (args.size() < 6 || args.size() > 7) fail("_rebuild_tensor_v2 takes 6 or 7 arguments");
    if (args[0].kind != Item::Kind::Storage) fail("_rebuild_tensor_v2's first argument must be a storage");
    int64_t offset = intArg(args[1], "the storage offset");
    std::vector<int64_t> sizes = intTuple(args[2], "the tensor's size");
    std::vector<int64_t> strides = intTuple(args[3], "the tensor's stride");
    if (args[4].kind != Item::Kind::Value || !args[4].value.isBool()) fail("requires_grad must be a bool");
    if (sizes.size() != strides.size())
      fail(str("the tensor has ", sizes.size(), " sizes but ", strides.size(), " strides"));
    if (sizes.size() > 64) fail("a tensor of more than 64 dimensions");
    if (offset < 0) fail("negative storage offset");
    // Highest element index the view reaches, in checked arithmetic.
    bool empty = false;
    __int128 last = offset;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] < 0) fail("negative size " + std::to_string(sizes[i]));
      if (strides[i] < 0) fail("negative stride " + std::to_string(strides[i]));
      if (sizes[i] == 0) empty = true;
    }
    int64_t numel = 1;
    for (int64_t s : sizes)
      if (__builtin_mul_overflow(numel, s, &numel)) fail("the tensor's element count overflows int64");
    if (!empty) {
      for (size_t i = 0; i < sizes.size(); ++i) {
        last += static_cast<__int128>(sizes[i] - 1) * strides[i];
        if (last > INT64_MAX) fail("the tensor's sizes and strides overflow int64");
      }
      if (last >= static_cast<__int128>(args[0].numel))
        fail(str("the tensor (offset ", offset, ", sizes ", sizes.size(), "-d) reaches element ",
                 static_cast<int64_t>(last), " of a storage of ", args[0].numel, " elements"));
    } else if (static_cast<uint64_t>(offset) > args[0].numel) {
      fail("the storage offset lies past the storage");
    }
    Tensor t = Tensor::fromStorage(args[0].storage, sizes, strides, offset, args[0].dtype);
    if (args[4].value.toBool()) {
      if (!isFloatingType(args[0].dtype)) fail("only floating-point tensors can require grad");
      t.setRequiresGrad(true);
    }
    return IValue(t);
  }

  TypePtr parseTag(const std::string& s) {
    try {
      return parseType(s, &tagClasses_);
    } catch (const CompileError& e) {
      fail("bad type tag '" + s + "': " + e.what());
    }
  }
  // Whether the value fits a type tag, element by element: a tag must not make a list of strings
  // a List[int] (PyTorch 1.13 retypes without looking; the value then misbehaves downstream).
  // Containers are checked by their items, since nested lists carry their own tags or none.
  static bool conforms(const IValue& v, const TypePtr& t, size_t depth = 0) {
    if (depth > 200) return false;
    switch (t->kind()) {
      case TypeKind::Any: return true;
      case TypeKind::Optional:
        return v.isNone() || conforms(v, t->cast<OptionalType>()->elementType(), depth + 1);
      case TypeKind::Union:
        for (const auto& m : t->containedTypes())
          if (conforms(v, m, depth + 1)) return true;
        return false;
      case TypeKind::Tensor: return v.isTensor();
      case TypeKind::Number: return v.isInt() || v.isDouble();
      case TypeKind::List:
        if (!v.isList()) return false;
        for (const auto& x : v.toListRef().items)
          if (!conforms(x, t->cast<ListType>()->elementType(), depth + 1)) return false;
        return true;
      case TypeKind::Dict: {
        if (!v.isDict()) return false;
        auto* dt = t->cast<DictType>();
        for (const auto& [k, x] : v.toDictRef().entries())
          if (!conforms(k, dt->keyType(), depth + 1) || !conforms(x, dt->valueType(), depth + 1)) return false;
        return true;
      }
      case TypeKind::Tuple: {
        if (!v.isTuple()) return false;
        const auto& want = t->cast<TupleType>()->elements();
        const auto& items = v.toTupleRef().items;
        if (items.size() != want.size()) return false;
        for (size_t i = 0; i < items.size(); ++i)
          if (!conforms(items[i], want[i], depth + 1)) return false;
        return true;
      }
      default: return v.type()->isSubtypeOf(*t);
    }
  }
  // Tags name annotation types: a tensor in a tag is plain `Tensor` (the IR's `Int` or
  // `Float(2, 3)` would claim a dtype or shape nothing checks).
  static bool hasTensorDetails(const TypePtr& t, size_t depth = 0) {
    if (depth > 200) return true;
    if (t->kind() == TypeKind::Tensor) return !t->equals(*TensorType::get());
    for (const auto& c : t->containedTypes())
      if (hasTensorDetails(c, depth + 1)) return true;
    return false;
  }
  IValue retype(IValue v, const TypePtr& t) {
    if (hasTensorDetails(t))
      fail("restore_type_tag: the tag " + t->annotationStr() + " names a tensor with a dtype or shape; tags name Tensor");
    if (!conforms(v, t)) fail("restore_type_tag: a " + t->annotationStr() + " tag on a value that is not one");
    if (auto* lt = t->cast<ListType>()) {
      v.toListRef().elementType = lt->elementType();
    } else if (auto* dt = t->cast<DictType>()) {
      v.toDictRef().keyType = dt->keyType();
      v.toDictRef().valueType = dt->valueType();
    }
    return v;
  }

  // GLOBAL '__torch__ Color', a member's value, REDUCE: the member of an enum class the archive's
  // code declared (registered by the importer, EnumRegistry.h) with that value.
  Item enumMember(const std::string& global, const IValue& value) {
    std::string q = global;
    std::replace(q.begin(), q.end(), ' ', '.');
    TypePtr t = findEnumType(q);
    if (!t || t->expect<EnumType>().members().empty())
      fail("REDUCE on '" + global + "' with a " + value.tagName() + ": no enum class " + q +
           " is declared in the archive's code/");
    const auto& e = t->expect<EnumType>();
    for (const auto& m : e.members()) {
      bool same = (value.isInt() && std::holds_alternative<int64_t>(m.value) && std::get<int64_t>(m.value) == value.toInt()) ||
                  (value.isDouble() && std::holds_alternative<double>(m.value) && std::get<double>(m.value) == value.toDouble()) ||
                  (value.isString() && std::holds_alternative<std::string>(m.value) &&
                   std::get<std::string>(m.value) == value.toStringRef());
      if (same) {
        Item out;
        out.value = makeEnum(t, m.name);
        return out;
      }
    }
    fail("REDUCE on '" + global + "': enum " + q + " has no member with this value");
  }

  Item reduce(Item fn, Item args) {
    if (fn.kind != Item::Kind::Global) fail(std::string("REDUCE on ") + describe(fn) + ", not a global");
    if (fn.name.rfind("__torch__", 0) == 0 && args.kind == Item::Kind::Value &&
        (args.value.isInt() || args.value.isDouble() || args.value.isString()))
      return enumMember(fn.name, args.value);
    auto xs = tupleItems(std::move(args), "REDUCE");
    const std::string& g = fn.name;
    Item out;
    if (g == "torch._utils _rebuild_tensor_v2") {
      out.value = rebuildTensor(std::move(xs));
    } else if (g == "collections OrderedDict") {
      if (!xs.empty()) fail("OrderedDict() takes no arguments here");
      out.value = track(makeDict(StringType::get(), AnyType::get()), 1);
    } else if (g == "torch device") {
      if (xs.size() != 1 || xs[0].kind != Item::Kind::Value || !xs[0].value.isString())
        fail("torch.device takes one str");
      try {
        out.value = IValue(Device::parse(xs[0].value.toStringRef()));
      } catch (const std::exception& e) {
        fail(std::string("bad device: ") + e.what());
      }
    } else if (g == "torch.jit._pickle restore_type_tag") {
      if (xs.size() != 2 || xs[1].kind != Item::Kind::Value || !xs[1].value.isString())
        fail("restore_type_tag takes a value and a type string");
      out.value = retype(asValue(std::move(xs[0]), "restore_type_tag"), parseTag(xs[1].value.toStringRef()));
    } else if (g.rfind("torch.jit._pickle build_", 0) == 0) {
      if (xs.size() != 1) fail(g + " takes one list");
      IValue l = asValue(std::move(xs[0]), g.c_str());
      if (!l.isList()) fail(g + " takes a list");
      TypePtr elem = g.ends_with("intlist")      ? IntType::get()
                     : g.ends_with("doublelist") ? FloatType::get()
                     : g.ends_with("boollist")   ? BoolType::get()
                     : g.ends_with("tensorlist") ? TensorType::get()
                                                 : AnyType::get();
      for (auto& x : l.toListRef().items) {
        bool okElem = elem == AnyType::get() || (elem == IntType::get() && x.isInt()) ||
                      (elem == FloatType::get() && x.isDouble()) || (elem == BoolType::get() && x.isBool()) ||
                      (elem == TensorType::get() && x.isTensor());
        if (!okElem) fail(g + ": an element of kind " + x.tagName());
      }
      l.toListRef().elementType = elem;
      out.value = l;
    } else {
      fail("REDUCE on '" + g + "', which cannot be called");
    }
    return out;
  }

  IValue loop();
  static const HeapObject* containerOf(const IValue& v) {
    if (v.isList()) return v.toList().get();
    if (v.isTuple()) return v.toTuple().get();
    if (v.isDict()) return v.toDict().get();
    if (v.isObject()) return v.toObject().get();
    return nullptr;
  }
  uint32_t depthOf(const IValue& v) const {
    const HeapObject* c = containerOf(v);
    if (!c) return 0;
    auto it = depth_.find(c);
    return it == depth_.end() ? 1 : it->second;
  }
  // The number of values in v's expansion (containers and leaves, each shared reference counted
  // again): what a walk over v costs (its type, a copy, a comparison). Without memo references
  // it is at most the pickle's length; shared references can double it per opcode (a tuple of
  // two references to the previous one, 40 times), so it is bounded by the pickle's length.
  uint64_t weightOf(const IValue& v) const {
    const HeapObject* c = containerOf(v);
    if (!c) return 1;
    auto it = weight_.find(c);
    return it == weight_.end() ? 1 : it->second;
  }
  uint64_t weigh(uint64_t w, const IValue& x) {
    const uint64_t limit = 4 * static_cast<uint64_t>(b_.size()) + 4096;
    w += weightOf(x);
    if (w > limit)
      fail("shared references expand a value to more than " + std::to_string(limit) +
           " items (4 per byte of the pickle, plus 4096)");
    return w;
  }
  IValue track(IValue v, uint32_t depth) {
    depth_[containerOf(v)] = depth;
    created_.push_back(v);
    return v;
  }
  // `x` goes inside `parent` (whose depth so far is `parentDepth`): seals x, returns the new depth.
  uint32_t nest(const IValue& x, const HeapObject* parent, uint32_t parentDepth) {
    const HeapObject* c = containerOf(x);
    if (!c) return std::max<uint32_t>(parentDepth, 1);
    if (c == parent) fail("a container cannot contain itself");
    uint32_t d = depthOf(x) + 1;
    if (d > kMaxDepth) fail("containers nested more than " + std::to_string(kMaxDepth) + " deep");
    sealed_.insert(c);
    return std::max(parentDepth, d);
  }
  void checkMutable(const IValue& target, const char* op) {
    if (sealed_.count(containerOf(target)))
      fail(std::string(op) + " on a container that is already inside another one (pickles never do that; it "
                             "could build cycles)");
  }

  std::string_view b_;
  const UnpickleHooks& hooks_;
  const std::string& file_;
  const std::string& member_;
  size_t pos_ = 0;
  size_t opStart_ = 0;
  std::vector<Item> stack_;
  std::vector<size_t> marks_;
  std::unordered_map<uint64_t, Item> memo_;
  std::map<std::string, Storage> storages_;
  std::map<std::string, ScalarType> storageDtypes_;
  std::unordered_set<Object*> built_;
  std::unordered_map<const HeapObject*, uint32_t> depth_;
  std::unordered_map<const HeapObject*, uint64_t> weight_;  // see weightOf
  std::unordered_set<const HeapObject*> sealed_;
  std::vector<IValue> created_;  // keeps every container alive (and its address unique) until the end
  ClassRegistry tagClasses_;
};

IValue Unpickler::loop() {
  for (;;) {
    opStart_ = pos_;
    if (pos_ >= b_.size()) fail("truncated: the pickle ends without STOP");
    unsigned char op = static_cast<unsigned char>(b_[pos_++]);
    switch (op) {
      case 0x80: {  // PROTO
        uint64_t v = le(1);
        if (v > 5) fail("unsupported pickle protocol " + std::to_string(v));
        break;
      }
      case 0x95: le(8); break;  // FRAME: a length hint, nothing to do
      case '.': {               // STOP
        if (!marks_.empty()) fail("STOP with an open MARK");
        if (stack_.size() != 1) fail("STOP with " + std::to_string(stack_.size()) + " items on the stack (expected 1)");
        Item it = pop();
        if (it.kind == Item::Kind::PendingObject && built_.count(it.pending.get())) return IValue(it.pending);
        return asValue(std::move(it), "the pickle's result");
      }
      case '(':  // MARK
        if (marks_.size() >= kMaxDepth) fail("more than " + std::to_string(kMaxDepth) + " open MARKs");
        marks_.push_back(stack_.size());
        break;
      case ')': pushValue(track(tsjit::makeTuple({}), 1)); break;
      case 't': push(makeTuple(popToMark())); break;
      case 0x85: { Item a = pop(); std::vector<Item> v; v.push_back(std::move(a)); push(makeTuple(std::move(v))); break; }
      case 0x86: {
        Item b2 = pop(), a = pop();
        std::vector<Item> v;
        v.push_back(std::move(a));
        v.push_back(std::move(b2));
        push(makeTuple(std::move(v)));
        break;
      }
      case 0x87: {
        Item c = pop(), b2 = pop(), a = pop();
        std::vector<Item> v;
        v.push_back(std::move(a));
        v.push_back(std::move(b2));
        v.push_back(std::move(c));
        push(makeTuple(std::move(v)));
        break;
      }
      case ']': pushValue(track(makeList(AnyType::get(), {}), 1)); break;
      case 'l': {  // LIST
        Item l;
        l.value = track(makeList(AnyType::get(), {}), 1);
        appendTo(l, popToMark());
        push(std::move(l));
        break;
      }
      case '}': pushValue(track(makeDict(AnyType::get(), AnyType::get()), 1)); break;
      case 'a': {  // APPEND
        Item x = pop();
        std::vector<Item> xs;
        xs.push_back(std::move(x));
        appendTo(top(), std::move(xs));
        break;
      }
      case 'e': {  // APPENDS
        auto xs = popToMark();
        appendTo(top(), std::move(xs));
        break;
      }
      case 's': {  // SETITEM
        Item v = pop(), k = pop();
        std::vector<Item> kv;
        kv.push_back(std::move(k));
        kv.push_back(std::move(v));
        setItems(top(), std::move(kv));
        break;
      }
      case 'u': {  // SETITEMS
        auto kv = popToMark();
        setItems(top(), std::move(kv));
        break;
      }
      case 'N': pushValue(IValue()); break;
      case 0x88: pushValue(IValue(true)); break;
      case 0x89: pushValue(IValue(false)); break;
      case 'K': pushValue(IValue(static_cast<int64_t>(le(1)))); break;
      case 'M': pushValue(IValue(static_cast<int64_t>(le(2)))); break;
      case 'J': pushValue(IValue(static_cast<int64_t>(static_cast<int32_t>(le(4))))); break;
      case 0x8a: {  // LONG1
        uint64_t n = le(1);
        if (n > 8) fail("an integer of " + std::to_string(n) + " bytes does not fit int64");
        uint64_t v = n ? le(n) : 0;
        if (n > 0 && n < 8 && (v >> (8 * n - 1)) & 1) v |= ~uint64_t(0) << (8 * n);  // sign-extend
        pushValue(IValue(static_cast<int64_t>(v)));
        break;
      }
      case 'G': {  // BINFLOAT, big-endian
        need(8);
        uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = (bits << 8) | static_cast<unsigned char>(b_[pos_ + i]);
        pos_ += 8;
        double d;
        std::memcpy(&d, &bits, 8);
        pushValue(IValue(d));
        break;
      }
      case 'X': pushValue(IValue(bytes(le(4)))); break;
      case 0x8c: pushValue(IValue(bytes(le(1)))); break;
      case 0x8d: pushValue(IValue(bytes(le(8)))); break;
      case 'q': memo_[le(1)] = top(); break;
      case 'r': memo_[le(4)] = top(); break;
      case 0x94: memo_[memo_.size()] = top(); break;  // MEMOIZE
      case 'h':
      case 'j': {
        uint64_t idx = le(op == 'h' ? 1 : 4);
        auto it = memo_.find(idx);
        if (it == memo_.end()) fail("memo index " + std::to_string(idx) + " was never set");
        Item copy = it->second;
        if (copy.kind == Item::Kind::PendingObject && built_.count(copy.pending.get())) {
          copy.kind = Item::Kind::Value;
          copy.value = IValue(copy.pending);
          copy.pending = {};
        }
        push(std::move(copy));
        break;
      }
      case 'c': {  // GLOBAL
        std::string module = line();
        std::string name = line();
        push(global(module, name));
        break;
      }
      case 'Q': push(persistentLoad(pop())); break;  // BINPERSID
      case 'R': {  // REDUCE
        Item args = pop(), fn = pop();
        push(reduce(std::move(fn), std::move(args)));
        break;
      }
      case 0x81: {  // NEWOBJ
        Item args = pop(), cls = pop();
        if (cls.kind != Item::Kind::Global || cls.name.rfind("__torch__", 0) != 0)
          fail(std::string("NEWOBJ on ") + (cls.kind == Item::Kind::Global ? "'" + cls.name + "'" : describe(cls)) +
               " (only __torch__ classes can be instantiated)");
        if (!tupleItems(std::move(args), "NEWOBJ").empty()) fail("NEWOBJ with constructor arguments");
        if (!hooks_.buildObject) fail("this pickle may not hold objects");
        Item o;
        o.kind = Item::Kind::PendingObject;
        std::string q = cls.name;
        std::replace(q.begin(), q.end(), ' ', '.');
        o.name = q;
        o.pending = Ref<Object>::make(ClassType::create(q), 0);
        push(std::move(o));
        break;
      }
      case 'b': {  // BUILD
        Item state = pop();
        Item& target = top();
        if (target.kind != Item::Kind::PendingObject || built_.count(target.pending.get()))
          fail(std::string("BUILD applied to ") +
               (target.kind == Item::Kind::Value ? target.value.tagName() : describe(target)) +
               ", not a freshly created object");
        IValue stateValue = asValue(std::move(state), "BUILD's state");
        uint32_t d = nest(stateValue, target.pending.get(), 1);
        const uint64_t w = weigh(1, stateValue);  // before the hook walks the state
        IValue built = callHook([&] { return hooks_.buildObject(target.name, std::move(stateValue)); });
        if (!built.isObject()) fail("BUILD of " + target.name + " did not give an object");
        Object& src = built.toObjectRef();
        target.pending->type = src.type;
        target.pending->slots = std::move(src.slots);
        built_.insert(target.pending.get());
        Ref<Object> obj = target.pending;
        target = Item{};
        target.value = track(IValue(obj), d);
        weight_[containerOf(target.value)] = w;
        break;
      }
      default: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", op);
        fail(std::string("unsupported pickle opcode ") + hex);
      }
    }
  }
}

}  // namespace

IValue unpickle(std::string_view bytes, const UnpickleHooks& hooks, const std::string& file, const std::string& member) {
  Unpickler u(bytes, hooks, file, member);
  return u.run();
}

namespace {
struct StorageName {
  ScalarType dtype;
  const char* name;
};
constexpr StorageName kStorageNames[] = {
    {ScalarType::Float, "FloatStorage"},   {ScalarType::Double, "DoubleStorage"},  {ScalarType::Half, "HalfStorage"},
    {ScalarType::BFloat16, "BFloat16Storage"}, {ScalarType::Int64, "LongStorage"}, {ScalarType::Int32, "IntStorage"},
    {ScalarType::Int16, "ShortStorage"},   {ScalarType::Int8, "CharStorage"},      {ScalarType::UInt8, "ByteStorage"},
    {ScalarType::Bool, "BoolStorage"},
};
}  // namespace

std::string storageClassName(ScalarType dtype) {
  for (const auto& s : kStorageNames)
    if (s.dtype == dtype) return s.name;
  throw InternalError("no storage class for this dtype", __FILE__, __LINE__);
}

std::optional<ScalarType> dtypeOfStorageClass(std::string_view name) {
  for (const auto& s : kStorageNames)
    if (name == s.name) return s.dtype;
  return std::nullopt;
}

}  // namespace tsjit::serialization
