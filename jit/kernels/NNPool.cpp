// NNPool.cpp — optimized kernels of the NN family, part 1b: pooling. max_pool1d/2d, avg_pool1d/2d,
// adaptive_avg_pool1d/2d/3d, adaptive_max_pool2d.
// Invariants: PyTorch 1.13's checks in its order (list lengths, rank, pooling_output_shape,
// pool2d_shape_check), then its CPU kernel's dtype dispatch: max_pool2d / max_pool1d_impl /
// adaptive_max_pool2d / adaptive_avg_pool2d take Float, Double, BFloat16 (BFloat16 computed in
// float and rounded once), avg_pool2d also Long (int64 sums, truncating division),
// adaptive_avg_pool3d_cpu Float, Double, Half; an all-ones adaptive_avg output size is a mean.
// All pools run on a contiguous [planes, D, H, W] view with unit leading spatial dims; results are
// fresh contiguous tensors in the input dtype; a NaN wins a max window (ATen: v > m || isnan(v)) and
// the index reported is the last NaN's.
#include <algorithm>
#include <cmath>
#include <limits>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

[[noreturn]] void notImplemented(const char* kernel, ScalarType t) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(t), "'"));
}
void requireFloatOrBf16(ScalarType t, const char* kernel) {
  if (t != ScalarType::Float && t != ScalarType::Double && t != ScalarType::BFloat16) notImplemented(kernel, t);
}
// The dtype the loops run in: BFloat16 / Half in float.
ScalarType computeType(ScalarType t) { return t == ScalarType::Double ? t : ScalarType::Float; }

int64_t sizeAt(const Tensor& x, int64_t d) {
  const int64_t n = x.dim();
  if (n == 0) throw RuntimeError(str("dimension specified as ", d, " but tensor has no dimensions"), "IndexError");
  if (d < -n || d >= n)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", d, ")"),
                       "IndexError");
  return x.size(d < 0 ? d + n : d);
}

// pooling_output_shape: stride check, floor/ceil division, the ceil-mode adjustment.
int64_t pooledSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil) {
  if (stride == 0) throw RuntimeError("stride should not be zero");
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  const int64_t q = num / stride, r = num % stride;
  int64_t out = ((r != 0 && ((r < 0) != (stride < 0))) ? q - 1 : q) + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

struct Window2d {
  int64_t kH, kW, sH, sW, pH, pW, dH = 1, dW = 1;
  int64_t OH = 0, OW = 0;
};

void pool2dShapeCheck(const Tensor& x, const Window2d& w) {
  if (w.kW <= 0 || w.kH <= 0)
    throw RuntimeError(str("kernel size should be greater than zero, but got kH: ", w.kH, " kW: ", w.kW));
  if (w.sW <= 0 || w.sH <= 0) throw RuntimeError(str("stride should be greater than zero, but got dH: ", w.sH, " dW: ", w.sW));
  if (w.dH <= 0 || w.dW <= 0)
    throw RuntimeError(str("dilation should be greater than zero, but got dilationH: ", w.dH, " dilationW: ", w.dW));
  const int64_t nd = x.dim();
  const bool dimsOk = nd >= 3 && x.size(1) != 0 && x.size(2) != 0;
  if (!((nd == 3 && x.size(0) != 0 && dimsOk) || (nd == 4 && dimsOk && x.size(3) != 0)))
    throw RuntimeError(str("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
                           shapeStr(x.sizes())));
  if (w.kW / 2 < w.pW || w.kH / 2 < w.pH)
    throw RuntimeError(str("pad should be smaller than or equal to half of kernel size, but got padW = ", w.pW,
                           ", padH = ", w.pH, ", kW = ", w.kW, ", kH = ", w.kH));
  if (w.OW < 1 || w.OH < 1)
    throw RuntimeError(str("Given input size: (", x.size(-3), "x", x.size(-2), "x", x.size(-1), "). Calculated output size: (",
                           x.size(-3), "x", w.OH, "x", w.OW, "). Output size is too small"));
}

// [planes, H, W] contiguous view in the compute dtype; the output shape prefix.
// The number of planes: the product of the dims before the trailing `spatial` ones.
int64_t planeCount(const Tensor& self, int64_t spatial) {
  int64_t p = 1;
  for (int64_t d = 0; d < self.dim() - spatial; ++d) p *= self.size(d);
  return p;
}
Tensor planes2d(const Tensor& self, int64_t spatial) {
  std::vector<int64_t> shape{planeCount(self, spatial), spatial == 2 ? self.size(-2) : 1, self.size(-1)};
  return self.to(computeType(self.dtype())).contiguous().reshape(shape);
}

// Max pooling over [P, H, W] (1-d: H == 1).
Tensor maxPoolPlanes(const Tensor& x, const Window2d& w, std::vector<int64_t> outSizes, ScalarType dt) {
  const int64_t P = x.size(0), H = x.size(1), W = x.size(2);
  Tensor out = Tensor::empty(outSizes, x.dtype(), x.device());
  visitFloating(x.dtype(), "max_pool", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t oh = 0; oh < w.OH; ++oh)
        for (int64_t ow = 0; ow < w.OW; ++ow) {
          T m = -std::numeric_limits<T>::infinity();
          for (int64_t i = 0; i < w.kH; ++i) {
            const int64_t ih = oh * w.sH - w.pH + i * w.dH;
            if (ih < 0 || ih >= H) continue;
            const T* row = xp + (p0 * H + ih) * W;
            for (int64_t j = 0; j < w.kW; ++j) {
              const int64_t iw = ow * w.sW - w.pW + j * w.dW;
              if (iw < 0 || iw >= W) continue;
              if (row[iw] > m || std::isnan(row[iw])) m = row[iw];
            }
          }
          o[(p0 * w.OH + oh) * w.OW + ow] = m;
        }
  });
  return out.to(dt);
}

