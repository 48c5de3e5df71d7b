// InplaceVariants.cpp — optimized kernels for the in-place overloads (aten::abs_, aten::fmod_.Scalar,
// aten::unsqueeze_, ...) that no family registered, derived from the functional overload of the same
// name without the underscore (aten::abs, aten::fmod.Scalar, aten::unsqueeze).
//
// Invariants: registered after every family (Families.h), so a family's own in-place kernel (one
// loop writing self) always wins; derived only when the functional overload has a kernel, the same
// argument names and one result. The write-back is PyTorch's in-place rule: a result that is a view
// of self (unsqueeze, t, transpose, squeeze) gives self its shape and strides; any other result
// must have self's shape ("output with shape ... doesn't match the broadcast shape ...") and a
// dtype that can be cast to self's ("result type Float can't be cast to the desired output type
// Long"), and is copied into self. For the elementwise (TensorIterator) ops, self must not overlap
// itself or partially overlap another tensor argument, 1.13's "unsupported operation" errors.
// aten::detach_ is left out (it changes autograd state only).
#include <string>
#include <vector>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/kernels/TensorLoops.h"
#include "jit/tensor/MemoryOverlap.h"
#include "jit/tensor/TypePromotion.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {
namespace {

bool sameArgumentNames(const ops::OpOverload& a, const ops::OpOverload& b) {
  const auto& x = a.schema().arguments();
  const auto& y = b.schema().arguments();
  if (x.size() != y.size()) return false;
  for (size_t k = 0; k < x.size(); ++k)
    if (x[k].name != y[k].name) return false;
  return true;
}

void writeInto(const Tensor& self, const Tensor& result) {
  if (result.sharesStorageWith(self) && result.unsafeImpl() != self.unsafeImpl()) {
    TensorImpl* impl = self.unsafeImpl();  // a view of self: self becomes that view
    impl->sizes = result.sizes();
    impl->strides = result.strides();
    impl->storageOffset = result.storageOffset();
    impl->numel = result.numel();
    return;
  }
  if (result.unsafeImpl() == self.unsafeImpl()) return;
  if (result.sizes() != self.sizes())
    throw RuntimeError(str("output with shape ", shapeString(self.sizes()), " doesn't match the broadcast shape ",
                           shapeString(result.sizes())));
  checkCanCast(result.dtype(), self.dtype());
  self.copy_(result);
}

// The functional overload o derives from: the one of the same overload name (aten::fmod.Scalar for
// aten::fmod_.Scalar), else the one with the same argument names and types (aten::transpose.int
// for aten::transpose_); it needs a kernel, the same argument names and one result.
const ops::OpOverload* functionalOverload(const ops::OpInfo& functional, const ops::OpOverload& o) {
  auto usable = [&](const ops::OpOverload* f) {
    return f && findKernel(*f) && f->schema().returns().size() == 1 && sameArgumentNames(o, *f);
  };
  if (const ops::OpOverload* f = functional.findOverload(o.overloadName()); usable(f)) return f;
  for (const auto& f : functional.overloads()) {
    if (!usable(f.get())) continue;
    bool sameTypes = true;
    for (size_t k = 0; k < o.schema().arguments().size(); ++k)
      sameTypes = sameTypes && o.schema().arguments()[k].type()->str() == f->schema().arguments()[k].type()->str();
    if (sameTypes) return f.get();
  }
  return nullptr;
}

}  // namespace

void registerInplaceVariantsKernels() {
  for (const ops::OpInfo* op : ops::allOps()) {
    const std::string& name = op->name();
    if (name == "aten::detach_") continue;
    // The table's link (aten::abs_ -> aten::abs, aten::__iand__ -> aten::__and__), else the name less '_'.
    const ops::OpInfo* functional = op->functionalVariant();
    if (!functional && name.size() >= 2 && name.back() == '_' && !name.ends_with("__"))
      functional = ops::findOp(std::string_view(name).substr(0, name.size() - 1));
    if (!functional) continue;
    for (const auto& o : op->overloads()) {
      if (findKernel(*o) || o->schema().returns().size() != 1 || o->schema().arguments().empty()) continue;
      const ops::OpOverload* f = functionalOverload(*functional, *o);
      if (!f) continue;
      if (!o->schema().arguments()[0].type()->str().starts_with("Tensor")) continue;
      const OptimizedKernel* inner = findKernel(*f);
      const ops::OpCategory c = f->category();
      const bool elementwise = c == ops::OpCategory::ElementwiseUnary || c == ops::OpCategory::ElementwiseBinary ||
                               c == ops::OpCategory::ElementwiseTernary || c == ops::OpCategory::Comparison;
      def(o->qualifiedName(), [inner, elementwise](Stack& s, size_t n) {
        IValue self = s[s.size() - n];
        if (elementwise) {
          const Tensor& t = self.toTensor();
          assertNoInternalOverlap(t);
          for (size_t k = 1; k < n; ++k) {
            const IValue& v = s[s.size() - n + k];
            if (v.isTensor() && v.toTensor().defined() && !v.toTensor().is(t)) assertNoPartialOverlap(t, v.toTensor());
          }
        }
        inner->run(s, n);  // pops the arguments, pushes the functional result
        IValue result = pop(s);
        writeInto(self.toTensor(), result.toTensor());
        s.push_back(std::move(self));
      });
    }
  }
}

}  // namespace tsjit::kernels
