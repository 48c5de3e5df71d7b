// NN.cpp — optimized kernels of the NN family, part 1: convolutions (conv1d, conv2d, the
// .padding="same"/"valid" overloads, _convolution, conv_transpose2d) as im2col / col2im + BLAS
// gemm, and pooling (max_pool1d/2d, avg_pool2d, adaptive_avg_pool1d/2d/3d, adaptive_max_pool2d).
// Parts: NNNorm.cpp (normalizations, embedding, dropout, cosine_similarity, lstm_cell),
// NNLoss.cpp (losses), NNUpsample.cpp (interpolation).
// Invariants: float32/float64 only (PyTorch's CPU kernels); 1-D ops run as 2-D ones with a unit
// height; unbatched inputs (no N dim) gain and lose a batch dim; results are fresh contiguous
// tensors in the input dtype; max pooling propagates NaN like PyTorch (a NaN wins the window).
#include <algorithm>
#include <cmath>
#include <limits>

#include "jit/kernels/Families.h"
#include "jit/kernels/LinalgGemm.h"

namespace tsjit::kernels {
void registerNNNormKernels();
void registerNNLossKernels();
void registerNNUpsampleKernels();

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

// Any-rank (1-D or 2-D spatial) convolution with PyTorch's checks.
Tensor convolution(const Tensor& input0, const Tensor& weight0, const Tensor& bias, ConvParams p, int64_t spatial,
                   const char* name) {
  const bool batched = input0.dim() == spatial + 2;
  if (!batched && input0.dim() != spatial + 1)
    throw RuntimeError(str("Expected ", spatial + 1, "D (unbatched) or ", spatial + 2, "D (batched) input to ", name,
                           ", but got input of size: ", shapeStr(input0.sizes())));
  if (weight0.dim() != spatial + 2)
    throw RuntimeError(str("weight should have at least three dimensions"));
  checkSameType(input0, weight0, "weight");
  checkSameType(input0, bias, "bias");
  if (p.groups <= 0) throw RuntimeError("non-positive groups is not supported");
  for (int64_t s : p.stride)
    if (s <= 0) throw RuntimeError("non-positive stride is not supported");
  for (int64_t s : p.padding)
    if (s < 0) throw RuntimeError("negative padding is not supported");
  Tensor input = batched ? input0 : input0.unsqueeze(0);
  const int64_t C = input.size(1);
  const int64_t wIn = p.transposed ? weight0.size(0) : weight0.size(1) * p.groups;
  if (C != wIn) {
    if (p.transposed)
      throw RuntimeError(str("Given transposed=1, weight of size ", shapeStr(weight0.sizes()), ", expected input",
                             shapeStr(input.sizes()), " to have ", weight0.size(0), " channels, but got ", C,
                             " channels instead"));
    throw RuntimeError(str("Given groups=", p.groups, ", weight of size ", shapeStr(weight0.sizes()), ", expected input",
                           shapeStr(input.sizes()), " to have ", wIn, " channels, but got ", C, " channels instead"));
  }
  if (!p.transposed && weight0.size(0) % p.groups != 0)
    throw RuntimeError(str("Given groups=", p.groups, ", expected weight to be divisible by ", p.groups,
                           " at dimension 0, but got weight of size ", shapeStr(weight0.sizes()), " instead"));
  Tensor weight = weight0;
  if (spatial == 1) {
    input = input.unsqueeze(2);
    weight = weight.unsqueeze(2);
    p.stride.insert(p.stride.begin(), 1);
    p.padding.insert(p.padding.begin(), 0);
    p.dilation.insert(p.dilation.begin(), 1);
    p.outputPadding.insert(p.outputPadding.begin(), 0);
  }
  if (!p.transposed) {
    for (int d = 0; d < 2; ++d) {
      const int64_t padded = input.size(2 + d) + 2 * p.padding[d];
      const int64_t k = p.dilation[d] * (weight.size(2 + d) - 1) + 1;
      if (padded < k) {
        std::string ps = spatial == 1 ? str("(", padded, ")") : str("(", input.size(2) + 2 * p.padding[0], " x ", input.size(3) + 2 * p.padding[1], ")");
        std::string ks = spatial == 1 ? str("(", k, ")")
                                      : str("(", p.dilation[0] * (weight.size(2) - 1) + 1, " x ",
                                            p.dilation[1] * (weight.size(3) - 1) + 1, ")");
        throw RuntimeError(str("Calculated padded input size per channel: ", ps, ". Kernel size: ", ks,
                               ". Kernel size can't be greater than actual input size"));
      }
    }
  }
  if (bias.defined() && bias.numel() != (p.transposed ? weight.size(1) * p.groups : weight.size(0)))
    throw RuntimeError(str("Given weight of size ", shapeStr(weight0.sizes()), ", expected bias to be 1-dimensional with ",
                           p.transposed ? weight.size(1) * p.groups : weight.size(0), " elements, but got bias of size ",
                           shapeStr(bias.sizes()), " instead"));
  Tensor out = conv2dCore(input.contiguous(), weight, bias, p);
  if (spatial == 1) out = out.squeeze(2);
  return batched ? out : out.squeeze(0);
}

ConvParams convParams(const IValue& stride, const IValue& padding, const IValue& dilation, int64_t groups, size_t n) {
  ConvParams p;
  p.stride = intListN(stride, n);
  p.padding = intListN(padding, n);
  p.dilation = intListN(dilation, n);
  p.outputPadding.assign(n, 0);
  p.groups = groups;
  return p;
}

// conv*.padding overloads: "valid" = 0, "same" = (possibly asymmetric) padding keeping the size.
Tensor convPaddingString(const Tensor& input, const Tensor& weight, const Tensor& bias, const IValue& stride,
                         const std::string& mode, const IValue& dilation, int64_t groups, size_t n, const char* name) {
  ConvParams p = convParams(stride, IValue(int64_t(0)), dilation, groups, n);
  if (mode == "valid") return convolution(input, weight, bias, p, static_cast<int64_t>(n), name);
  if (mode != "same") throw RuntimeError(str("Invalid padding string: '", mode, "'"));
  for (int64_t s : p.stride)
    if (s != 1) throw RuntimeError("padding='same' is not supported for strided convolutions");
  // Total padding per dim = d*(k-1); the extra element (odd totals) goes on the right.
  std::vector<int64_t> padLeft(n), padExtra(n);
  bool symmetric = true;
  for (size_t d = 0; d < n; ++d) {
    const int64_t total = p.dilation[d] * (weight.size(2 + d) - 1);
    padLeft[d] = total / 2;
    padExtra[d] = total - 2 * padLeft[d];
    symmetric = symmetric && padExtra[d] == 0;
  }
  Tensor in = input;
  if (!symmetric) {
    // Pad the extra on the right explicitly, then run with the symmetric part.
    std::vector<int64_t> sizes = in.sizes();
    for (size_t d = 0; d < n; ++d) sizes[sizes.size() - n + d] += padExtra[d];
    Tensor padded = Tensor::zeros(sizes, in.dtype(), in.device());
    Tensor view = padded;
    for (size_t d = 0; d < n; ++d) view = view.narrow(static_cast<int64_t>(sizes.size() - n + d), 0, in.size(-static_cast<int64_t>(n) + d));
    view.copy_(in);
    in = padded;
  }
  p.padding = padLeft;
  return convolution(in, weight, bias, p, static_cast<int64_t>(n), name);
}

// ---- pooling ---------------------------------------------------------------------------------------

int64_t pooledSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil) {
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

// View of a pooling input as [planes, H, W] plus the output shape prefix.
struct Planes {
  Tensor x;  // contiguous [P, H, W]
  std::vector<int64_t> prefix;
};
Planes planesOf(const Tensor& self, int64_t spatial, const char* name) {
  if (self.dim() != spatial + 1 && self.dim() != spatial + 2)
    throw RuntimeError(str(name, ": Expected ", spatial + 1, "D or ", spatial + 2, "D (batch mode) tensor with optional 0 dim batch size for input, but got:", shapeStr(self.sizes())));
  Planes p;
  p.prefix.assign(self.sizes().begin(), self.sizes().end() - spatial);
  std::vector<int64_t> shape{-1};
  for (int64_t d = self.dim() - spatial; d < self.dim(); ++d) shape.push_back(self.size(d));
  if (spatial == 1) shape.insert(shape.begin() + 1, 1);
  p.x = self.contiguous().reshape(shape);
  return p;
}

Tensor maxPool(const Tensor& self, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> pad,
               std::vector<int64_t> dil, bool ceil, int64_t spatial, const char* name) {
  const size_t n = static_cast<size_t>(spatial);
  if (s.empty()) s = k;
  k = intListN(intListValue(k), n), s = intListN(intListValue(s), n), pad = intListN(intListValue(pad), n),
  dil = intListN(intListValue(dil), n);
  for (size_t d = 0; d < n; ++d) {
    if (k[d] <= 0) throw RuntimeError(str("kernel_size must be greater than zero, but got kH: ", k[0], " kW: ", k.back()));
    if (s[d] <= 0) throw RuntimeError("stride must be greater than zero");
    if (pad[d] > k[d] / 2)
      throw RuntimeError(str("pad should be at most half of effective kernel size, but got pad=", pad[d], ", kernel_size=",
                             k[d], " and dilation=", dil[d]));
  }
  if (spatial == 1) {
    k.insert(k.begin(), 1), s.insert(s.begin(), 1), pad.insert(pad.begin(), 0), dil.insert(dil.begin(), 1);
  }
  Planes pl = planesOf(self, spatial, name);
  const int64_t P = pl.x.size(0), H = pl.x.size(1), W = pl.x.size(2);
  const int64_t OH = pooledSize(H, k[0], pad[0], s[0], dil[0], ceil), OW = pooledSize(W, k[1], pad[1], s[1], dil[1], ceil);
  if (OH <= 0 || OW <= 0)
    throw RuntimeError(str("Given input size: (", self.dim() > spatial ? self.size(-spatial - 1) : 1, "x", H, "x", W,
                           "). Calculated output size: (", self.dim() > spatial ? self.size(-spatial - 1) : 1, "x", OH, "x", OW,
                           "). Output size is too small"));
  std::vector<int64_t> outSizes = pl.prefix;
  if (spatial == 2) outSizes.push_back(OH);
  outSizes.push_back(OW);
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  visitFloating(self.dtype(), name, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* x = static_cast<const T*>(pl.x.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          T m = -std::numeric_limits<T>::infinity();
          for (int64_t i = 0; i < k[0]; ++i) {
            const int64_t ih = oh * s[0] - pad[0] + i * dil[0];
            if (ih < 0 || ih >= H) continue;
            for (int64_t j = 0; j < k[1]; ++j) {
              const int64_t iw = ow * s[1] - pad[1] + j * dil[1];
              if (iw < 0 || iw >= W) continue;
              const T v = x[(p0 * H + ih) * W + iw];
              if (v > m || std::isnan(v)) m = v;
              if (std::isnan(m)) break;
            }
          }
          o[(p0 * OH + oh) * OW + ow] = m;
        }
  });
  return out;
}

