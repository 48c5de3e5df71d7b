// NNVision.cpp — optimized kernels of the NN family, part 1e: spatial rearrangements. max_unpool2d
// / max_unpool3d, im2col / col2im (F.unfold / F.fold), pixel_shuffle / pixel_unshuffle,
// channel_shuffle.
// Invariants: PyTorch 1.13's checks in its order and wording, then its CPU dtype dispatch:
// max_unpool2d / max_unpool3d take Float and Double (an empty result skips the dispatch),
// im2col_out_cpu / col2im_out_cpu the floating dtypes (Half and BFloat16 included; col2im adds in
// the input dtype, in 1.13's order), the shuffles every dtype. Results are fresh tensors, contiguous
// or, for max_unpool2d and the shuffles of a 4-D channels-last input, channels-last (as 1.13).
// An unpool index outside the output plane raises 1.13's error naming the last such index.
#include <algorithm>
#include <array>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

[[noreturn]] void notImplemented(const char* kernel, ScalarType t) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", irName(t), "'"));
}

int64_t sizeAt(const Tensor& x, int64_t d) {
  const int64_t n = x.dim();
  if (n == 0) throw RuntimeError(str("dimension specified as ", d, " but tensor has no dimensions"), "IndexError");
  if (d < -n || d >= n)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", d, ")"),
                       "IndexError");
  return x.size(d < 0 ? d + n : d);
}

// Python-style floor division (div_rtn).
int64_t floorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}

// ---- max_unpool2d / max_unpool3d ----------------------------------------------------------------

// Scatters self's planes into zeroed output planes of `plane` elements at `indices`.
Tensor unpoolScatter(const Tensor& self, const Tensor& indices, int64_t spatial, const std::vector<int64_t>& outSizes,
                     int64_t plane, const char* kernel, const std::string& volume) {
  int64_t numel = 1;
  for (int64_t v : outSizes) {
    if (v < 0) throw RuntimeError("numel: integer multiplication overflow");
    numel *= v;
  }
  Tensor out = Tensor::zeros(outSizes, self.dtype(), self.device());
  if (numel == 0) return out;
  const ScalarType dt = self.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) notImplemented(kernel, dt);
  const Tensor x = self.contiguous(), ix = indices.contiguous();
  int64_t inPlane = 1;
  for (int64_t d = self.dim() - spatial; d < self.dim(); ++d) inPlane *= self.size(d);
  const int64_t planes = inPlane ? x.numel() / inPlane : 0;
  const int64_t* ip = static_cast<const int64_t*>(ix.data());
  bool bad = false;
  int64_t badIndex = 0;
  visitFloating(dt, kernel, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = static_cast<const T*>(x.data());
    T* dst = static_cast<T*>(out.data());
    for (int64_t p = 0; p < planes; ++p)
      for (int64_t e = 0; e < inPlane; ++e) {
        const int64_t at = p * inPlane + e, where = ip[at];
        if (where < 0 || where >= plane) {
          bad = true;
          badIndex = where;
          continue;
        }
        dst[p * plane + where] = src[at];
      }
  });
  if (bad) throw RuntimeError(str("Found an invalid max index: ", badIndex, " (output volumes are of size ", volume));
  return out;
}

void checkUnpoolShapes(const Tensor& self, const Tensor& indices, const char* fn) {
  if (self.sizes() != indices.sizes())
    throw RuntimeError(str("Expected shape of indices to be same as that of the input tensor (", shapeStr(self.sizes()),
                           ") but got indices tensor with shape: ", shapeStr(indices.sizes())));
  for (int64_t d = 1; d < self.dim(); ++d)
    if (self.size(d) <= 0)
      throw RuntimeError(str(fn, ": Expected input to have non-zero size for non-batch dimensions, but got ",
                             shapeStr(self.sizes()), " with dimension ", d, " being empty."));
}

