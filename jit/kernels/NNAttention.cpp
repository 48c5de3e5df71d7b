// NNAttention.cpp — optimized kernels of the NN family, part 7: the fused attention ops that
// nn.MultiheadAttention and nn.TransformerEncoderLayer call on their fast path (eval mode, no grad
// needed): aten::_native_multi_head_attention and aten::_transformer_encoder_layer_fwd, composed
// from the gemm / softmax / layer_norm kernels; TransformerEncoder's nested-tensor check
// _nested_tensor_from_mask_left_aligned (making / unpadding a nested tensor is not supported).
//
// Semantics (PyTorch 1.13 attention.cpp / transformer.cpp, CPU): query / key / value [B, T, D]
// project with the three row blocks of qkv_weight, then q = (q + b_q) / sqrt(D / heads), k + b_k,
// v + b_v, per head scores = q k^T, softmax over keys, context = scores v, heads concatenated and
// projected by proj_weight / proj_bias. A mask is read as bool (nonzero = masked; a warning for
// other dtypes): a 2-D one must be [B, T] (key padding) and is broadcast over heads and queries;
// then mask_type must be given, 0 (src_mask) is refused on CPU, and the mask must match the
// scores' shape. A fully masked row is NaN. The weights: averaged over heads ([B, T, T]) or per
// head ([B, heads, T, T]) when need_weights, else undefined. An empty projection returns
// (empty_like(query), undefined). The encoder layer: x = MHA(x) + src and layer_norm (before
// when norm_first), then linear -> relu / gelu -> linear + residual and layer_norm; an empty src
// returns src.clone().
#include <cmath>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {

