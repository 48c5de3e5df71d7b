// with_grad_mode_test.cpp — `with torch.no_grad():` restores the thread's grad mode when the body
// raises, on both engines: what a TorchScript program cannot observe itself (it has no try), so it
// is checked from C++ after the failed run. The message of the raise carries the mode seen inside
// the block (False), the thread's mode afterwards must be on again; a normal exit restores it too,
// and a body that returns from inside a loop (the exit transform's path through prim::Exit).
#include <gtest/gtest.h>

#include <string>

#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

using namespace tsjit;

namespace {

const char* kSource = R"(def f(n: int) -> bool:
    for i in range(3):
        with torch.no_grad():
            if n > 3:
                raise ValueError("inside: " + str(torch.is_grad_enabled()))
            if i == n:
                return torch.is_grad_enabled()
    return torch.is_grad_enabled()
)";

struct Engine {
  const char* name;
  std::vector<IValue> (*run)(const std::shared_ptr<Graph>&, std::vector<IValue>);
  bool (*gradMode)();
};

std::vector<IValue> runJit(const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
  return runtime::runGraph(g, std::move(in));
}
std::vector<IValue> runReference(const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
  return reference::evaluate(*g, std::move(in));
}

class WithGradMode : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    kernels::registerAllKernels();
    reference::registerAllKernels();
  }
  std::shared_ptr<Graph> graph() {
    return frontend::compileScriptEntry(kSource, "<test>", "f", /*inlineCalls=*/false, &unit_);
  }
  std::shared_ptr<frontend::CompilationUnit> unit_;
};

const Engine kEngines[] = {{"jit", runJit, kernels::gradModeEnabled},
                           {"reference", runReference, reference::referenceGradMode}};

TEST_F(WithGradMode, RestoredAfterNormalExitReturnAndRaise) {
  auto g = graph();
  for (const Engine& e : kEngines) {
    SCOPED_TRACE(e.name);
    ASSERT_TRUE(e.gradMode());
    // n = 1: returns from inside the block on the second iteration (the mode seen there: off).
    std::vector<IValue> out = e.run(g, {IValue(int64_t{1})});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_FALSE(out[0].toBool());
    EXPECT_TRUE(e.gradMode());
    // n = 3: every iteration leaves the block normally; the mode after the loop is on.
    out = e.run(g, {IValue(int64_t{3})});
    EXPECT_TRUE(out[0].toBool());
    EXPECT_TRUE(e.gradMode());
    // n = 5: the body raises with grad mode off; unwinding runs __exit__, which restores it.
    std::string message;
    try {
      e.run(g, {IValue(int64_t{5})});
    } catch (const std::exception& ex) {
      message = ex.what();
    }
    EXPECT_NE(message.find("inside: False"), std::string::npos) << message;
    EXPECT_TRUE(e.gradMode());
  }
}

}  // namespace
