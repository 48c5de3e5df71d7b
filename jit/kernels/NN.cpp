// NN.cpp — optimized kernels of the NN family, part 1: convolutions (conv1d/2d/3d, their
// .padding="same"/"valid" overloads, _convolution of 1-3 spatial dims, conv_transpose1d/2d/3d) as
// im2col / col2im + BLAS gemm; 3-d ones as sums of 2-d ones over the kernel's depth.
// Parts: NNPool.cpp (pooling), NNVision.cpp (unpooling, im2col/col2im, shuffles), NNNorm.cpp
// (normalizations, embedding, dropout, cosine_similarity, lstm_cell), NNLoss.cpp (losses),
// NNUpsample.cpp (interpolation), NNRnn.cpp (recurrent cells, lstm / gru / rnn_tanh / rnn_relu),
// NNAttention.cpp (the fused attention / encoder-layer ops).
// Invariants: PyTorch 1.13's checks in its order, then the dtype rules of the slow CPU kernel it
// would pick (Backend: which dtypes, whether the bias may differ); float32/float64 compute natively,
// BFloat16 in float, integer dtypes in double (exact for |sums| < 2^53) wrapped into the dtype;
// 1-D ops run as 2-D ones with a unit height; unbatched inputs gain and lose a batch dim.
#include <algorithm>
#include <cmath>
#include <limits>

#include "jit/kernels/Families.h"
#include "jit/kernels/LinalgGemm.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::kernels {
void registerNNNormKernels();
void registerNNLossKernels();
void registerNNLossMoreKernels();  // NNLossMore.cpp
void registerNNMiscKernels();      // NNMisc.cpp
void registerNNGridSampleKernels();  // NNGridSample.cpp
void registerNNUpsampleKernels();
void registerNNPoolKernels();
void registerNNVisionKernels();
void registerNNRnnKernels();
void registerNNAttentionKernels();