Tensor maxUnpool2d(const Tensor& self, const Tensor& indices, const std::vector<int64_t>& os) {
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("elements in indices should be type int64 but got: ", irName(indices.dtype())));
  if (os.size() != 2)
    throw RuntimeError(str("There should be exactly two elements (height, width) in output_size, but got ", os.size(),
                           " elements."));
  if (self.dim() != 3 && self.dim() != 4)
    throw RuntimeError(str("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with ", self.dim(),
                           " dimensions."));
  checkUnpoolShapes(self, indices, "max_unpooling2d_forward_out_cpu()");
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - 2);
  outSizes.insert(outSizes.end(), os.begin(), os.end());
  return inLayoutOf(unpoolScatter(self, indices, 2, outSizes, os[0] * os[1], "max_unpool2d", str(os[0], "x", os[1])),
                    self);
}

Tensor maxUnpool3d(const Tensor& self, const Tensor& indices, const std::vector<int64_t>& os,
                   const std::vector<int64_t>& stride, const std::vector<int64_t>& pad) {
  if (indices.dtype() != ScalarType::Int64) throw RuntimeError("elements in indices should be type int64");
  if (self.dim() != 4 && self.dim() != 5)
    throw RuntimeError(str("Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with ", self.dim(),
                           " dimensions."));
  if (os.size() != 3)
    throw RuntimeError(str("There should be exactly three elements (depth, height, width) in output_size, but got ",
                           os.size(), " elements."));
  if (stride.size() != 3)
    throw RuntimeError(str("There should be exactly three elements (depth, height, width) in stride, but got: ",
                           stride.size(), " elements."));
  if (pad.size() != 3)
    throw RuntimeError(str("There should be exactly three elements (depth, height, width) in padding, but got: ",
                           pad.size(), " elements."));
  checkUnpoolShapes(self, indices, "max_unpooling3d_forward_out_cpu()");
  if (stride[0] <= 0 || stride[1] <= 0 || stride[2] <= 0)
    throw RuntimeError(str("strides should be greater than zero, but got stride: ", shapeStr(stride)));
  std::vector<int64_t> outSizes(self.sizes().begin(), self.sizes().end() - 3);
  outSizes.insert(outSizes.end(), os.begin(), os.end());
  return unpoolScatter(self, indices, 3, outSizes, os[0] * os[1] * os[2], "max_unpool3d",
                       str(os[0], "x", os[1], "x", os[2]));
}

// ---- im2col / col2im ----------------------------------------------------------------------------

struct Blocks {
  int64_t kH, kW, dH, dW, pH, pW, sH, sW;
};

Blocks blockArgs(IValue* a, const std::array<const char*, 4>& names, const std::array<int, 4>& at) {
  std::array<std::vector<int64_t>, 4> v;
  for (size_t i = 0; i < 4; ++i) {
    v[i] = intList(a[at[i]]);
    if (v[i].size() != 2)
      throw RuntimeError(str("It is expected ", names[i], " equals to 2, but got size ", v[i].size()));
  }
  return {v[0][0], v[0][1], v[1][0], v[1][1], v[2][0], v[2][1], v[3][0], v[3][1]};
}

void requireFloating(ScalarType t, const char* kernel) {
  if (t != ScalarType::Float && t != ScalarType::Double && t != ScalarType::Half && t != ScalarType::BFloat16)
    notImplemented(kernel, t);
}

