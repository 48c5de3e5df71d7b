// Type.h — TorchScript's static types.
//
// Types are immutable and shared (TypePtr = shared_ptr<const Type>). Simple types are singletons
// (IntType::get()); structural types (List, Tuple, Dict, Optional, Union, Future, Tensor with
// details) are created on demand and compared structurally with `==`. ClassType is nominal: two
// class types are the same type only if they are the same object (or have the same name when
// created by separate parsers — see ClassRegistry).
//
// Two spellings:
//   str()            the IR form PyTorch 1.13 prints in graphs: int[], Tensor?, Dict(str, int),
//                    (int, float), Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)
//   annotationStr()  the Python form: List[int], Optional[Tensor], Dict[str, int], Tuple[int, float]
// parseType() reads both.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "jit/tensor/Device.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit {

enum class TypeKind {
  Any,
  Tensor,
  Int,
  Float,
  Complex,
  Bool,
  Str,
  None,
  Device,
  Number,  // "Scalar" in schemas: int, float or complex
  Layout,
  Generator,
  List,
  Tuple,
  Dict,
  Optional,
  Union,
  Future,
  Class,
  Enum,  // a Python enum.Enum subclass: Enum<__torch__.Color>
  Function,
  Var,  // a type variable of a schema: t, t1, tVal ...
};

class Type;
using TypePtr = std::shared_ptr<const Type>;

class Type : public std::enable_shared_from_this<Type> {
 public:
  explicit Type(TypeKind kind) : kind_(kind) {}
  virtual ~Type() = default;
  TypeKind kind() const { return kind_; }

  virtual std::string str() const = 0;
  virtual std::string annotationStr() const { return str(); }
  virtual std::vector<TypePtr> containedTypes() const { return {}; }
  // Structural equality (ClassType: identity or equal qualified names).
  virtual bool equals(const Type& other) const;
  // TorchScript's subtyping: T <: Any, None <: Optional[T], int <: Scalar, refined Tensor <: Tensor,
  // covariant tuples and Optional, invariant List and Dict, Union membership.
  bool isSubtypeOf(const Type& other) const;
  bool isSubtypeOf(const TypePtr& other) const { return isSubtypeOf(*other); }

  template <typename T>
  const T* cast() const {
    return kind_ == T::Kind ? static_cast<const T*>(this) : nullptr;
  }
  template <typename T>
  const T& expect() const;
  template <typename T>
  bool isa() const {
    return kind_ == T::Kind;
  }
  TypePtr ptr() const { return shared_from_this(); }

 private:
  TypeKind kind_;
};

bool operator==(const Type& a, const Type& b);
inline bool operator!=(const Type& a, const Type& b) { return !(a == b); }
std::ostream& operator<<(std::ostream& os, const Type& t);

// A type with no structure: printed by a fixed name.
class SimpleType : public Type {
 public:
  SimpleType(TypeKind kind, std::string irName, std::string annotationName)
      : Type(kind), irName_(std::move(irName)), annotationName_(std::move(annotationName)) {}
  std::string str() const override { return irName_; }
  std::string annotationStr() const override { return annotationName_; }

 private:
  std::string irName_, annotationName_;
};

#define TSJIT_SIMPLE_TYPE(Name, KindName)                 \
  struct Name : SimpleType {                              \
    static constexpr TypeKind Kind = TypeKind::KindName;  \
    using SimpleType::SimpleType;                         \
    static const TypePtr& get();                          \
  };
TSJIT_SIMPLE_TYPE(AnyType, Any)
TSJIT_SIMPLE_TYPE(IntType, Int)
TSJIT_SIMPLE_TYPE(FloatType, Float)
TSJIT_SIMPLE_TYPE(ComplexType, Complex)
TSJIT_SIMPLE_TYPE(BoolType, Bool)
TSJIT_SIMPLE_TYPE(StringType, Str)
TSJIT_SIMPLE_TYPE(NoneType, None)
TSJIT_SIMPLE_TYPE(DeviceObjType, Device)
TSJIT_SIMPLE_TYPE(NumberType, Number)
TSJIT_SIMPLE_TYPE(LayoutType, Layout)
TSJIT_SIMPLE_TYPE(GeneratorType, Generator)
TSJIT_SIMPLE_TYPE(FunctionType, Function)
#undef TSJIT_SIMPLE_TYPE

