// Derivative.cpp — the derivative slot of the op table and GradContext's accessors (Derivative.h).
#include "jit/autograd/Derivative.h"

#include <cctype>

#include "jit/support/Error.h"

namespace tsjit::autograd {

const IValue& GradContext::arg(size_t i) const {
  TSJIT_CHECK(i < args_.size(), "autograd: ", opName_, " has no argument ", i);
  if (dtypes_[i] != ScalarType::Undefined || !listSizes_[i].empty())
    TSJIT_CHECK(saved_[i], "autograd: the derivative of ", opName_, " reads tensor argument ", i, " without saving it");
  return args_[i];
}

const Tensor& GradContext::output(size_t j) const {
  TSJIT_CHECK(j < outputs_.size() && outputs_[j].defined(), "autograd: the derivative of ", opName_,
              " reads output ", j, " without saving it");
  return outputs_[j];
}

const Tensor& GradContext::grad(size_t j) const {
  TSJIT_CHECK(j < grads_.size(), "autograd: ", opName_, " has no output ", j);
  return grads_[j];
}

bool GradContext::hasGrad(size_t j) const { return j < hasGrad_.size() && hasGrad_[j]; }
bool GradContext::needs(size_t i) const { return i < needs_.size() && needs_[i]; }
const std::vector<int64_t>& GradContext::sizes(size_t i) const { return sizes_.at(i); }
ScalarType GradContext::dtype(size_t i) const { return dtypes_.at(i); }
const std::vector<std::vector<int64_t>>& GradContext::listSizes(size_t i) const { return listSizes_.at(i); }

std::string nodeNameFor(const ops::OpOverload& overload) {
  const ops::OpInfo* op = &overload.op();
  if (op->functionalVariant()) op = op->functionalVariant();
  std::string base = op->name();
  auto colon = base.find("::");
  if (colon != std::string::npos) base = base.substr(colon + 2);
  std::string out;
  bool upper = true;
  for (char ch : base) {
    if (ch == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch))) : ch;
    upper = false;
  }
  return out + "Backward0";
}

void def(std::string_view qualifiedOverloadName, DerivativeSaves saves, std::function<Grads(const GradContext&)> formula) {
  const ops::OpOverload& ov = ops::overload(qualifiedOverloadName);
  ov.set(Derivative{nodeNameFor(ov), std::move(saves), std::move(formula)});
}

void defNotDifferentiable(std::string_view qualifiedName) {
  const ops::OpInfo& op = ops::op(qualifiedName);
  for (const auto& ov : op.overloads()) {
    if (ov->isOutVariant()) continue;
    Derivative d{nodeNameFor(*ov), {}, nullptr};
    d.differentiable = false;
    ov->set(std::move(d));
  }
}

const Derivative* derivativeFor(const ops::OpOverload& overload) {
  if (const Derivative* d = overload.get<Derivative>()) return d;
  if (const ops::OpInfo* f = overload.op().functionalVariant())
    if (const ops::OpOverload* fo = f->findOverload(overload.overloadName())) return fo->get<Derivative>();
  return nullptr;
}

}  // namespace tsjit::autograd
