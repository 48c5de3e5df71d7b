// NNVision.cpp — reference kernels of spatial rearrangements (NN family, part 1e): max_unpool2d /
// max_unpool3d, im2col / col2im (F.unfold / F.fold), pixel_shuffle / pixel_unshuffle,
// channel_shuffle.
//
// Checks follow PyTorch 1.13's CPU functions in their order and wording; the dtype dispatch lists
// are PyTorch's ("max_unpool2d" / "max_unpool3d": Float, Double, skipped when the result is empty;
// "im2col_out_cpu" / "col2im_out_cpu": Float, Double, Half, BFloat16; shuffles: every dtype).
//
// Invariants: every output element is computed from its own definition by index arithmetic over
// logical row-major positions (no views): copies are exact (copyElem), col2im sums in double and
// rounds once. An unpool index outside the output plane raises 1.13's error naming the last such
// index in logical order. max_unpool2d and the shuffles give a 4-D channels-last input a
// channels-last result (layoutLike), as 1.13 does.
#include <algorithm>

#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

[[noreturn]] void notImplemented(const char* kernel, ScalarType t) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", t, "'"));
}

// Tensor::size(d) with PyTorch's IndexError for a dim out of range.
int64_t sizeAt(const Tensor& x, int64_t d) {
  const int64_t n = x.dim();
  if (n == 0) throw RuntimeError(str("dimension specified as ", d, " but tensor has no dimensions"), "IndexError");
  if (d < -n || d >= n)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", d, ")"),
                       "IndexError");
  return x.size(d < 0 ? d + n : d);
}