namespace {
using namespace sk;

Tensor call(std::string_view op, std::vector<IValue> args) { return runKernel(op, std::move(args)).toTensor(); }
IValue ints(std::initializer_list<int64_t> v) { return intListValue(std::vector<int64_t>(v)); }

std::pair<Tensor, Tensor> nativeMha(const Tensor& query, const Tensor& key, const Tensor& value, int64_t D,
                                    int64_t heads, const Tensor& qkvW, const Tensor& qkvB, const Tensor& projW,
                                    const Tensor& projB, const IValue& maskV, bool needWeights, bool average,
                                    const IValue& maskType) {
  if (query.dim() != 3) throw RuntimeError(str("expected 3-D `query`, got ", query.dim(), "-D tensor"));
  if (query.size(2) != D)
    throw RuntimeError(str("passed-in embed_dim ", D, " didn't match last dim of query ", query.size(2)));
  if (key.dim() != 3) throw RuntimeError(str("expected 3-D `key`, got ", key.dim(), "-D tensor"));
  if (value.dim() != 3) throw RuntimeError(str("expected 3-D `value`, got ", value.dim(), "-D tensor"));
  if (query.sizes() != key.sizes() || key.sizes() != value.sizes())
    throw RuntimeError("expected `query`/`key`/`value` shapes to match");
  if (qkvW.dim() != 2) throw RuntimeError(str("expected 2-D `qkv_weight`, got ", qkvW.dim(), "-D tensor"));
  if (qkvW.size(0) != 3 * D) throw RuntimeError("expected `qkv_weight` first dim to be 3x embed_dim");
  if (qkvW.size(1) != D) throw RuntimeError("expected `qkv_weight` second dim to be embed_Dim");
  if (qkvB.dim() != 1) throw RuntimeError(str("expected 2-D `qkv_bias`, got ", qkvB.dim(), "-D tensor"));
  if (qkvB.size(0) != 3 * D) throw RuntimeError("expected `qkv_bias` first dim and first dim of query to be equal");
  if (heads == 0 || D % heads != 0) throw RuntimeError("`embed_dim` must divide evenly by `num_heads`");
  const int64_t B = query.size(0), T = query.size(1), dh = D / heads;
  // The projections (no bias yet), one row block of qkv_weight each.
  const Tensor q0 = call("aten::matmul", {query, qkvW.narrow(0, 0, D).t()});
  const Tensor k0 = call("aten::matmul", {key, qkvW.narrow(0, D, D).t()});
  const Tensor v0 = call("aten::matmul", {value, qkvW.narrow(0, 2 * D, D).t()});
  if (q0.numel() == 0) return {Tensor::emptyLike(query), Tensor()};
  auto perHead = [&](const Tensor& t) {  // [B, T, D] -> [B, heads, T, dh]
    return call("aten::view", {t, ints({B, T, heads, dh})}).transpose(1, 2);
  };
  const IValue one(int64_t{1});
  const Tensor q = perHead(call("aten::div.Scalar", {call("aten::add.Tensor", {q0, qkvB.narrow(0, 0, D), one}),
                                                     IValue(std::sqrt(static_cast<double>(dh)))}));
  const Tensor k = perHead(call("aten::add.Tensor", {k0, qkvB.narrow(0, D, D), one}));
  const Tensor v = perHead(call("aten::add.Tensor", {v0, qkvB.narrow(0, 2 * D, D), one}));
  Tensor scores = call("aten::matmul", {q, k.transpose(2, 3)});  // [B, heads, T, T]
  if (maskV.isTensor()) {
    Tensor mask = maskV.toTensor();
    if (mask.dtype() != ScalarType::Bool) {
      Stack w{IValue(std::string("Converting mask without torch.bool dtype to bool; this will negatively affect "
                                 "performance. Prefer to use a boolean mask directly.")),
              IValue(int64_t{2})};
      findKernel(ops::overload("aten::warn"))->run(w, 2);  // (no result: not through runKernel)
      mask = call("aten::ne.Scalar", {mask, IValue(int64_t{0})});
    }
    const char* improve = " to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)";
    if (mask.dim() == 2) {
      if (mask.size(0) != B) throw RuntimeError(str("Expected attn_mask->sizes()[0] == batch_size", improve));
      if (mask.size(1) != T) throw RuntimeError(str("Expected attn_mask->sizes()[1] == seq_len", improve));
      mask = call("aten::view", {mask, ints({B, 1, 1, T})}).expand({B, heads, T, T});
    }
    if (maskType.isNone()) throw RuntimeError("Mask Type should be defined");
    if (maskType.toInt() == 0) throw RuntimeError("src_mask not currently supported on CPU");
    if (mask.sizes() != scores.sizes()) throw RuntimeError("Mask shape should match input shape");
    scores = call("aten::masked_fill.Scalar", {scores, mask, IValue(-INFINITY)});
  }
  const Tensor attn = call("aten::softmax.int", {scores, IValue(int64_t{-1}), IValue()});
  const Tensor ctx = call("aten::reshape", {call("aten::matmul", {attn, v}).transpose(1, 2), ints({B, T, D})});
  const Tensor out = call("aten::linear", {ctx, projW, projB});
  if (!needWeights) return {out, Tensor()};
  if (!average) return {out, attn};
  const Tensor summed = call("aten::sum.dim_IntList", {attn, ints({1}), IValue(false), IValue()});
  return {out, call("aten::div.Scalar", {summed, IValue(heads)})};
}

Tensor encoderLayer(IValue* a) {
  const Tensor src = a[0].toTensor();
  if (src.numel() == 0) return src.clone();
  const int64_t D = a[1].toInt(), heads = a[2].toInt();
  const bool gelu = a[7].toBool(), normFirst = a[8].toBool();
  const double eps = a[9].toDouble();
  auto norm = [&](const Tensor& x, int w) {
    return call("aten::layer_norm", {x, ints({D}), a[w], a[w + 1], IValue(eps), IValue(true)});
  };
  const IValue one(int64_t{1});
  Tensor x = normFirst ? norm(src, 10) : src;
  x = nativeMha(x, x, x, D, heads, a[3].toTensor(), a[4].toTensor(), a[5].toTensor(), a[6].toTensor(), a[18], false,
                true, a[19])
          .first;
  runKernel("aten::add_.Tensor", {x, src, one});
  if (!normFirst) x = norm(x, 10);
  const Tensor residual = x;
  if (normFirst) x = norm(x, 12);
  if (x.dim() != 3) throw RuntimeError("batched input size should be 3");
  if (a[14].toTensor().dim() != 2 || a[16].toTensor().dim() != 2) throw RuntimeError("2d weights expected");
  Tensor h = call("aten::linear", {x, a[14], a[15]});
  h = gelu ? call("aten::gelu", {h, IValue(std::string("none"))}) : call("aten::relu", {h});
  x = call("aten::linear", {h, a[16], a[17]});
  runKernel("aten::add_.Tensor", {x, residual, one});
  if (!normFirst) x = norm(x, 12);
  return x;
}

// aten::_nested_tensor_from_mask_left_aligned: whether every row of the [N, L] bool mask is
// true then false (python3-torch 1.13.1's checks and messages, in its order).
bool leftAligned(const Tensor& t, const Tensor& mask) {
  if (mask.dtype() != ScalarType::Bool)
    throw RuntimeError(str("Expected mask to be of ScalarType Bool, but got ", mask.dtype(), " instead."));
  if (mask.dim() != 2) throw RuntimeError("Padding mask should be 2D");
  if (t.dim() != 3) throw RuntimeError("Input should be a 3D tensor, N * L * D");
  if (mask.size(0) != t.size(0) || mask.size(1) != t.size(1)) throw RuntimeError("Mask size should match input size");
  const Tensor m = mask.contiguous();
  const auto* v = static_cast<const bool*>(m.data());
  const int64_t rows = m.size(0), cols = m.size(1);
  for (int64_t r = 0; r < rows; ++r) {
    bool ended = false;
    for (int64_t c = 0; c < cols; ++c) {
      if (!v[r * cols + c]) ended = true;
      else if (ended) return false;
    }
  }
  return true;
}

[[noreturn]] void noNested(const char* name) {
  throw RuntimeError(str(name, ": tsjit has no nested tensors (TransformerEncoder's fast path with enable_nested_tensor and a padding mask is not supported)"));
}

}  // namespace

void registerNNAttentionKernels() {
  def("aten::_nested_tensor_from_mask_left_aligned", op([](IValue* a) { return IValue(leftAligned(a[0].toTensor(), a[1].toTensor())); }));
  def("aten::_nested_tensor_from_mask", op([](IValue*) -> IValue { noNested("aten::_nested_tensor_from_mask"); }));
  def("aten::to_padded_tensor", op([](IValue*) -> IValue { noNested("aten::to_padded_tensor"); }));
  def("aten::_native_multi_head_attention", op2([](IValue* a) {
        return nativeMha(a[0].toTensor(), a[1].toTensor(), a[2].toTensor(), a[3].toInt(), a[4].toInt(), a[5].toTensor(),
                         a[6].toTensor(), a[7].toTensor(), a[8].toTensor(), a[9], a[10].toBool(), a[11].toBool(), a[12]);
      }));
  def("aten::_transformer_encoder_layer_fwd", op([](IValue* a) { return IValue(encoderLayer(a)); }));
}

}  // namespace tsjit::kernels