Tensor avgPool2d(const Tensor& self, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> pad, bool ceil,
                 bool countIncludePad, const IValue& divisorOverride) {
  if (s.empty()) s = k;
  k = intListN(intListValue(k), 2), s = intListN(intListValue(s), 2), pad = intListN(intListValue(pad), 2);
  for (int d = 0; d < 2; ++d)
    if (pad[d] > k[d] / 2)
      throw RuntimeError(str("pad should be smaller than or equal to half of kernel size, but got padW = ", pad[1],
                             ", padH = ", pad[0], ", kW = ", k[1], ", kH = ", k[0]));
  if (!divisorOverride.isNone() && divisorOverride.toInt() == 0) throw RuntimeError("divisor must be not zero");
  Planes pl = planesOf(self, 2, "avg_pool2d");
  const int64_t P = pl.x.size(0), H = pl.x.size(1), W = pl.x.size(2);
  const int64_t OH = pooledSize(H, k[0], pad[0], s[0], 1, ceil), OW = pooledSize(W, k[1], pad[1], s[1], 1, ceil);
  std::vector<int64_t> outSizes = pl.prefix;
  outSizes.insert(outSizes.end(), {OH, OW});
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  visitFloating(self.dtype(), "avg_pool2d", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* x = static_cast<const T*>(pl.x.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          int64_t h0 = oh * s[0] - pad[0], w0 = ow * s[1] - pad[1];
          int64_t h1 = std::min(h0 + k[0], H + pad[0]), w1 = std::min(w0 + k[1], W + pad[1]);
          const int64_t poolSize = (h1 - h0) * (w1 - w0);
          h0 = std::max<int64_t>(h0, 0), w0 = std::max<int64_t>(w0, 0);
          h1 = std::min(h1, H), w1 = std::min(w1, W);
          T sum = 0;
          for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw) sum += x[(p0 * H + ih) * W + iw];
          const int64_t div = !divisorOverride.isNone() ? divisorOverride.toInt()
                              : countIncludePad         ? poolSize
                                                        : (h1 - h0) * (w1 - w0);
          o[(p0 * OH + oh) * OW + ow] = sum / static_cast<T>(div);
        }
  });
  return out;
}