// div_rtn: division rounding toward negative infinity.
int64_t divFloor(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// ---- max_unpool ---------------------------------------------------------------------------------

// out[plane p, flat position indices[p, e]] = self[p, e] over the trailing S dims, zeros elsewhere.
Tensor unpool(const Tensor& x, const Tensor& indices, size_t S, const std::vector<int64_t>& os, const char* kernel) {
  std::vector<int64_t> outSizes(x.sizes().begin(), x.sizes().end() - static_cast<int64_t>(S));
  outSizes.insert(outSizes.end(), os.begin(), os.end());
  for (int64_t v : outSizes)
    if (v < 0) throw RuntimeError("numel: integer multiplication overflow");
  const int64_t outPlane = product(os);
  if (product(outSizes) == 0) return Tensor::zeros(outSizes, x.dtype());
  if (x.dtype() != ScalarType::Float && x.dtype() != ScalarType::Double) notImplemented(kernel, x.dtype());
  const std::vector<double> v = x.toDoubles();
  const std::vector<int64_t> idx = indices.toInt64s();
  const int64_t inPlane = product(std::vector<int64_t>(x.sizes().end() - static_cast<int64_t>(S), x.sizes().end()));
  std::vector<double> out(static_cast<size_t>(product(outSizes)), 0.0);
  std::optional<int64_t> bad;
  for (size_t i = 0; i < v.size(); ++i) {
    const int64_t plane = static_cast<int64_t>(i) / inPlane, where = idx[i];
    if (where < 0 || where >= outPlane) {
      bad = where;
      continue;
    }
    out[static_cast<size_t>(plane * outPlane + where)] = v[i];
  }
  if (bad) {
    std::string volume;
    for (size_t d = 0; d < S; ++d) volume += str(d ? "x" : "", os[d]);
    throw RuntimeError(str("Found an invalid max index: ", *bad, " (output volumes are of size ", volume));
  }
  return Tensor::fromDoubles(out, outSizes, x.dtype());
}

void unpoolShapeCheck(const Tensor& x, const Tensor& indices, const char* fn) {
  if (x.sizes() != indices.sizes())
    throw RuntimeError(str("Expected shape of indices to be same as that of the input tensor (", formatInts(x.sizes()),
                           ") but got indices tensor with shape: ", formatInts(indices.sizes())));
  for (int64_t d = 1; d < x.dim(); ++d)
    if (x.size(d) <= 0)
      throw RuntimeError(str(fn, ": Expected input to have non-zero size for non-batch dimensions, but got ",
                             formatInts(x.sizes()), " with dimension ", d, " being empty."));
}

std::vector<IValue> maxUnpool2d(Args& a) {
  const Tensor x = tensorArg(a, 0), indices = tensorArg(a, 1);
  const std::vector<int64_t> os = intListArg(a, 2);
  if (indices.dtype() != ScalarType::Int64)
    throw RuntimeError(str("elements in indices should be type int64 but got: ", indices.dtype()));
  if (os.size() != 2)
    throw RuntimeError(str("There should be exactly two elements (height, width) in output_size, but got ", os.size(),
                           " elements."));
  if (x.dim() != 3 && x.dim() != 4)
    throw RuntimeError(str("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with ", x.dim(),
                           " dimensions."));
  unpoolShapeCheck(x, indices, "max_unpooling2d_forward_out_cpu()");
  return one(layoutLike(unpool(x, indices, 2, os, "max_unpool2d"), x));
}

std::vector<IValue> maxUnpool3d(Args& a) {
  const Tensor x = tensorArg(a, 0), indices = tensorArg(a, 1);
  const std::vector<int64_t> os = intListArg(a, 2), stride = intListArg(a, 3), pad = intListArg(a, 4);
  if (indices.dtype() != ScalarType::Int64) throw RuntimeError("elements in indices should be type int64");
  if (x.dim() != 4 && x.dim() != 5)
    throw RuntimeError(str("Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with ", x.dim(),
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
  unpoolShapeCheck(x, indices, "max_unpooling3d_forward_out_cpu()");
  if (!(stride[0] > 0 && stride[1] > 0 && stride[2] > 0))
    throw RuntimeError(str("strides should be greater than zero, but got stride: ", formatInts(stride)));
  return one(unpool(x, indices, 3, os, "max_unpool3d"));
}

// ---- im2col / col2im ----------------------------------------------------------------------------

struct Sliding {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
};

// kernel_size, dilation, padding, stride: exactly two ints each, in that order.
Sliding slidingArgs(const Args& a, size_t first) {
  const char* names[4] = {"kernel_size", "dilation", "padding", "stride"};
  std::vector<int64_t> v[4];
  for (size_t i = 0; i < 4; ++i) {
    v[i] = intListArg(a, first + i);
    if (v[i].size() != 2) throw RuntimeError(str("It is expected ", names[i], " equals to 2, but got size ", v[i].size()));
  }
  return {v[0][0], v[0][1], v[1][0], v[1][1], v[2][0], v[2][1], v[3][0], v[3][1]};
}

bool floatingKernelDtype(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::Half || t == ScalarType::BFloat16;
}

// im2col: out[n, (c, i, j), (oh, ow)] = x[n, c, oh*sh - ph + i*dh, ow*sw - pw + j*dw], 0 off the image.
std::vector<IValue> im2colKernel(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const Sliding s = slidingArgs(a, 1);
  if (!(s.kw > 0 && s.kh > 0))
    throw RuntimeError(str("kernel size should be greater than zero, but got kernel_height: ", s.kh, " kernel_width: ", s.kw));
  if (!(s.dw > 0 && s.dh > 0))
    throw RuntimeError(str("dilation should be greater than zero, but got dilation_height: ", s.dh, " dilation_width: ", s.dw));
  if (!(s.pw >= 0 && s.ph >= 0))
    throw RuntimeError(str("padding should be non-negative, but got pad_height: ", s.ph, " pad_width: ", s.pw));
  if (!(s.sw > 0 && s.sh > 0))
    throw RuntimeError(str("stride should be greater than zero, but got stride_height: ", s.sh, " stride_width: ", s.sw));
  const bool nonEmpty = sizeAt(x, 1) != 0 && sizeAt(x, 2) != 0;
  if (!((x.dim() == 3 && x.size(0) != 0 && nonEmpty) || (x.dim() == 4 && nonEmpty && x.size(3) != 0)))
    throw RuntimeError(str("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions "
                           "for input, but got: ", formatInts(x.sizes())));
  const int64_t H = x.size(-2), W = x.size(-1);
  const int64_t OH = divFloor(H + 2 * s.ph - (s.dh * (s.kh - 1) + 1), s.sh) + 1;
  const int64_t OW = divFloor(W + 2 * s.pw - (s.dw * (s.kw - 1) + 1), s.sw) + 1;
  if (OH < 1 || OW < 1)  // sic: 1.13 prints the height twice
    throw RuntimeError(str("Given input with spatial size (", H, ", ", H, "), kernel_size=(", s.kh, ", ", s.kw,
                           "), dilation=(", s.dh, ", ", s.dw, "), padding=(", s.ph, ", ", s.pw,
                           "), calculated shape of the array of sliding blocks as (", OH, ", ", OW,
                           "), but its components must be at least one."));
  if (!floatingKernelDtype(x.dtype())) notImplemented("im2col_out_cpu", x.dtype());
  const bool batched = x.dim() == 4;
  const int64_t N = batched ? x.size(0) : 1, C = x.size(-3);
  const int64_t rows = C * s.kh * s.kw, L = OH * OW;
  std::vector<int64_t> outSizes{rows, L};
  if (batched) outSizes.insert(outSizes.begin(), N);
  Tensor out = Tensor::zeros(outSizes, x.dtype());
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < s.kh; ++i)
        for (int64_t j = 0; j < s.kw; ++j)
          for (int64_t oh = 0; oh < OH; ++oh)
            for (int64_t ow = 0; ow < OW; ++ow) {
              const int64_t h = oh * s.sh - s.ph + i * s.dh, w = ow * s.sw - s.pw + j * s.dw;
              if (h < 0 || h >= H || w < 0 || w >= W) continue;
              const int64_t row = (c * s.kh + i) * s.kw + j;
              copyElem(out, (n * rows + row) * L + oh * OW + ow, x, ((n * C + c) * H + h) * W + w);
            }
  return one(out);
}

// col2im: the adjoint of im2col, out[n, c, h, w] = sum of the columns that read (h, w).
std::vector<IValue> col2imKernel(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> os = intListArg(a, 1);
  if (os.size() != 2) throw RuntimeError(str("It is expected output_size equals to 2, but got size ", os.size()));
  const Sliding s = slidingArgs(a, 2);
  if (!(s.kw > 0 && s.kh > 0))
    throw RuntimeError(str("kernel size should be greater than zero, but got kernel_height: ", s.kh, " kernel_width: ", s.kw));
  if (!(s.sw > 0 && s.sh > 0))
    throw RuntimeError(str("stride should be greater than zero, but got stride_height: ", s.sh, " stride_width: ", s.sw));
  if (!(s.dw > 0 && s.dh > 0))
    throw RuntimeError(str("dilation should be greater than zero, but got dilation_height: ", s.dh, " dilation_width: ", s.dw));
  if (!(s.pw >= 0 && s.ph >= 0))
    throw RuntimeError(str("padding should be non-negative, but got pad_height: ", s.ph, " pad_width: ", s.pw));
  const bool ok = (x.dim() == 2 && x.size(0) != 0 && x.size(1) != 0) || (x.dim() == 3 && x.size(1) != 0 && x.size(2) != 0);
  if (!ok)
    throw RuntimeError(str("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
                           "dimensions for input, but got: ", formatInts(x.sizes())));
  const int64_t rows = x.size(-2), L = x.size(-1), H = os[0], W = os[1];
  if (rows % (s.kw * s.kh) != 0)
    throw RuntimeError(str("Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
                           "input.size(1)=", rows, " and kernel_size=(", s.kh, ", ", s.kw, ")."));
  const int64_t BH = divFloor(H + 2 * s.ph - s.dh * (s.kh - 1) - 1, s.sh) + 1;
  const int64_t BW = divFloor(W + 2 * s.pw - s.dw * (s.kw - 1) - 1, s.sw) + 1;
  const std::string given = str("Given output_size=(", H, ", ", W, "), kernel_size=(", s.kh, ", ", s.kw, "), dilation=(",
                                s.dh, ", ", s.dw, "), padding=(", s.ph, ", ", s.pw, "), stride=(", s.sh, ", ", s.sw, "), ");
  if (L != BH * BW)
    throw RuntimeError(str(given, "expected size of input's dimension 2 to match the calculated number of sliding blocks ",
                           BH, " * ", BW, " = ", BH * BW, ", but got input.size(2)=", L, "."));
  if (!(BH >= 1 && BW >= 1))
    throw RuntimeError(str(given, "calculated shape of the array of sliding blocks as (", BH, ", ", BW,
                           "), which is too small (non-positive)"));
  if (!floatingKernelDtype(x.dtype())) notImplemented("col2im_out_cpu", x.dtype());
  const bool batched = x.dim() == 3;
  const int64_t N = batched ? x.size(0) : 1, C = rows / (s.kh * s.kw);
  const std::vector<double> v = x.toDoubles();
  std::vector<double> out(static_cast<size_t>(N * C * H * W), 0.0);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < s.kh; ++i)
        for (int64_t j = 0; j < s.kw; ++j)
          for (int64_t bh = 0; bh < BH; ++bh)
            for (int64_t bw = 0; bw < BW; ++bw) {
              const int64_t h = bh * s.sh - s.ph + i * s.dh, w = bw * s.sw - s.pw + j * s.dw;
              if (h < 0 || h >= H || w < 0 || w >= W) continue;
              const int64_t row = (c * s.kh + i) * s.kw + j;
              out[static_cast<size_t>(((n * C + c) * H + h) * W + w)] += v[static_cast<size_t>((n * rows + row) * L + bh * BW + bw)];
            }
  std::vector<int64_t> outSizes{C, H, W};
  if (batched) outSizes.insert(outSizes.begin(), N);
  return one(Tensor::fromDoubles(out, outSizes, x.dtype()));
}

// ---- shuffles -----------------------------------------------------------------------------------

// out[..., oc, h*r + i, w*r + j] = x[..., (oc*r + i)*r + j, h, w].
std::vector<IValue> pixelShuffle(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const int64_t r = intArg(a, 1);
  if (x.dim() < 3)
    throw RuntimeError(str("pixel_shuffle expects input to have at least 3 dimensions, but got input with ", x.dim(),
                           " dimension(s)"));
  if (r <= 0) throw RuntimeError(str("pixel_shuffle expects a positive upscale_factor, but got ", r));
  const int64_t C = x.size(-3), H = x.size(-2), W = x.size(-1);
  if (C % (r * r) != 0)
    throw RuntimeError(str("pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           "upscale_factor, but input.size(-3)=", C, " is not divisible by ", r * r));
  const int64_t OC = C / (r * r), lead = x.numel() ? x.numel() / (C * H * W) : 0;
  std::vector<int64_t> outSizes(x.sizes().begin(), x.sizes().end() - 3);
  outSizes.insert(outSizes.end(), {OC, H * r, W * r});
  Tensor out = Tensor::empty(outSizes, x.dtype());
  for (int64_t b = 0; b < lead; ++b)
    for (int64_t oc = 0; oc < OC; ++oc)
      for (int64_t oh = 0; oh < H * r; ++oh)
        for (int64_t ow = 0; ow < W * r; ++ow) {
          const int64_t c = (oc * r + oh % r) * r + ow % r;
          copyElem(out, ((b * OC + oc) * H * r + oh) * W * r + ow, x, ((b * C + c) * H + oh / r) * W + ow / r);
        }
  return one(layoutLike(out, x));
}

// out[..., (c*r + i)*r + j, h, w] = x[..., c, h*r + i, w*r + j].
std::vector<IValue> pixelUnshuffle(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const int64_t r = intArg(a, 1);
  if (x.dim() < 3)
    throw RuntimeError(str("pixel_unshuffle expects input to have at least 3 dimensions, but got input with ", x.dim(),
                           " dimension(s)"));
  if (r <= 0) throw RuntimeError(str("pixel_unshuffle expects a positive downscale_factor, but got ", r));
  const int64_t C = x.size(-3), H = x.size(-2), W = x.size(-1);
  if (H % r != 0)
    throw RuntimeError(str("pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=", H,
                           " is not divisible by ", r));
  if (W % r != 0)
    throw RuntimeError(str("pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=", W,
                           " is not divisible by ", r));
  const int64_t OC = C * r * r, OH = H / r, OW = W / r, lead = x.numel() ? x.numel() / (C * H * W) : 0;
  std::vector<int64_t> outSizes(x.sizes().begin(), x.sizes().end() - 3);
  outSizes.insert(outSizes.end(), {OC, OH, OW});
  Tensor out = Tensor::empty(outSizes, x.dtype());
  for (int64_t b = 0; b < lead; ++b)
    for (int64_t oc = 0; oc < OC; ++oc)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          const int64_t c = oc / (r * r), i = (oc / r) % r, j = oc % r;
          copyElem(out, ((b * OC + oc) * OH + oh) * OW + ow, x, ((b * C + c) * H + oh * r + i) * W + ow * r + j);
        }
  return one(layoutLike(out, x));
}

// out[n, j*g + i, ...] = x[n, i*(C/g) + j, ...] (channels are dim 1 whatever the rank).
std::vector<IValue> channelShuffle(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const int64_t g = intArg(a, 1);
  if (x.dim() <= 2)
    throw RuntimeError(str("channel_shuffle expects input with > 2 dims, but got input with sizes ", formatInts(x.sizes())));
  const int64_t C = x.size(1);
  if (g <= 0) throw RuntimeError(str("Number of groups to divide channels in must be positive. Value of groups:", g));
  if (C % g != 0)
    throw RuntimeError(str("Number of channels must be divisible by groups. Got ", C, " channels and ", g, " groups."));
  const int64_t N = x.size(0), inner = x.numel() != 0 ? x.numel() / (N * C) : 0, per = C / g;
  Tensor out = Tensor::empty(x.sizes(), x.dtype());
  for (int64_t n = 0; n < N; ++n)
    for (int64_t oc = 0; oc < C; ++oc) {
      const int64_t c = (oc % g) * per + oc / g;
      for (int64_t e = 0; e < inner; ++e) copyElem(out, (n * C + oc) * inner + e, x, (n * C + c) * inner + e);
    }
  return one(layoutLike(out, x));
}

}  // namespace

void registerNNVisionKernels() {
  def("aten::max_unpool2d", maxUnpool2d);
  def("aten::max_unpool3d", maxUnpool3d);
  def("aten::im2col", im2colKernel);
  def("aten::col2im", col2imKernel);
  def("aten::pixel_shuffle", pixelShuffle);
  def("aten::pixel_unshuffle", pixelUnshuffle);
  def("aten::channel_shuffle", channelShuffle);
}

}  // namespace tsjit::reference
