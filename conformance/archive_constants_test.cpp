// archive_constants_test.cpp — recorded graphs take their lossy tensor constants exactly from the
// case's archive (conformance/lib/ArchiveConstants.h): `{-3.14174}` becomes the float64 value the
// trace baked in, `<Tensor>` the archive's tensor; a constant whose printed form differs, a count
// that differs or a non-tensor archive value leaves the graph as recorded.
#include <gtest/gtest.h>

#include "conformance/lib/ArchiveConstants.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"

using namespace tsjit;
using namespace tsjit::conformance;

namespace {

const char* kTraced = R"IR(
graph(%x : Float(3, strides=[1], requires_grad=0, device=cpu)):
  %c : Double(requires_grad=0, device=cpu) = prim::Constant[value={-3.14174}]()
  %w : Float(3, strides=[1], requires_grad=0, device=cpu) = prim::Constant[value=<Tensor>]()
  %m : Float(3, strides=[1], requires_grad=0, device=cpu) = aten::mul(%x, %c)
  %one : int = prim::Constant[value=1]()
  %y : Float(3, strides=[1], requires_grad=0, device=cpu) = aten::add(%m, %w, %one)
  %z : Float(3, strides=[1], requires_grad=0, device=cpu) = aten::mul(%y, %c)
  return (%z)
)IR";

const TensorConstant& constantNamed(const Graph& g, const std::string& name) {
  for (const Node* n : g.block()->nodes())
    if (n->kind() == prim::Constant && n->outputs()[0]->debugName() == name) return n->t(attr::value);
  throw std::runtime_error("no constant " + name);
}

std::vector<IValue> exactConstants(double c) {
  return {IValue(Tensor::scalar(c, ScalarType::Double)), IValue(Tensor::fromDoubles({0.5, -1.25, 2.0}, {3}))};
}

TEST(ArchiveConstants, LossyConstantsBecomeTheArchivesInFirstUseOrder) {
  auto g = parseIR(kTraced);
  ASSERT_TRUE(useArchiveTensorConstants(*g, exactConstants(-3.141735553741455)));
  const TensorConstant& c = constantNamed(*g, "c");
  ASSERT_EQ(c.values.size(), 1u);
  EXPECT_EQ(c.values[0], -3.141735553741455);
  EXPECT_EQ(c.dtype, ScalarType::Double);
  const TensorConstant& w = constantNamed(*g, "w");
  EXPECT_FALSE(w.opaque);
  EXPECT_EQ(w.values, (std::vector<double>{0.5, -1.25, 2.0}));
}

TEST(ArchiveConstants, AMismatchChangesNothing) {
  // A value that prints differently ({-3.14175}), one constant too few or too many, a non-tensor.
  for (const auto& constants :
       {exactConstants(-3.14175), std::vector<IValue>{IValue(Tensor::scalar(-3.141735553741455, ScalarType::Double))},
        [] {
          auto v = exactConstants(-3.141735553741455);
          v.push_back(IValue(Tensor::scalar(1.0, ScalarType::Double)));
          return v;
        }(),
        std::vector<IValue>{IValue(-3.141735553741455), IValue(Tensor::fromDoubles({0.5, -1.25, 2.0}, {3}))}}) {
    auto g = parseIR(kTraced);
    EXPECT_FALSE(useArchiveTensorConstants(*g, constants));
    EXPECT_EQ(constantNamed(*g, "c").values, (std::vector<double>{-3.14174}));
    EXPECT_TRUE(constantNamed(*g, "w").opaque);
  }
}

}  // namespace
