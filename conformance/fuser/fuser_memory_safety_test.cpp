// fuser_memory_safety_test.cpp — every memory access of a fused kernel stays inside its buffers,
// whatever the LLVM pipeline (jit/tensorexpr/LoopAccess.h): the regression of the SIGSEGV that
// `tsjit fuzz --target fuser --seed 1` hit at case 22953 with the short pipeline (a dead let of
// aten::type_as's `other` loaded from an empty tensor; O2 happened to delete the load), and unit
// tests of the dead-let removal and of the bounds check.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/ir/IRParser.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/Interpreter.h"
#include "jit/support/Error.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensorexpr/Kernel.h"
#include "jit/tensorexpr/LoopAccess.h"

using namespace tsjit;
using namespace tsjit::tensorexpr;

namespace {

// The fuzz case, reduced to what matters: `other` of type_as is a chain on an empty double tensor
// (log1p: a libm call the short pipeline did not delete), self an int8 tensor of another shape; a
// reduction and an elementwise output read type_as's result.
const char* kTypeAsOfEmpty = R"IR(graph(%x : Double(1, 0, 3, strides=[3, 3, 1], requires_grad=0, device=cpu),
      %y : Char(4, 1, 1, strides=[1, 1, 1], requires_grad=0, device=cpu),
      %s : float):
  %keep : bool = prim::Constant[value=1]()
  %none : NoneType = prim::Constant()
  %dims : int[] = prim::Constant[value=[1, 2]]()
  %a : Tensor = aten::log1p(%x)
  %b : Tensor = aten::mul(%a, %s)
  %c : Tensor = aten::type_as(%y, %b)
  %r : Tensor = aten::sum(%c, %dims, %keep, %none)
  return (%r, %c)
)IR";

TEST(FuserMemorySafety, TypeAsOfAnEmptyTensorLoadsNothingOfIt) {
  kernels::registerAllKernels();
  Tensor x = Tensor::empty({1, 0, 3}, ScalarType::Double);
  Tensor y = Tensor::fromDoubles({-3, 7, 0, 100}, {4, 1, 1}, ScalarType::Double).to(ScalarType::Int8);
  const std::vector<IValue> inputs = {IValue(x), IValue(y), IValue(2.5)};
  auto want = runtime::runGraph(parseIR(kTypeAsOfEmpty), inputs);
  ASSERT_EQ(want.size(), 2u);
  struct Variant {
    Backend backend;
    LLVMPipeline pipeline;
  };
  const Variant variants[] = {{Backend::Interpreted, LLVMPipeline::O2},
                              {Backend::LLVM, LLVMPipeline::O2},
                              {Backend::LLVM, LLVMPipeline::Short}};  // the pipeline that crashed
  for (const Variant& v : variants) {
    if (!backendAvailable(v.backend)) continue;
    const std::string what = std::string(toString(v.backend)) + " " + toString(v.pipeline);
    KernelOptions options;
    options.llvmPipeline = v.pipeline;
    std::string why;
    auto k = compileFusionGroup(*parseIR(kTypeAsOfEmpty), v.backend, &why, options);
    ASSERT_TRUE(k) << what << ": " << why;
    // The loop IR reads nothing of the empty x (its lets were dead).
    EXPECT_EQ(k->loopIR().find("in0["), std::string::npos) << what << "\n" << k->loopIR();
    auto got = k->call(inputs);
    ASSERT_EQ(got.size(), 2u) << what;
    for (size_t o = 0; o < 2; ++o) {
      Tensor w = want[o].toTensor(), g = got[o].toTensor();
      ASSERT_EQ(w.dtype(), g.dtype()) << what << " output " << o;
      ASSERT_EQ(w.sizes(), g.sizes()) << what << " output " << o;
      for (int64_t i = 0; i < w.numel(); ++i)
        EXPECT_EQ(w.getDouble(i), g.getDouble(i)) << what << " output " << o << " element " << i;
    }
  }
}

BufferPtr buffer(const std::string& name, std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  auto b = std::make_shared<Buffer>();
  b->name = name;
  b->sizes = std::move(sizes);
  b->strides = std::move(strides);
  return b;
}

// for i in start..stop { out[i * outStride] = in[i * inStride] }
LoopKernel copyKernel(BufferPtr in, BufferPtr out, int64_t start, int64_t stop, int64_t inStride, int64_t outStride) {
  ExprPtr i = var("i", ScalarType::Int64);
  LoopKernel k;
  k.name = "copy";
  k.params = {KernelParam{in, nullptr}, KernelParam{out, nullptr}};
  ExprPtr value = load(in, binary(BinOp::Mul, i, intImm(inStride)));
  k.body = block({forLoop(i, intImm(start), intImm(stop), {store(out, binary(BinOp::Mul, i, intImm(outStride)), value)})});
  return k;
}