Tensor im2col(const Tensor& self, IValue* a) {
  const Blocks b = blockArgs(a, {"kernel_size", "dilation", "padding", "stride"}, {1, 2, 3, 4});
  if (b.kW <= 0 || b.kH <= 0)
    throw RuntimeError(str("kernel size should be greater than zero, but got kernel_height: ", b.kH, " kernel_width: ", b.kW));
  if (b.dW <= 0 || b.dH <= 0)
    throw RuntimeError(str("dilation should be greater than zero, but got dilation_height: ", b.dH, " dilation_width: ", b.dW));
  if (b.pW < 0 || b.pH < 0)
    throw RuntimeError(str("padding should be non-negative, but got pad_height: ", b.pH, " pad_width: ", b.pW));
  if (b.sW <= 0 || b.sH <= 0)
    throw RuntimeError(str("stride should be greater than zero, but got stride_height: ", b.sH, " stride_width: ", b.sW));
  const int64_t nd = self.dim();
  const bool validDims = sizeAt(self, 1) != 0 && sizeAt(self, 2) != 0;
  if (!((nd == 3 && self.size(0) != 0 && validDims) || (nd == 4 && validDims && self.size(3) != 0)))
    throw RuntimeError(str("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
                           "dimensions for input, but got: ", shapeStr(self.sizes())));
  const int64_t H = self.size(-2), W = self.size(-1);
  const int64_t OH = floorDiv(H + 2 * b.pH - (b.dH * (b.kH - 1) + 1), b.sH) + 1;
  const int64_t OW = floorDiv(W + 2 * b.pW - (b.dW * (b.kW - 1) + 1), b.sW) + 1;
  if (OH < 1 || OW < 1)  // 1.13 prints the input height twice
    throw RuntimeError(str("Given input with spatial size (", H, ", ", H, "), kernel_size=(", b.kH, ", ", b.kW,
                           "), dilation=(", b.dH, ", ", b.dW, "), padding=(", b.pH, ", ", b.pW,
                           "), calculated shape of the array of sliding blocks as (", OH, ", ", OW,
                           "), but its components must be at least one."));
  requireFloating(self.dtype(), "im2col_out_cpu");
  const bool batched = nd == 4;
  const int64_t N = batched ? self.size(0) : 1, C = self.size(-3);
  const int64_t rows = C * b.kH * b.kW, L = OH * OW;
  Tensor out = Tensor::zeros(batched ? std::vector<int64_t>{N, rows, L} : std::vector<int64_t>{rows, L}, self.dtype());
  const Tensor x = self.contiguous();
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = static_cast<const T*>(x.data());
    T* dst = static_cast<T*>(out.data());
    for (int64_t n = 0; n < N; ++n)
      for (int64_t r = 0; r < rows; ++r) {
        const int64_t j = r % b.kW, i = (r / b.kW) % b.kH, c = r / (b.kH * b.kW);
        const T* plane = src + (n * C + c) * H * W;
        T* row = dst + (n * rows + r) * L;
        for (int64_t oh = 0; oh < OH; ++oh) {
          const int64_t ih = oh * b.sH - b.pH + i * b.dH;
          if (ih < 0 || ih >= H) continue;
          for (int64_t ow = 0; ow < OW; ++ow) {
            const int64_t iw = ow * b.sW - b.pW + j * b.dW;
            if (iw >= 0 && iw < W) row[oh * OW + ow] = plane[ih * W + iw];
          }
        }
      }
  });
  return out;
}