Tensor maxPool2d(const Tensor& self, IValue* a) {
  const std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]), dil = intList(a[4]);
  if (k.size() != 1 && k.size() != 2)
    throw RuntimeError("max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  if (s.size() > 2) throw RuntimeError("max_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  if (pad.size() != 1 && pad.size() != 2)
    throw RuntimeError("max_pool2d: padding must be either be a single int, or a tuple of two ints");
  if (dil.size() != 1 && dil.size() != 2)
    throw RuntimeError("max_pool2d: dilation must be either a single int, or a tuple of two ints");
  const bool ceil = a[5].toBool();
  Window2d w{k[0], k.back(), s.empty() ? k[0] : s[0], s.empty() ? k.back() : s.back(), pad[0], pad.back(), dil[0], dil.back()};
  if (self.dim() != 3 && self.dim() != 4) throw RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input");
  w.OH = pooledSize(self.size(-2), w.kH, w.pH, w.sH, w.dH, ceil);
  w.OW = pooledSize(self.size(-1), w.kW, w.pW, w.sW, w.dW, ceil);
  pool2dShapeCheck(self, w);
  requireFloatOrBf16(self.dtype(), "max_pool2d");
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - 2);
  outSizes.insert(outSizes.end(), {w.OH, w.OW});
  return maxPoolPlanes(planes2d(self, 2), w, outSizes, self.dtype());
}

