// IValue.cpp — reference counting, accessors, runtime types, dict keys and debug printing.
#include "jit/ir/IValue.h"

#include <cmath>
#include <functional>

#include "jit/ir/Function.h"
#include "jit/support/Error.h"

namespace tsjit {

// ---- lifetime ----------------------------------------------------------------------------------

IValue::IValue(const IValue& o) : payload_(o.payload_), tag_(o.tag_) {
  if (tag_ == Tag::Tensor) {
    Tensor::incref(payload_.tensor);
  } else if (isHeap()) {
    payload_.obj->refcount.fetch_add(1, std::memory_order_relaxed);
  }
}

void IValue::destroy() noexcept {
  if (tag_ == Tag::Tensor) {
    Tensor::decref(payload_.tensor);
  } else if (isHeap()) {
    if (payload_.obj->refcount.fetch_sub(1, std::memory_order_acq_rel) == 1) delete payload_.obj;
  }
  tag_ = Tag::None;
}

IValue::IValue(Tensor t) {
  if (!t.defined()) {
    tag_ = Tag::None;
    payload_.i = 0;
    return;
  }
  tag_ = Tag::Tensor;
  payload_.tensor = t.release();
}

IValue::IValue(Device d) : tag_(Tag::Device) {
  payload_.i = 0;
  payload_.device.index = d.index;
  payload_.device.type = static_cast<int8_t>(d.type);
}

template <typename T>
static HeapObject* adoptHeap(Ref<T> r) {
  TSJIT_CHECK(r, "null heap object in IValue");
  T* p = r.release();
  return p;  // the reference Ref held is now the IValue's
}

IValue::IValue(std::string s) : IValue(Ref<StringObj>::make(std::move(s))) {}
IValue::IValue(Ref<StringObj> s) : tag_(Tag::String) { payload_.obj = adoptHeap(std::move(s)); }
IValue::IValue(Ref<ListObj> l) : tag_(Tag::List) { payload_.obj = adoptHeap(std::move(l)); }
IValue::IValue(Ref<TupleObj> t) : tag_(Tag::Tuple) { payload_.obj = adoptHeap(std::move(t)); }
IValue::IValue(Ref<DictObj> d) : tag_(Tag::Dict) { payload_.obj = adoptHeap(std::move(d)); }
IValue::IValue(Ref<Object> o) : tag_(Tag::Object) { payload_.obj = adoptHeap(std::move(o)); }
IValue::IValue(Ref<FutureObj> f) : tag_(Tag::Future) { payload_.obj = adoptHeap(std::move(f)); }
IValue::IValue(Ref<EnumObj> e) : tag_(Tag::Enum) { payload_.obj = adoptHeap(std::move(e)); }
IValue::IValue(std::complex<double> c) : tag_(Tag::Complex) { payload_.obj = adoptHeap(Ref<ComplexObj>::make(c)); }

IValue IValue::fromFunction(Function* f) {
  IValue v;
  v.tag_ = Tag::Function;
  v.payload_.function = f;
  return v;
}

IValue IValue::uninitialized() {
  IValue v;
  v.tag_ = Tag::Uninitialized;
  return v;
}

// ---- access ------------------------------------------------------------------------------------

const char* IValue::tagName(Tag t) {
  switch (t) {
    case Tag::None: return "None";
    case Tag::Tensor: return "Tensor";
    case Tag::Double: return "float";
    case Tag::Int: return "int";
    case Tag::Bool: return "bool";
    case Tag::Device: return "Device";
    case Tag::String: return "str";
    case Tag::List: return "List";
    case Tag::Tuple: return "Tuple";
    case Tag::Dict: return "Dict";
    case Tag::Object: return "Object";
    case Tag::Future: return "Future";
    case Tag::Enum: return "Enum";
    case Tag::Function: return "Function";
    case Tag::Uninitialized: return "Uninitialized";
    case Tag::Complex: return "complex";
  }
  return "?";
}

void IValue::tagMismatch(Tag expected) const {
  throw InternalError(str("expected an IValue holding ", tagName(expected), " but it holds ", tagName()), __FILE__,
                      __LINE__);
}

Tensor IValue::toTensor() const {
  if (tag_ != Tag::Tensor) tagMismatch(Tag::Tensor);
  Tensor::incref(payload_.tensor);
  return Tensor::reclaim(payload_.tensor);
}
double IValue::toDouble() const {
  if (tag_ != Tag::Double) tagMismatch(Tag::Double);
  return payload_.d;
}
int64_t IValue::toInt() const {
  if (tag_ != Tag::Int) tagMismatch(Tag::Int);
  return payload_.i;
}
bool IValue::toBool() const {
  if (tag_ != Tag::Bool) tagMismatch(Tag::Bool);
  return payload_.b;
}
Device IValue::toDevice() const {
  if (tag_ != Tag::Device) tagMismatch(Tag::Device);
  return Device(static_cast<DeviceType>(payload_.device.type), payload_.device.index);
}
const std::string& IValue::toStringRef() const {
  if (tag_ != Tag::String) tagMismatch(Tag::String);
  return static_cast<StringObj*>(heap())->value;
}
Ref<StringObj> IValue::toStringObj() const {
  if (tag_ != Tag::String) tagMismatch(Tag::String);
  return Ref<StringObj>(static_cast<StringObj*>(heap()));
}

#define TSJIT_HEAP_ACCESS(Obj, TagName, toRefName, toName)        \
  Ref<Obj> IValue::toName() const {                               \
    if (tag_ != Tag::TagName) tagMismatch(Tag::TagName);          \
    return Ref<Obj>(static_cast<Obj*>(heap()));                   \
  }                                                               \
  Obj& IValue::toRefName() const {                                \
    if (tag_ != Tag::TagName) tagMismatch(Tag::TagName);          \
    return *static_cast<Obj*>(heap());                            \
  }
TSJIT_HEAP_ACCESS(ListObj, List, toListRef, toList)
TSJIT_HEAP_ACCESS(TupleObj, Tuple, toTupleRef, toTuple)
TSJIT_HEAP_ACCESS(DictObj, Dict, toDictRef, toDict)
TSJIT_HEAP_ACCESS(Object, Object, toObjectRef, toObject)
#undef TSJIT_HEAP_ACCESS

Ref<FutureObj> IValue::toFuture() const {
  if (tag_ != Tag::Future) tagMismatch(Tag::Future);
  return Ref<FutureObj>(static_cast<FutureObj*>(heap()));
}

const EnumObj& IValue::toEnumRef() const {
  if (tag_ != Tag::Enum) tagMismatch(Tag::Enum);
  return *static_cast<EnumObj*>(heap());
}

IValue makeEnum(const TypePtr& enumType, std::string_view name) {
  auto type = std::dynamic_pointer_cast<const EnumType>(enumType);
  TSJIT_CHECK(type, "enum constant of a type that is not an enum: ", enumType ? enumType->str() : "null");
  auto index = type->findMember(name);
  TSJIT_CHECK(index, type->qualifiedName(), " has no member ", name);
  return IValue(Ref<EnumObj>::make(std::move(type), *index));
}

IValue EnumObj::value() const {
  return std::visit([](const auto& v) { return IValue(v); }, type->members()[index].value);
}

void FutureObj::complete(IValue v) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    value_ = std::move(v);
    completed_ = true;
  }
  done_.notify_all();
}

