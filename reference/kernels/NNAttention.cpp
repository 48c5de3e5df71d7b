// NNAttention.cpp — reference kernels of the NN family: aten::_native_multi_head_attention and
// TransformerEncoder's nested-tensor checks (_nested_tensor_from_mask_left_aligned; making a nested
// tensor is not supported), and
// aten::_transformer_encoder_layer_fwd (nn.MultiheadAttention / nn.TransformerEncoderLayer's fast
// path), stated as PyTorch 1.13 composes them, through the reference's own kernels.
//
// Multi-head attention: each of query / key / value [B, T, D] times its row block of qkv_weight;
// bias added (the query's then divided by sqrt(D / heads)); split into heads [B, heads, T, dh];
// scores = q k^T, masked positions -inf, softmax over keys, times v; heads joined back to [B, T, D]
// and projected. Mask: read as bool (nonzero = masked); a 2-D mask is [B, T] key padding, spread
// over heads and queries; mask_type must be set and not 0 (src_mask, refused on CPU), and the mask
// must then have the scores' shape. Weights: mean over heads, per head, or none. 1.13's checks and
// messages in its order. The encoder layer: attention + residual, layer_norm, feed-forward
// (linear, relu or gelu, linear) + residual, layer_norm (norms first when norm_first).
#include <cmath>

#include "reference/Evaluator.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

Tensor run(const char* op, Args args) { return runKernel(op, std::move(args)).toTensor(); }

std::pair<Tensor, Tensor> attention(const Tensor& q, const Tensor& k, const Tensor& v, int64_t D, int64_t heads,
                                    const Tensor& w, const Tensor& b, const Tensor& pw, const Tensor& pb,
                                    const IValue& maskArg, bool needWeights, bool average, const IValue& maskType) {
  auto rank = [](const Tensor& t) { return static_cast<int64_t>(t.sizes().size()); };
  if (rank(q) != 3) throw RuntimeError(str("expected 3-D `query`, got ", rank(q), "-D tensor"));
  if (q.size(2) != D) throw RuntimeError(str("passed-in embed_dim ", D, " didn't match last dim of query ", q.size(2)));
  if (rank(k) != 3) throw RuntimeError(str("expected 3-D `key`, got ", rank(k), "-D tensor"));
  if (rank(v) != 3) throw RuntimeError(str("expected 3-D `value`, got ", rank(v), "-D tensor"));
  if (!(q.sizes() == k.sizes()) || !(k.sizes() == v.sizes()))
    throw RuntimeError("expected `query`/`key`/`value` shapes to match");
  if (rank(w) != 2) throw RuntimeError(str("expected 2-D `qkv_weight`, got ", rank(w), "-D tensor"));
  if (w.size(0) != 3 * D) throw RuntimeError("expected `qkv_weight` first dim to be 3x embed_dim");
  if (w.size(1) != D) throw RuntimeError("expected `qkv_weight` second dim to be embed_Dim");
  if (rank(b) != 1) throw RuntimeError(str("expected 2-D `qkv_bias`, got ", rank(b), "-D tensor"));
  if (b.size(0) != 3 * D) throw RuntimeError("expected `qkv_bias` first dim and first dim of query to be equal");
  if (heads == 0 || D % heads != 0) throw RuntimeError("`embed_dim` must divide evenly by `num_heads`");
  const int64_t B = q.size(0), T = q.size(1), dh = D / heads;
  auto block = [&](const Tensor& t, int64_t i) { return t.narrow(0, i * D, D); };
  auto project = [&](const Tensor& x, int64_t i) { return run("aten::matmul", {x, run("aten::t", {block(w, i)})}); };
  Tensor qp = project(q, 0), kp = project(k, 1), vp = project(v, 2);
  if (qp.numel() == 0) return {run("aten::zeros_like", {q, IValue(), IValue(), IValue(), IValue(), IValue()}), Tensor()};
  auto heads4 = [&](const Tensor& x) {
    return run("aten::transpose.int", {run("aten::reshape", {x, intList({B, T, heads, dh})}), int64_t{1}, int64_t{2}});
  };
  Tensor qh = heads4(run("aten::div.Tensor", {run("aten::add.Tensor", {qp, block(b, 0), int64_t{1}}),
                                              Tensor::scalar(std::sqrt(static_cast<double>(dh)), ScalarType::Double)}));
  Tensor kh = heads4(run("aten::add.Tensor", {kp, block(b, 1), int64_t{1}}));
  Tensor vh = heads4(run("aten::add.Tensor", {vp, block(b, 2), int64_t{1}}));
  Tensor scores = run("aten::matmul", {qh, run("aten::transpose.int", {kh, int64_t{2}, int64_t{3}})});
  if (maskArg.isTensor()) {
    Tensor mask = maskArg.toTensor();
    if (mask.dtype() != ScalarType::Bool) mask = run("aten::ne.Scalar", {mask, int64_t{0}});
    const std::string tail =
        " to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement "
        "request to PyTorch.)";
    if (rank(mask) == 2) {
      if (mask.size(0) != B) throw RuntimeError("Expected attn_mask->sizes()[0] == batch_size" + tail);
      if (mask.size(1) != T) throw RuntimeError("Expected attn_mask->sizes()[1] == seq_len" + tail);
      mask = run("aten::expand", {run("aten::reshape", {mask, intList({B, 1, 1, T})}), intList({B, heads, T, T}), false});
    }
    if (maskType.isNone()) throw RuntimeError("Mask Type should be defined");
    if (maskType.toInt() == 0) throw RuntimeError("src_mask not currently supported on CPU");
    if (!(mask.sizes() == scores.sizes())) throw RuntimeError("Mask shape should match input shape");
    scores = run("aten::masked_fill.Scalar", {scores, mask, -INFINITY});
  }
  Tensor probs = run("aten::softmax.int", {scores, int64_t{-1}, IValue()});
  Tensor joined = run("aten::reshape", {run("aten::transpose.int", {run("aten::matmul", {probs, vh}), int64_t{1}, int64_t{2}}),
                                        intList({B, T, D})});
  Tensor out = run("aten::linear", {joined, pw, pb});
  if (!needWeights) return {out, Tensor()};
  if (!average) return {out, probs};
  Tensor total = run("aten::sum.dim_IntList", {probs, intList({1}), false, IValue()});
  return {out, run("aten::div.Tensor", {total, Tensor::scalarInt(heads)})};
}