namespace {
using namespace sk;

// PyTorch 1.13's CPU convolution reports a parameter of another dtype like a typed data access.
void checkSameType(const Tensor& input, const Tensor& other, const char* /*what*/) {
  if (other.defined() && other.dtype() != input.dtype())
    throw RuntimeError(str("expected scalar type ", irName(input.dtype()), " but found ", irName(other.dtype())));
}

// ---- convolution -----------------------------------------------------------------------------------

struct ConvParams {
  std::vector<int64_t> stride, padding, dilation, outputPadding;
  int64_t groups = 1;
  bool transposed = false;
};

// input [N, C, H, W] contiguous, weight [Cout, C/g, kH, kW] (transposed: [C, Cout/g, kH, kW]).
Tensor conv2dCore(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p) {
  const int64_t N = input.size(0), C = input.size(1), H = input.size(2), W = input.size(3);
  const int64_t g = p.groups, kH = weight.size(2), kW = weight.size(3);
  const int64_t sH = p.stride[0], sW = p.stride[1], pH = p.padding[0], pW = p.padding[1];
  const int64_t dH = p.dilation[0], dW = p.dilation[1];
  const int64_t Cout = p.transposed ? weight.size(1) * g : weight.size(0);
  int64_t OH, OW;
  if (p.transposed) {
    OH = (H - 1) * sH - 2 * pH + dH * (kH - 1) + p.outputPadding[0] + 1;
    OW = (W - 1) * sW - 2 * pW + dW * (kW - 1) + p.outputPadding[1] + 1;
  } else {
    OH = (H + 2 * pH - dH * (kH - 1) - 1) / sH + 1;
    OW = (W + 2 * pW - dW * (kW - 1) - 1) / sW + 1;
  }
  Tensor out = Tensor::zeros({N, Cout, OH, OW}, input.dtype(), input.device());
  gemm::initBlas();
  visitFloating(input.dtype(), "conv2d", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const Tensor wc = weight.contiguous();
    const T* in = static_cast<const T*>(input.data());
    const T* w = static_cast<const T*>(wc.data());
    T* o = static_cast<T*>(out.data());
    const int64_t Cg = C / g, Og = Cout / g;
    // Image side (the spatial extent of the im2col matrix) and kernel side.
    const int64_t imgH = p.transposed ? H : OH, imgW = p.transposed ? W : OW;  // col columns
    const int64_t fullH = p.transposed ? OH : H, fullW = p.transposed ? OW : W;  // the padded image
    const int64_t colRows = (p.transposed ? Og : Cg) * kH * kW, colCols = imgH * imgW;
    std::vector<T> col(static_cast<size_t>(colRows * colCols));
    const bool pointwise = kH == 1 && kW == 1 && sH == 1 && sW == 1 && pH == 0 && pW == 0 && !p.transposed;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t gi = 0; gi < g; ++gi) {
        const T* img = in + (n * C + gi * Cg) * H * W;
        T* dst = o + (n * Cout + gi * Og) * OH * OW;
        if (!p.transposed) {
          const T* B = img;
          if (!pointwise) {
            // im2col: row (c, ki, kj), column (oh, ow).
            for (int64_t c = 0; c < Cg; ++c)
              for (int64_t ki = 0; ki < kH; ++ki)
                for (int64_t kj = 0; kj < kW; ++kj) {
                  T* row = col.data() + ((c * kH + ki) * kW + kj) * colCols;
                  for (int64_t oh = 0; oh < OH; ++oh) {
                    const int64_t ih = oh * sH - pH + ki * dH;
                    T* r = row + oh * OW;
                    if (ih < 0 || ih >= H) {
                      std::fill(r, r + OW, T(0));
                      continue;
                    }
                    const T* src = img + (c * H + ih) * W;
                    for (int64_t ow = 0; ow < OW; ++ow) {
                      const int64_t iw = ow * sW - pW + kj * dW;
                      r[ow] = (iw >= 0 && iw < W) ? src[iw] : T(0);
                    }
                  }
                }
            B = col.data();
          }
          const gemm::Mat<T> A{w + gi * Og * colRows, Og, colRows, colRows, 1};
          gemm::gemm<T>(A, gemm::Mat<T>{B, colRows, colCols, colCols, 1}, T(1), T(0), dst, colCols);
        } else {
          // col [Og*kH*kW, H*W] = W_g^T @ img_g, then col2im adds each entry into the output.
          const gemm::Mat<T> A{w + gi * Cg * colRows, colRows, Cg, 1, colRows};
          gemm::gemm<T>(A, gemm::Mat<T>{img, Cg, colCols, colCols, 1}, T(1), T(0), col.data(), colCols);
          for (int64_t c = 0; c < Og; ++c)
            for (int64_t ki = 0; ki < kH; ++ki)
              for (int64_t kj = 0; kj < kW; ++kj) {
                const T* row = col.data() + ((c * kH + ki) * kW + kj) * colCols;
                for (int64_t ih = 0; ih < H; ++ih) {
                  const int64_t oh = ih * sH - pH + ki * dH;
                  if (oh < 0 || oh >= fullH) continue;
                  T* orow = dst + (c * OH + oh) * OW;
                  for (int64_t iw = 0; iw < W; ++iw) {
                    const int64_t ow = iw * sW - pW + kj * dW;
                    if (ow >= 0 && ow < fullW) orow[ow] += row[ih * W + iw];
                  }
                }
              }
        }
      }
    if (bias.defined()) {
      const std::vector<T> b = toVector<T>(bias);
      for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < Cout; ++c) {
          T* p0 = o + (n * Cout + c) * OH * OW;
          for (int64_t i = 0; i < OH * OW; ++i) p0[i] += b[c];
        }
    }
  });
  return out;
}

// ---- PyTorch's convolution path --------------------------------------------------------------------

