// serialization_bench.cpp — loading and saving torch.jit.save archives (jit/serialization):
//   (a) the corpus's largest archive (mod_embed_layernorm.pt, 11 KB: code compiled by the frontend
//       dominates), load (file -> compiled module) and save (module -> file);
//   (b) a 100 MB module (one 25M-element float parameter, written once to
//       $TMPDIR/tsjit_bench_100mb.pt by this program), load and save.
// perf/pytorch_serialization.py times torch.jit.load / torch.jit.save on the same two files.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "conformance/lib/CorpusReader.h"
#include "jit/serialization/Export.h"
#include "jit/serialization/Import.h"
#include "jit/serialization/Pickle.h"
#include "jit/serialization/Zip.h"

using namespace tsjit;
using namespace tsjit::serialization;

namespace {

std::string corpusArchive() {
  return conformance::defaultCorpusDir() + "/archives/mod_embed_layernorm.pt";
}

std::string tmpPath(const std::string& name) { return (std::filesystem::temp_directory_path() / name).string(); }

// Writes the 100 MB archive once.
std::string bigArchive() {
  static std::string path = [] {
    std::string p = tmpPath("tsjit_bench_100mb.pt");
    auto cls = ClassType::create("__torch__.Big");
    cls->addAttribute("weight", TensorType::get(), ClassType::SlotKind::Parameter);
    cls->addAttribute("training", BoolType::get());
    auto o = Ref<Object>::make(cls, 2);
    Tensor w = Tensor::full({25 * 1024 * 1024}, 0.5, ScalarType::Float);
    o->slots[0] = IValue(w);
    o->slots[1] = IValue(false);
    PickleOutput data = pickle(IValue(o));
    ZipWriter z;
    z.add("tsjit_bench_100mb/data/0",
          std::string_view(static_cast<const char*>(data.storages[0].data()), data.storages[0].nbytes()));
    z.add("tsjit_bench_100mb/data.pkl", data.bytes);
    z.add("tsjit_bench_100mb/code/__torch__.py",
          "class Big(Module):\n"
          "  __parameters__ = [\"weight\", ]\n"
          "  __buffers__ = []\n"
          "  weight : Tensor\n"
          "  training : bool\n"
          "  def forward(self: __torch__.Big,\n"
          "    x: Tensor) -> Tensor:\n"
          "    weight = self.weight\n"
          "    return torch.add(x, torch.sum(weight))\n");
    z.add("tsjit_bench_100mb/constants.pkl", pickle(makeTuple({})).bytes);
    z.add("tsjit_bench_100mb/version", "3\n");
    std::string bytes = z.finish();
    std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return p;
  }();
  return path;
}

void load(benchmark::State& state, const std::string& path) {
  for (auto _ : state) {
    LoadedArchive la = loadArchiveFile(path);
    benchmark::DoNotOptimize(la.module.object.get());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * std::filesystem::file_size(path));
}

void save(benchmark::State& state, const std::string& path, const std::string& out) {
  LoadedArchive la = loadArchiveFile(path);
  for (auto _ : state) saveArchiveFile(la, out);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * std::filesystem::file_size(out));
}

void BM_LoadCorpusLargest(benchmark::State& s) { load(s, corpusArchive()); }
void BM_SaveCorpusLargest(benchmark::State& s) { save(s, corpusArchive(), tmpPath("tsjit_bench_saved_small.pt")); }
void BM_Load100MB(benchmark::State& s) { load(s, bigArchive()); }
void BM_Save100MB(benchmark::State& s) { save(s, bigArchive(), tmpPath("tsjit_bench_saved_100mb.pt")); }

BENCHMARK(BM_LoadCorpusLargest)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SaveCorpusLargest)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Load100MB)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Save100MB)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
