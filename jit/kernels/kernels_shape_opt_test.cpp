// kernels_shape_opt_test.cpp — the optimized Shape and Indexing kernels against hand-computed values:
// views alias their input, non-contiguous inputs, copies, cat/stack/flip/roll/repeat/pad/tril,
// advanced indexing, index_put_ accumulate, gather/scatter, sort/topk, and PyTorch's messages.
#include <gtest/gtest.h>

#include <cmath>

#include "jit/kernels/Kernel.h"
#include "jit/tensor/Tensor.h"

using namespace tsjit;

namespace {

Stack call(const char* name, std::vector<IValue> args) {
  kernels::registerAllKernels();
  const kernels::OptimizedKernel* k = kernels::findKernel(ops::overload(name));
  EXPECT_NE(k, nullptr) << name;
  Stack s = std::move(args);
  const size_t n = s.size();
  k->run(s, n);
  return s;
}
Tensor call1(const char* name, std::vector<IValue> args) { return call(name, std::move(args)).at(0).toTensor(); }

Tensor arangeF(int64_t n, std::vector<int64_t> shape, ScalarType dt = ScalarType::Float) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
  return Tensor::fromDoubles(v, shape, dt);
}
IValue ints(std::vector<int64_t> v) {
  std::vector<IValue> items(v.begin(), v.end());
  return makeList(IntType::get(), std::move(items));
}
IValue tensors(std::vector<Tensor> v) {
  std::vector<IValue> items;
  for (auto& t : v) items.emplace_back(t);
  return makeList(TensorType::get(), std::move(items));
}
IValue optTensors(std::vector<Tensor> v) {
  std::vector<IValue> items;
  for (auto& t : v) items.push_back(t.defined() ? IValue(t) : IValue());
  return makeList(OptionalType::create(TensorType::get()), std::move(items));
}
std::string errorOf(const char* name, std::vector<IValue> args) {
  try {
    call(name, std::move(args));
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "<no error>";
}

}  // namespace

TEST(KernelsShape, MetadataQueries) {
  const Tensor t = arangeF(6, {2, 3}).t();
  EXPECT_EQ(call("aten::size.int", {t, int64_t(-1)})[0].toInt(), 2);
  EXPECT_EQ(call("aten::stride.int", {t, int64_t(0)})[0].toInt(), 1);
  EXPECT_EQ(call("aten::dim", {t})[0].toInt(), 2);
  EXPECT_EQ(call("aten::numel", {t})[0].toInt(), 6);
  EXPECT_FALSE(call("aten::is_contiguous", {t})[0].toBool());
  EXPECT_TRUE(call("aten::is_floating_point", {t})[0].toBool());
  const Stack r = call("aten::size", {t});
  const auto& sizes = r[0].toListRef().items;
  ASSERT_EQ(sizes.size(), 2u);
  EXPECT_EQ(sizes[0].toInt(), 3);
}

TEST(KernelsShape, ViewsAlias) {
  const Tensor x = arangeF(6, {2, 3});
  const Tensor v = call1("aten::view", {x, ints({3, 2})});
  const Tensor tr = call1("aten::transpose.int", {x, int64_t(0), int64_t(1)});
  const Tensor sel = call1("aten::select.int", {x, int64_t(1), int64_t(2)});
  const Tensor sl = call1("aten::slice.Tensor", {x, int64_t(1), int64_t(0), IValue(), int64_t(2)});
  const Tensor ex = call1("aten::expand", {x.select(0, 0), ints({4, 3}), false});
  for (const Tensor& t : {v, tr, sel, sl, ex}) EXPECT_TRUE(t.sharesStorageWith(x));
  EXPECT_EQ(sel.toDoubles(), (std::vector<double>{2, 5}));
  EXPECT_EQ(sl.toDoubles(), (std::vector<double>{0, 2, 3, 5}));
  EXPECT_EQ(ex.strides(), (std::vector<int64_t>{0, 1}));
  // A write through a view is seen by the base.
  v.setDouble(0, 42);
  EXPECT_EQ(x.getDouble(0), 42);
  const auto parts = call("aten::chunk", {x, int64_t(3), int64_t(1)})[0].toListRef().items;
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_TRUE(parts[2].toTensor().sharesStorageWith(x));
  EXPECT_EQ(parts[2].toTensor().toDoubles(), (std::vector<double>{2, 5}));
}

TEST(KernelsShape, ViewErrorAndReshapeCopy) {
  const Tensor t = arangeF(6, {2, 3}).t();
  EXPECT_EQ(errorOf("aten::view", {t, ints({6})}),
            "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
            "contiguous subspaces). Use .reshape(...) instead.");
  const Tensor r = call1("aten::reshape", {t, ints({6})});
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_FALSE(r.sharesStorageWith(t));
  const Tensor c = call1("aten::contiguous", {t, int64_t(0)});
  EXPECT_TRUE(c.isContiguous());
  EXPECT_EQ(c.toDoubles(), (std::vector<double>{0, 3, 1, 4, 2, 5}));
}