void FutureObj::completeWithError(std::exception_ptr e) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = std::move(e);
    completed_ = true;
  }
  done_.notify_all();
}

void FutureObj::setTask(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mutex_);
  task_ = std::move(task);
}

bool FutureObj::runTaskIfUnclaimed() {
  std::function<void()> task;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task.swap(task_);
  }
  if (!task) return false;
  task();
  return true;
}

bool FutureObj::completed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return completed_;
}

IValue FutureObj::wait() {
  runTaskIfUnclaimed();
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return completed_; });
  if (error_) std::rethrow_exception(error_);
  return *value_;
}

std::complex<double> IValue::toComplex() const {
  if (tag_ != Tag::Complex) tagMismatch(Tag::Complex);
  return static_cast<const ComplexObj*>(heap())->value;
}

Function* IValue::toFunction() const {
  if (tag_ != Tag::Function) tagMismatch(Tag::Function);
  return payload_.function;
}

double IValue::toScalarAsDouble() const {
  switch (tag_) {
    case Tag::Double: return payload_.d;
    case Tag::Int: return static_cast<double>(payload_.i);
    case Tag::Bool: return payload_.b ? 1.0 : 0.0;
    default: tagMismatch(Tag::Double);
  }
}

bool IValue::isSameIdentity(const IValue& other) const {
  if (tag_ != other.tag_) return false;
  switch (tag_) {
    case Tag::None:
    case Tag::Uninitialized: return true;
    case Tag::Tensor: return payload_.tensor == other.payload_.tensor;
    case Tag::Double: return payload_.d == other.payload_.d;
    case Tag::Int: return payload_.i == other.payload_.i;
    case Tag::Bool: return payload_.b == other.payload_.b;
    case Tag::Device: return toDevice() == other.toDevice();
    case Tag::Function: return payload_.function == other.payload_.function;
    case Tag::Enum: return toEnumRef() == other.toEnumRef();  // members are singletons in Python
    case Tag::Complex: return toComplex() == other.toComplex();  // an immutable number, like float
    default: return payload_.obj == other.payload_.obj;
  }
}

