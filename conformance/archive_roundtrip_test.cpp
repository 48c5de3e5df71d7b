// archive_roundtrip_test.cpp — every corpus archive through jit/serialization and back:
//   load(P) runs and matches PyTorch's recorded outputs (reference engine; `tsjit conform
//   --archive` checks the JIT), load -> save -> load keeps every attribute (bit for bit) and the
//   results, the saved code is what the python printer prints for the reloaded module, and saving
//   is a fixpoint from the first save: save(load(save(load(P)))) == save(load(P)), and once more.
//   Every case, nn_norms included (tsjit's own library torch.norm, printed into the archive).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>

#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/CorpusRunner.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/serialization/Export.h"
#include "jit/serialization/Import.h"
#include "reference/Kernel.h"

namespace tsjit::conformance {
namespace {

using serialization::LoadedArchive;

// The module tree as JSON: class, attribute names/kinds/types/values, constants, submodules.
nlohmann::json treeOf(const frontend::ModuleDesc& d) {
  nlohmann::json j;
  j["class"] = d.qualifiedName;
  for (const auto& a : d.attributes) {
    nlohmann::json ja = {{"name", a.name}, {"kind", static_cast<int>(a.kind)}, {"type", a.type}};
    if (a.module) ja["module"] = treeOf(*a.module);
    else ja["value"] = encodeValue(a.value);
    j["attributes"].push_back(ja);
  }
  for (const auto& c : d.constants) j["constants"].push_back({{"name", c.name}, {"value", encodeValue(c.value)}});
  return j;
}

class ArchiveRoundTrip : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference::registerAllKernels(); }
};

TEST_F(ArchiveRoundTrip, EveryCorpusArchive) {
  std::vector<std::string> files = listCaseFiles(defaultCorpusDir(""));
  ASSERT_EQ(files.size(), 67u);
  auto tmp = std::filesystem::temp_directory_path() / ("tsjit_roundtrip_" + std::to_string(::getpid()));
  std::filesystem::create_directories(tmp);
  RunnerOptions archive;
  archive.archive = true;
  int passedOriginal = 0, samePrintedCode = 0, byteIdentical = 0;
  for (const auto& f : files) {
    Case c = readCase(f);
    SCOPED_TRACE(c.name);
    LoadedArchive l1 = serialization::loadArchiveFile(c.archivePath);
    std::string b1 = serialization::saveArchive(l1, c.name);
    LoadedArchive l2 = serialization::loadArchive(
        serialization::ZipReader(std::make_shared<const std::string>(b1), c.name + " (saved once)"));
    std::string b2 = serialization::saveArchive(l2, c.name);
    // Saving is a fixpoint from the first save on (a printed `x = _4` aliases _4's unnamed value
    // on import without naming it `x`, so printing it again gives `x = _4` again).
    EXPECT_EQ(b1, b2) << "save(load(save(load(P)))) differs from save(load(P))";
    LoadedArchive l3 = serialization::loadArchive(
        serialization::ZipReader(std::make_shared<const std::string>(b2), c.name + " (saved twice)"));
    EXPECT_EQ(b2, serialization::saveArchive(l3, c.name)) << "save(load(S)) differs from S = save(load(save(load(P))))";
    if (b1 == b2) ++byteIdentical;
    // The saved code is the python printer's (a fixpoint: printing the reloaded module gives it
    // back); most of the time it is PyTorch's own code, byte for byte.
    EXPECT_EQ(l3.code, serialization::printModuleCode(l3).code);
    if (l1.code == l2.code) ++samePrintedCode;
    EXPECT_EQ(l1.version, l2.version);
    EXPECT_EQ(treeOf(*l1.desc).dump(), treeOf(*l2.desc).dump());
    ASSERT_EQ(l1.constants.size(), l2.constants.size());
    for (size_t i = 0; i < l1.constants.size(); ++i)
      EXPECT_EQ(encodeValue(l1.constants[i]).dump(), encodeValue(l2.constants[i]).dump());

    // The results: the original archive against PyTorch's recorded outputs, the saved one the same.
    CaseResult original = runCase(c, referenceEngine(), archive);
    if (original.outcome == Outcome::Passed) ++passedOriginal;
    std::string saved = (tmp / (c.name + ".pt")).string();
    {
      std::ofstream out(saved, std::ios::binary);
      out << b1;
    }
    Case c2 = c;
    c2.archivePath = saved;
    CaseResult again = runCase(c2, referenceEngine(), archive);
    EXPECT_EQ(toString(again.outcome), toString(original.outcome)) << again.reason;
    EXPECT_EQ(again.reason, original.reason);
  }
  std::filesystem::remove_all(tmp);
  std::printf("archives loaded, saved, reloaded: %zu; original archives passing on the reference: %d; saved code "
              "identical to PyTorch's: %d\n",
              files.size(), passedOriginal, samePrintedCode);
  std::printf("save(load(save(load(P)))) byte-identical to save(load(P)): %d of %zu\n", byteIdentical, files.size());
  EXPECT_EQ(byteIdentical, 67);
  EXPECT_EQ(passedOriginal, 67) << "every corpus archive should load and reproduce PyTorch's outputs";
}

}  // namespace
}  // namespace tsjit::conformance
