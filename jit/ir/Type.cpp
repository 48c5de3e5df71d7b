// Type.cpp — singletons, printing, equality and subtyping of TorchScript types.
#include "jit/ir/Type.h"

#include <algorithm>
#include <ostream>
#include <sstream>

#include "jit/ir/Function.h"
#include "jit/ir/InterfaceType.h"
#include "jit/support/Error.h"

namespace tsjit {

#define TSJIT_SIMPLE_GET(Name, ir, annotation)                                   \
  const TypePtr& Name::get() {                                                  \
    static const TypePtr instance = std::make_shared<Name>(Name::Kind, ir, annotation); \
    return instance;                                                            \
  }
TSJIT_SIMPLE_GET(AnyType, "Any", "Any")
TSJIT_SIMPLE_GET(IntType, "int", "int")
TSJIT_SIMPLE_GET(FloatType, "float", "float")
TSJIT_SIMPLE_GET(ComplexType, "complex", "complex")
TSJIT_SIMPLE_GET(BoolType, "bool", "bool")
TSJIT_SIMPLE_GET(StringType, "str", "str")
TSJIT_SIMPLE_GET(NoneType, "NoneType", "NoneType")
TSJIT_SIMPLE_GET(DeviceObjType, "Device", "Device")
TSJIT_SIMPLE_GET(NumberType, "Scalar", "number")
TSJIT_SIMPLE_GET(LayoutType, "Layout", "Layout")
TSJIT_SIMPLE_GET(GeneratorType, "Generator", "Generator")
TSJIT_SIMPLE_GET(FunctionType, "Function", "Function")
#undef TSJIT_SIMPLE_GET

bool operator==(const Type& a, const Type& b) { return a.equals(b); }
std::ostream& operator<<(std::ostream& os, const Type& t) { return os << t.str(); }

bool Type::equals(const Type& other) const {
  if (kind() != other.kind()) return false;
  auto mine = containedTypes();
  auto theirs = other.containedTypes();
  if (mine.size() != theirs.size()) return false;
  for (size_t i = 0; i < mine.size(); ++i)
    if (!mine[i]->equals(*theirs[i])) return false;
  return true;
}

// ---- Tensor ----------------------------------------------------------------------------------

const TypePtr& TensorType::get() {
  static const TypePtr instance = std::make_shared<TensorType>();
  return instance;
}

TypePtr TensorType::create(std::optional<ScalarType> dtype, std::optional<Device> device,
                           std::optional<Dims> sizes, std::optional<Dims> strides,
                           std::optional<bool> requiresGrad) {
  auto t = std::make_shared<TensorType>();
  t->dtype_ = dtype;
  t->device_ = device;
  t->sizes_ = std::move(sizes);
  t->strides_ = std::move(strides);
  t->requiresGrad_ = requiresGrad;
  return t;
}

TypePtr TensorType::createContiguous(ScalarType dtype, Device device, const std::vector<int64_t>& sizes) {
  Dims dims(sizes.begin(), sizes.end());
  Dims strides(sizes.size());
  int64_t running = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    running *= std::max<int64_t>(sizes[i], 1);
  }
  return create(dtype, device, dims, strides, false);
}

static bool dimsComplete(const std::optional<TensorType::Dims>& d) {
  return d && std::all_of(d->begin(), d->end(), [](auto& x) { return x.has_value(); });
}

std::string TensorType::str() const {
  std::ostringstream os;
  os << (dtype_ ? std::string(irName(*dtype_)) : std::string("Tensor"));
  std::vector<std::string> parts;
  if (sizes_) {
    for (auto& s : *sizes_) parts.push_back(s ? std::to_string(*s) : "*");
    if (!sizes_->empty() && dimsComplete(strides_) && strides_->size() == sizes_->size()) {
      std::string st = "strides=[";
      for (size_t i = 0; i < strides_->size(); ++i) st += (i ? ", " : "") + std::to_string(*(*strides_)[i]);
      parts.push_back(st + "]");
    }
  }
  if (requiresGrad_) parts.push_back(std::string("requires_grad=") + (*requiresGrad_ ? "1" : "0"));
  if (device_) parts.push_back("device=" + device_->str());
  if (!parts.empty()) {
    os << "(";
    for (size_t i = 0; i < parts.size(); ++i) os << (i ? ", " : "") << parts[i];
    os << ")";
  }
  return os.str();
}

