// OutVariants.cpp — reference kernels for the `out=` overloads that no family registered, stated
// from the op's functional overload: aten::sum.IntList_out is aten::sum.dim_IntList's result written
// into `out` (aten::topk.values writes the two results of aten::topk into `values` and `indices`).
//
// Invariants: registered last (Families.h), so a family's own out kernel always wins; an out
// overload is derived only when a functional overload of the same op has exactly its non-out
// arguments (same names and types, in order), as many results as it has outs, and a reference
// kernel. The write-back is writeOut (TensorArgs.h): PyTorch's cast check, resize, copy.
#include <vector>

#include "reference/Kernel.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/TensorArgs.h"

namespace tsjit::reference {

namespace {

// The outs: the trailing keyword-only arguments that are written (Tensor(a!) out).
size_t trailingOuts(const ops::OpOverload& o) {
  const auto& args = o.schema().arguments();
  size_t n = 0;
  for (auto it = args.rbegin(); it != args.rend() && it->kwargOnly && it->isWrite(); ++it) ++n;
  return n;
}

const ops::OpOverload* functionalOf(const ops::OpOverload& out, size_t outs) {
  const auto& args = out.schema().arguments();
  const size_t inputs = args.size() - outs;
  for (const auto& candidate : out.op().overloads()) {
    if (candidate->isOutVariant() || !findKernel(*candidate)) continue;
    const auto& cargs = candidate->schema().arguments();
    if (cargs.size() != inputs || candidate->schema().returns().size() != outs) continue;
    bool same = true;
    for (size_t k = 0; same && k < inputs; ++k)
      same = cargs[k].name == args[k].name && cargs[k].type()->str() == args[k].type()->str();
    if (same) return candidate.get();
  }
  return nullptr;
}

}  // namespace

void registerOutVariantsKernels() {
  for (const ops::OpInfo* op : ops::allOps()) {
    for (const auto& o : op->overloads()) {
      if (!o->isOutVariant() || findKernel(*o)) continue;
      const size_t outs = trailingOuts(*o);
      const ops::OpOverload* functional = outs ? functionalOf(*o, outs) : nullptr;
      if (!functional) continue;
      const ReferenceKernel* inner = findKernel(*functional);
      def(o->qualifiedName(), [inner, outs](Args& args) {
        Args inputs(args.begin(), args.end() - static_cast<std::ptrdiff_t>(outs));
        std::vector<IValue> results = inner->run(inputs);
        std::vector<IValue> written;
        for (size_t k = 0; k < outs; ++k) {
          const IValue& out = args[args.size() - outs + k];
          writeOut(out.toTensor(), results.at(k).toTensor());
          written.push_back(out);
        }
        return written;
      });
    }
  }
}

}  // namespace tsjit::reference