// The slow CPU kernels of PyTorch 1.13 (built without MKLDNN) and the dtypes their dispatch takes.
struct Backend {
  const char* kernel;
  bool anyInt;       // Byte, Char, Short, Int, Long
  bool longInt;      // Long only
  bool bf16;
  bool biasCopied;   // the bias is copied into the output (converted); otherwise it must match
};
constexpr Backend kConv2dMM{"slow_conv2d_cpu", true, true, true, true};
constexpr Backend kConv3dMM{"compute_columns3d", true, true, true, true};
constexpr Backend kConvDilated{"slow_conv_dilated<>", false, true, false, false};
constexpr Backend kConvT2d{"slow_conv_transpose2d_out_cpu", false, true, false, false};
constexpr Backend kConvT3d{"slow_conv_transpose3d_out_cpu", false, true, false, false};

bool accepts(const Backend& b, ScalarType t) {
  if (t == ScalarType::Float || t == ScalarType::Double) return true;
  if (t == ScalarType::BFloat16) return b.bf16;
  if (t == ScalarType::Int64) return b.longInt;
  if (t == ScalarType::UInt8 || t == ScalarType::Int8 || t == ScalarType::Int16 || t == ScalarType::Int32) return b.anyInt;
  return false;
}

std::vector<int64_t> expandConvParam(const std::vector<int64_t>& v, size_t n, const char* name) {
  if (v.size() == 1) return std::vector<int64_t>(n, v[0]);
  if (v.size() != n)
    throw RuntimeError(str("expected ", name, " to be a single integer value or a list of ", n,
                           " values to match the convolution dimensions, but got ", name, "=", shapeStr(v)));
  return v;
}

// 3-D convolution as a sum of 2-D ones over the kernel's depth (input/weight contiguous, F/D).
Tensor conv3dByDepth(const Tensor& input, const Tensor& weight, const ConvParams& p) {
  ConvParams p2 = p;
  p2.stride.erase(p2.stride.begin());
  p2.padding.erase(p2.padding.begin());
  p2.dilation.erase(p2.dilation.begin());
  p2.outputPadding.erase(p2.outputPadding.begin());
  const int64_t D = input.size(2), kD = weight.size(2), sD = p.stride[0], pD = p.padding[0], dD = p.dilation[0];
  const int64_t OD = p.transposed ? (D - 1) * sD - 2 * pD + dD * (kD - 1) + p.outputPadding[0] + 1
                                  : (D + 2 * pD - dD * (kD - 1) - 1) / sD + 1;
  Tensor out;
  for (int64_t kd = 0; kd < kD; ++kd) {
    const Tensor w2 = weight.select(2, kd).contiguous();
    for (int64_t i = 0; i < (p.transposed ? D : OD); ++i) {
      // Non-transposed: output depth i reads input depth i*s - p + kd*d; transposed: input depth i
      // writes output depth i*s - p + kd*d.
      const int64_t j = i * sD - pD + kd * dD;
      if (j < 0 || j >= (p.transposed ? OD : D)) continue;
      const int64_t src = p.transposed ? i : j, dst = p.transposed ? j : i;
      const Tensor r = conv2dCore(input.select(2, src).contiguous(), w2, Tensor(), p2);
      if (!out.defined()) out = Tensor::zeros({r.size(0), r.size(1), OD, r.size(2), r.size(3)}, r.dtype(), r.device());
      const int64_t NC = r.size(0) * r.size(1), plane = r.size(2) * r.size(3);
      visitFloating(r.dtype(), "conv3d", [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* o = static_cast<T*>(out.data());
        const T* q = static_cast<const T*>(r.data());
        for (int64_t nc = 0; nc < NC; ++nc)
          for (int64_t e = 0; e < plane; ++e) o[(nc * OD + dst) * plane + e] += q[nc * plane + e];
      });
    }
  }
  return out;
}

// The kernel proper on an input of a computing dtype (Float/Double), bias added at the end.
Tensor convCompute(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p,
                   const std::vector<int64_t>& outSizes) {
  Tensor out = input.dim() == 4 ? conv2dCore(input, weight, Tensor(), p) : conv3dByDepth(input, weight, p);
  if (!out.defined()) out = Tensor::zeros(outSizes, input.dtype(), input.device());
  if (bias.defined()) {
    const int64_t N = outSizes[0], Cout = outSizes[1], plane = out.numel() / std::max<int64_t>(N * Cout, 1);
    visitFloating(out.dtype(), "conv", [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* o = static_cast<T*>(out.data());
      const std::vector<T> b = toVector<T>(bias);
      for (int64_t i = 0; i < N; ++i)
        for (int64_t c = 0; c < Cout; ++c)
          for (int64_t e = 0; e < plane; ++e) o[(i * Cout + c) * plane + e] += b[static_cast<size_t>(c)];
    });
  }
  return out;
}