bool TensorType::equals(const Type& other) const {
  const TensorType* t = other.cast<TensorType>();
  return t && dtype_ == t->dtype_ && device_ == t->device_ && sizes_ == t->sizes_ &&
         strides_ == t->strides_ && requiresGrad_ == t->requiresGrad_;
}

static bool dimsRefine(const std::optional<TensorType::Dims>& mine, const std::optional<TensorType::Dims>& theirs) {
  if (!theirs) return true;
  if (!mine || mine->size() != theirs->size()) return false;
  for (size_t i = 0; i < mine->size(); ++i)
    if ((*theirs)[i] && (*mine)[i] != (*theirs)[i]) return false;
  return true;
}

bool TensorType::refines(const TensorType& other) const {
  auto fieldOk = [](const auto& mine, const auto& theirs) { return !theirs || mine == theirs; };
  return fieldOk(dtype_, other.dtype_) && fieldOk(device_, other.device_) &&
         fieldOk(requiresGrad_, other.requiresGrad_) && dimsRefine(sizes_, other.sizes_) &&
         dimsRefine(strides_, other.strides_);
}

// ---- Containers --------------------------------------------------------------------------------

TypePtr ListType::create(TypePtr elem) { return std::make_shared<ListType>(std::move(elem)); }
#define TSJIT_LIST_OF(fn, Elem)                                       \
  const TypePtr& ListType::fn() {                                     \
    static const TypePtr instance = ListType::create(Elem::get());     \
    return instance;                                                  \
  }
TSJIT_LIST_OF(ofInts, IntType)
TSJIT_LIST_OF(ofFloats, FloatType)
TSJIT_LIST_OF(ofBools, BoolType)
TSJIT_LIST_OF(ofTensors, TensorType)
TSJIT_LIST_OF(ofStrings, StringType)
#undef TSJIT_LIST_OF

TypePtr OptionalType::create(TypePtr elem) { return std::make_shared<OptionalType>(std::move(elem)); }
TypePtr FutureType::create(TypePtr elem) { return std::make_shared<FutureType>(std::move(elem)); }
TypePtr TupleType::create(std::vector<TypePtr> elems) { return std::make_shared<TupleType>(std::move(elems)); }
TypePtr DictType::create(TypePtr key, TypePtr value) {
  return std::make_shared<DictType>(std::move(key), std::move(value));
}
TypePtr VarType::create(std::string name) { return std::make_shared<VarType>(std::move(name)); }

bool VarType::equals(const Type& other) const {
  const VarType* v = other.cast<VarType>();
  return v && v->name_ == name_;
}

static std::string joinTypes(const std::vector<TypePtr>& types, bool annotation) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) out += ", ";
    out += annotation ? types[i]->annotationStr() : types[i]->str();
  }
  return out;
}

std::string TupleType::str() const { return "(" + joinTypes(elems_, false) + ")"; }
std::string TupleType::annotationStr() const {
  return "Tuple[" + (elems_.empty() ? std::string("()") : joinTypes(elems_, true)) + "]";
}

TypePtr UnionType::create(std::vector<TypePtr> members) {
  std::vector<TypePtr> flat;
  auto addUnique = [&](const TypePtr& t) {
    for (auto& m : flat)
      if (*m == *t) return;
    flat.push_back(t);
  };
  for (auto& m : members) {
    if (auto* u = m->cast<UnionType>()) {
      for (auto& inner : u->members()) addUnique(inner);
    } else if (auto* o = m->cast<OptionalType>()) {
      addUnique(o->elementType());
      addUnique(NoneType::get());
    } else {
      addUnique(m);
    }
  }
  TSJIT_CHECK(!flat.empty(), "Union of no types");
  if (flat.size() == 1) return flat[0];
  return std::make_shared<UnionType>(std::move(flat));
}