std::vector<IValue> encoderLayer(Args& a) {
  Tensor src = tensorArg(a, 0);
  if (src.numel() == 0) return one(run("aten::clone", {src, IValue()}));
  const int64_t D = intArg(a, 1), heads = intArg(a, 2);
  const bool gelu = boolArg(a, 7), normFirst = boolArg(a, 8);
  const double eps = doubleArg(a, 9);
  auto norm = [&](const Tensor& x, size_t i) { return run("aten::layer_norm", {x, intList({D}), a[i], a[i + 1], eps, true}); };
  Tensor x = normFirst ? norm(src, 10) : src;
  x = attention(x, x, x, D, heads, tensorArg(a, 3), tensorArg(a, 4), tensorArg(a, 5), tensorArg(a, 6), a[18], false, true, a[19]).first;
  x = run("aten::add.Tensor", {x, src, int64_t{1}});
  if (!normFirst) x = norm(x, 10);
  Tensor residual = x;
  if (normFirst) x = norm(x, 12);
  if (x.sizes().size() != 3) throw RuntimeError("batched input size should be 3");
  if (tensorArg(a, 14).sizes().size() != 2 || tensorArg(a, 16).sizes().size() != 2) throw RuntimeError("2d weights expected");
  Tensor hidden = run("aten::linear", {x, a[14], a[15]});
  hidden = gelu ? run("aten::gelu", {hidden, std::string("none")}) : run("aten::relu", {hidden});
  x = run("aten::add.Tensor", {run("aten::linear", {hidden, a[16], a[17]}), residual, int64_t{1}});
  if (!normFirst) x = norm(x, 12);
  return one(x);
}

// aten::_nested_tensor_from_mask_left_aligned: every row of the bool mask is true, then false.
IValue leftAligned(const Tensor& t, const Tensor& mask) {
  if (mask.dtype() != ScalarType::Bool)
    throw RuntimeError(str("Expected mask to be of ScalarType Bool, but got ", mask.dtype(), " instead."));
  if (mask.dim() != 2) throw RuntimeError("Padding mask should be 2D");
  if (t.dim() != 3) throw RuntimeError("Input should be a 3D tensor, N * L * D");
  if (mask.size(0) != t.size(0) || mask.size(1) != t.size(1)) throw RuntimeError("Mask size should match input size");
  for (int64_t r = 0; r < mask.size(0); ++r)
    for (int64_t c = 1; c < mask.size(1); ++c)
      if (mask.getDouble(r * mask.size(1) + c) != 0 && mask.getDouble(r * mask.size(1) + c - 1) == 0) return IValue(false);
  return IValue(true);
}

}  // namespace

void registerNNAttentionKernels() {
  def("aten::_nested_tensor_from_mask_left_aligned", [](Args& a) { return ret(leftAligned(tensorArg(a, 0), tensorArg(a, 1))); });
  for (const char* name : {"aten::_nested_tensor_from_mask", "aten::to_padded_tensor"})
    def(name, [name](Args&) -> std::vector<IValue> {
      throw NotSupported(str(name, ": the reference has no nested tensors"), name);
    });
  def("aten::_native_multi_head_attention", [](Args& a) {
    auto [out, weights] = attention(tensorArg(a, 0), tensorArg(a, 1), tensorArg(a, 2), intArg(a, 3), intArg(a, 4),
                                    tensorArg(a, 5), tensorArg(a, 6), tensorArg(a, 7), tensorArg(a, 8), a.at(9),
                                    boolArg(a, 10), boolArg(a, 11), a.at(12));
    return std::vector<IValue>{out, weights};
  });
  def("aten::_transformer_encoder_layer_fwd", encoderLayer);
}

}  // namespace tsjit::reference
