// code_importer_fuzz.cpp — libFuzzer target for importing archive code (jit/serialization/Import.h).
// The input is the text of code/__torch__.py; it is packed with a fixed data.pkl (a
// __torch__.PlaceholderModule with training=True), constants.pkl (one float tensor, CONSTANTS.c0)
// and version into an archive, which is loaded: class declarations parsed, the module compiled.
// A CompileError (ArchiveError included) is the expected outcome for bad code; a crash, a
// sanitizer report, an InternalError or any other exception is a finding.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Import.h"
#include "jit/serialization/Pickle.h"
#include "jit/serialization/Zip.h"

using namespace tsjit;
using namespace tsjit::serialization;

namespace {
struct Fixed {
  std::string dataPkl, constantsPkl, storage;
  Fixed() {
    auto cls = ClassType::create("__torch__.PlaceholderModule");
    cls->addAttribute("training", BoolType::get());
    auto o = Ref<Object>::make(cls, 1);
    o->slots[0] = IValue(true);
    dataPkl = pickle(IValue(o)).bytes;
    Tensor t = Tensor::fromDoubles({1.0, 2.0}, {2}, ScalarType::Float);
    PickleOutput c = pickle(makeTuple({IValue(t)}));
    constantsPkl = c.bytes;
    storage.assign(static_cast<const char*>(c.storages[0].data()), c.storages[0].nbytes());
  }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16 * 1024) return 0;
  static const Fixed fixed;
  ZipWriter w;
  w.add("m/data.pkl", fixed.dataPkl);
  w.add("m/code/__torch__.py", std::string_view(reinterpret_cast<const char*>(data), size));
  w.add("m/constants/0", fixed.storage);
  w.add("m/constants.pkl", fixed.constantsPkl);
  w.add("m/version", "3\n");
  try {
    ZipReader z(std::make_shared<const std::string>(w.finish()), "fuzz.pt");
    LoadedArchive la = loadArchive(z);
    (void)la.forwardGraph();
  } catch (const CompileError&) {
  }
  return 0;
}