TypePtr IValue::type() const {
  switch (tag_) {
    case Tag::None: return NoneType::get();
    case Tag::Tensor: return TensorType::get();
    case Tag::Double: return FloatType::get();
    case Tag::Int: return IntType::get();
    case Tag::Bool: return BoolType::get();
    case Tag::Device: return DeviceObjType::get();
    case Tag::String: return StringType::get();
    case Tag::List: return ListType::create(toListRef().elementType);
    case Tag::Tuple: {
      std::vector<TypePtr> elems;
      for (auto& item : toTupleRef().items) elems.push_back(item.type());
      return TupleType::create(std::move(elems));
    }
    case Tag::Dict: return DictType::create(toDictRef().keyType, toDictRef().valueType);
    case Tag::Object: return toObjectRef().type;
    case Tag::Future: return FutureType::create(static_cast<FutureObj*>(heap())->elementType);
    case Tag::Enum: return toEnumRef().type;
    case Tag::Function: return FunctionType::get();
    case Tag::Uninitialized: return AnyType::get();
    case Tag::Complex: return ComplexType::get();
  }
  return AnyType::get();
}

// ---- dicts -------------------------------------------------------------------------------------

size_t IValueKeyHash::operator()(const IValue& v) const {
  switch (v.tag()) {
    case IValue::Tag::String: return std::hash<std::string>()(v.toStringRef());
    case IValue::Tag::Int: return std::hash<int64_t>()(v.toInt());
    case IValue::Tag::Double: {
      double d = v.toDouble();
      // Python: hash(1.0) == hash(1); keys 1 and 1.0 never meet in one typed dict, but stay consistent.
      if (d == std::floor(d) && std::abs(d) < 9e18) return std::hash<int64_t>()(static_cast<int64_t>(d));
      return std::hash<double>()(d);
    }
    case IValue::Tag::Bool: return std::hash<int64_t>()(v.toBool() ? 1 : 0);
    case IValue::Tag::Tensor: return std::hash<const void*>()(v.toTensor().unsafeImpl());
    case IValue::Tag::Device: return std::hash<int64_t>()(v.toDevice().index * 8 + static_cast<int>(v.toDevice().type));
    case IValue::Tag::None: return 0;
    case IValue::Tag::Complex:
      return std::hash<double>()(v.toComplex().real()) * 31 + std::hash<double>()(v.toComplex().imag());
    default: throw RuntimeError(str("unhashable dict key of type ", v.tagName()));
  }
}

bool IValueKeyEqual::operator()(const IValue& a, const IValue& b) const {
  if (a.tag() == IValue::Tag::String && b.tag() == IValue::Tag::String) return a.toStringRef() == b.toStringRef();
  if (a.isScalar() && b.isScalar()) return a.toScalarAsDouble() == b.toScalarAsDouble() && a.tag() == b.tag();
  return a.isSameIdentity(b);
}

