// Pickler.cpp — protocol-2 pickles in PyTorch 1.13's dialect (Pickle.h). Strings and globals are
// memoized by value, tensors, containers and objects by identity (a second reference is a BINGET),
// so the output depends only on the value graph. Storages get keys "0", "1", ... in the order they
// are first reached.
#include <cstring>
#include <map>
#include <unordered_map>

#include "jit/serialization/Pickle.h"

namespace tsjit::serialization {

namespace {

class Pickler {
 public:
  explicit Pickler(const PickleOptions& options) : options_(options) {}

  PickleOutput run(const IValue& v) {
    op(0x80);
    out_.push_back(2);
    push(v, 0);
    op('.');
    PickleOutput r;
    r.bytes = std::move(out_);
    r.storages = std::move(storages_);
    return r;
  }

 private:
  void op(unsigned char c) { out_.push_back(static_cast<char>(c)); }
  void le(uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  }
  void put() {
    uint32_t idx = nextMemo_++;
    if (idx < 256) {
      op('q');
      le(idx, 1);
    } else {
      op('r');
      le(idx, 4);
    }
  }
  void get(uint32_t idx) {
    if (idx < 256) {
      op('h');
      le(idx, 1);
    } else {
      op('j');
      le(idx, 4);
    }
  }
  void pushInt(int64_t v) {
    if (v >= 0 && v < 256) {
      op('K');
      le(static_cast<uint64_t>(v), 1);
    } else if (v >= 0 && v < 65536) {
      op('M');
      le(static_cast<uint64_t>(v), 2);
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
      op('J');
      le(static_cast<uint64_t>(static_cast<uint32_t>(static_cast<int32_t>(v))), 4);
    } else {
      op(0x8a);
      le(8, 1);
      le(static_cast<uint64_t>(v), 8);
    }
  }
  void pushString(const std::string& s) {
    if (auto it = strings_.find(s); it != strings_.end()) return get(it->second);
    op('X');
    TSJIT_CHECK(s.size() <= UINT32_MAX, "string too long to pickle");
    le(s.size(), 4);
    out_ += s;
    strings_[s] = nextMemo_;
    put();
  }
  void pushGlobal(const std::string& module, const std::string& name) {
    std::string key = module + "\n" + name;
    if (auto it = globals_.find(key); it != globals_.end()) return get(it->second);
    op('c');
    out_ += module + "\n" + name + "\n";
    globals_[key] = nextMemo_;
    put();
  }
  void pushFloat(double d) {
    op('G');
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    for (int i = 7; i >= 0; --i) out_.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
  }

  // Heap values: a second reference is a BINGET of the first.
  bool memoized(const void* p) {
    if (auto it = byPointer_.find(p); it != byPointer_.end()) {
      get(it->second);
      return true;
    }
    return false;
  }
  void remember(const void* p) {
    byPointer_[p] = nextMemo_;
    put();
  }

  void pushTensor(const Tensor& t) {
    TSJIT_CHECK(t.defined(), "cannot pickle an undefined tensor");
    const StorageImpl* si = t.storage().impl();
    ScalarType dtype = t.dtype();
    std::string key;
    if (auto it = storageKeys_.find(si); it != storageKeys_.end()) {
      TSJIT_CHECK(it->second.second == dtype, "two tensors of different dtypes share a storage");
      key = it->second.first;
    } else {
      key = std::to_string(storages_.size());
      storageKeys_[si] = {key, dtype};
      storages_.push_back(t.storage());
    }
    pushGlobal("torch._utils", "_rebuild_tensor_v2");
    op('(');
    op('(');
    pushString("storage");
    pushGlobal("torch", storageClassName(dtype));
    pushString(key);
    pushString(t.device().str());
    pushInt(static_cast<int64_t>(t.storage().nbytes() / elementSize(dtype)));
    op('t');
    op('Q');
    put();
    pushInt(t.storageOffset());
    op('(');
    for (int64_t s : t.sizes()) pushInt(s);
    op('t');
    op('(');
    for (int64_t s : t.strides()) pushInt(s);
    op('t');
    op(t.requiresGrad() ? 0x88 : 0x89);
    pushGlobal("collections", "OrderedDict");
    op(')');
    op('R');
    op('t');
    op('R');
  }

  static const char* specializedList(const TypePtr& elem) {
    if (!elem) return nullptr;
    if (elem->kind() == TypeKind::Int) return "build_intlist";
    if (elem->kind() == TypeKind::Float) return "build_doublelist";
    if (elem->kind() == TypeKind::Bool) return "build_boollist";
    if (elem->kind() == TypeKind::Tensor) return "build_tensorlist";
    return nullptr;
  }