// Integral convolutions, direct and in int64 arithmetic that wraps (unsigned), as PyTorch's slow
// path multiplies and sums integers; a double computation lost the low bits of large values (fuzz
// seed 3 case 46179). input [N, C, *S] and weight as conv2dCore's, any number of spatial dims.
Tensor convIntegral(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p) {
  const Tensor x = input.to(ScalarType::Int64).contiguous(), w = weight.to(ScalarType::Int64).contiguous();
  const size_t S = static_cast<size_t>(x.dim() - 2);
  const int64_t N = x.size(0), C = x.size(1), g = p.groups;
  const int64_t Cout = p.transposed ? w.size(1) * g : w.size(0), Cg = C / g, Og = Cout / g;
  std::vector<int64_t> in(S), out(S), k(S), outSizes{N, Cout};
  for (size_t d = 0; d < S; ++d) {
    in[d] = x.size(static_cast<int64_t>(d) + 2);
    k[d] = w.size(static_cast<int64_t>(d) + 2);
    out[d] = p.transposed ? (in[d] - 1) * p.stride[d] - 2 * p.padding[d] + p.dilation[d] * (k[d] - 1) + p.outputPadding[d] + 1
                          : (in[d] + 2 * p.padding[d] - p.dilation[d] * (k[d] - 1) - 1) / p.stride[d] + 1;
    outSizes.push_back(out[d]);
  }
  Tensor o = Tensor::zeros(outSizes, ScalarType::Int64, input.device());
  const int64_t* xp = static_cast<const int64_t*>(x.data());
  const int64_t* wp = static_cast<const int64_t*>(w.data());
  uint64_t* op = static_cast<uint64_t*>(o.data());
  const auto count = [](const std::vector<int64_t>& v) {
    int64_t n = 1;
    for (int64_t e : v) n *= e;
    return n;
  };
  const int64_t inN = count(in), outN = count(out), kN = count(k);
  // The flat position that `from` reaches through kernel tap kf (out of bounds: -1): output to input
  // positions for a convolution, input to output positions for a transposed one.
  const auto tap = [&](int64_t from, const std::vector<int64_t>& fromDims, const std::vector<int64_t>& toDims,
                       int64_t kf) {
    int64_t flat = 0, rest = from, krest = kf;
    std::vector<int64_t> f(S), kk(S);
    for (size_t d = S; d-- > 0;) {
      f[d] = rest % fromDims[d];
      rest /= fromDims[d];
      kk[d] = krest % k[d];
      krest /= k[d];
    }
    for (size_t d = 0; d < S; ++d) {
      const int64_t pos = f[d] * p.stride[d] - p.padding[d] + kk[d] * p.dilation[d];
      if (pos < 0 || pos >= toDims[d]) return int64_t{-1};
      flat = flat * toDims[d] + pos;
    }
    return flat;
  };
  for (int64_t n = 0; n < N; ++n)
    for (int64_t gi = 0; gi < g; ++gi)
      for (int64_t ci = 0; ci < Cg; ++ci)
        for (int64_t co = 0; co < Og; ++co)
          for (int64_t kf = 0; kf < kN; ++kf) {
            const uint64_t wv = static_cast<uint64_t>(
                p.transposed ? wp[((gi * Cg + ci) * Og + co) * kN + kf] : wp[((gi * Og + co) * Cg + ci) * kN + kf]);
            const int64_t* xc = xp + (n * C + gi * Cg + ci) * inN;
            uint64_t* oc = op + (n * Cout + gi * Og + co) * outN;
            if (!p.transposed) {
              for (int64_t of = 0; of < outN; ++of)
                if (const int64_t i = tap(of, out, in, kf); i >= 0) oc[of] += static_cast<uint64_t>(xc[i]) * wv;
            } else {
              for (int64_t i = 0; i < inN; ++i)
                if (const int64_t of = tap(i, in, out, kf); of >= 0) oc[of] += static_cast<uint64_t>(xc[i]) * wv;
            }
          }
  if (bias.defined()) {
    const Tensor b = bias.to(ScalarType::Int64).contiguous();
    const int64_t* bp = static_cast<const int64_t*>(b.data());
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < Cout; ++c)
        for (int64_t e = 0; e < outN; ++e) op[(n * Cout + c) * outN + e] += static_cast<uint64_t>(bp[c]);
  }
  return o;
}