// Adaptive pooling over `spatial` trailing dims (1..3); max also returns flat indices.
std::pair<Tensor, Tensor> adaptivePool(const Tensor& self, std::vector<int64_t> outSize, int64_t spatial, bool isMax,
                                       const char* name) {
  outSize = intListN(intListValue(outSize), static_cast<size_t>(spatial));
  if (static_cast<int64_t>(outSize.size()) != spatial)
    throw RuntimeError(str(name, ": output_size must be ", spatial));
  if (self.dim() != spatial + 1 && self.dim() != spatial + 2)
    throw RuntimeError(str(name, "(): Expected ", spatial + 1, "D or ", spatial + 2, "D tensor, but got ", shapeStr(self.sizes())));
  for (int64_t d = 1; d < self.dim(); ++d)
    if (self.size(d) == 0)
      throw RuntimeError(str(name, "(): Expected input to have non-zero size for non-batch dimensions, but input has sizes ",
                             shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  std::vector<int64_t> in(3, 1), os(3, 1);
  for (int64_t d = 0; d < spatial; ++d) {
    in[3 - spatial + d] = self.size(self.dim() - spatial + d);
    os[3 - spatial + d] = outSize[d];
  }
  std::vector<int64_t> shape{-1, in[0], in[1], in[2]};
  const Tensor x = self.contiguous().reshape(shape);
  const int64_t P = x.size(0);
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - spatial);
  outSizes.insert(outSizes.end(), outSize.begin(), outSize.end());
  Tensor out = Tensor::empty(outSizes, self.dtype(), self.device());
  Tensor idx = isMax ? Tensor::empty(outSizes, ScalarType::Int64, self.device()) : Tensor();
  auto startOf = [](int64_t i, int64_t o, int64_t n) { return (i * n) / o; };
  auto endOf = [](int64_t i, int64_t o, int64_t n) { return ((i + 1) * n + o - 1) / o; };
  visitFloating(self.dtype(), name, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    int64_t* ip = isMax ? static_cast<int64_t*>(idx.data()) : nullptr;
    int64_t q = 0;
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t a = 0; a < os[0]; ++a)
        for (int64_t b = 0; b < os[1]; ++b)
          for (int64_t c = 0; c < os[2]; ++c, ++q) {
            const int64_t a0 = startOf(a, os[0], in[0]), a1 = endOf(a, os[0], in[0]);
            const int64_t b0 = startOf(b, os[1], in[1]), b1 = endOf(b, os[1], in[1]);
            const int64_t c0 = startOf(c, os[2], in[2]), c1 = endOf(c, os[2], in[2]);
            double sum = 0;
            T m = -std::numeric_limits<T>::infinity();
            int64_t arg = (a0 * in[1] + b0) * in[2] + c0;
            for (int64_t i = a0; i < a1; ++i)
              for (int64_t j = b0; j < b1; ++j)
                for (int64_t l = c0; l < c1; ++l) {
                  const int64_t flat = (i * in[1] + j) * in[2] + l;
                  const T v = xp[p0 * in[0] * in[1] * in[2] + flat];
                  if (isMax) {
                    if (v > m || std::isnan(v)) {
                      if (!std::isnan(m)) {
                        m = v;
                        arg = flat;
                      }
                    }
                  } else {
                    sum += v;
                  }
                }
            if (isMax) {
              o[q] = m;
              ip[q] = arg;
            } else {
              o[q] = static_cast<T>(sum / static_cast<double>((a1 - a0) * (b1 - b0) * (c1 - c0)));
            }
          }
  });
  return {out, idx};
}

}  // namespace