TEST(KernelsShape, CopyInPlaceReturnsSelf) {
  Stack in{Tensor::zeros({2, 2}), Tensor::fromDoubles({1, 2}, {2})};
  const Tensor self = in[0].toTensor();
  Stack out = call("aten::copy_", {in[0], in[1], false});
  EXPECT_TRUE(out[0].toTensor().is(self));
  EXPECT_EQ(self.toDoubles(), (std::vector<double>{1, 2, 1, 2}));
}

TEST(KernelsShape, CatStackAndErrors) {
  const Tensor a = arangeF(4, {2, 2}), b = Tensor::fromDoubles({9, 8}, {2, 1});
  EXPECT_EQ(call1("aten::cat", {tensors({a, b.t().t()}), int64_t(1)}).toDoubles(), (std::vector<double>{0, 1, 9, 2, 3, 8}));
  // Non-contiguous and promoted operands.
  const Tensor i = Tensor::fromInt64s({5, 6}, {1, 2});
  const Tensor c = call1("aten::cat", {tensors({a.t(), i}), int64_t(0)});
  EXPECT_EQ(c.dtype(), ScalarType::Float);
  EXPECT_EQ(c.toDoubles(), (std::vector<double>{0, 2, 1, 3, 5, 6}));
  EXPECT_EQ(errorOf("aten::cat", {tensors({a, Tensor::zeros({3, 3})}), int64_t(0)}),
            "Sizes of tensors must match except in dimension 0. Expected size 2 but got size 3 for tensor number 1 in the list.");
  const Tensor s = call1("aten::stack", {tensors({Tensor::fromDoubles({1, 2}, {2}), Tensor::fromDoubles({3, 4}, {2})}), int64_t(1)});
  EXPECT_EQ(s.sizes(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(s.toDoubles(), (std::vector<double>{1, 3, 2, 4}));
}

TEST(KernelsShape, FlipRollRepeat) {
  const Tensor x = arangeF(6, {2, 3});
  EXPECT_EQ(call1("aten::flip", {x, ints({1})}).toDoubles(), (std::vector<double>{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(call1("aten::flip", {x.t(), ints({0, 1})}).toDoubles(), (std::vector<double>{5, 2, 4, 1, 3, 0}));
  // Fuzz finding ops-1-879 (a segfault): flip of a 0-dim tensor over dim 0 returns it (python3-torch 1.13.1).
  EXPECT_EQ(call1("aten::flip", {Tensor::fromDoubles({5}, {}), ints({0})}).toDoubles(), (std::vector<double>{5}));
  EXPECT_EQ(call1("aten::flip", {Tensor::fromDoubles({5}, {}), ints({-1})}).toDoubles(), (std::vector<double>{5}));
  EXPECT_EQ(errorOf("aten::flip", {Tensor::fromDoubles({5}, {}), ints({0, 0})}), "dim 0 appears multiple times in the list of dims");
  EXPECT_EQ(call1("aten::roll", {x, ints({1}), ints({1})}).toDoubles(), (std::vector<double>{2, 0, 1, 5, 3, 4}));
  EXPECT_EQ(call1("aten::roll", {x, ints({-1}), ints({})}).toDoubles(), (std::vector<double>{1, 2, 3, 4, 5, 0}));
  EXPECT_EQ(call1("aten::repeat", {Tensor::fromDoubles({1, 2}, {2}), ints({2, 2})}).toDoubles(),
            (std::vector<double>{1, 2, 1, 2, 1, 2, 1, 2}));
  // Fuzz finding ops-7-351: a negative repeat names the result's sizes (python3-torch 1.13.1).
  EXPECT_EQ(errorOf("aten::repeat", {Tensor::fromDoubles({1, 2}, {2}), ints({-1})}),
            "Trying to create tensor with negative dimension -2: [-2]");
  EXPECT_EQ(errorOf("aten::repeat", {Tensor::fromDoubles({1, 2}, {2}), ints({-1, 5})}),
            "Trying to create tensor with negative dimension -1: [-1, 10]");
  EXPECT_EQ(call1("aten::repeat_interleave.self_int", {Tensor::fromDoubles({1, 2}, {2}), int64_t(2), IValue(), IValue()}).toDoubles(),
            (std::vector<double>{1, 1, 2, 2}));
  // Fuzz finding ops-21-406: a 0-dim input with dim=0 used to crash. PyTorch 1.13 reads
  // input.size(dim) without scalar wrapping, so it raises IndexError; without a dim it flattens first.
  EXPECT_EQ(errorOf("aten::repeat_interleave.self_int", {Tensor::fromDoubles({5}, {}), int64_t(3), int64_t(0),
                                                        int64_t(3)}),
            "Dimension specified as 0 but tensor has no dimensions");
  const Tensor r = call1("aten::repeat_interleave.self_int", {Tensor::fromDoubles({5}, {}), int64_t(3), IValue(),
                                                             int64_t(3)});
  EXPECT_EQ(r.sizes(), (std::vector<int64_t>{3}));
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{5, 5, 5}));
}

TEST(KernelsShape, PadTrilDiag) {
  const Tensor x = arangeF(4, {2, 2});
  const Tensor p = call1("aten::pad", {x, ints({1, 0}), std::string("constant"), 7.0});
  EXPECT_EQ(p.sizes(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(p.toDoubles(), (std::vector<double>{7, 0, 1, 7, 2, 3}));
  const Tensor r = call1("aten::pad", {Tensor::fromDoubles({1, 2, 3}, {1, 3}), ints({2, 1}), std::string("reflect"), IValue()});
  EXPECT_EQ(r.toDoubles(), (std::vector<double>{3, 2, 1, 2, 3, 2}));
  const Tensor m = arangeF(9, {3, 3});
  EXPECT_EQ(call1("aten::tril", {m, int64_t(0)}).toDoubles(), (std::vector<double>{0, 0, 0, 3, 4, 0, 6, 7, 8}));
  EXPECT_EQ(call1("aten::triu", {m, int64_t(1)}).toDoubles(), (std::vector<double>{0, 1, 2, 0, 0, 5, 0, 0, 0}));
  EXPECT_EQ(call1("aten::diag", {m, int64_t(0)}).toDoubles(), (std::vector<double>{0, 4, 8}));
  EXPECT_EQ(call1("aten::diag", {Tensor::fromDoubles({1, 2}, {2}), int64_t(1)}).toDoubles(),
            (std::vector<double>{0, 1, 0, 0, 0, 2, 0, 0, 0}));
}

TEST(KernelsIndexing, AdvancedIndex) {
  const Tensor x = arangeF(12, {3, 4});
  const Tensor rows = Tensor::fromInt64s({2, 0, -1}, {3});
  EXPECT_EQ(call1("aten::index.Tensor", {x, optTensors({rows})}).toDoubles(),
            (std::vector<double>{8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11}));
  // x[:, [1, 3]] and x[[0, 2], [1, 3]]
  const Tensor cols = Tensor::fromInt64s({1, 3}, {2});
  EXPECT_EQ(call1("aten::index.Tensor", {x, optTensors({Tensor(), cols})}).toDoubles(),
            (std::vector<double>{1, 3, 5, 7, 9, 11}));
  EXPECT_EQ(call1("aten::index.Tensor", {x, optTensors({Tensor::fromInt64s({0, 2}, {2}), cols})}).toDoubles(),
            (std::vector<double>{1, 11}));
  // Boolean mask.
  const Tensor mask = Tensor::fromDoubles({1, 0, 1}, {3}, ScalarType::Bool);
  EXPECT_EQ(call1("aten::index.Tensor", {x, optTensors({mask})}).sizes(), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(errorOf("aten::index.Tensor", {x, optTensors({Tensor::fromInt64s({3}, {1})})}),
            "index 3 is out of bounds for dimension 0 with size 3");
}

TEST(KernelsIndexing, IndexPutAccumulate) {
  Tensor x = Tensor::zeros({4});
  Stack out = call("aten::index_put_", {x, optTensors({Tensor::fromInt64s({1, 1, 3}, {3})}), Tensor::fromDoubles({1, 2, 5}, {3}), true});
  EXPECT_TRUE(out[0].toTensor().is(x));
  EXPECT_EQ(x.toDoubles(), (std::vector<double>{0, 3, 0, 5}));
  call("aten::index_put_", {x, optTensors({Tensor::fromInt64s({0}, {1})}), Tensor::fromDoubles({9}, {1}), false});
  EXPECT_EQ(x.toDoubles(), (std::vector<double>{9, 3, 0, 5}));
}

// An empty indexing result reads no index value: no IndexError for an out-of-range index, with or
// without accumulate (PyTorch 1.13.1: x = torch.zeros(2, 0); x.index_put_((torch.tensor([5]),),
// torch.empty(1, 0), acc) returns; fuzz seed 2 case 6639).
TEST(KernelsIndexing, IndexPutWithAnEmptyResultChecksNoIndex) {
  for (bool acc : {true, false}) {
    Tensor x = Tensor::zeros({2, 0}, ScalarType::Int64);
    Stack out = call("aten::index_put_", {x, optTensors({Tensor::fromInt64s({5}, {1})}),
                                          Tensor::zeros({1, 0}, ScalarType::Int64), acc});
    EXPECT_TRUE(out[0].toTensor().is(x));
  }
  Tensor y = Tensor::zeros({2, 3}, ScalarType::Int64);
  EXPECT_EQ(errorOf("aten::index_put_", {y, optTensors({Tensor::fromInt64s({5}, {1})}),
                                         Tensor::fromInt64s({1}, {1}), false}),
            "index 5 is out of bounds for dimension 0 with size 2");
}

TEST(KernelsIndexing, SelectAddFillGatherScatter) {
  const Tensor x = arangeF(6, {2, 3});
  const Tensor idx = Tensor::fromInt64s({2, 0}, {2});
  EXPECT_EQ(call1("aten::index_select", {x, int64_t(1), idx}).toDoubles(), (std::vector<double>{2, 0, 5, 3}));
  EXPECT_EQ(call1("aten::index_add", {Tensor::zeros({3}), int64_t(0), idx, Tensor::fromDoubles({1, 2}, {2}), 2.0}).toDoubles(),
            (std::vector<double>{4, 0, 2}));
  Tensor f = Tensor::zeros({3});
  call("aten::index_fill_.int_Scalar", {f, int64_t(0), idx, 1.5});
  EXPECT_EQ(f.toDoubles(), (std::vector<double>{1.5, 0, 1.5}));
  const Tensor g = Tensor::fromInt64s({0, 0, 1, 0}, {2, 2});
  EXPECT_EQ(call1("aten::gather", {arangeF(4, {2, 2}), int64_t(1), g, false}).toDoubles(), (std::vector<double>{0, 0, 3, 2}));
  EXPECT_EQ(call1("aten::scatter_add", {Tensor::zeros({2, 2}), int64_t(1), g, Tensor::ones({2, 2})}).toDoubles(),
            (std::vector<double>{2, 0, 1, 1}));
  EXPECT_EQ(call1("aten::scatter.value", {Tensor::zeros({2, 2}), int64_t(1), g, 5.0}).toDoubles(),
            (std::vector<double>{5, 0, 5, 5}));
  EXPECT_EQ(errorOf("aten::gather", {arangeF(4, {2, 2}), int64_t(1), Tensor::fromInt64s({2}, {1, 1}), false}),
            "index 2 is out of bounds for dimension 1 with size 2");
  // Fuzz finding ops-21-486: gather/scatter never wrap a negative index; the first bad one is reported.
  EXPECT_EQ(errorOf("aten::scatter.src", {Tensor::fromInt64s({4, 3}, {2}), int64_t(-1), Tensor::fromInt64s({-1, 9}, {2}),
                                          Tensor::fromInt64s({4, 3}, {2})}),
            "index -1 is out of bounds for dimension 0 with size 2");
  EXPECT_EQ(errorOf("aten::gather", {arangeF(2, {2}), int64_t(0), Tensor::fromInt64s({-1}, {1}), false}),
            "index -1 is out of bounds for dimension 0 with size 2");
}

TEST(KernelsIndexing, MaskedSelectNonzeroSortTopk) {
  const Tensor x = Tensor::fromDoubles({3, -1, 2, NAN, 0}, {5});
  const Tensor m = Tensor::fromDoubles({1, 0, 1, 0, 1}, {5}, ScalarType::Bool);
  EXPECT_EQ(call1("aten::masked_select", {x, m}).toDoubles(), (std::vector<double>{3, 2, 0}));
  EXPECT_EQ(call1("aten::nonzero", {x}).toInt64s(), (std::vector<int64_t>{0, 1, 2, 3}));
  Stack s = call("aten::sort", {x, int64_t(-1), false});
  const auto v = s[0].toTensor().toDoubles();
  EXPECT_EQ(std::vector<double>(v.begin(), v.begin() + 4), (std::vector<double>{-1, 0, 2, 3}));
  EXPECT_TRUE(std::isnan(v[4]));
  EXPECT_EQ(s[1].toTensor().toInt64s(), (std::vector<int64_t>{1, 4, 2, 0, 3}));
  Stack t = call("aten::topk", {Tensor::fromDoubles({1, 5, 3, 5}, {4}), int64_t(2), int64_t(-1), true, true});
  EXPECT_EQ(t[0].toTensor().toDoubles(), (std::vector<double>{5, 5}));
  EXPECT_EQ(t[1].toTensor().toInt64s(), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(call1("aten::argsort", {Tensor::fromDoubles({2, 1, 2}, {3}), int64_t(0), true}).toInt64s(),
            (std::vector<int64_t>{0, 2, 1}));
}
