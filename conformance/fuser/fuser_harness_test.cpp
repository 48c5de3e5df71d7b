// fuser_harness_test.cpp — the fuser harness (fuzz/lib/FuserCampaign.h) can fail: a fused engine
// whose node results are moved by a few ulps is caught exactly where the op's tolerance says
// (1 ulp on an exact op, 8 ulps on exp; 1 ulp on exp is within its 2-ulp bound), a refused group
// runs the unfused fallback and raises like the reference, and a short campaign finds no mismatch.
#include <gtest/gtest.h>

#include <cmath>

#include "fuzz/lib/FuserCampaign.h"
#include "fuzz/lib/Reducer.h"
#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;
using namespace tsjit::fuzz;

namespace {

IValue shifted(const IValue& v, int ulps) {
  Tensor t = v.toTensor().clone();
  for (int64_t j = 0; j < t.numel(); ++j) {
    float f = static_cast<float>(t.getDouble(j));
    for (int u = 0; u < ulps; ++u) f = std::nextafter(f, INFINITY);
    t.setDouble(j, f);
  }
  return t;
}

// Moves every float element of every node result (and so of the outputs) by `ulps` before the
// property sees it.
PropertyEngines perturbed(int ulps) {
  PropertyEngines e = fusedVsReference(/*interpreted*/ 1);
  ObservedEngineFn inner = e.observed;
  e.observed = [inner, ulps](const std::shared_ptr<Graph>& g, std::vector<IValue> in, runtime::ExecutionObserver& obs) {
    struct Shift : runtime::ExecutionObserver {
      runtime::ExecutionObserver* next = nullptr;
      int ulps = 0;
      void beforeOp(const Node& n, const IValue* v, size_t k) override { next->beforeOp(n, v, k); }
      void afterOp(const Node& n, const IValue* v, size_t k) override {
        std::vector<IValue> moved;
        for (size_t i = 0; i < k; ++i) moved.push_back(shifted(v[i], ulps));
        next->afterOp(n, moved.data(), k);
      }
    } shift;
    shift.next = &obs;
    shift.ulps = ulps;
    std::vector<IValue> outs = inner(g, std::move(in), shift);
    for (IValue& o : outs) o = shifted(o, ulps);
    return outs;
  };
  return e;
}

PropertyResult check(const std::string& op, const PropertyEngines& e) {
  kernels::registerAllKernels();
  auto g = parseIR("graph(%x : Tensor, %y : Tensor):\n  %r : Tensor = " + op + "\n  return (%r)\n");
  std::vector<double> xs, ys;
  for (int i = 0; i < 64; ++i) {
    xs.push_back(-3 + 0.09 * i);
    ys.push_back(1.5 - 0.05 * i);
  }
  auto make = [&] {
    return std::vector<IValue>{Tensor::fromDoubles(xs, {64}, ScalarType::Float), Tensor::fromDoubles(ys, {64}, ScalarType::Float)};
  };
  return checkGraph(g, make, e);
}

TEST(FuserHarness, CatchesAResultOffByTheOpsTolerance) {
  EXPECT_TRUE(check("aten::mul(%x, %y)", fusedVsReference(1)).passed);
  EXPECT_FALSE(check("aten::mul(%x, %y)", perturbed(1)).passed);  // mul is exact
  PropertyResult one = check("aten::exp(%x)", perturbed(1));  // exp: 2 ulp allowed
  EXPECT_TRUE(one.passed) << one.message;
  PropertyResult r = check("aten::exp(%x)", perturbed(8));
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("aten::exp"), std::string::npos) << r.message;
}

TEST(FuserHarness, ARefusedGroupRaisesLikeTheReference) {
  kernels::registerAllKernels();
  auto g = parseIR("graph(%x : Tensor, %y : Tensor):\n  %one : int = prim::Constant[value=1]()\n"
                   "  %r : Tensor = aten::sub(%x, %y, %one)\n  return (%r)\n");
  auto make = [] {
    return std::vector<IValue>{Tensor::fromDoubles({1, 0}, {2}, ScalarType::Bool), Tensor::fromDoubles({1, 1}, {2}, ScalarType::Bool)};
  };
  PropertyResult r = checkGraph(g, make, fusedVsReference(0));
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_TRUE(r.bothRaised);
}

TEST(FuserHarness, ABoundedCampaignFindsNoMismatch) {
  FuserCampaignOptions o;
  o.maxCases = 60;
  o.seed = 5;
  o.outDir = ::testing::TempDir() + "/fuser-failures";
  FuserCampaignResult r = runFuserCampaign(o);
  std::ostringstream summary;
  printFuserCampaignSummary(summary, r, o);
  EXPECT_TRUE(r.ok()) << summary.str();
  EXPECT_GT(r.compiled, 20u) << summary.str();
  EXPECT_GT(r.nodesChecked, 50u) << summary.str();
}

}  // namespace