  void push(const IValue& v, size_t depth) {
    TSJIT_CHECK(depth < kMaxDepth, "value nested too deeply to pickle");
    switch (v.tag()) {
      case IValue::Tag::None: op('N'); return;
      case IValue::Tag::Bool: op(v.toBool() ? 0x88 : 0x89); return;
      case IValue::Tag::Int: pushInt(v.toInt()); return;
      case IValue::Tag::Double: pushFloat(v.toDouble()); return;
      case IValue::Tag::String: pushString(v.toStringRef()); return;
      case IValue::Tag::Device:
        pushGlobal("torch", "device");
        pushString(v.toDevice().str());
        op(0x85);
        op('R');
        return;
      case IValue::Tag::Enum: {  // as 1.13: GLOBAL '__torch__ Color', the member's value, REDUCE
        const EnumObj& e = v.toEnumRef();
        const std::string& q = e.type->qualifiedName();
        size_t dot = q.rfind('.');
        TSJIT_CHECK(dot != std::string::npos && q.rfind("__torch__", 0) == 0, "cannot pickle a member of enum " + q);
        pushGlobal(q.substr(0, dot), q.substr(dot + 1));
        push(e.value(), depth + 1);
        op('R');
        return;
      }
      case IValue::Tag::Tensor: {
        Tensor t = v.toTensor();
        if (memoized(t.unsafeImpl())) return;
        pushTensor(t);
        remember(t.unsafeImpl());
        return;
      }
      case IValue::Tag::Tuple: {
        const void* p = v.toTuple().get();
        if (memoized(p)) return;
        const auto& xs = v.toTupleRef().items;
        if (xs.empty()) {
          op(')');
        } else if (xs.size() <= 3) {
          for (const auto& x : xs) push(x, depth + 1);
          op(static_cast<unsigned char>(0x84 + xs.size()));
        } else {
          op('(');
          for (const auto& x : xs) push(x, depth + 1);
          op('t');
        }
        remember(p);
        return;
      }
      case IValue::Tag::List: {
        const void* p = v.toList().get();
        if (memoized(p)) return;
        const ListObj& l = v.toListRef();
        if (const char* fn = specializedList(l.elementType)) {
          pushGlobal("torch.jit._pickle", fn);
          op('(');
          op(']');
          op('(');
          for (const auto& x : l.items) push(x, depth + 1);
          op('e');
          op('t');
          op('R');
        } else {
          pushGlobal("torch.jit._pickle", "restore_type_tag");
          op(']');
          op('(');
          for (const auto& x : l.items) push(x, depth + 1);
          op('e');
          pushString(ListType::create(l.elementType ? l.elementType : AnyType::get())->annotationStr());
          op(0x86);
          op('R');
        }
        remember(p);
        return;
      }
      case IValue::Tag::Dict: {
        const void* p = v.toDict().get();
        if (memoized(p)) return;
        const DictObj& d = v.toDictRef();
        pushGlobal("torch.jit._pickle", "restore_type_tag");
        op('}');
        op('(');
        for (const auto& [k, x] : d.entries()) {
          push(k, depth + 1);
          push(x, depth + 1);
        }
        op('u');
        pushString(DictType::create(d.keyType, d.valueType)->annotationStr());
        op(0x86);
        op('R');
        remember(p);
        return;
      }
      case IValue::Tag::Object: {
        const void* p = v.toObject().get();
        if (memoized(p)) return;
        const Object& o = v.toObjectRef();
        const std::string& q = o.type->qualifiedName();
        size_t dot = q.rfind('.');
        TSJIT_CHECK(dot != std::string::npos && q.rfind("__torch__", 0) == 0, "cannot pickle an object of class " + q);
        pushGlobal(q.substr(0, dot), q.substr(dot + 1));
        op(')');
        op(0x81);
        IValue state;
        if (options_.objectState) {
          state = options_.objectState(v.toObject());
        } else {
          state = makeDict(StringType::get(), AnyType::get());
          for (size_t i = 0; i < o.type->attributes().size() && i < o.slots.size(); ++i)
            state.toDictRef().insertOrAssign(IValue(o.type->attributes()[i].name), o.slots[i]);
        }
        // An attribute dict is written plain (no type tag), as PyTorch does; what a class's
        // __getstate__ returned is pickled like any value (a dict with its type tag).
        bool getState = o.type->findMethod("__getstate__") && o.type->findMethod("__setstate__");
        if (state.isDict() && !getState) {
          op('}');
          op('(');
          for (const auto& [k, x] : state.toDictRef().entries()) {
            push(k, depth + 1);
            push(x, depth + 1);
          }
          op('u');
        } else {
          push(state, depth + 1);
        }
        op('b');
        remember(p);
        return;
      }
      default:
        TSJIT_CHECK(false, std::string("cannot pickle a value of kind ") + v.tagName());
    }
  }

  const PickleOptions& options_;
  std::string out_;
  uint32_t nextMemo_ = 0;
  std::unordered_map<std::string, uint32_t> strings_, globals_;
  std::unordered_map<const void*, uint32_t> byPointer_;
  std::unordered_map<const StorageImpl*, std::pair<std::string, ScalarType>> storageKeys_;
  std::vector<Storage> storages_;
};

}  // namespace

PickleOutput pickle(const IValue& value, const PickleOptions& options) {
  Pickler p(options);
  return p.run(value);
}

}  // namespace tsjit::serialization
