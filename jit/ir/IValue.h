// IValue.h — the runtime value of TorchScript: a 16-byte tagged union.
//
// Scalars (None, int, float, bool, Device) live inline. Everything else is a reference-counted
// heap object behind one pointer: Tensor (its TensorImpl), str, List, Tuple, Dict, Object (module
// and class instances), Future, and complex (two doubles do not fit the payload; immutable).
// Copying an IValue copies the reference, so containers have reference semantics: an append
// through one IValue is seen through every copy (as in Python).
// Only isX() / toX() accessors: toX() on the wrong tag throws InternalError naming both tags.
// Invariants: sizeof(IValue) == 16; a heap tag always has a non-null pointer holding one reference.
#pragma once

#include <atomic>
#include <complex>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "jit/ir/Type.h"
#include "jit/tensor/Device.h"
#include "jit/tensor/Tensor.h"

namespace tsjit {

class IValue;
using Stack = std::vector<IValue>;

// Base of every reference-counted heap value except tensors (which count in TensorImpl).
struct HeapObject {
  mutable std::atomic<int32_t> refcount{0};
  virtual ~HeapObject() = default;
};

// Intrusive pointer to a HeapObject subclass.
template <typename T>
class Ref {
 public:
  Ref() = default;
  explicit Ref(T* p) : p_(p) {
    if (p_) p_->refcount.fetch_add(1, std::memory_order_relaxed);
  }
  Ref(const Ref& o) : Ref(o.p_) {}
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() { reset(); }
  void reset() {
    if (p_ && p_->refcount.fetch_sub(1, std::memory_order_acq_rel) == 1) delete p_;
    p_ = nullptr;
  }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  T* release() { return std::exchange(p_, nullptr); }
  template <typename... Args>
  static Ref make(Args&&... args) {
    return Ref(new T(std::forward<Args>(args)...));
  }

 private:
  T* p_ = nullptr;
};

struct StringObj;
struct ListObj;
struct TupleObj;
struct DictObj;
struct Object;
struct FutureObj;
struct EnumObj;

class IValue {
 public:
  enum class Tag : uint8_t {
    None, Tensor, Double, Int, Bool, Device, String, List, Tuple, Dict, Object, Future,
    Enum,           // a member of an enum.Enum class (EnumObj)
    Function,       // a free function referenced by prim::Constant of type Function (not owned)
    Uninitialized,  // prim::Uninitialized: a value that must never be read
    Complex,        // a Python complex (ComplexObj, immutable)
  };

  IValue() : tag_(Tag::None) { payload_.i = 0; }
  IValue(const IValue& o);
  IValue(IValue&& o) noexcept : payload_(o.payload_), tag_(o.tag_) { o.tag_ = Tag::None; }
  IValue& operator=(IValue o) noexcept {
    swap(o);
    return *this;
  }
  ~IValue() { destroy(); }
  void swap(IValue& o) noexcept {
    std::swap(payload_, o.payload_);
    std::swap(tag_, o.tag_);
  }

  // ---- construction --------------------------------------------------------------------------
  IValue(Tensor t);
  IValue(double d) : tag_(Tag::Double) { payload_.d = d; }
  IValue(int64_t i) : tag_(Tag::Int) { payload_.i = i; }
  IValue(int i) : IValue(static_cast<int64_t>(i)) {}
  IValue(bool b) : tag_(Tag::Bool) { payload_.b = b; }
  IValue(Device d);
  IValue(std::string s);
  IValue(const char* s) : IValue(std::string(s)) {}
  IValue(Ref<StringObj> s);
  IValue(Ref<ListObj> l);
  IValue(Ref<TupleObj> t);
  IValue(Ref<DictObj> d);
  IValue(Ref<Object> o);
  IValue(Ref<FutureObj> f);
  IValue(Ref<EnumObj> e);
  IValue(std::complex<double> c);
  static IValue fromFunction(Function* f);
  static IValue uninitialized();

  // ---- inspection ----------------------------------------------------------------------------
  Tag tag() const { return tag_; }
  const char* tagName() const { return tagName(tag_); }
  static const char* tagName(Tag t);
  bool isNone() const { return tag_ == Tag::None; }
  bool isTensor() const { return tag_ == Tag::Tensor; }
  bool isDouble() const { return tag_ == Tag::Double; }
  bool isInt() const { return tag_ == Tag::Int; }
  bool isBool() const { return tag_ == Tag::Bool; }
  bool isDevice() const { return tag_ == Tag::Device; }
  bool isString() const { return tag_ == Tag::String; }
  bool isList() const { return tag_ == Tag::List; }
  bool isTuple() const { return tag_ == Tag::Tuple; }
  bool isDict() const { return tag_ == Tag::Dict; }
  bool isObject() const { return tag_ == Tag::Object; }
  bool isFuture() const { return tag_ == Tag::Future; }
  bool isEnum() const { return tag_ == Tag::Enum; }
  bool isFunction() const { return tag_ == Tag::Function; }
  bool isUninitialized() const { return tag_ == Tag::Uninitialized; }
  bool isComplex() const { return tag_ == Tag::Complex; }
  bool isScalar() const { return isInt() || isDouble() || isBool(); }
  bool isHeap() const { return (tag_ >= Tag::String && tag_ <= Tag::Enum) || tag_ == Tag::Complex; }