void registerNNKernels() {
  def("aten::conv1d", op([](IValue* a) {
        return IValue(convolution(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), convParams(a[3], a[4], a[5], a[6].toInt(), 1),
                                  1, "conv1d"));
      }));
  def("aten::conv2d", op([](IValue* a) {
        return IValue(convolution(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), convParams(a[3], a[4], a[5], a[6].toInt(), 2),
                                  2, "conv2d"));
      }));
  def("aten::conv1d.padding", op([](IValue* a) {
        return IValue(convPaddingString(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), a[3], a[4].toStringRef(), a[5],
                                        a[6].toInt(), 1, "conv1d"));
      }));
  def("aten::conv2d.padding", op([](IValue* a) {
        return IValue(convPaddingString(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), a[3], a[4].toStringRef(), a[5],
                                        a[6].toInt(), 2, "conv2d"));
      }));
  def("aten::conv_transpose2d.input", op([](IValue* a) {
        ConvParams p = convParams(a[3], a[4], a[7], a[6].toInt(), 2);
        p.outputPadding = intListN(a[5], 2);
        p.transposed = true;
        return IValue(convolution(a[0].toTensor(), a[1].toTensor(), optTensor(a[2]), p, 2, "conv_transpose2d"));
      }));
  auto underscoreConv = op([](IValue* a) {
    const Tensor w = a[1].toTensor();
    const int64_t spatial = w.dim() - 2;
    // PyTorch's order: the weight's rank, groups, then (after the parameters) the input's rank.
    if (spatial <= 0) throw RuntimeError("weight should have at least three dimensions");
    if (a[8].toInt() <= 0) throw RuntimeError("non-positive groups is not supported");
    if (spatial != 1 && spatial != 2) throw RuntimeError("_convolution: only 1-D and 2-D convolutions are supported");
    ConvParams p = convParams(a[3], a[4], a[5], a[8].toInt(), static_cast<size_t>(spatial));
    p.transposed = a[6].toBool();
    p.outputPadding = intListN(a[7], static_cast<size_t>(spatial));
    if (a[0].toTensor().dim() != w.dim())
      throw RuntimeError(str("Expected ", w.dim(), "-dimensional input for ", w.dim(), "-dimensional weight ",
                             shapeStr(w.sizes()), ", but got ", a[0].toTensor().dim(), "-dimensional input of size ",
                             shapeStr(a[0].toTensor().sizes()), " instead"));
    return IValue(convolution(a[0].toTensor(), w, optTensor(a[2]), p, spatial, "_convolution"));
  });
  def("aten::_convolution", underscoreConv);
  def("aten::_convolution.deprecated", underscoreConv);
  def("aten::max_pool1d", op([](IValue* a) {
        return IValue(maxPool(a[0].toTensor(), intList(a[1]), intList(a[2]), intList(a[3]), intList(a[4]), a[5].toBool(), 1,
                              "max_pool1d"));
      }));
  def("aten::max_pool2d", op([](IValue* a) {
        return IValue(maxPool(a[0].toTensor(), intList(a[1]), intList(a[2]), intList(a[3]), intList(a[4]), a[5].toBool(), 2,
                              "max_pool2d"));
      }));
  def("aten::avg_pool2d", op([](IValue* a) {
        return IValue(avgPool2d(a[0].toTensor(), intList(a[1]), intList(a[2]), intList(a[3]), a[4].toBool(), a[5].toBool(), a[6]));
      }));
  def("aten::adaptive_avg_pool1d", op([](IValue* a) {
        return IValue(adaptivePool(a[0].toTensor(), intList(a[1]), 1, false, "adaptive_avg_pool1d").first);
      }));
  def("aten::adaptive_avg_pool2d", op([](IValue* a) {
        return IValue(adaptivePool(a[0].toTensor(), intList(a[1]), 2, false, "adaptive_avg_pool2d").first);
      }));
  def("aten::adaptive_avg_pool3d", op([](IValue* a) {
        return IValue(adaptivePool(a[0].toTensor(), intList(a[1]), 3, false, "adaptive_avg_pool3d").first);
      }));
  def("aten::adaptive_max_pool2d", op2([](IValue* a) {
        return adaptivePool(a[0].toTensor(), intList(a[1]), 2, true, "adaptive_max_pool2d");
      }));
  registerNNNormKernels();
  registerNNLossKernels();
  registerNNUpsampleKernels();
}

}  // namespace tsjit::kernels