const IValue* DictObj::find(const IValue& key) const {
  auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second].second;
}

void DictObj::insertOrAssign(IValue key, IValue value) {
  auto it = index_.find(key);
  if (it != index_.end()) {
    entries_[it->second].second = std::move(value);
    return;
  }
  index_.emplace(key, entries_.size());
  entries_.emplace_back(std::move(key), std::move(value));
}

bool DictObj::erase(const IValue& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return false;
  size_t pos = it->second;
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(pos));
  index_.clear();
  for (size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].first, i);
  return true;
}

void DictObj::clear() {
  entries_.clear();
  index_.clear();
}

// ---- objects -----------------------------------------------------------------------------------

const IValue& Object::attr(std::string_view name) const {
  auto slot = type->findAttributeSlot(name);
  if (!slot) throw RuntimeError(str("'", type->qualifiedName(), "' object has no attribute '", name, "'"));
  return slots[*slot];
}

void Object::setAttr(std::string_view name, IValue v) {
  auto slot = type->findAttributeSlot(name);
  if (!slot) throw RuntimeError(str("'", type->qualifiedName(), "' object has no attribute '", name, "'"));
  slots[*slot] = std::move(v);
}

IValue makeList(TypePtr elementType, std::vector<IValue> items) {
  return IValue(Ref<ListObj>::make(std::move(elementType), std::move(items)));
}
IValue makeTuple(std::vector<IValue> items) { return IValue(Ref<TupleObj>::make(std::move(items))); }
IValue makeDict(TypePtr keyType, TypePtr valueType) {
  return IValue(Ref<DictObj>::make(std::move(keyType), std::move(valueType)));
}

// ---- printing ----------------------------------------------------------------------------------

std::ostream& operator<<(std::ostream& os, const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::None: return os << "None";
    case IValue::Tag::Uninitialized: return os << "<uninitialized>";
    case IValue::Tag::Int: return os << v.toInt();
    case IValue::Tag::Double: return os << v.toDouble();
    case IValue::Tag::Bool: return os << (v.toBool() ? "True" : "False");
    case IValue::Tag::Device: return os << v.toDevice();
    case IValue::Tag::String: return os << '"' << v.toStringRef() << '"';
    case IValue::Tag::Tensor: {
      Tensor t = v.toTensor();
      os << "tensor(" << dtypeName(t.dtype()) << ", [";
      for (size_t i = 0; i < t.sizes().size(); ++i) os << (i ? ", " : "") << t.sizes()[i];
      return os << "])";
    }
    case IValue::Tag::List: {
      os << "[";
      auto& items = v.toListRef().items;
      for (size_t i = 0; i < items.size(); ++i) os << (i ? ", " : "") << items[i];
      return os << "]";
    }
    case IValue::Tag::Tuple: {
      os << "(";
      auto& items = v.toTupleRef().items;
      for (size_t i = 0; i < items.size(); ++i) os << (i ? ", " : "") << items[i];
      return os << (items.size() == 1 ? ",)" : ")");
    }
    case IValue::Tag::Dict: {
      os << "{";
      bool first = true;
      for (auto& [k, val] : v.toDictRef().entries()) {
        os << (first ? "" : ", ") << k << ": " << val;
        first = false;
      }
      return os << "}";
    }
    case IValue::Tag::Object: return os << "<" << v.toObjectRef().type->qualifiedName() << " object>";
    case IValue::Tag::Future: return os << "<Future>";
    case IValue::Tag::Enum: return os << v.toEnumRef().type->qualifiedName() << "." << v.toEnumRef().name();
    case IValue::Tag::Function: return os << "<function " << v.toFunction()->qualifiedName() << ">";
    case IValue::Tag::Complex: return os << "(" << v.toComplex().real() << (std::signbit(v.toComplex().imag()) ? "-" : "+")
                                         << std::fabs(v.toComplex().imag()) << "j)";
  }
  return os;
}

}  // namespace tsjit