// Tensor, optionally refined with what is known about it. A dimension's size or stride may be
// unknown (nullopt) even when the rank is known.
class TensorType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Tensor;
  using Dims = std::vector<std::optional<int64_t>>;

  TensorType() : Type(Kind) {}
  static const TypePtr& get();  // plain `Tensor`
  static TypePtr create(std::optional<ScalarType> dtype, std::optional<Device> device,
                        std::optional<Dims> sizes, std::optional<Dims> strides,
                        std::optional<bool> requiresGrad);
  // A complete type for a concrete tensor (as the tracer and profiler record).
  static TypePtr createContiguous(ScalarType dtype, Device device, const std::vector<int64_t>& sizes);

  const std::optional<ScalarType>& dtype() const { return dtype_; }
  const std::optional<Device>& device() const { return device_; }
  const std::optional<Dims>& sizes() const { return sizes_; }
  const std::optional<Dims>& strides() const { return strides_; }
  const std::optional<bool>& requiresGrad() const { return requiresGrad_; }
  std::optional<size_t> rank() const { return sizes_ ? std::optional<size_t>(sizes_->size()) : std::nullopt; }
  bool isPlain() const { return !dtype_ && !device_ && !sizes_ && !strides_ && !requiresGrad_; }

  std::string str() const override;
  std::string annotationStr() const override { return "Tensor"; }
  bool equals(const Type& other) const override;
  // True if every fact this type states also holds in `other`'s facts or is unknown there.
  bool refines(const TensorType& other) const;

 private:
  std::optional<ScalarType> dtype_;
  std::optional<Device> device_;
  std::optional<Dims> sizes_;
  std::optional<Dims> strides_;
  std::optional<bool> requiresGrad_;
};

class ListType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::List;
  explicit ListType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static TypePtr create(TypePtr elem);
  static const TypePtr& ofInts();
  static const TypePtr& ofFloats();
  static const TypePtr& ofBools();
  static const TypePtr& ofTensors();
  static const TypePtr& ofStrings();
  const TypePtr& elementType() const { return elem_; }
  std::string str() const override { return elem_->str() + "[]"; }
  std::string annotationStr() const override { return "List[" + elem_->annotationStr() + "]"; }
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }

 private:
  TypePtr elem_;
};

class OptionalType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Optional;
  explicit OptionalType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static TypePtr create(TypePtr elem);
  const TypePtr& elementType() const { return elem_; }
  std::string str() const override { return elem_->str() + "?"; }
  std::string annotationStr() const override { return "Optional[" + elem_->annotationStr() + "]"; }
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }

 private:
  TypePtr elem_;
};

class FutureType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Future;
  explicit FutureType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static TypePtr create(TypePtr elem);
  const TypePtr& elementType() const { return elem_; }
  // 1.13's graphs print Future[T] (its IR parser only reads Future(T); ours reads both).
  std::string str() const override { return "Future[" + elem_->str() + "]"; }
  std::string annotationStr() const override { return "Future[" + elem_->annotationStr() + "]"; }
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }

 private:
  TypePtr elem_;
};

class TupleType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Tuple;
  explicit TupleType(std::vector<TypePtr> elems) : Type(Kind), elems_(std::move(elems)) {}
  static TypePtr create(std::vector<TypePtr> elems);
  const std::vector<TypePtr>& elements() const { return elems_; }
  std::string str() const override;
  std::string annotationStr() const override;
  std::vector<TypePtr> containedTypes() const override { return elems_; }

 private:
  std::vector<TypePtr> elems_;
};

class DictType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Dict;
  DictType(TypePtr key, TypePtr value) : Type(Kind), key_(std::move(key)), value_(std::move(value)) {}
  static TypePtr create(TypePtr key, TypePtr value);
  const TypePtr& keyType() const { return key_; }
  const TypePtr& valueType() const { return value_; }
  std::string str() const override { return "Dict(" + key_->str() + ", " + value_->str() + ")"; }
  std::string annotationStr() const override {
    return "Dict[" + key_->annotationStr() + ", " + value_->annotationStr() + "]";
  }
  std::vector<TypePtr> containedTypes() const override { return {key_, value_}; }

 private:
  TypePtr key_, value_;
};

class UnionType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Union;
  explicit UnionType(std::vector<TypePtr> members) : Type(Kind), members_(std::move(members)) {}
  // Flattens nested unions and removes duplicates; a single member yields that member.
  static TypePtr create(std::vector<TypePtr> members);
  const std::vector<TypePtr>& members() const { return members_; }
  bool canHoldNone() const;
  std::string str() const override;
  std::string annotationStr() const override;
  std::vector<TypePtr> containedTypes() const override { return members_; }

 private:
  std::vector<TypePtr> members_;
};