TEST(FuserMemorySafety, BufferExtentCountsTheLastElementReachable) {
  EXPECT_EQ(bufferExtent(*buffer("a", {4}, {1})), 4);
  EXPECT_EQ(bufferExtent(*buffer("a", {3, 2}, {1, 3})), 6);   // transposed
  EXPECT_EQ(bufferExtent(*buffer("a", {3}, {2})), 5);         // every other element
  EXPECT_EQ(bufferExtent(*buffer("a", {4, 3}, {0, 1})), 3);   // expanded
  EXPECT_EQ(bufferExtent(*buffer("a", {1, 0, 3}, {3, 3, 1})), 0);
  EXPECT_EQ(bufferExtent(*buffer("a", {}, {})), 1);           // 0-dim
}

TEST(FuserMemorySafety, BoundsCheckAcceptsAccessesInsideAndRejectsOthers) {
  auto in = buffer("in0", {4}, {1}), out = buffer("out0", {4}, {1});
  EXPECT_NO_THROW(checkAccessesInBounds(copyKernel(in, out, 0, 4, 1, 1)));
  EXPECT_THROW(checkAccessesInBounds(copyKernel(in, out, 0, 5, 1, 1)), InternalError);   // one past the end
  EXPECT_THROW(checkAccessesInBounds(copyKernel(in, out, -1, 4, 1, 1)), InternalError);  // before the start
  EXPECT_THROW(checkAccessesInBounds(copyKernel(in, buffer("out0", {3}, {1}), 0, 4, 1, 1)), InternalError);  // store
  EXPECT_NO_THROW(checkAccessesInBounds(copyKernel(buffer("in0", {3}, {2}), buffer("out0", {5}, {1}), 0, 3, 2, 2)));
  EXPECT_THROW(checkAccessesInBounds(copyKernel(buffer("in0", {3}, {2}), buffer("out0", {6}, {1}), 0, 3, 3, 2)),
               InternalError);
  // An empty buffer admits no access; a loop that never runs makes none.
  auto empty = buffer("in0", {1, 0, 3}, {3, 3, 1});
  EXPECT_THROW(checkAccessesInBounds(copyKernel(empty, out, 0, 1, 0, 1)), InternalError);
  EXPECT_NO_THROW(checkAccessesInBounds(copyKernel(empty, out, 0, 0, 1, 1)));
  try {
    checkAccessesInBounds(copyKernel(in, out, 0, 5, 1, 1));
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("in0[(i * 1)] reaches elements [0, 4], outside the buffer's 4 element(s)"),
              std::string::npos)
        << e.what();
  }
}

TEST(FuserMemorySafety, DeadLetsGoWithTheirLoadsLiveOnesStay) {
  auto in = buffer("in0", {4}, {1}), other = buffer("in1", {0}, {1}), out = buffer("out0", {4}, {1});
  ExprPtr i = var("i", ScalarType::Int64), t0 = var("t0", ScalarType::Float), t1 = var("t1", ScalarType::Float),
          t2 = var("t2", ScalarType::Float), acc = var("acc", ScalarType::Double);
  // t0 <- t1 <- nothing: a dead chain reading the empty in1; t2 and acc are read by the store.
  StmtPtr body = block({forLoop(
      i, intImm(0), intImm(4),
      {let(t0, load(other, i)), let(t1, binary(BinOp::Add, t0, floatImm(1))), let(t2, load(in, i)),
       let(acc, floatImm(0, ScalarType::Double)),
       assign(acc, binary(BinOp::Add, acc, cast(ScalarType::Double, t2))), store(out, i, acc)})});
  StmtPtr kept = removeDeadLets(body);
  const std::string text = toString(kept);
  EXPECT_EQ(text.find("let t0"), std::string::npos) << text;
  EXPECT_EQ(text.find("let t1"), std::string::npos) << text;
  EXPECT_EQ(text.find("in1"), std::string::npos) << text;
  EXPECT_NE(text.find("let t2"), std::string::npos) << text;
  EXPECT_NE(text.find("let acc"), std::string::npos) << text;
  EXPECT_NE(text.find("acc = "), std::string::npos) << text;
  EXPECT_EQ(removeDeadLets(kept), kept);  // nothing left to remove: the same tree
  LoopKernel k;
  k.name = "dead";
  k.params = {KernelParam{in, nullptr}, KernelParam{other, nullptr}, KernelParam{out, nullptr}};
  k.body = body;
  EXPECT_THROW(checkAccessesInBounds(k), InternalError);  // before: in1[i] of an empty buffer
  k.body = kept;
  EXPECT_NO_THROW(checkAccessesInBounds(k));
}

}  // namespace