Tensor maxPool1d(const Tensor& self, IValue* a) {
  const std::vector<int64_t> k = intList(a[1]), pad = intList(a[3]), dil = intList(a[4]);
  std::vector<int64_t> s = intList(a[2]);
  // PyTorch 1.13's max_pool1d starts with this check (python3-torch 1.13.1): only the batch dim of a
  // 3-D input may be empty.
  const bool shapeOk = (self.dim() == 2 && self.size(0) != 0 && self.size(1) != 0) ||
                       (self.dim() == 3 && self.size(1) != 0 && self.size(2) != 0);
  if (!shapeOk)
    throw RuntimeError(str("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
                           "input, but got:", shapeStr(self.sizes())));
  if (k.size() != 1)
    throw RuntimeError(str("max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size ",
                           k.size()));
  if (s.size() > 1)
    throw RuntimeError(str("max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but got size ",
                           s.size()));
  if (pad.size() != 1)
    throw RuntimeError(str("max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size ",
                           pad.size()));
  if (dil.size() != 1)
    throw RuntimeError(str("max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size ",
                           dil.size()));
  if (s.empty()) s = k;
  if (k[0] <= 0) throw RuntimeError(str("max_pool1d() kernel_size must be greater than zero, but got ", k[0]));
  if (s[0] <= 0) throw RuntimeError(str("max_pool1d() stride must be greater than zero, but got ", s[0]));
  if (pad[0] < 0) throw RuntimeError(str("max_pool1d() padding must be non-negative, but got ", pad[0]));
  if (pad[0] > k[0] / 2)
    throw RuntimeError(str("max_pool1d() padding should be at most half of kernel size, but got padding=", pad[0],
                           " and kernel_size=", k[0]));
  if (dil[0] <= 0) throw RuntimeError(str("max_pool1d() dilation must be greater than zero, but got ", dil[0]));
  Window2d w{1, k[0], 1, s[0], 0, pad[0], 1, dil[0]};
  w.OH = 1;
  w.OW = pooledSize(self.size(-1), k[0], pad[0], s[0], dil[0], a[5].toBool());
  if (w.OW < 0) throw RuntimeError(str("max_pool1d() Invalid computed output size: ", w.OW));
  requireFloatOrBf16(self.dtype(), "max_pool1d_impl");
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - 1);
  outSizes.push_back(w.OW);
  return maxPoolPlanes(planes2d(self, 1), w, outSizes, self.dtype());
}

Tensor avgPool2d(const Tensor& self, IValue* a) {
  const std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]);
  if (k.size() != 1 && k.size() != 2)
    throw RuntimeError("avg_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  if (s.size() > 2) throw RuntimeError("avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  if (pad.size() != 1 && pad.size() != 2)
    throw RuntimeError("avg_pool2d: padding must either be a single int, or a tuple of two ints");
  const bool ceil = a[4].toBool(), countIncludePad = a[5].toBool();
  const bool hasDivisor = !a[6].isNone();
  const int64_t divisor = hasDivisor ? a[6].toInt() : 0;
  if (hasDivisor && divisor == 0) throw RuntimeError("divisor must be not zero");
  Window2d w{k[0], k.back(), s.empty() ? k[0] : s[0], s.empty() ? k.back() : s.back(), pad[0], pad.back()};
  sizeAt(self, -3);
  const int64_t H = self.size(-2), W = self.size(-1);
  w.OH = pooledSize(H, w.kH, w.pH, w.sH, 1, ceil);
  w.OW = pooledSize(W, w.kW, w.pW, w.sW, 1, ceil);
  pool2dShapeCheck(self, w);
  const ScalarType dt = self.dtype();
  const bool isLong = dt == ScalarType::Int64;
  if (!isLong) requireFloatOrBf16(dt, "avg_pool2d");
  const Tensor x = isLong ? self.contiguous().reshape({planeCount(self, 2), H, W}) : planes2d(self, 2);
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - 2);
  outSizes.insert(outSizes.end(), {w.OH, w.OW});
  Tensor out = Tensor::empty(outSizes, x.dtype(), x.device());
  auto run = [&](auto tag, auto accTag) {
    using T = typename decltype(tag)::type;
    using Acc = typename decltype(accTag)::type;
    const T* xp = static_cast<const T*>(x.data());
    T* o = static_cast<T*>(out.data());
    const int64_t P = x.size(0);
    for (int64_t p0 = 0; p0 < P; ++p0)
      for (int64_t oh = 0; oh < w.OH; ++oh)
        for (int64_t ow = 0; ow < w.OW; ++ow) {
          int64_t h0 = oh * w.sH - w.pH, w0 = ow * w.sW - w.pW;
          int64_t h1 = std::min(h0 + w.kH, H + w.pH), w1 = std::min(w0 + w.kW, W + w.pW);
          const int64_t poolSize = (h1 - h0) * (w1 - w0);
          h0 = std::max<int64_t>(h0, 0), w0 = std::max<int64_t>(w0, 0);
          h1 = std::min(h1, H), w1 = std::min(w1, W);
          Acc sum = 0;
          for (int64_t ih = h0; ih < h1; ++ih)
            for (int64_t iw = w0; iw < w1; ++iw) sum += static_cast<Acc>(xp[(p0 * H + ih) * W + iw]);
          const int64_t div = hasDivisor ? divisor : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
          if constexpr (std::is_same_v<T, int64_t>)
            o[(p0 * w.OH + oh) * w.OW + ow] = static_cast<int64_t>(sum) / div;
          else
            o[(p0 * w.OH + oh) * w.OW + ow] = static_cast<T>(sum / static_cast<Acc>(div));
        }
  };
  if (isLong) run(TypeTag<int64_t>{}, TypeTag<uint64_t>{});
  else if (x.dtype() == ScalarType::Double) run(TypeTag<double>{}, TypeTag<double>{});
  else run(TypeTag<float>{}, TypeTag<double>{});
  return out.to(dt);
}