// _convolution from its expanded parameters: check_shape_forward, 1-d as 2-d, the backend and its
// dtype rules, the kernel.
Tensor convolution(const Tensor& input0, const Tensor& weight0, const Tensor& bias, ConvParams p) {
  const int64_t k = input0.dim();
  const std::vector<int64_t> ws = weight0.sizes();
  const int64_t g = p.groups;
  for (int64_t v : p.padding)
    if (v < 0) throw RuntimeError("negative padding is not supported");
  for (int64_t v : p.outputPadding)
    if (v < 0) throw RuntimeError("negative output_padding is not supported");
  for (int64_t v : p.stride)
    if (v <= 0) throw RuntimeError("non-positive stride is not supported");
  if (static_cast<int64_t>(ws.size()) != k)
    throw RuntimeError(str("Expected ", ws.size(), "-dimensional input for ", ws.size(), "-dimensional weight ",
                           shapeStr(ws), ", but got ", k, "-dimensional input of size ", shapeStr(input0.sizes()),
                           " instead"));
  if (ws[0] < g)
    throw RuntimeError(str("Given groups=", g, ", expected weight to be at least ", g,
                           " at dimension 0, but got weight of size ", shapeStr(ws), " instead"));
  if (ws[0] % g != 0)
    throw RuntimeError(str("Given groups=", g, ", expected weight to be divisible by ", g,
                           " at dimension 0, but got weight of size [", shapeStr(ws), "] instead"));
  const int64_t C = input0.size(1);
  const size_t S = static_cast<size_t>(k - 2);
  int64_t Cout;
  if (!p.transposed) {
    if (C != ws[1] * g)
      throw RuntimeError(str("Given groups=", g, ", weight of size ", shapeStr(ws), ", expected input",
                             shapeStr(input0.sizes()), " to have ", ws[1] * g, " channels, but got ", C,
                             " channels instead"));
    Cout = ws[0];
    if (bias.defined() && !(bias.dim() == 1 && bias.size(0) == Cout))
      throw RuntimeError(str("Given weight of size ", shapeStr(ws), ", expected bias to be 1-dimensional with ", Cout,
                             " elements, but got bias of size ", shapeStr(bias.sizes()), " instead"));
    std::string padded, kern;
    bool fits = true;
    for (size_t d = 0; d < S; ++d) {
      const int64_t in = input0.size(static_cast<int64_t>(d) + 2) + 2 * p.padding[d];
      const int64_t kk = p.dilation[d] * (ws[d + 2] - 1) + 1;
      fits = fits && in >= kk;
      padded += str(d ? " x " : "", in);
      kern += str(d ? " x " : "", kk);
    }
    if (!fits)
      throw RuntimeError(str("Calculated padded input size per channel: (", padded, "). Kernel size: (", kern,
                             "). Kernel size can't be greater than actual input size"));
  } else {
    if (C != ws[0])
      throw RuntimeError(str("Given transposed=1, weight of size ", shapeStr(ws), ", expected input",
                             shapeStr(input0.sizes()), " to have ", ws[0], " channels, but got ", C, " channels instead"));
    Cout = ws[1] * g;
    if (bias.defined() && !(bias.dim() == 1 && bias.size(0) == Cout))
      throw RuntimeError(str("Given transposed=1, weight of size ", shapeStr(ws), ", expected bias to be 1-dimensional with ",
                             Cout, " elements, but got bias of size ", shapeStr(bias.sizes()), " instead"));
  }
  Tensor input = input0, weight = weight0;
  if (S == 1) {
    input = input.unsqueeze(2);
    weight = weight.unsqueeze(2);
    p.stride.insert(p.stride.begin(), 1);
    p.padding.insert(p.padding.begin(), 0);
    p.dilation.insert(p.dilation.begin(), 1);
    p.outputPadding.insert(p.outputPadding.begin(), 0);
  }
  const size_t n = p.stride.size();
  std::vector<int64_t> outSizes{input.size(0), Cout};
  for (size_t d = 0; d < n; ++d) {
    const int64_t in = input.size(static_cast<int64_t>(d) + 2), kk = weight.size(static_cast<int64_t>(d) + 2);
    outSizes.push_back(p.transposed ? (in - 1) * p.stride[d] - 2 * p.padding[d] + p.dilation[d] * (kk - 1) +
                                          p.outputPadding[d] + 1
                                    : (in + 2 * p.padding[d] - p.dilation[d] * (kk - 1) - 1) / p.stride[d] + 1);
  }
  auto finish = [&](const Tensor& r) { return S == 1 ? r.squeeze(2) : r; };
  // A zero batch (or zero channels): weight.view(-1)[0] * input, viewed as the output.
  if (input.size(0) == 0 || C == 0) {
    if (weight.numel() == 0) throw RuntimeError("index 0 is out of bounds for dimension 0 with size 0", "IndexError");
    auto category = [](ScalarType t) { return t == ScalarType::Bool ? 0 : isFloatingType(t) ? 2 : 1; };
    const ScalarType dt = category(weight.dtype()) > category(input.dtype()) ? weight.dtype() : input.dtype();
    if (bias.defined()) {
      const ScalarType r = category(bias.dtype()) > category(dt) ? bias.dtype() : dt;
      if (!canCast(r, dt))
        throw RuntimeError(str("result type ", irName(r), " can't be cast to the desired output type ", irName(dt)));
    }
    int64_t numel = 1;
    for (int64_t v : outSizes) numel *= v;
    if (numel != 0) throw RuntimeError(str("shape '", shapeStr(outSizes), "' is invalid for input of size 0"));
    return finish(Tensor::empty(outSizes, dt, input.device()));
  }
  if (input.numel() == 0)
    throw RuntimeError(str("Only zero batch or zero channel inputs are supported, but got input shape: ",
                           shapeStr(input.sizes())));
  bool dilated = false;
  for (int64_t d : p.dilation) dilated = dilated || d != 1;
  const Backend& be = p.transposed ? (n == 2 ? kConvT2d : kConvT3d) : dilated ? kConvDilated : n == 2 ? kConv2dMM : kConv3dMM;
  if (p.transposed) {
    bool small = true, positive = true;
    std::string inS, outS;
    for (size_t d = 0; d < n; ++d) {
      small = small && (p.outputPadding[d] < p.stride[d] || p.outputPadding[d] < p.dilation[d]);
      positive = positive && outSizes[d + 2] >= 1;
      inS += str(d ? " x " : "", input.size(static_cast<int64_t>(d) + 2));
      outS += str(d ? " x " : "", outSizes[d + 2]);
    }
    if (!small) {
      const char* names[3] = {"depth", "height", "width"};
      std::string m = "output padding must be smaller than either stride or dilation, but got";
      const char* const* nm = names + (3 - n);
      for (size_t d = 0; d < n; ++d) m += str(" output_padding_", nm[d], ": ", p.outputPadding[d]);
      for (size_t d = 0; d < n; ++d) m += str(" stride_", nm[d], ": ", p.stride[d]);
      for (size_t d = 0; d < n; ++d) m += str(" dilation_", nm[d], ": ", p.dilation[d]);
      throw RuntimeError(m);
    }
    if (!positive)
      throw RuntimeError(str("Given input size per channel: (", inS, "). Calculated output size per channel: (", outS,
                             "). Output size is too small"));
  }
  const ScalarType dt = input.dtype();
  if (!accepts(be, dt)) throw RuntimeError(str("\"", be.kernel, "\" not implemented for '", irName(dt), "'"));
  checkSameType(input, weight, "weight");
  if (!be.biasCopied) checkSameType(input, bias, "bias");
  // Integers: exact wrapping int64 arithmetic, then the dtype. Floats: float (BFloat16) or natively.
  if (!isFloatingType(dt))
    return finish(convIntegral(input, weight, bias.defined() ? bias.to(dt) : Tensor(), p).to(dt));
  const ScalarType ct = dt == ScalarType::BFloat16 ? ScalarType::Float : dt;
  Tensor b = bias.defined() ? bias.to(dt).to(ct) : Tensor();
  Tensor r = convCompute(input.to(ct).contiguous(), weight.to(ct).contiguous(), b, p, outSizes);
  return finish(r.to(dt));
}

