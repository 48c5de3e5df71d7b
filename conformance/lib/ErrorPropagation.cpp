// ErrorPropagation.cpp — the forward error rules of ErrorPropagation.h.
// Invariant: a recorded bound has exactly one finite, non-negative entry per element of its
// tensor (row-major); anything that would break that records nothing.
#include "conformance/lib/ErrorPropagation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "conformance/lib/Compare.h"
#include "jit/ir/Graph.h"

namespace tsjit::conformance {

namespace {

bool isFloatTensor(const IValue& v) {
  return v.isTensor() && v.toTensor().defined() && isFloatingType(v.toTensor().dtype());
}

std::optional<double> scalarOf(const IValue& v) {
  if (v.isDouble()) return v.toDouble();
  if (v.isInt()) return static_cast<double>(v.toInt());
  if (v.isBool()) return v.toBool() ? 1.0 : 0.0;
  return std::nullopt;
}

// Element `i` (row-major over `outSizes`) of a tensor of `inSizes` broadcast to `outSizes`.
int64_t broadcastIndex(int64_t i, const std::vector<int64_t>& outSizes, const std::vector<int64_t>& inSizes) {
  int64_t index = 0, stride = 1;
  const size_t offset = outSizes.size() - inSizes.size();
  for (size_t d = outSizes.size(); d-- > 0;) {
    const int64_t coord = i % outSizes[d];
    i /= outSizes[d];
    if (d < offset) continue;
    const int64_t size = inSizes[d - offset];
    if (size != 1) index += coord * stride;
    stride *= size;
  }
  return index;
}

// An operand as the rules see it at element i of the output: its value and its bound.
struct Operand {
  Tensor tensor;                               // undefined: a scalar
  const std::vector<double>* bound = nullptr;  // null: exact
  double scalar = 0;
  bool broadcastable = true;

  double value(int64_t i, const std::vector<int64_t>& out) const {
    return tensor.defined() ? tensor.getDouble(broadcastIndex(i, out, tensor.sizes())) : scalar;
  }
  double error(int64_t i, const std::vector<int64_t>& out) const {
    return bound ? (*bound)[static_cast<size_t>(broadcastIndex(i, out, tensor.sizes()))] : 0.0;
  }
};

}  // namespace

const std::vector<double>* ErrorPropagation::find(const Tensor& t) const {
  auto it = bounds_.find(t.unsafeImpl());
  return it == bounds_.end() ? nullptr : it->second.bound.get();
}

std::shared_ptr<const std::vector<double>> ErrorPropagation::boundOf(const IValue& value) const {
  if (mutated_ || !isFloatTensor(value)) return nullptr;
  auto it = bounds_.find(value.toTensor().unsafeImpl());
  return it == bounds_.end() ? nullptr : it->second.bound;
}

void ErrorPropagation::onOpEnd(const Node& node, const ops::OpOverload* overload, const ops::Tolerance& tolerance,
                               const std::vector<IValue>& inputs, const std::vector<IValue>& outputs) {
  const std::string kind = node.kind().toQualString();
  if ((overload && overload->schema().isMutable()) || kind == "prim::SetAttr") {
    mutated_ = true;
    bounds_.clear();
  }
  if (mutated_ || outputs.size() != 1 || !isFloatTensor(outputs[0])) return;
  const Tensor out = outputs[0].toTensor();
  if (bounds_.count(out.unsafeImpl())) return;  // returns an operand (no new value)
  const std::vector<int64_t>& os = out.sizes();
  const int64_t n = out.numel();
  const ScalarType dtype = out.dtype();

  // The operands: tensors with their bounds, scalars exact. Anything else: no rule.
  std::vector<Operand> ops;
  bool anyBound = false;
  for (const IValue& v : inputs) {
    Operand o;
    if (v.isTensor() && v.toTensor().defined()) {
      o.tensor = v.toTensor();
      o.bound = find(o.tensor);
      const auto& is = o.tensor.sizes();
      o.broadcastable = is.size() <= os.size();
      for (size_t d = 0; o.broadcastable && d < is.size(); ++d)
        o.broadcastable = is[d] == 1 || is[d] == os[os.size() - is.size() + d];
      anyBound = anyBound || o.bound;
    } else if (auto s = scalarOf(v)) {
      o.scalar = *s;
    } else {
      o.broadcastable = false;
    }
    ops.push_back(o);
  }

  auto rounding = [&](int64_t i) { return ulpAt(out.getDouble(i), dtype); };
  auto record = [&](auto&& elementBound) {
    auto bound = std::make_shared<std::vector<double>>(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      const double b = elementBound(i);
      if (!std::isfinite(b) || b < 0) return;  // no finite bound: record nothing
      (*bound)[static_cast<size_t>(i)] = b;
    }
    bounds_[out.unsafeImpl()] = Entry{out, std::move(bound)};
  };

  if (!anyBound) {  // exact operands: only an approximate op introduces an error
    if (tolerance.kind != ops::Tolerance::Kind::Ulp) return;
    record([&](int64_t i) { return tolerance.bound * rounding(i); });
    return;
  }
  if (tolerance.kind != ops::Tolerance::Kind::Exact) return;  // an approximate op of inexact operands: unknown
  for (const Operand& o : ops)
    if (!o.broadcastable) return;
  const bool twoOperands = ops.size() >= 2 && (ops[0].tensor.defined() || ops[1].tensor.defined());
  if ((kind == "aten::add" || kind == "aten::sub" || kind == "aten::rsub") && twoOperands && ops.size() <= 3) {
    const double alpha = ops.size() == 3 ? std::fabs(ops[2].scalar) : 1.0;
    const bool reversed = kind == "aten::rsub";  // rsub(a, b, alpha) = b - alpha * a
    record([&](int64_t i) {
      const double ea = ops[0].error(i, os), eb = ops[1].error(i, os);
      return (reversed ? alpha * ea + eb : ea + alpha * eb) + rounding(i);
    });
  } else if (kind == "aten::mul" && ops.size() == 2) {
    record([&](int64_t i) {
      const double a = std::fabs(ops[0].value(i, os)), b = std::fabs(ops[1].value(i, os));
      const double ea = ops[0].error(i, os), eb = ops[1].error(i, os);
      return b * ea + a * eb + ea * eb + rounding(i);
    });
  } else if (kind == "aten::div" && ops.size() == 2) {
    record([&](int64_t i) {
      const double b = std::fabs(ops[1].value(i, os));
      const double ea = ops[0].error(i, os), eb = ops[1].error(i, os);
      if (!(b > eb)) return std::numeric_limits<double>::infinity();
      return (ea + std::fabs(out.getDouble(i)) * eb) / (b - eb) + rounding(i);
    });
  } else if ((kind == "aten::neg" || kind == "aten::abs" || kind == "aten::relu" || kind == "aten::clone" ||
              kind == "aten::contiguous") &&
             !ops.empty() && ops[0].tensor.defined() && out.sizes() == ops[0].tensor.sizes()) {
    record([&](int64_t i) { return ops[0].error(i, os); });
  }
}

}  // namespace tsjit::conformance