// Adaptive pooling over the trailing `spatial` dims of a checked input; max also returns indices.
std::pair<Tensor, Tensor> adaptivePool(const Tensor& self, const std::vector<int64_t>& outSize, int64_t spatial, bool isMax) {
  std::vector<int64_t> in(3, 1), os(3, 1);
  for (int64_t d = 0; d < spatial; ++d) {
    in[3 - spatial + d] = self.size(self.dim() - spatial + d);
    os[3 - spatial + d] = outSize[d];
  }
  const Tensor x = self.to(computeType(self.dtype())).contiguous().reshape({planeCount(self, spatial), in[0], in[1], in[2]});
  const int64_t P = x.size(0);
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - spatial);
  outSizes.insert(outSizes.end(), outSize.begin(), outSize.end());
  Tensor out = Tensor::empty(outSizes, x.dtype(), self.device());
  Tensor idx = isMax ? Tensor::empty(outSizes, ScalarType::Int64, self.device()) : Tensor();
  auto startOf = [](int64_t i, int64_t o, int64_t n) { return (i * n) / o; };
  auto endOf = [](int64_t i, int64_t o, int64_t n) { return ((i + 1) * n + o - 1) / o; };
  visitFloating(x.dtype(), "adaptive_pool", [&](auto tag) {
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
                  if (!isMax) {
                    sum += v;
                  } else if (v > m || std::isnan(v)) {
                    m = v;
                    arg = flat;
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
  return {out.to(self.dtype()), idx};
}

// self.mean(trailing dims, keepdim=True): what adaptive_avg_pool2d/3d compute for an all-ones size.
Tensor trailingMean(const Tensor& self, int64_t spatial) {
  if (!isFloatingType(self.dtype()))
    throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                           "dtype. Got: ", irName(self.dtype())));
  // mean's dims wrap like a 0-dim tensor's as if it had one dim.
  const int64_t n = std::max<int64_t>(self.dim(), 1);
  for (int64_t d = 1; d <= spatial; ++d)
    if (-d < -n)
      throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", -d, ")"),
                         "IndexError");
  return adaptivePool(self, std::vector<int64_t>(static_cast<size_t>(spatial), 1), spatial, false).first;
}