// at::convolution from the raw lists: the weight's rank, groups, then the parameters expanded.
Tensor convolutionRaw(const Tensor& input, const Tensor& weight, const Tensor& bias, const std::vector<int64_t>& stride,
                      const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, bool transposed,
                      const std::vector<int64_t>& outputPadding, int64_t groups) {
  if (weight.dim() < 3) throw RuntimeError("weight should have at least three dimensions");
  if (groups <= 0) throw RuntimeError("non-positive groups is not supported");
  const size_t n = static_cast<size_t>(weight.dim() - 2);
  ConvParams p;
  p.stride = expandConvParam(stride, n, "stride");
  p.padding = expandConvParam(padding, n, "padding");
  p.dilation = expandConvParam(dilation, n, "dilation");
  p.transposed = transposed;
  p.outputPadding = expandConvParam(outputPadding, n, "output_padding");
  p.groups = groups;
  return convolution(input, weight, bias, p);
}

// The functional convs accept an unbatched input (batchify).
std::pair<Tensor, bool> batchify(const Tensor& input, int64_t spatial, const char* name) {
  const bool batched = input.dim() == spatial + 2;
  if (!batched && input.dim() != spatial + 1)
    throw RuntimeError(str("Expected ", spatial + 1, "D (unbatched) or ", spatial + 2, "D (batched) input to ", name,
                           ", but got input of size: ", shapeStr(input.sizes())));
  return {batched ? input : input.unsqueeze(0), batched};
}