Tensor col2im(const Tensor& self, IValue* a) {
  const std::vector<int64_t> os = intList(a[1]);
  if (os.size() != 2) throw RuntimeError(str("It is expected output_size equals to 2, but got size ", os.size()));
  const Blocks b = blockArgs(a, {"kernel_size", "dilation", "padding", "stride"}, {2, 3, 4, 5});
  const int64_t OH = os[0], OW = os[1];
  if (b.kW <= 0 || b.kH <= 0)
    throw RuntimeError(str("kernel size should be greater than zero, but got kernel_height: ", b.kH, " kernel_width: ", b.kW));
  if (b.sW <= 0 || b.sH <= 0)
    throw RuntimeError(str("stride should be greater than zero, but got stride_height: ", b.sH, " stride_width: ", b.sW));
  if (b.dW <= 0 || b.dH <= 0)
    throw RuntimeError(str("dilation should be greater than zero, but got dilation_height: ", b.dH, " dilation_width: ", b.dW));
  if (b.pW < 0 || b.pH < 0)
    throw RuntimeError(str("padding should be non-negative, but got pad_height: ", b.pH, " pad_width: ", b.pW));
  const int64_t nd = self.dim();
  if (!((nd == 2 && self.size(0) != 0 && self.size(1) != 0) || (nd == 3 && self.size(1) != 0 && self.size(2) != 0)))
    throw RuntimeError(str("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
                           "dimensions for input, but got: ", shapeStr(self.sizes())));
  const int64_t planes = self.size(-2), L = self.size(-1);
  if (planes % (b.kW * b.kH) != 0)
    throw RuntimeError(str("Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
                           "input.size(1)=", planes, " and kernel_size=(", b.kH, ", ", b.kW, ")."));
  const int64_t BH = floorDiv(OH + 2 * b.pH - b.dH * (b.kH - 1) - 1, b.sH) + 1;
  const int64_t BW = floorDiv(OW + 2 * b.pW - b.dW * (b.kW - 1) - 1, b.sW) + 1;
  const std::string given = str("Given output_size=(", OH, ", ", OW, "), kernel_size=(", b.kH, ", ", b.kW, "), dilation=(",
                                b.dH, ", ", b.dW, "), padding=(", b.pH, ", ", b.pW, "), stride=(", b.sH, ", ", b.sW, "), ");
  if (L != BH * BW)
    throw RuntimeError(str(given, "expected size of input's dimension 2 to match the calculated number of sliding blocks ",
                           BH, " * ", BW, " = ", BH * BW, ", but got input.size(2)=", L, "."));
  if (BH < 1 || BW < 1)
    throw RuntimeError(str(given, "calculated shape of the array of sliding blocks as (", BH, ", ", BW,
                           "), which is too small (non-positive)"));
  requireFloating(self.dtype(), "col2im_out_cpu");
  const bool batched = nd == 3;
  const int64_t N = batched ? self.size(0) : 1, C = planes / (b.kH * b.kW);
  Tensor out = Tensor::zeros(batched ? std::vector<int64_t>{N, C, OH, OW} : std::vector<int64_t>{C, OH, OW}, self.dtype());
  const Tensor x = self.contiguous();
  visitScalarType(self.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const T* src = static_cast<const T*>(x.data());
    T* dst = static_cast<T*>(out.data());
    for (int64_t n = 0; n < N; ++n)
      for (int64_t r = 0; r < planes; ++r) {
        const int64_t j = r % b.kW, i = (r / b.kW) % b.kH, c = r / (b.kH * b.kW);
        T* plane = dst + (n * C + c) * OH * OW;
        const T* row = src + (n * planes + r) * L;
        for (int64_t bh = 0; bh < BH; ++bh) {
          const int64_t ih = bh * b.sH - b.pH + i * b.dH;
          if (ih < 0 || ih >= OH) continue;
          for (int64_t bw = 0; bw < BW; ++bw) {
            const int64_t iw = bw * b.sW - b.pW + j * b.dW;
            if (iw < 0 || iw >= OW) continue;
            T& o = plane[ih * OW + iw];
            o = static_cast<T>(static_cast<Acc>(o) + static_cast<Acc>(row[bh * BW + bw]));  // rounds per add
          }
        }
      }
  });
  return out;
}

// ---- shuffles (pure data movement: views, then one contiguous copy) -------------------------------

std::vector<int64_t> leadingDims(const Tensor& x, int64_t trailing) {
  return std::vector<int64_t>(x.sizes().begin(), x.sizes().end() - trailing);
}
// The permutation of [lead..., rest] that keeps the `lead` leading dims in place and then takes `tail`
// (indices relative to the first non-leading dim).
std::vector<int64_t> keepLeading(int64_t lead, std::initializer_list<int64_t> tail) {
  std::vector<int64_t> p;
  for (int64_t d = 0; d < lead; ++d) p.push_back(d);
  for (int64_t t : tail) p.push_back(lead + t);
  return p;
}

// pixel_shuffle / pixel_unshuffle / channel_shuffle always return a new tensor in 1.13 (factor 1,
// or one channel per group, included): a trivial permutation's contiguous() is self here, so the
// result is copied when it still shares self's storage (an in-place op on self must not reach it).
Tensor freshResult(const Tensor& r, const Tensor& self) { return r.sharesStorageWith(self) ? r.clone() : r; }

