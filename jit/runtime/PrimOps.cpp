// PrimOps.cpp — constants and the structural operations of the interpreter (PrimOps.h).
#include "jit/runtime/PrimOps.h"

#include <algorithm>

#include "jit/ir/Graph.h"
#include "jit/runtime/Code.h"
#include "jit/support/Error.h"

namespace tsjit::runtime {

using kernels::drop;
using kernels::Operation;
using kernels::peek;

namespace {

IValue literalValue(const Literal& lit, const TypePtr& hint) {
  struct V {
    const TypePtr& hint;
    IValue operator()(const Literal::None&) const { return IValue(); }
    IValue operator()(bool b) const { return IValue(b); }
    IValue operator()(int64_t i) const {
      if (hint && hint->kind() == TypeKind::Bool) return IValue(i != 0);
      if (hint && hint->kind() == TypeKind::Float) return IValue(static_cast<double>(i));
      return IValue(i);
    }
    IValue operator()(double d) const { return IValue(d); }
    IValue operator()(const std::string& s) const {
      if (hint && hint->kind() == TypeKind::Device) return IValue(Device::parse(s));
      return IValue(s);
    }
    IValue operator()(const Literal::Tuple& t) const {
      const TupleType* tt = hint ? hint->cast<TupleType>() : nullptr;
      std::vector<IValue> items;
      for (size_t i = 0; i < t.elems.size(); ++i)
        items.push_back(literalValue(t.elems[i], tt && i < tt->elements().size() ? tt->elements()[i] : nullptr));
      return makeTuple(std::move(items));
    }
    IValue operator()(const Literal::List& l) const {
      TypePtr elem;
      if (l.annotation) {
        if (auto* lt = l.annotation->cast<ListType>()) elem = lt->elementType();
      }
      if (!elem && hint) {
        if (auto* lt = hint->cast<ListType>()) elem = lt->elementType();
      }
      std::vector<IValue> items;
      for (const auto& e : l.elems) items.push_back(literalValue(e, elem));
      if (!elem) elem = items.empty() ? AnyType::get() : items[0].type();
      return makeList(elem, std::move(items));
    }
    IValue operator()(const Literal::Dict& d) const {
      TypePtr k, v;
      const TypePtr& t = d.annotation ? d.annotation : hint;
      if (t) {
        if (auto* dt = t->cast<DictType>()) k = dt->keyType(), v = dt->valueType();
      }
      std::vector<IValue> keys, vals;
      for (size_t i = 0; i < d.keys.size(); ++i) {
        keys.push_back(literalValue(d.keys[i], k));
        vals.push_back(literalValue(d.values[i], v));
      }
      if (!k) k = keys.empty() ? StringType::get() : keys[0].type();
      if (!v) v = vals.empty() ? AnyType::get() : vals[0].type();
      IValue out = makeDict(k, v);
      for (size_t i = 0; i < keys.size(); ++i) out.toDictRef().insertOrAssign(keys[i], vals[i]);
      return out;
    }
    IValue operator()(const Literal::Enum& e) const { return makeEnum(e.type, e.name); }
    IValue operator()(const std::complex<double>& c) const { return IValue(c); }
  };
  return std::visit(V{hint}, lit.v);
}

Tensor tensorConstant(const TensorConstant& t) {
  if (t.opaque) throw UnsupportedOperator("prim::Constant: the tensor constant's contents are unknown (<Tensor>)",
                                          "opaque tensor constant");
  if (isFloatingType(t.dtype)) return Tensor::fromDoubles(t.values, t.sizes, t.dtype);
  std::vector<int64_t> ints(t.values.size());
  for (size_t i = 0; i < ints.size(); ++i) ints[i] = static_cast<int64_t>(t.values[i]);
  return Tensor::fromInt64s(ints, t.sizes, t.dtype);
}

TypePtr listElementType(const Node& n) {
  if (auto* lt = n.output()->type()->cast<ListType>()) return lt->elementType();
  return AnyType::get();
}

size_t wrapIndex(int64_t i, size_t n, const char* what) {
  int64_t s = static_cast<int64_t>(n);
  if (i < 0) i += s;
  if (i < 0 || i >= s) throw RuntimeError(what);
  return static_cast<size_t>(i);
}

}  // namespace

IValue constantValue(const Node& node) {
  if (!node.hasAttribute(attr::value)) return IValue();
  const TypePtr& ty = node.output()->type();
  const AttributeValue& a = node.attr(attr::value);
  switch (kindOf(a)) {
    case AttributeKind::i: {
      int64_t v = std::get<int64_t>(a);
      if (ty->kind() == TypeKind::Bool) return IValue(v != 0);
      if (ty->kind() == TypeKind::Float) return IValue(static_cast<double>(v));
      return IValue(v);
    }
    case AttributeKind::f: return IValue(std::get<double>(a));
    case AttributeKind::s: {
      const auto& s = std::get<std::string>(a);
      if (ty->kind() == TypeKind::Device) return IValue(Device::parse(s));
      return IValue(s);
    }
    case AttributeKind::t: {
      // A 0-dim tensor constant takes part in type promotion as a wrapped number, as in 1.13
      // (a traced `x * 1.0`: Long[4] * the Double constant {1.} is Float).
      Tensor t = tensorConstant(std::get<TensorConstant>(a));
      if (t.sizes().empty() && std::get<TensorConstant>(a).wrappedNumber) t.setWrappedNumber(true);
      return IValue(t);
    }
    case AttributeKind::ival: return literalValue(std::get<Literal>(a), ty);
    case AttributeKind::is: {
      std::vector<IValue> items;
      for (int64_t x : std::get<std::vector<int64_t>>(a)) items.emplace_back(x);
      return makeList(IntType::get(), std::move(items));
    }
    case AttributeKind::fs: {
      std::vector<IValue> items;
      for (double x : std::get<std::vector<double>>(a)) items.emplace_back(x);
      return makeList(FloatType::get(), std::move(items));
    }
    case AttributeKind::ss: {
      std::vector<IValue> items;
      for (const auto& x : std::get<std::vector<std::string>>(a)) items.emplace_back(x);
      return makeList(StringType::get(), std::move(items));
    }
    case AttributeKind::ts: {
      std::vector<IValue> items;
      for (const auto& x : std::get<std::vector<TensorConstant>>(a)) items.emplace_back(tensorConstant(x));
      return makeList(TensorType::get(), std::move(items));
    }
    default:
      throw UnsupportedOperator(str("prim::Constant with a ", toString(kindOf(a)), " attribute"),
                                "prim::Constant kind");
  }
}

bool isInstance(const IValue& v, const TypePtr& type) {
  switch (type->kind()) {
    case TypeKind::Any: return true;
    case TypeKind::Optional:
      return v.isNone() || isInstance(v, type->cast<OptionalType>()->elementType());
    case TypeKind::Union:
      for (const auto& m : type->containedTypes())
        if (isInstance(v, m)) return true;
      return false;
    case TypeKind::Number: return v.isInt() || v.isDouble();
    case TypeKind::Tensor: return v.isTensor();
    case TypeKind::Int: return v.isInt();
    case TypeKind::Float: return v.isDouble();
    case TypeKind::Bool: return v.isBool();
    case TypeKind::Str: return v.isString();
    case TypeKind::None: return v.isNone();
    case TypeKind::Device: return v.isDevice();
    case TypeKind::List: {
      if (!v.isList()) return false;
      // An unparameterized check (isinstance(x, list)) arrives as List[Any].
      const TypePtr& want = type->cast<ListType>()->elementType();
      return want->kind() == TypeKind::Any || v.toListRef().elementType->isSubtypeOf(want);
    }
    case TypeKind::Dict: {
      if (!v.isDict()) return false;
      auto* dt = type->cast<DictType>();
      const DictObj& d = v.toDictRef();
      return (dt->keyType()->kind() == TypeKind::Any || d.keyType->isSubtypeOf(dt->keyType())) &&
             (dt->valueType()->kind() == TypeKind::Any || d.valueType->isSubtypeOf(dt->valueType()));
    }
    case TypeKind::Tuple: {
      if (!v.isTuple()) return false;
      auto* tt = type->cast<TupleType>();
      const auto& items = v.toTupleRef().items;
      if (tt->elements().empty()) return true;
      if (items.size() != tt->elements().size()) return false;
      for (size_t i = 0; i < items.size(); ++i)
        if (!isInstance(items[i], tt->elements()[i])) return false;
      return true;
    }
    case TypeKind::Class:
      return v.isObject() && v.toObjectRef().type->qualifiedName() == type->cast<ClassType>()->qualifiedName();
    default: return v.type()->isSubtypeOf(type);
  }
}

std::optional<Operation> primOperation(const Node& node) {
  switch (node.kind()) {
    case prim::ListConstruct: {
      TypePtr elem = listElementType(node);
      return Operation([elem](Stack& s, size_t n) {
        std::vector<IValue> items(std::make_move_iterator(s.end() - n), std::make_move_iterator(s.end()));
        drop(s, n);
        s.push_back(makeList(elem, std::move(items)));
      });
    }
    case prim::ListUnpack: {
      size_t outs = node.numOutputs();
      return Operation([outs](Stack& s, size_t) {
        IValue l = kernels::pop(s);
        const auto& items = l.toListRef().items;
        if (items.size() != outs)
          throw RuntimeError(str("Expected ", outs, " elements in a list but found ", items.size()));
        for (const auto& x : items) s.push_back(x);
      });
    }
    case prim::TupleConstruct:
      return Operation([](Stack& s, size_t n) {
        std::vector<IValue> items(std::make_move_iterator(s.end() - n), std::make_move_iterator(s.end()));
        drop(s, n);
        s.push_back(makeTuple(std::move(items)));
      });
    case prim::TupleUnpack:
      return Operation([](Stack& s, size_t) {
        IValue t = kernels::pop(s);
        for (const auto& x : t.toTupleRef().items) s.push_back(x);
      });
    case prim::TupleIndex:
      return Operation([](Stack& s, size_t) {
        int64_t i = kernels::pop(s).toInt();
        IValue t = kernels::pop(s);
        const auto& items = t.toTupleRef().items;
        s.push_back(items[wrapIndex(i, items.size(), "tuple index out of range")]);
      });
    case prim::TupleSlice: {
      int64_t beg = node.i(Symbol::attr("beg"));
      std::optional<int64_t> end;
      if (node.hasAttribute(Symbol::attr("end"))) end = node.i(Symbol::attr("end"));
      return Operation([beg, end](Stack& s, size_t) {
        IValue t = kernels::pop(s);
        const auto& items = t.toTupleRef().items;
        int64_t n = static_cast<int64_t>(items.size());
        int64_t b = std::clamp<int64_t>(beg, 0, n), e = std::clamp<int64_t>(end.value_or(n), 0, n);
        std::vector<IValue> out;
        for (int64_t i = b; i < e; ++i) out.push_back(items[i]);
        s.push_back(makeTuple(std::move(out)));
      });
    }
    case prim::DictConstruct: {
      TypePtr k = StringType::get(), v = AnyType::get();
      if (auto* dt = node.output()->type()->cast<DictType>()) k = dt->keyType(), v = dt->valueType();
      return Operation([k, v](Stack& s, size_t n) {
        IValue d = makeDict(k, v);
        DictObj& dict = d.toDictRef();
        for (size_t i = 0; i + 1 < n; i += 2) dict.insertOrAssign(peek(s, i, n), peek(s, i + 1, n));
        drop(s, n);
        s.push_back(std::move(d));
      });
    }
    case prim::CreateObject: {
      auto cls = std::dynamic_pointer_cast<const ClassType>(node.output()->type());
      TSJIT_CHECK(cls != nullptr, "prim::CreateObject must produce a class type");
      return Operation([cls](Stack& s, size_t) { s.emplace_back(Ref<Object>::make(cls, cls->attributes().size())); });
    }
    case prim::EnumName:
      return Operation([](Stack& s, size_t) { s.back() = IValue(s.back().toEnumRef().name()); });
    case prim::EnumValue:
      return Operation([](Stack& s, size_t) { s.back() = s.back().toEnumRef().value(); });
    case prim::GetAttr: {
      std::string name = node.s(attr::name);
      std::optional<size_t> slot;
      if (auto* ct = node.input(0)->type()->cast<ClassType>()) slot = ct->findAttributeSlot(name);
      return Operation([name, slot](Stack& s, size_t) {
        IValue self = kernels::pop(s);
        Object& o = self.toObjectRef();
        if (slot && *slot < o.slots.size() && o.type->attributes().size() > *slot &&
            o.type->attributes()[*slot].name == name)
          s.push_back(o.slots[*slot]);
        else
          s.push_back(o.attr(name));
      });
    }
    case prim::SetAttr: {
      std::string name = node.s(attr::name);
      return Operation([name](Stack& s, size_t) {
        IValue v = kernels::pop(s);
        IValue self = kernels::pop(s);
        self.toObjectRef().setAttr(name, std::move(v));
      });
    }
    case prim::isinstance: {
      std::vector<TypePtr> types = node.tys(attr::types);
      return Operation([types](Stack& s, size_t) {
        IValue v = kernels::pop(s);
        bool r = false;
        for (const auto& t : types) r = r || isInstance(v, t);
        s.emplace_back(r);
      });
    }
    case prim::NumToTensor:
      return Operation([](Stack& s, size_t) {
        IValue v = kernels::pop(s);
        if (v.isInt()) s.emplace_back(Tensor::scalarInt(v.toInt(), ScalarType::Int64));
        else if (v.isBool()) s.emplace_back(Tensor::scalarInt(v.toBool() ? 1 : 0, ScalarType::Bool));
        else s.emplace_back(Tensor::scalar(v.toDouble(), ScalarType::Double));
      });
    case prim::device:
      return Operation([](Stack& s, size_t) { s.back() = IValue(s.back().toTensor().device()); });
    case prim::dtype:
      return Operation([](Stack& s, size_t) { s.back() = IValue(toTorchCode(s.back().toTensor().dtype())); });
    case aten::__is__:
    case aten::__isnot__: {
      bool negate = node.kind() == aten::__isnot__;
      return Operation([negate](Stack& s, size_t) {
        bool same = s[s.size() - 2].isSameIdentity(s.back());
        drop(s, 2);
        s.emplace_back(same != negate);
      });
    }
    case prim::RaiseException:
      return Operation([](Stack& s, size_t n) {
        std::string cls = n > 1 && s.back().isString() ? s.back().toStringRef() : "";
        std::string msg = s[s.size() - n].toStringRef();
        throw ScriptRaise(msg, cls);
      });
    default: return std::nullopt;
  }
}

}  // namespace tsjit::runtime