Tensor adaptiveAvg2d(const Tensor& self, const std::vector<int64_t>& os) {
  if (os.size() != 2) throw RuntimeError("adaptive_avg_pool2d: output_size must be 2");
  if (os[0] < 0 || os[1] < 0)
    throw RuntimeError(str("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
                           os[0], ", ", os[1], "}"));
  if (os[0] == 1 && os[1] == 1) return trailingMean(self, 2);
  if (self.dim() != 3 && self.dim() != 4)
    throw RuntimeError(str("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ", shapeStr(self.sizes())));
  for (int64_t d = self.dim() - 2; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str("adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                             "has sizes ", shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  requireFloatOrBf16(self.dtype(), "adaptive_avg_pool2d");
  return adaptivePool(self, os, 2, false).first;
}

Tensor adaptiveAvg1d(const Tensor& self, const std::vector<int64_t>& os) {
  if (self.dim() < 2 || self.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", self.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)"));
  if (os.size() != 1)
    throw RuntimeError(str("adaptive_avg_pool1d() argument 'output_size' should contain one int (got ", os.size(), ")"));
  return adaptiveAvg2d(self.unsqueeze(-2), {1, os[0]}).squeeze(-2);
}

Tensor adaptiveAvg3d(const Tensor& self, const std::vector<int64_t>& os) {
  if (os.size() != 3) throw RuntimeError("adaptive_avg_pool3d: output_size must be 3");
  if (os[0] < 0 || os[1] < 0 || os[2] < 0)
    throw RuntimeError(str("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
                           os[0], ", ", os[1], ", ", os[2], "}"));
  if (os[0] == 1 && os[1] == 1 && os[2] == 1) return trailingMean(self, 3);
  for (int64_t d = 1; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str("adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, but input "
                             "has sizes ", shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  if (self.dim() != 4 && self.dim() != 5)
    throw RuntimeError(str("adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got ", shapeStr(self.sizes())));
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::Half) notImplemented("adaptive_avg_pool3d_cpu", dt);
  return adaptivePool(self, os, 3, false).first;
}

std::pair<Tensor, Tensor> adaptiveMax2d(const Tensor& self, const std::vector<int64_t>& os) {
  if (self.dim() != 3 && self.dim() != 4)
    throw RuntimeError(str("adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: ", shapeStr(self.sizes())));
  for (int64_t d = 1; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str("adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                             "has sizes ", shapeStr(self.sizes()), " with dimension ", d, " being empty"));
  if (os.size() != 2) throw RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must be 2");
  requireFloatOrBf16(self.dtype(), "adaptive_max_pool2d");
  return adaptivePool(self, os, 2, true);
}

// avg_pool1d is 1.13's composite: avg_pool2d over self.unsqueeze(-2) with a (1, k) window, then
// squeeze(-2); its own checks first (2-D or 3-D input, one int per list).
Tensor avgPool1d(const Tensor& self, IValue* a) {
  std::vector<int64_t> k = intList(a[1]), s = intList(a[2]), pad = intList(a[3]);
  if (s.empty()) s = k;
  if (self.dim() < 2 || self.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", self.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for avg_pool1d)"));
  for (const auto& [name, v] : {std::pair<const char*, const std::vector<int64_t>*>{"kernel_size", &k}, {"stride", &s},
                                {"padding", &pad}})
    if (v->size() != 1)
      throw RuntimeError(str("avg_pool1d() argument '", name, "' should contain one int (got ", v->size(), ")"));
  IValue args[7] = {IValue(), intListValue({1, k[0]}), intListValue({1, s[0]}), intListValue({0, pad[0]}), a[4], a[5],
                    IValue()};
  return avgPool2d(self.unsqueeze(-2), args).squeeze(-2);
}

}  // namespace

void registerNNPoolKernels() {
  def("aten::max_pool1d", op([](IValue* a) { return IValue(maxPool1d(a[0].toTensor(), a)); }));
  def("aten::max_pool2d", op([](IValue* a) { return IValue(maxPool2d(a[0].toTensor(), a)); }));
  def("aten::avg_pool1d", op([](IValue* a) { return IValue(avgPool1d(a[0].toTensor(), a)); }));
  def("aten::avg_pool2d", op([](IValue* a) { return IValue(avgPool2d(a[0].toTensor(), a)); }));
  def("aten::adaptive_avg_pool1d", op([](IValue* a) { return IValue(adaptiveAvg1d(a[0].toTensor(), intList(a[1]))); }));
  def("aten::adaptive_avg_pool2d", op([](IValue* a) { return IValue(adaptiveAvg2d(a[0].toTensor(), intListN(a[1], 2))); }));
  def("aten::adaptive_avg_pool3d", op([](IValue* a) { return IValue(adaptiveAvg3d(a[0].toTensor(), intListN(a[1], 3))); }));
  def("aten::adaptive_max_pool2d", op2([](IValue* a) { return adaptiveMax2d(a[0].toTensor(), intListN(a[1], 2)); }));
}

}  // namespace tsjit::kernels