Tensor pixelShuffle(const Tensor& self, int64_t r) {
  if (self.dim() < 3)
    throw RuntimeError(str("pixel_shuffle expects input to have at least 3 dimensions, but got input with ", self.dim(),
                           " dimension(s)"));
  if (r <= 0) throw RuntimeError(str("pixel_shuffle expects a positive upscale_factor, but got ", r));
  const int64_t c = self.size(-3), h = self.size(-2), w = self.size(-1);
  if (c % (r * r) != 0)
    throw RuntimeError(str("pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           "upscale_factor, but input.size(-3)=", c, " is not divisible by ", r * r));
  const int64_t lead = self.dim() - 3, oc = c / (r * r);
  std::vector<int64_t> split = leadingDims(self, 3), outShape = leadingDims(self, 3);
  split.insert(split.end(), {oc, r, r, h, w});
  outShape.insert(outShape.end(), {oc, h * r, w * r});
  return freshResult(inLayoutOf(self.reshape(split).permute(keepLeading(lead, {0, 3, 1, 4, 2})).contiguous().reshape(outShape), self), self);
}

Tensor pixelUnshuffle(const Tensor& self, int64_t r) {
  if (self.dim() < 3)
    throw RuntimeError(str("pixel_unshuffle expects input to have at least 3 dimensions, but got input with ", self.dim(),
                           " dimension(s)"));
  if (r <= 0) throw RuntimeError(str("pixel_unshuffle expects a positive downscale_factor, but got ", r));
  const int64_t c = self.size(-3), h = self.size(-2), w = self.size(-1);
  if (h % r != 0)
    throw RuntimeError(str("pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=", h,
                           " is not divisible by ", r));
  if (w % r != 0)
    throw RuntimeError(str("pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=", w,
                           " is not divisible by ", r));
  const int64_t lead = self.dim() - 3;
  std::vector<int64_t> split = leadingDims(self, 3), outShape = leadingDims(self, 3);
  split.insert(split.end(), {c, h / r, r, w / r, r});
  outShape.insert(outShape.end(), {c * r * r, h / r, w / r});
  return freshResult(inLayoutOf(self.reshape(split).permute(keepLeading(lead, {0, 2, 4, 1, 3})).contiguous().reshape(outShape), self), self);
}

Tensor channelShuffle(const Tensor& self, int64_t groups) {
  if (self.dim() <= 2)
    throw RuntimeError(str("channel_shuffle expects input with > 2 dims, but got input with sizes ", shapeStr(self.sizes())));
  const int64_t c = self.size(1);
  if (groups <= 0)
    throw RuntimeError(str("Number of groups to divide channels in must be positive. Value of groups:", groups));
  if (c % groups != 0)
    throw RuntimeError(str("Number of channels must be divisible by groups. Got ", c, " channels and ", groups, " groups."));
  std::vector<int64_t> split{self.size(0), groups, c / groups};
  split.insert(split.end(), self.sizes().begin() + 2, self.sizes().end());
  std::vector<int64_t> perm{0, 2, 1};
  for (int64_t d = 3; d < static_cast<int64_t>(split.size()); ++d) perm.push_back(d);
  return freshResult(inLayoutOf(self.reshape(split).permute(perm).contiguous().reshape(self.sizes()), self), self);
}

}  // namespace

void registerNNVisionKernels() {
  def("aten::max_unpool2d", op([](IValue* a) {
        return IValue(maxUnpool2d(a[0].toTensor(), a[1].toTensor(), intList(a[2])));
      }));
  def("aten::max_unpool3d", op([](IValue* a) {
        return IValue(maxUnpool3d(a[0].toTensor(), a[1].toTensor(), intList(a[2]), intList(a[3]), intList(a[4])));
      }));
  def("aten::im2col", op([](IValue* a) { return IValue(im2col(a[0].toTensor(), a)); }));
  def("aten::col2im", op([](IValue* a) { return IValue(col2im(a[0].toTensor(), a)); }));
  def("aten::pixel_shuffle", op([](IValue* a) { return IValue(pixelShuffle(a[0].toTensor(), a[1].toInt())); }));
  def("aten::pixel_unshuffle", op([](IValue* a) { return IValue(pixelUnshuffle(a[0].toTensor(), a[1].toInt())); }));
  def("aten::channel_shuffle", op([](IValue* a) { return IValue(channelShuffle(a[0].toTensor(), a[1].toInt())); }));
}

}  // namespace tsjit::kernels
