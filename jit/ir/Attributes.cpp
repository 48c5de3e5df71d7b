// Attributes.cpp — attribute kinds and the text forms of attribute values, as PyTorch 1.13 prints
// them (IValue-style doubles, C-escaped strings, `{2}` tensor scalars).
#include "jit/ir/Attributes.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "jit/ir/Graph.h"
#include "jit/ir/TensorText.h"

namespace tsjit {

const char* toString(AttributeKind kind) {
  static const char* const names[] = {"i", "f", "s", "t", "g", "ty", "ival", "is", "fs", "ss", "ts", "gs", "tys"};
  return names[static_cast<int>(kind)];
}

static_assert(std::variant_size_v<AttributeValue> == 13, "AttributeValue and AttributeKind must match");
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<size_t>(AttributeKind::tys), AttributeValue>,
                             std::vector<TypePtr>>);
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<size_t>(AttributeKind::ival), AttributeValue>,
                             Literal>);

int64_t TensorConstant::numel() const {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  return n;
}

TensorConstant TensorConstant::scalar(ScalarType dtype, double value) {
  TensorConstant t;
  t.dtype = dtype;
  t.values = {value};
  return t;
}

std::string formatIrDouble(double d) {
  int cls = std::fpclassify(d);
  if ((cls == FP_NORMAL || cls == FP_ZERO) && std::abs(d) < 1e10) {
    auto i = static_cast<int64_t>(d);
    if (static_cast<double>(i) == d) {
      if (i == 0 && std::signbit(d)) return "-0.";
      return std::to_string(i) + ".";
    }
  }
  std::ostringstream os;
  os << std::setprecision(17) << d;
  return os.str();
}

std::string formatIrComplex(std::complex<double> c) {
  return formatIrDouble(c.real()) + (c.imag() >= 0 ? "+" : "-") + formatIrDouble(std::fabs(c.imag())) + "j";
}

std::string formatIrDoubleShort(double d) {
  std::ostringstream os;
  os << d;
  return os.str();
}

std::string quoteIrString(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    switch (ch) {
      case '\\': out += "\\\\"; break;
      case '\'': out += "\\'"; break;
      case '"': out += "\\\""; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      default: {
        auto u = static_cast<unsigned char>(ch);
        if (u >= 0x20 && u < 0x7f) {
          out += ch;
        } else {
          out += '\\';
          out += static_cast<char>('0' + ((u >> 6) & 7));
          out += static_cast<char>('0' + ((u >> 3) & 7));
          out += static_cast<char>('0' + (u & 7));
        }
      }
    }
  }
  out += '"';
  return out;
}

std::string formatTensorConstant(const TensorConstant& t) {
  // 1.13 prints the values of a tensor of 0 or 2..10 elements (TensorText.h), `{v}` for one.
  if (!t.opaque && t.numel() != 1 && t.numel() <= 10 && static_cast<int64_t>(t.values.size()) == t.numel())
    return formatTensorText(t);
  if (t.opaque || t.values.size() != 1 || t.numel() != 1) return "<Tensor>";
  double v = t.values[0];
  if (isFloatingType(t.dtype)) return "{" + formatIrDoubleShort(v) + "}";
  return "{" + std::to_string(static_cast<int64_t>(v)) + "}";
}

std::string formatLiteral(const Literal& l) {
  struct Visitor {
    std::string operator()(const Literal::None&) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return formatIrDouble(d); }
    std::string operator()(const std::string& s) const { return quoteIrString(s); }
    std::string operator()(const Literal::Tuple& t) const {
      std::string out = "(";
      for (size_t i = 0; i < t.elems.size(); ++i) out += (i ? ", " : "") + formatLiteral(t.elems[i]);
      return out + (t.elems.size() == 1 ? ",)" : ")");
    }
    std::string operator()(const Literal::List& t) const {
      std::string out = "[";
      for (size_t i = 0; i < t.elems.size(); ++i) out += (i ? ", " : "") + formatLiteral(t.elems[i]);
      out += "]";
      return t.annotation ? "annotate(" + t.annotation->annotationStr() + ", " + out + ")" : out;
    }
    std::string operator()(const Literal::Dict& d) const {
      std::string out = "{";
      for (size_t i = 0; i < d.keys.size() && i < d.values.size(); ++i)
        out += (i ? ", " : "") + formatLiteral(d.keys[i]) + ": " + formatLiteral(d.values[i]);
      out += "}";
      return d.annotation ? "annotate(" + d.annotation->annotationStr() + ", " + out + ")" : out;
    }
    std::string operator()(const Literal::Enum& e) const { return e.type->annotationStr() + "." + e.name; }
    std::string operator()(const std::complex<double>& c) const { return formatIrComplex(c); }
  };
  return std::visit(Visitor{}, l.v);
}

template <typename T, typename F>
static std::string listOf(const std::vector<T>& xs, F fmt) {
  std::string out = "[";
  for (size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + fmt(xs[i]);
  return out + "]";
}

std::string formatAttributeValue(const AttributeValue& v) {
  switch (kindOf(v)) {
    case AttributeKind::i: return std::to_string(std::get<int64_t>(v));
    case AttributeKind::f: return formatIrDouble(std::get<double>(v));
    case AttributeKind::s: return quoteIrString(std::get<std::string>(v));
    case AttributeKind::t: return formatTensorConstant(std::get<TensorConstant>(v));
    case AttributeKind::g: return "<Graph>";
    case AttributeKind::ty: {
      const TypePtr& t = std::get<TypePtr>(v);
      return t ? t->str() : "<null type>";
    }
    case AttributeKind::ival: return formatLiteral(std::get<Literal>(v));
    case AttributeKind::is:
      return listOf(std::get<std::vector<int64_t>>(v), [](int64_t x) { return std::to_string(x); });
    case AttributeKind::fs: return listOf(std::get<std::vector<double>>(v), formatIrDouble);
    case AttributeKind::ss: return listOf(std::get<std::vector<std::string>>(v), quoteIrString);
    case AttributeKind::ts: return "[<Tensors>]";
    case AttributeKind::gs: return "[<Graphs>]";
    case AttributeKind::tys:
      return listOf(std::get<std::vector<TypePtr>>(v), [](const TypePtr& t) { return t ? t->str() : "<null type>"; });
  }
  return "?";
}

}  // namespace tsjit
