// compile_bench.cpp — compile time of the frontend + interpreter lowering: the LSTM cell as
// TorchScript source text to a runnable Code (jit/frontend compileFunctions, then
// runtime::Code::compile). Correctness check: the compiled graph run on the JIT against the
// reference evaluator (perf/GraphCase.h) on seeded batch-1 / hidden-64 inputs.
#include "jit/frontend/Emitter.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Code.h"
#include "perf/BenchPrograms.h"
#include "perf/GraphCase.h"

using namespace tsjit;
using namespace tsjit::perf;

namespace {

std::shared_ptr<Graph> compileLstm() {
  auto unit = frontend::compileFunctions(perf::lstmCellSource(), "lstm_cell");
  Function* fn = unit->findFunction("lstm_cell");
  if (!fn) throw std::runtime_error("lstm_cell was not compiled");
  return fn->graph();
}

const bool kRegistered = [] {
  CaseDef c;
  c.name = "BM_CompileLstmCell";
  c.unit = benchmark::kMicrosecond;
  c.prepare = []() -> std::function<void()> {
    kernels::registerAllKernels();
    compileLstm();  // fail early (skipped with the error) when the source does not compile
    return [] {
      auto code = runtime::Code::compile(compileLstm());
      benchmark::DoNotOptimize(code.get());
    };
  };
  c.verify = [] {
    return verifyGraphOnEngines(compileLstm(), [] {
      return std::vector<IValue>{IValue(seededTensor({1, 64}, 1)),   IValue(seededTensor({1, 64}, 2)),
                                 IValue(seededTensor({1, 64}, 3)),   IValue(seededTensor({256, 64}, 4)),
                                 IValue(seededTensor({256, 64}, 5)), IValue(seededTensor({256}, 6)),
                                 IValue(seededTensor({256}, 7))};
    });
  };
  addCase(c);
  return true;
}();

}  // namespace

TSJIT_BENCH_MAIN()
