// OutVariants.cpp — optimized kernels for the `out=` overloads that no family registered, derived
// from the op's functional overload: aten::sum.IntList_out runs aten::sum.dim_IntList's kernel and
// writes the result into `out` (aten::max.dim_max writes the two results of aten::max.dim into
// `max` and `max_values`).
//
// Invariants: registered last (Families.h), so a family's own out kernel always wins; an out
// overload is derived only when a functional overload of the same op has exactly its non-out
// arguments (same names and types, in order), as many results as it has outs, and a kernel. The
// write-back is PyTorch's out= convention (writeOut below), the same rule the reference applies.
#include <string>
#include <vector>

#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/kernels/OutVariants.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {

const Tensor& writeOut(const Tensor& out, const Tensor& result) {
  checkCanCast(result.dtype(), out.dtype());
  if (out.sizes() != result.sizes()) {
    // resize_ to the result's shape: fresh contiguous storage (the old values are overwritten anyway).
    Tensor fresh = Tensor::empty(result.sizes(), out.dtype(), out.device());
    TensorImpl* impl = out.unsafeImpl();
    impl->storage = fresh.storage();
    impl->sizes = fresh.sizes();
    impl->strides = fresh.strides();
    impl->storageOffset = 0;
    impl->numel = fresh.numel();
  }
  out.copy_(result);
  return out;
}

namespace {

// The number of trailing written (Tensor(a!)) keyword-only arguments: the outs.
size_t outCount(const ops::OpOverload& o) {
  const auto& args = o.schema().arguments();
  size_t n = 0;
  while (n < args.size() && args[args.size() - 1 - n].kwargOnly && args[args.size() - 1 - n].isWrite()) ++n;
  return n;
}

bool sameArguments(const std::vector<Argument>& a, size_t count, const std::vector<Argument>& b) {
  if (b.size() != count) return false;
  for (size_t k = 0; k < count; ++k)
    if (a[k].name != b[k].name || a[k].type()->str() != b[k].type()->str()) return false;
  return true;
}

const ops::OpOverload* functionalSibling(const ops::OpOverload& out, size_t outs) {
  const auto& args = out.schema().arguments();
  for (const auto& o : out.op().overloads()) {
    if (o.get() == &out || o->isOutVariant() || !findKernel(*o)) continue;
    if (o->schema().returns().size() != outs) continue;
    if (sameArguments(args, args.size() - outs, o->schema().arguments())) return o.get();
  }
  return nullptr;
}

}  // namespace

void registerOutVariantsKernels() {
  for (const ops::OpInfo* op : ops::allOps()) {
    for (const auto& o : op->overloads()) {
      if (!o->isOutVariant() || findKernel(*o)) continue;
      const size_t outs = outCount(*o);
      if (outs == 0) continue;
      const ops::OpOverload* functional = functionalSibling(*o, outs);
      if (!functional) continue;
      const OptimizedKernel* inner = findKernel(*functional);
      def(o->qualifiedName(), [inner, outs](Stack& s, size_t n) {
        std::vector<IValue> outValues(s.end() - static_cast<std::ptrdiff_t>(outs), s.end());
        s.resize(s.size() - outs);
        inner->run(s, n - outs);  // pops the functional arguments, pushes its results
        std::vector<IValue> results(s.end() - static_cast<std::ptrdiff_t>(outs), s.end());
        s.resize(s.size() - outs);
        for (size_t k = 0; k < outs; ++k) {
          writeOut(outValues[k].toTensor(), results[k].toTensor());
          s.push_back(outValues[k]);
        }
      });
    }
  }
}

}  // namespace tsjit::kernels