bool UnionType::canHoldNone() const {
  return std::any_of(members_.begin(), members_.end(), [](auto& m) { return m->kind() == TypeKind::None; });
}

std::string UnionType::str() const { return "Union(" + joinTypes(members_, false) + ")"; }
std::string UnionType::annotationStr() const { return "Union[" + joinTypes(members_, true) + "]"; }

// ---- Classes -----------------------------------------------------------------------------------

ClassTypePtr ClassType::create(std::string qualifiedName) {
  return std::make_shared<ClassType>(std::move(qualifiedName));
}

std::string ClassType::baseName() const {
  size_t dot = name_.rfind('.');
  return dot == std::string::npos ? name_ : name_.substr(dot + 1);
}

bool ClassType::equals(const Type& other) const {
  const ClassType* c = other.cast<ClassType>();
  return c && (c == this || c->name_ == name_);
}

std::optional<size_t> EnumType::findMember(std::string_view name) const {
  for (size_t i = 0; i < members_.size(); ++i)
    if (members_[i].name == name) return i;
  return std::nullopt;
}

bool EnumType::equals(const Type& other) const {
  const EnumType* e = other.cast<EnumType>();
  return e && (e == this || e->name_ == name_);
}

size_t ClassType::addAttribute(std::string name, TypePtr type, SlotKind kind) {
  TSJIT_CHECK(!findAttributeSlot(name), "attribute '", name, "' already defined on ", name_);
  attributes_.push_back({std::move(name), std::move(type), kind});
  return attributes_.size() - 1;
}

std::optional<size_t> ClassType::findAttributeSlot(std::string_view name) const {
  for (size_t i = 0; i < attributes_.size(); ++i)
    if (attributes_[i].name == name) return i;
  return std::nullopt;
}

const ClassType::Attribute* ClassType::findAttribute(std::string_view name) const {
  auto slot = findAttributeSlot(name);
  return slot ? &attributes_[*slot] : nullptr;
}

void ClassType::addMethod(std::shared_ptr<Function> method) { methods_.push_back(std::move(method)); }

Function* ClassType::findMethod(std::string_view name) const {
  for (auto& m : methods_)
    if (m->name() == name) return m.get();
  return nullptr;
}

ClassTypePtr ClassRegistry::getOrCreate(const std::string& qualifiedName) {
  auto it = classes_.find(qualifiedName);
  if (it != classes_.end()) return it->second;
  auto cls = ClassType::create(qualifiedName);
  classes_.emplace(qualifiedName, cls);
  return cls;
}

ClassTypePtr ClassRegistry::find(const std::string& qualifiedName) const {
  auto it = classes_.find(qualifiedName);
  return it == classes_.end() ? nullptr : it->second;
}

void ClassRegistry::add(ClassTypePtr cls) { classes_[cls->qualifiedName()] = std::move(cls); }

// ---- Subtyping ---------------------------------------------------------------------------------

