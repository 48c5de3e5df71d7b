// Builder.cpp — buildCase(): decodes a ProgramDesc into a Graph and its InputSpecs (Program.h) with
// the Builder of BuilderCore.h.
#include "fuzz/lib/BuilderCore.h"

namespace tsjit::fuzz {

GeneratedCase buildCase(const ProgramDesc& desc, const OpCatalog& catalog,
                        std::function<void(const GeneratedCase& partial)> beforeKernel) {
  return detail::Builder(desc, catalog, std::move(beforeKernel)).run();
}

}  // namespace tsjit::fuzz