Tensor convN(IValue* a, int64_t spatial, const char* name) {
  auto [input, batched] = batchify(a[0].toTensor(), spatial, name);
  Tensor r = convolutionRaw(input, a[1].toTensor(), optTensor(a[2]), intList(a[3]), intList(a[4]), intList(a[5]), false,
                            {0}, a[6].toInt());
  return batched ? r : r.squeeze(0);
}

// conv_transpose*d: (input, weight, bias, stride, padding, output_padding, groups, dilation).
Tensor convTransposeN(IValue* a, int64_t spatial, const char* name) {
  auto [input, batched] = batchify(a[0].toTensor(), spatial, name);
  Tensor r = convolutionRaw(input, a[1].toTensor(), optTensor(a[2]), intList(a[3]), intList(a[4]), intList(a[7]), true,
                            intList(a[5]), a[6].toInt());
  return batched ? r : r.squeeze(0);
}

// conv*.padding overloads (_convolution_mode): "valid" = 0; "same" = total d*(k-1) per dim, the odd
// extra padded on the right explicitly.
Tensor convPaddingString(IValue* a, int64_t spatial, const char* name) {
  auto [input, batched] = batchify(a[0].toTensor(), spatial, name);
  const Tensor weight = a[1].toTensor(), bias = optTensor(a[2]);
  const std::vector<int64_t> stride = intList(a[3]), dilation = intList(a[5]);
  const std::string& mode = a[4].toStringRef();
  const int64_t groups = a[6].toInt();
  Tensor r;
  if (mode == "valid") {
    r = convolutionRaw(input, weight, bias, stride, {0}, dilation, false, {0}, groups);
  } else if (mode == "same") {
    const int64_t k = weight.dim();
    if (k <= 2) throw RuntimeError("weight should have at least three dimensions");
    const size_t n = static_cast<size_t>(k - 2);
    if (input.dim() != k)
      throw RuntimeError(str("Expected ", k, "-dimensional input for ", k, "-dimensional weight", shapeStr(weight.sizes()),
                             ", but got ", input.dim(), "-dimensional input of size ", shapeStr(input.sizes()), " instead"));
    if (stride.size() != n && stride.size() != 1) throw RuntimeError(str("stride cannot broadcast to ", n, " dimensions"));
    if (dilation.size() != n && dilation.size() != 1)
      throw RuntimeError(str("dilation cannot broadcast to ", n, " dimensions"));
    for (int64_t s : stride)
      if (s != 1) throw RuntimeError("padding='same' is not supported for strided convolutions");
    std::vector<int64_t> dil = expandConvParam(dilation, n, "dilation"), left(n), extra(n);
    bool symmetric = true;
    for (size_t d = 0; d < n; ++d) {
      const int64_t total = dil[d] * (weight.size(static_cast<int64_t>(d) + 2) - 1);
      left[d] = total / 2;
      extra[d] = total - 2 * left[d];
      symmetric = symmetric && extra[d] == 0;
    }
    Tensor in = input;
    if (!symmetric) {
      std::vector<int64_t> sizes = in.sizes();
      for (size_t d = 0; d < n; ++d) sizes[d + 2] += extra[d];
      Tensor padded = Tensor::zeros(sizes, in.dtype(), in.device());
      Tensor view = padded;
      for (size_t d = 0; d < n; ++d) view = view.narrow(static_cast<int64_t>(d) + 2, 0, in.size(static_cast<int64_t>(d) + 2));
      view.copy_(in);
      in = padded;
    }
    r = convolutionRaw(in, weight, bias, {1}, left, dil, false, {0}, groups);
  } else {
    throw RuntimeError(str("Invalid padding string: '", mode, "'"));
  }
  return batched ? r : r.squeeze(0);
}

}  // namespace

