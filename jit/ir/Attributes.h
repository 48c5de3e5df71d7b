// Attributes.h — the compile-time values a Node carries (PyTorch's "attributes"): int, float,
// string, tensor, graph, type, IValue-like literal, and lists of int/float/string/tensor/graph/type.
//
// Invariants:
//   * An attribute is keyed by a Symbol in the attr:: namespace (attr::value, attr::name ...);
//     a node holds at most one attribute per key and keeps them in insertion order (the order
//     the printer shows them in, as PyTorch does).
//   * AttributeValue's variant index is the AttributeKind (checked by a static_assert).
//   * Tensors are held as TensorConstant until the IR is wired to jit/tensor's Tensor: the dtype,
//     the sizes and the elements (as double) of a constant, or "opaque" when the text only said
//     `<Tensor>`.
//   * Literal is the value of an `ival` attribute (PyTorch's IValue constants such as
//     `prim::Constant[value={"q": 1}]()` or `value=(1, 2)`): None, bool, int, float, str, and
//     lists / tuples / dicts of literals.
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "jit/ir/Type.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit {

class Graph;

enum class AttributeKind { i, f, s, t, g, ty, ival, is, fs, ss, ts, gs, tys };
const char* toString(AttributeKind kind);

struct TensorConstant {
  ScalarType dtype = ScalarType::Float;
  std::vector<int64_t> sizes;  // empty: a 0-dim tensor
  std::vector<double> values;  // row-major elements; empty when opaque
  bool opaque = false;         // contents unknown (parsed from `<Tensor>`)
  // A 0-dim constant takes part in type promotion as a wrapped number (as 1.13 runs the constants
  // of a graph's text: Long[4] * {1.} is Float), unless constant propagation computed it from a
  // tensor that was not one (then it promotes as that tensor did: Long[4] * it is Double).
  bool wrappedNumber = true;

  int64_t numel() const;
  static TensorConstant scalar(ScalarType dtype, double value);
  bool operator==(const TensorConstant& other) const = default;
};

struct Literal {
  struct None {
    bool operator==(const None&) const = default;
  };
  struct Tuple {
    std::vector<Literal> elems;
  };
  // `annotation` (optional) is the static type PyTorch prints for empty containers:
  // `annotate(List[int], [])`, `annotate(Dict[str, int], {})`.
  struct List {
    std::vector<Literal> elems;
    TypePtr annotation;
  };
  struct Dict {
    std::vector<Literal> keys;  // keys[i] maps to values[i], in insertion order
    std::vector<Literal> values;
    TypePtr annotation;
  };
  // A member of an enum class (`type` is its EnumType): prints __torch__.Color.RED.
  struct Enum {
    TypePtr type;
    std::string name;
  };
  // A Python complex (1.13 prints it 0.+2.j).
  std::variant<None, bool, int64_t, double, std::string, Tuple, List, Dict, Enum, std::complex<double>> v;
};
bool operator==(const Literal& a, const Literal& b);
inline bool operator==(const Literal::Tuple& a, const Literal::Tuple& b) { return a.elems == b.elems; }
inline bool sameAnnotation(const TypePtr& a, const TypePtr& b) { return a == b || (a && b && *a == *b); }
inline bool operator==(const Literal::List& a, const Literal::List& b) {
  return a.elems == b.elems && sameAnnotation(a.annotation, b.annotation);
}
inline bool operator==(const Literal::Dict& a, const Literal::Dict& b) {
  return a.keys == b.keys && a.values == b.values && sameAnnotation(a.annotation, b.annotation);
}
inline bool operator==(const Literal::Enum& a, const Literal::Enum& b) {
  return a.name == b.name && sameAnnotation(a.type, b.type);
}
inline bool operator==(const Literal& a, const Literal& b) { return a.v == b.v; }

using GraphPtr = std::shared_ptr<Graph>;

using AttributeValue =
    std::variant<int64_t, double, std::string, TensorConstant, GraphPtr, TypePtr, Literal,
                 std::vector<int64_t>, std::vector<double>, std::vector<std::string>,
                 std::vector<TensorConstant>, std::vector<GraphPtr>, std::vector<TypePtr>>;

inline AttributeKind kindOf(const AttributeValue& v) { return static_cast<AttributeKind>(v.index()); }

// ---- formatting shared by the printer (and by anyone who prints constants as PyTorch does) ----

// A double as PyTorch's IValue prints it: integral values below 1e10 as "2." / "-0.", others with
// 17 significant digits in the shortest of fixed/scientific ("0.10000000000000001", "1e-08").
std::string formatIrDouble(double d);
// A complex as PyTorch's IValue prints it: the real part, '+' when the imaginary part is >= 0
// (else '-'), its magnitude, 'j', each part as formatIrDouble: 0.+2.j, -2.5-nanj, 1.+0.j for 1-0j.
std::string formatIrComplex(std::complex<double> c);
// A double as a default-formatted C++ stream prints it (precision 6): tensor scalars `{2.5}`.
std::string formatIrDoubleShort(double d);
// A string in double quotes with C escapes (\n, \", \\, \ooo for other non-printables).
std::string quoteIrString(const std::string& s);
// `{2}` for one-element tensors, `<Tensor>` otherwise.
std::string formatTensorConstant(const TensorConstant& t);
std::string formatLiteral(const Literal& l);
// The attribute value as it appears after `name=` (graph attributes print `<Graph>`).
std::string formatAttributeValue(const AttributeValue& v);

}  // namespace tsjit