  // ---- access (throw InternalError on a tag mismatch) -----------------------------------------
  Tensor toTensor() const;
  double toDouble() const;
  int64_t toInt() const;
  bool toBool() const;
  Device toDevice() const;
  const std::string& toStringRef() const;
  Ref<StringObj> toStringObj() const;
  Ref<ListObj> toList() const;
  ListObj& toListRef() const;
  Ref<TupleObj> toTuple() const;
  TupleObj& toTupleRef() const;
  Ref<DictObj> toDict() const;
  DictObj& toDictRef() const;
  Ref<Object> toObject() const;
  Object& toObjectRef() const;
  Ref<FutureObj> toFuture() const;
  const EnumObj& toEnumRef() const;
  Function* toFunction() const;
  std::complex<double> toComplex() const;
  // int, float or bool as double (for Scalar arguments).
  double toScalarAsDouble() const;

  // Python `is`: same object for heap values and tensors; equal value for inline scalars and None.
  bool isSameIdentity(const IValue& other) const;
  // The runtime type of the value (List/Dict carry their static element types).
  TypePtr type() const;

 private:
  void destroy() noexcept;
  [[noreturn]] void tagMismatch(Tag expected) const;
  HeapObject* heap() const { return payload_.obj; }

  union Payload {
    int64_t i;
    double d;
    bool b;
    HeapObject* obj;
    TensorImpl* tensor;
    Function* function;
    struct {
      int32_t index;
      int8_t type;
    } device;
  } payload_;
  Tag tag_;
};

static_assert(sizeof(IValue) == 16, "IValue must stay a 16-byte tagged union");

struct ComplexObj : HeapObject {
  explicit ComplexObj(std::complex<double> c) : value(c) {}
  const std::complex<double> value;
};

struct StringObj : HeapObject {
  explicit StringObj(std::string s) : value(std::move(s)) {}
  std::string value;
};

struct ListObj : HeapObject {
  ListObj(TypePtr elem, std::vector<IValue> items = {}) : elementType(std::move(elem)), items(std::move(items)) {}
  TypePtr elementType;
  std::vector<IValue> items;
};

struct TupleObj : HeapObject {
  explicit TupleObj(std::vector<IValue> items) : items(std::move(items)) {}
  std::vector<IValue> items;
};

// Hash and equality for dict keys (str, int, float, bool, Tensor by identity, Device).
struct IValueKeyHash {
  size_t operator()(const IValue& v) const;
};
struct IValueKeyEqual {
  bool operator()(const IValue& a, const IValue& b) const;
};

// Insertion-ordered dictionary: iteration follows insertion order (TorchScript preserves it).
struct DictObj : HeapObject {
  DictObj(TypePtr key, TypePtr value) : keyType(std::move(key)), valueType(std::move(value)) {}
  TypePtr keyType;
  TypePtr valueType;

  size_t size() const { return entries_.size(); }
  const std::vector<std::pair<IValue, IValue>>& entries() const { return entries_; }
  const IValue* find(const IValue& key) const;
  // Inserts or overwrites (keeping the original position, like Python).
  void insertOrAssign(IValue key, IValue value);
  bool erase(const IValue& key);
  void clear();

 private:
  std::vector<std::pair<IValue, IValue>> entries_;
  std::unordered_map<IValue, size_t, IValueKeyHash, IValueKeyEqual> index_;
};

// An instance of a ClassType (a module or a user class): one slot per attribute.
struct Object : HeapObject {
  Object(std::shared_ptr<const ClassType> type, size_t numSlots) : type(std::move(type)), slots(numSlots) {}
  std::shared_ptr<const ClassType> type;
  std::vector<IValue> slots;
  const IValue& attr(std::string_view name) const;
  void setAttr(std::string_view name, IValue v);
};

// The result of torch.jit.fork: completed once, with a value or an error, by whoever runs its task.
// A fork's task is claimed exactly once: by a pool worker, or by the first wait() that finds it
// not yet started (which then runs it inline, so waiting never deadlocks on a busy pool).
// Thread-safe.
struct FutureObj : HeapObject {
  explicit FutureObj(TypePtr elem) : elementType(std::move(elem)) {}
  TypePtr elementType;

  void complete(IValue v);
  void completeWithError(std::exception_ptr e);
  // Sets the task that computes the value (before the future is shared).
  void setTask(std::function<void()> task);
  // Runs the task here if nobody has claimed it yet; returns whether it ran.
  bool runTaskIfUnclaimed();
  bool completed() const;
  // Blocks until completed (running an unclaimed task inline); rethrows the task's error.
  IValue wait();

 private:
  mutable std::mutex mutex_;
  std::condition_variable done_;
  bool completed_ = false;
  std::optional<IValue> value_;
  std::exception_ptr error_;
  std::function<void()> task_;  // empty once claimed
};

// A member of an enum class: its type and its index in the type's members (name and value).
// Equality (aten::eq.enum, dict keys) is the same class and the same member, as in 1.13.
struct EnumObj : HeapObject {
  EnumObj(std::shared_ptr<const EnumType> type, size_t index) : type(std::move(type)), index(index) {}
  std::shared_ptr<const EnumType> type;
  size_t index;
  const std::string& name() const { return type->members()[index].name; }
  IValue value() const;  // int, float or str
  bool operator==(const EnumObj& o) const { return index == o.index && type->equals(*o.type); }
};

// Convenience constructors.
IValue makeList(TypePtr elementType, std::vector<IValue> items);
IValue makeTuple(std::vector<IValue> items);
IValue makeDict(TypePtr keyType, TypePtr valueType);
// The member `name` of enum type `enumType` (an EnumType); throws InternalError if it has none.
IValue makeEnum(const TypePtr& enumType, std::string_view name);

// Debug rendering (not Python's str(); the kernels own that): 3, 1.5, True, "s", [1, 2], (a, b).
std::ostream& operator<<(std::ostream& os, const IValue& v);

}  // namespace tsjit
