// EvaluatorConstants.cpp — prim::Constant attributes and IR literals as IValues (see the header).
#include "reference/EvaluatorConstants.h"

#include "jit/ir/Graph.h"
#include "reference/Evaluator.h"

namespace tsjit::reference {

namespace {

TypePtr literalType(const Literal& l) {
  return std::visit(
      [](const auto& v) -> TypePtr {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) return BoolType::get();
        else if constexpr (std::is_same_v<T, int64_t>) return IntType::get();
        else if constexpr (std::is_same_v<T, double>) return FloatType::get();
        else if constexpr (std::is_same_v<T, std::string>) return StringType::get();
        else if constexpr (std::is_same_v<T, Literal::None>) return NoneType::get();
        else if constexpr (std::is_same_v<T, Literal::Enum>) return v.type;
        else if constexpr (std::is_same_v<T, std::complex<double>>) return ComplexType::get();
        else return AnyType::get();
      },
      l.v);
}

TypePtr elementHint(const TypePtr& hint, size_t index) {
  if (!hint) return nullptr;
  if (auto* opt = hint->cast<OptionalType>()) return elementHint(opt->elementType(), index);
  if (auto* lt = hint->cast<ListType>()) return lt->elementType();
  if (auto* tt = hint->cast<TupleType>()) return index < tt->elements().size() ? tt->elements()[index] : nullptr;
  return nullptr;
}

}  // namespace

Tensor tensorFromConstant(const TensorConstant& t) {
  if (t.opaque)
    throw NotSupported("a tensor constant whose contents the IR text does not show (<Tensor>)",
                       "prim::Constant <Tensor>");
  Tensor out = Tensor::empty(t.sizes, t.dtype);
  TSJIT_CHECK(static_cast<int64_t>(t.values.size()) == out.numel(), "tensor constant has ", t.values.size(),
              " values for ", out.numel(), " elements");
  for (int64_t i = 0; i < out.numel(); ++i) out.setDouble(i, t.values[static_cast<size_t>(i)]);
  return out;
}

IValue literalToIValue(const Literal& literal, const TypePtr& hint) {
  return std::visit(
      [&](const auto& v) -> IValue {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Literal::None>) {
          return IValue();
        } else if constexpr (std::is_same_v<T, bool>) {
          return IValue(v);
        } else if constexpr (std::is_same_v<T, int64_t>) {
          if (hint && hint->kind() == TypeKind::Bool) return IValue(v != 0);
          if (hint && hint->kind() == TypeKind::Float) return IValue(static_cast<double>(v));
          return IValue(v);
        } else if constexpr (std::is_same_v<T, double>) {
          return IValue(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          if (hint && hint->kind() == TypeKind::Device) return IValue(Device::parse(v));
          return IValue(v);
        } else if constexpr (std::is_same_v<T, Literal::Tuple>) {
          std::vector<IValue> items;
          for (size_t i = 0; i < v.elems.size(); ++i) items.push_back(literalToIValue(v.elems[i], elementHint(hint, i)));
          return makeTuple(std::move(items));
        } else if constexpr (std::is_same_v<T, Literal::List>) {
          TypePtr elem = elementHint(hint, 0);
          if (!elem) elem = v.elems.empty() ? AnyType::get() : literalType(v.elems[0]);
          std::vector<IValue> items;
          for (const auto& e : v.elems) items.push_back(literalToIValue(e, elem));
          return makeList(elem, std::move(items));
        } else if constexpr (std::is_same_v<T, Literal::Enum>) {
          return makeEnum(v.type, v.name);
        } else if constexpr (std::is_same_v<T, std::complex<double>>) {
          return IValue(v);
        } else {
          TypePtr k, val;
          if (hint)
            if (auto* dt = hint->cast<DictType>()) k = dt->keyType(), val = dt->valueType();
          if (!k) k = v.keys.empty() ? StringType::get() : literalType(v.keys[0]);
          if (!val) val = v.values.empty() ? AnyType::get() : literalType(v.values[0]);
          IValue d = makeDict(k, val);
          for (size_t i = 0; i < v.keys.size(); ++i)
            d.toDictRef().insertOrAssign(literalToIValue(v.keys[i], k), literalToIValue(v.values[i], val));
          return d;
        }
      },
      literal.v);
}

IValue constantValue(const Node& node) {
  TSJIT_CHECK(node.numOutputs() == 1, "prim::Constant must have one output");
  const TypePtr& type = node.output()->type();
  if (!node.hasAttribute(attr::value)) return IValue();
  switch (node.kindOfAttribute(attr::value)) {
    case AttributeKind::i: {
      int64_t i = node.i(attr::value);
      if (type->kind() == TypeKind::Bool) return IValue(i != 0);
      if (type->kind() == TypeKind::Float) return IValue(static_cast<double>(i));
      return IValue(i);
    }
    case AttributeKind::f: return IValue(node.f(attr::value));
    case AttributeKind::s: {
      const std::string& s = node.s(attr::value);
      if (type->kind() == TypeKind::Device) return IValue(Device::parse(s));
      return IValue(s);
    }
    case AttributeKind::t: {
      // PyTorch 1.13 promotes a 0-dim tensor constant of a graph as a wrapped number (a traced
      // `x * 1.0` records the 1.0 as one): Long[4] * the constant {1.} of dtype Double is Float.
      Tensor t = tensorFromConstant(node.t(attr::value));
      if (t.sizes().empty() && node.t(attr::value).wrappedNumber) t.setWrappedNumber(true);
      return IValue(t);
    }
    case AttributeKind::ival: return literalToIValue(node.ival(attr::value), type);
    case AttributeKind::is: {
      std::vector<IValue> items;
      for (int64_t x : node.is(attr::value)) items.emplace_back(x);
      return makeList(IntType::get(), std::move(items));
    }
    case AttributeKind::fs: {
      std::vector<IValue> items;
      for (double x : node.fs(attr::value)) items.emplace_back(x);
      return makeList(FloatType::get(), std::move(items));
    }
    case AttributeKind::ss: {
      std::vector<IValue> items;
      for (const auto& x : node.ss(attr::value)) items.emplace_back(x);
      return makeList(StringType::get(), std::move(items));
    }
    case AttributeKind::ts: {
      std::vector<IValue> items;
      for (const auto& x : node.ts(attr::value)) items.emplace_back(tensorFromConstant(x));
      return makeList(TensorType::get(), std::move(items));
    }
    default:
      throw NotSupported(str("prim::Constant with a ", toString(node.kindOfAttribute(attr::value)),
                             " attribute"),
                         "prim::Constant");
  }
}

}  // namespace tsjit::reference