bool Type::isSubtypeOf(const Type& other) const {
  if (other.kind() == TypeKind::Any) return true;
  if (equals(other)) return true;
  // A union on the left: every member must fit.
  if (auto* u = cast<UnionType>()) {
    return std::all_of(u->members().begin(), u->members().end(),
                       [&](const TypePtr& m) { return m->isSubtypeOf(other); });
  }
  if (auto* o = cast<OptionalType>()) {
    return o->elementType()->isSubtypeOf(other) && NoneType::get()->isSubtypeOf(other);
  }
  if (other.kind() == TypeKind::Class) {  // an interface: structural, see InterfaceType.h
    if (const auto* iface = dynamic_cast<const InterfaceType*>(&other)) {
      const auto* cls = cast<ClassType>();
      return cls && iface->isImplementedBy(cls->qualifiedName());  // a class or another interface
    }
  }
  switch (other.kind()) {
    case TypeKind::Optional: {
      const TypePtr& elem = other.expect<OptionalType>().elementType();
      return kind() == TypeKind::None || isSubtypeOf(*elem);
    }
    case TypeKind::Union: {
      auto& members = other.expect<UnionType>().members();
      return std::any_of(members.begin(), members.end(), [&](const TypePtr& m) { return isSubtypeOf(*m); });
    }
    case TypeKind::Number:
      return kind() == TypeKind::Int || kind() == TypeKind::Float || kind() == TypeKind::Complex;
    case TypeKind::Tensor:
      return kind() == TypeKind::Tensor && expect<TensorType>().refines(other.expect<TensorType>());
    case TypeKind::Tuple: {
      auto* mine = cast<TupleType>();
      auto& theirs = other.expect<TupleType>().elements();
      if (!mine || mine->elements().size() != theirs.size()) return false;
      for (size_t i = 0; i < theirs.size(); ++i)
        if (!mine->elements()[i]->isSubtypeOf(*theirs[i])) return false;
      return true;
    }
    case TypeKind::Future: {
      auto* mine = cast<FutureType>();
      return mine && mine->elementType()->isSubtypeOf(*other.expect<FutureType>().elementType());
    }
    default:
      return false;  // List and Dict are invariant: equality was checked above
  }
}

// ---- Unification -------------------------------------------------------------------------------

std::optional<TypePtr> unifyTypes(const TypePtr& a, const TypePtr& b) {
  if (a->isSubtypeOf(*b)) return b;
  if (b->isSubtypeOf(*a)) return a;
  auto* ta = a->cast<TensorType>();
  auto* tb = b->cast<TensorType>();
  if (ta && tb) {
    auto common = [](const auto& x, const auto& y) { return x == y ? x : std::nullopt; };
    std::optional<TensorType::Dims> sizes, strides;
    if (ta->sizes() && tb->sizes() && ta->sizes()->size() == tb->sizes()->size()) {
      sizes.emplace();
      for (size_t i = 0; i < ta->sizes()->size(); ++i)
        sizes->push_back((*ta->sizes())[i] == (*tb->sizes())[i] ? (*ta->sizes())[i] : std::nullopt);
      if (ta->strides() && tb->strides() && ta->strides()->size() == tb->strides()->size()) {
        strides.emplace();
        for (size_t i = 0; i < ta->strides()->size(); ++i)
          strides->push_back((*ta->strides())[i] == (*tb->strides())[i] ? (*ta->strides())[i] : std::nullopt);
      }
    }
    return TensorType::create(common(ta->dtype(), tb->dtype()), common(ta->device(), tb->device()), sizes,
                              strides, common(ta->requiresGrad(), tb->requiresGrad()));
  }
  if (a->kind() == TypeKind::None) return OptionalType::create(b);
  if (b->kind() == TypeKind::None) return OptionalType::create(a);
  if (auto* oa = a->cast<OptionalType>()) {
    if (auto inner = unifyTypes(oa->elementType(), b)) return OptionalType::create(*inner);
  }
  if (auto* ob = b->cast<OptionalType>()) {
    if (auto inner = unifyTypes(a, ob->elementType())) return OptionalType::create(*inner);
  }
  auto* tua = a->cast<TupleType>();
  auto* tub = b->cast<TupleType>();
  if (tua && tub && tua->elements().size() == tub->elements().size()) {
    std::vector<TypePtr> elems;
    for (size_t i = 0; i < tua->elements().size(); ++i) {
      auto e = unifyTypes(tua->elements()[i], tub->elements()[i]);
      if (!e) return std::nullopt;
      elems.push_back(*e);
    }
    return TupleType::create(std::move(elems));
  }
  return std::nullopt;
}

}  // namespace tsjit