void registerNNKernels() {
  def("aten::conv1d", op([](IValue* a) { return IValue(convN(a, 1, "conv1d")); }));
  def("aten::conv2d", op([](IValue* a) { return IValue(convN(a, 2, "conv2d")); }));
  def("aten::conv1d.padding", op([](IValue* a) { return IValue(convPaddingString(a, 1, "conv1d")); }));
  def("aten::conv2d.padding", op([](IValue* a) { return IValue(convPaddingString(a, 2, "conv2d")); }));
  def("aten::conv3d", op([](IValue* a) { return IValue(convN(a, 3, "conv3d")); }));
  def("aten::conv3d.padding", op([](IValue* a) { return IValue(convPaddingString(a, 3, "conv3d")); }));
  def("aten::conv_transpose1d", op([](IValue* a) { return IValue(convTransposeN(a, 1, "conv_transpose1d")); }));
  def("aten::conv_transpose2d.input", op([](IValue* a) { return IValue(convTransposeN(a, 2, "conv_transpose2d")); }));
  def("aten::conv_transpose3d.input", op([](IValue* a) { return IValue(convTransposeN(a, 3, "conv_transpose3d")); }));
  auto underscoreConv = op([](IValue* a) {
    // (input, weight, bias, stride, padding, dilation, transposed, output_padding, groups, ...)
    return IValue(convolutionRaw(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), intList(a[3]), intList(a[4]),
                                 intList(a[5]), a[6].toBool(), intList(a[7]), a[8].toInt()));
  });
  def("aten::_convolution", underscoreConv);
  def("aten::_convolution.deprecated", underscoreConv);
  registerNNPoolKernels();
  registerNNVisionKernels();
  registerNNNormKernels();
  registerNNLossKernels();
  registerNNLossMoreKernels();
  registerNNMiscKernels();
  registerNNGridSampleKernels();
  registerNNUpsampleKernels();
  registerNNRnnKernels();
  registerNNAttentionKernels();
}

}  // namespace tsjit::kernels