// A schema type variable such as `t` in `aten::append.t(t[](a!) self, t(c -> *) el)`.
class VarType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Var;
  explicit VarType(std::string name) : Type(Kind), name_(std::move(name)) {}
  static TypePtr create(std::string name);
  const std::string& name() const { return name_; }
  std::string str() const override { return name_; }
  bool equals(const Type& other) const override;

 private:
  std::string name_;
};

class Function;  // a compiled method or function (jit/ir/Function.h)

// A module or user class. Attributes are slots in declaration order; constants are compile-time.
class ClassType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Class;
  enum class SlotKind { Attribute, Parameter, Buffer, Module };
  struct Attribute {
    std::string name;
    TypePtr type;
    SlotKind kind;
  };

  explicit ClassType(std::string qualifiedName) : Type(Kind), name_(std::move(qualifiedName)) {}
  static std::shared_ptr<ClassType> create(std::string qualifiedName);

  const std::string& qualifiedName() const { return name_; }
  // The last component without mangling: __torch__.a.___torch_mangle_3.Linear -> Linear
  std::string baseName() const;
  std::string str() const override { return name_; }
  bool equals(const Type& other) const override;

  // Mutation is only for the one who builds the class (frontend, importer, IR parser).
  size_t addAttribute(std::string name, TypePtr type, SlotKind kind = SlotKind::Attribute);
  const std::vector<Attribute>& attributes() const { return attributes_; }
  std::optional<size_t> findAttributeSlot(std::string_view name) const;
  const Attribute* findAttribute(std::string_view name) const;

  void addMethod(std::shared_ptr<Function> method);
  Function* findMethod(std::string_view name) const;
  const std::vector<std::shared_ptr<Function>>& methods() const { return methods_; }

 private:
  std::string name_;
  std::vector<Attribute> attributes_;
  std::vector<std::shared_ptr<Function>> methods_;
};
using ClassTypePtr = std::shared_ptr<ClassType>;

// A Python `enum.Enum` subclass used in TorchScript. Members keep their declaration order; every
// value has the same type (int, float or str), which is valueType. Printed Enum<__torch__.Color>.
class EnumType : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::Enum;
  using MemberValue = std::variant<int64_t, double, std::string>;
  struct Member {
    std::string name;
    MemberValue value;
  };
  EnumType(std::string qualifiedName, TypePtr valueType, std::vector<Member> members)
      : Type(Kind), name_(std::move(qualifiedName)), valueType_(std::move(valueType)), members_(std::move(members)) {}
  const std::string& qualifiedName() const { return name_; }
  const TypePtr& valueType() const { return valueType_; }
  const std::vector<Member>& members() const { return members_; }
  std::optional<size_t> findMember(std::string_view name) const;
  std::string str() const override { return "Enum<" + name_ + ">"; }
  std::string annotationStr() const override { return name_; }
  bool equals(const Type& other) const override;

 private:
  std::string name_;
  TypePtr valueType_;
  std::vector<Member> members_;
};

// Maps qualified class names to ClassTypes while parsing; unknown names create empty classes.
class ClassRegistry {
 public:
  ClassTypePtr getOrCreate(const std::string& qualifiedName);
  ClassTypePtr find(const std::string& qualifiedName) const;
  void add(ClassTypePtr cls);

 private:
  std::map<std::string, ClassTypePtr> classes_;
};

// Parses a type in either spelling starting at text[pos]; advances pos past it. Throws
// CompileError (with the offset in the message) on malformed input. `registry` resolves class
// names (dotted identifiers starting with __torch__); without one, such names are an error.
TypePtr parseTypeAt(std::string_view text, size_t& pos, ClassRegistry* registry = nullptr);
// Parses a whole string as one type (surrounding whitespace allowed).
TypePtr parseType(std::string_view text, ClassRegistry* registry = nullptr);

// The most specific type both a and b are subtypes of, if TorchScript has one (for If outputs and
// list literals): equal types, Optional widening with None, refined tensors to their common facts.
std::optional<TypePtr> unifyTypes(const TypePtr& a, const TypePtr& b);

template <typename T>
const T& Type::expect() const {
  const T* p = cast<T>();
  if (!p) throw std::logic_error("type " + str() + " is not the expected kind");
  return *p;
}

}  // namespace tsjit
