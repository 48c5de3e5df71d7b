// InplaceVariants.cpp — reference kernels for the in-place overloads (aten::abs_, aten::fmod_.Scalar,
// aten::unsqueeze_, ...) that no family registered, stated from the functional overload of the same
// name without the underscore.
//
// Invariants: registered after every family (Families.h), so a family's own in-place kernel wins;
// derived only when the functional overload has a reference kernel, the same argument names and one
// result. A result that is a view of self (unsqueeze, t, transpose, squeeze) gives self its shape
// and strides; any other result is written by writeInplace (TensorArgs.h: shape check, cast check,
// copy). aten::detach_ is left out (it only changes autograd state).
#include <string>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {

namespace {

bool sameArgumentNames(const ops::OpOverload& a, const ops::OpOverload& b) {
  const auto& x = a.schema().arguments();
  const auto& y = b.schema().arguments();
  if (x.size() != y.size()) return false;
  for (size_t k = 0; k < x.size(); ++k)
    if (x[k].name != y[k].name) return false;
  return true;
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
      if (!o->schema().arguments()[0].type()->str().starts_with("Tensor")) continue;
      const ops::OpOverload* f = functionalOverload(*functional, *o);
      if (!f) continue;
      const ReferenceKernel* inner = findKernel(*f);
      def(o->qualifiedName(), [inner](Args& args) {
        Tensor self = args.at(0).toTensor();
        Args copy = args;
        std::vector<IValue> out = inner->run(copy);
        const Tensor& result = out.at(0).toTensor();
        if (result.sharesStorageWith(self) && result.unsafeImpl() != self.unsafeImpl()) {
          TensorImpl* impl = self.unsafeImpl();  // a view of self: self takes its shape and strides
          impl->sizes = result.sizes();
          impl->strides = result.strides();
          impl->storageOffset = result.storageOffset();
          impl->numel = result.numel();
        } else if (result.unsafeImpl() != self.unsafeImpl()) {
          writeInplace(self, result);
        }
        return ret(IValue(self));
      });
    }
  }
}

}  // namespace tsjit::reference
