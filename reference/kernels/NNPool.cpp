// NNPool.cpp — reference kernels of pooling (NN family, part 1b): max_pool1d/2d/3d and their
// _with_indices forms, avg_pool1d/2d/3d, adaptive_avg_pool1d/2d/3d, adaptive_max_pool1d/2d/3d.
//
// Checks follow PyTorch 1.13's CPU path in its order (the list-length checks, the input's rank,
// pooling_output_shape, pool2d_shape_check, then the kernel's dtype dispatch, whose accepted dtypes
// and kernel name are PyTorch's: "max_pool2d" / "max_pool1d_impl" / "adaptive_max_pool2d" /
// "adaptive_avg_pool2d" take Float, Double, BFloat16; "avg_pool2d" also Long (with integer
// division); "adaptive_avg_pool3d_cpu" Float, Double, Half; "max_pool3d_with_indices_cpu" and
// "adaptive_max_pool3d_cpu" Float, Double; "avg_pool3d_out_frame" Float, Double, Long). The 1-d
// ops 1.13 composes from 2-d ones (max_pool1d_with_indices, avg_pool1d, adaptive_*_pool1d) are
// composed the same way, after their own checks. adaptive_avg_pool2d/3d with an
// all-ones output_size is a mean over the pooled dims (mean's dtype rule and rank errors).
//
// Invariants: windows are read in double (int64 for avg_pool2d on Long); max pooling takes a NaN as
// the maximum (ATen: val > max || isnan(val)) and reports the position of the last such element.
// Unbatched inputs are planes like any other leading dims. The 2-d pools give a 4-D channels-last
// input a channels-last result (layoutLike), as 1.13 does.
#include <algorithm>
#include <cmath>
#include <limits>

#include "jit/tensor/Iterate.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

[[noreturn]] void notImplemented(const char* kernel, ScalarType t) {
  throw RuntimeError(str("\"", kernel, "\" not implemented for '", t, "'"));
}
bool floatOrBf16(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::BFloat16;
}

// pooling_output_shape (div_rtn, the ceil-mode adjustment) with its stride and padding checks.
int64_t poolOutputSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil) {
  if (stride == 0) throw RuntimeError("stride should not be zero");
  if (pad < 0) throw RuntimeError(str("pad must be non-negative, but got pad: ", pad));
  if (pad > k / 2)
    throw RuntimeError(str("pad should be at most half of kernel size, but got pad=", pad, " and kernel_size=", k));
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

// Dimension out of range, as Tensor::size(d) raises it.
int64_t sizeAt(const Tensor& x, int64_t d) {
  const int64_t n = x.dim();
  if (n == 0) throw RuntimeError(str("dimension specified as ", d, " but tensor has no dimensions"), "IndexError");
  if (d < -n || d >= n)
    throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", d, ")"),
                       "IndexError");
  return x.size(d < 0 ? d + n : d);
}

struct Pool2d {
  int64_t kH, kW, dH, dW, padH, padW, dilH = 1, dilW = 1;
  bool ceil = false;
  int64_t OH = 0, OW = 0;
};

// pool2d_shape_check, after the output sizes were computed.
void pool2dShapeCheck(const Tensor& x, const Pool2d& p) {
  if (!(p.kW > 0 && p.kH > 0))
    throw RuntimeError(str("kernel size should be greater than zero, but got kH: ", p.kH, " kW: ", p.kW));
  if (!(p.dW > 0 && p.dH > 0))
    throw RuntimeError(str("stride should be greater than zero, but got dH: ", p.dH, " dW: ", p.dW));
  if (!(p.dilH > 0 && p.dilW > 0))
    throw RuntimeError(str("dilation should be greater than zero, but got dilationH: ", p.dilH, " dilationW: ", p.dilW));
  const int64_t nd = x.dim();
  const bool valid = nd >= 3 && x.size(1) != 0 && x.size(2) != 0;
  if (!((nd == 3 && x.size(0) != 0 && valid) || (nd == 4 && valid && x.size(3) != 0)))
    throw RuntimeError(str("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:",
                           formatInts(x.sizes())));
  if (!(p.kW / 2 >= p.padW && p.kH / 2 >= p.padH))
    throw RuntimeError(str("pad should be smaller than or equal to half of kernel size, but got padW = ", p.padW,
                           ", padH = ", p.padH, ", kW = ", p.kW, ", kH = ", p.kH));
  if (!(p.OW >= 1 && p.OH >= 1)) {
    const int64_t planes = x.size(-3);
    throw RuntimeError(str("Given input size: (", planes, "x", x.size(-2), "x", x.size(-1), "). Calculated output size: (",
                           planes, "x", p.OH, "x", p.OW, "). Output size is too small"));
  }
}

// Max over windows of the trailing S dims; indices are flat positions inside each input plane.
std::pair<Tensor, Tensor> maxPool(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& stride,
                                  const std::vector<int64_t>& pad, const std::vector<int64_t>& dil,
                                  const std::vector<int64_t>& outSp) {
  const size_t S = kernel.size();
  std::vector<int64_t> lead(x.sizes().begin(), x.sizes().end() - static_cast<int64_t>(S));
  std::vector<int64_t> inSp(x.sizes().end() - static_cast<int64_t>(S), x.sizes().end());
  const std::vector<double> v = x.toDoubles();
  const int64_t planes = product(lead), inPlane = product(inSp);
  std::vector<double> out;
  std::vector<int64_t> idxOut, pos(S);
  for (int64_t pl = 0; pl < planes; ++pl)
    forEachIndex(outSp, [&](const int64_t* o) {
      double best = -std::numeric_limits<double>::infinity();
      int64_t bestAt = -1;
      forEachIndex(kernel, [&](const int64_t* kk) {
        for (size_t d = 0; d < S; ++d) {
          pos[d] = o[d] * stride[d] - pad[d] + kk[d] * dil[d];
          if (pos[d] < 0 || pos[d] >= inSp[d]) return;
        }
        const int64_t at = ravel(pos, inSp);
        const double val = v[static_cast<size_t>(pl * inPlane + at)];
        if (bestAt < 0) bestAt = at;
        if (val > best || std::isnan(val)) {
          best = val;
          bestAt = at;
        }
      });
      out.push_back(best);
      idxOut.push_back(bestAt);
    });
  std::vector<int64_t> outSizes = lead;
  outSizes.insert(outSizes.end(), outSp.begin(), outSp.end());
  return {Tensor::fromDoubles(out, outSizes, x.dtype()), Tensor::fromInt64s(idxOut, outSizes)};
}

// max_pool2d and max_pool2d_with_indices share 1.13's CPU path.
std::pair<Tensor, Tensor> maxPool2dBoth(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> k = intListArg(a, 1), s = intListArg(a, 2), pad = intListArg(a, 3), dil = intListArg(a, 4);
  if (k.size() != 1 && k.size() != 2)
    throw RuntimeError("max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  if (s.size() > 2)
    throw RuntimeError("max_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  if (pad.size() != 1 && pad.size() != 2)
    throw RuntimeError("max_pool2d: padding must be either be a single int, or a tuple of two ints");
  if (dil.size() != 1 && dil.size() != 2)
    throw RuntimeError("max_pool2d: dilation must be either a single int, or a tuple of two ints");
  Pool2d p{k[0], k.back(), 0, 0, pad[0], pad.back(), dil[0], dil.back(), boolArg(a, 5)};
  p.dH = s.empty() ? p.kH : s[0];
  p.dW = s.empty() ? p.kW : s.back();
  if (x.dim() != 3 && x.dim() != 4) throw RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input");
  p.OH = poolOutputSize(x.size(-2), p.kH, p.padH, p.dH, p.dilH, p.ceil);
  p.OW = poolOutputSize(x.size(-1), p.kW, p.padW, p.dW, p.dilW, p.ceil);
  pool2dShapeCheck(x, p);
  if (!floatOrBf16(x.dtype())) notImplemented("max_pool2d", x.dtype());
  auto r = maxPool(x, {p.kH, p.kW}, {p.dH, p.dW}, {p.padH, p.padW}, {p.dilH, p.dilW}, {p.OH, p.OW});
  return {layoutLike(r.first, x), layoutLike(r.second, x)};
}

std::vector<IValue> two(std::pair<Tensor, Tensor> r) {
  std::vector<IValue> out;
  out.emplace_back(std::move(r.first));
  out.emplace_back(std::move(r.second));
  return out;
}

std::vector<IValue> maxPool2d(Args& a) { return one(maxPool2dBoth(a).first); }
std::vector<IValue> maxPool2dWithIndices(Args& a) { return two(maxPool2dBoth(a)); }

// The 1-d ops 1.13 composes from 2-d ones: a 2- or 3-D input, one int per list (in this order).
void check1dComposite(const Tensor& x, const char* op, const std::vector<std::pair<const char*, size_t>>& lists) {
  if (x.dim() < 2 || x.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", x.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for ", op, ")"));
  for (const auto& [name, n] : lists)
    if (n != 1) throw RuntimeError(str(op, "() argument '", name, "' should contain one int (got ", n, ")"));
}

IValue intsValue(const std::vector<int64_t>& v) { return makeList(IntType::get(), std::vector<IValue>(v.begin(), v.end())); }

// max_pool1d_with_indices: max_pool2d_with_indices of x.unsqueeze(-2) with a (1, k) window.
std::vector<IValue> maxPool1dWithIndices(Args& a) {
  const Tensor x = tensorArg(a, 0);
  std::vector<int64_t> k = intListArg(a, 1), s = intListArg(a, 2), pad = intListArg(a, 3), dil = intListArg(a, 4);
  if (s.empty()) s = k;
  check1dComposite(x, "max_pool1d", {{"kernel_size", k.size()}, {"stride", s.size()}, {"padding", pad.size()},
                                     {"dilation", dil.size()}});
  Args args{IValue(x.unsqueeze(-2)), intsValue({1, k[0]}), intsValue({1, s[0]}), intsValue({0, pad[0]}),
            intsValue({1, dil[0]}), a.at(5)};
  auto r = maxPool2dBoth(args);
  return two({r.first.squeeze(-2), r.second.squeeze(-2)});
}

// pool3d_shape_check, after the output sizes: window, non-batch dims, input and output sizes.
void pool3dShapeCheck(const Tensor& x, const std::vector<int64_t>& k, const std::vector<int64_t>& s,
                      const std::vector<int64_t>& dil, const std::vector<int64_t>& out, const char* fn,
                      bool checkInputSize) {
  if (!(k[0] > 0 && k[1] > 0 && k[2] > 0))
    throw RuntimeError(str("kernel size should be greater than zero, but got kT: ", k[0], " kH: ", k[1], " kW: ", k[2]));
  if (!(s[0] > 0 && s[1] > 0 && s[2] > 0))
    throw RuntimeError(str("stride should be greater than zero, but got dT: ", s[0], " dH: ", s[1], " dW: ", s[2]));
  if (!(dil[0] > 0 && dil[1] > 0 && dil[2] > 0))
    throw RuntimeError(str("dilation should be greater than zero, but got dilationT: ", dil[0], " dilationH: ", dil[1],
                           " dilationW: ", dil[2]));
  for (int64_t i = 0; i < x.dim(); ++i) {
    if (x.dim() == 5 && i == 0) continue;  // the batch may be empty
    if (x.size(i) <= 0)  // 1.13 names the dim by its size (0)
      throw RuntimeError(str(fn, ": Expected input's non-batch dimensions to have positive length, but input has a shape of ",
                             formatInts(x.sizes()), " and non-batch dimension ", x.size(i), " has length zero!"));
  }
  const int64_t T = x.size(-3), H = x.size(-2), W = x.size(-1);
  if (checkInputSize && !(T >= k[0] && H >= k[1] && W >= k[2]))
    throw RuntimeError(str("input image (T: ", T, " H: ", H, " W: ", W, ") smaller than kernel size (kT: ", k[0],
                           " kH: ", k[1], " kW: ", k[2], ")"));
  if (!(out[0] >= 1 && out[1] >= 1 && out[2] >= 1)) {
    const int64_t C = x.size(-4);
    throw RuntimeError(str("Given input size: (", C, "x", T, "x", H, "x", W, "). Calculated output size: (", C, "x",
                           out[0], "x", out[1], "x", out[2], "). Output size is too small"));
  }
}

// One int or three per list (stride may also be empty: the kernel size).
std::vector<int64_t> three(const std::vector<int64_t>& v, const std::vector<int64_t>& ifEmpty) {
  if (v.empty()) return ifEmpty;
  return v.size() == 1 ? std::vector<int64_t>(3, v[0]) : v;
}

std::pair<Tensor, Tensor> maxPool3dBoth(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> k0 = intListArg(a, 1), s0 = intListArg(a, 2), pad0 = intListArg(a, 3), dil0 = intListArg(a, 4);
  if (k0.size() != 1 && k0.size() != 3)
    throw RuntimeError("max_pool3d: kernel_size must either be a single int, or a tuple of three ints");
  if (!(s0.empty() || s0.size() == 1 || s0.size() == 3))
    throw RuntimeError("max_pool3d: stride must either be omitted, a single int, or a tuple of three ints");
  if (pad0.size() != 1 && pad0.size() != 3)
    throw RuntimeError("max_pool3d: padding must be either be a single int, or a tuple of three ints");
  if (dil0.size() != 1 && dil0.size() != 3)
    throw RuntimeError("max_pool3d: dilation must be either a single int, or a tuple of three ints");
  const std::vector<int64_t> k = three(k0, {}), s = three(s0, k), pad = three(pad0, {}), dil = three(dil0, {});
  if (x.dim() != 4 && x.dim() != 5) throw RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input");
  std::vector<int64_t> out(3);
  for (size_t d = 0; d < 3; ++d)
    out[d] = poolOutputSize(x.size(static_cast<int64_t>(d) - 3), k[d], pad[d], s[d], dil[d], boolArg(a, 5));
  pool3dShapeCheck(x, k, s, dil, out, "max_pool3d_with_indices_out_cpu_template()", false);
  if (x.dtype() != ScalarType::Float && x.dtype() != ScalarType::Double)
    notImplemented("max_pool3d_with_indices_cpu", x.dtype());
  return maxPool(x, k, s, pad, dil, out);
}
std::vector<IValue> maxPool3d(Args& a) { return one(maxPool3dBoth(a).first); }
std::vector<IValue> maxPool3dWithIndices(Args& a) { return two(maxPool3dBoth(a)); }

// avg_pool3d: window sums over the in-range part of each window, divided by the divisor, the
// padded window size or the in-range count; Long sums wrap and divide with truncation.
std::vector<IValue> avgPool3d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> k0 = intListArg(a, 1), s0 = intListArg(a, 2), pad0 = intListArg(a, 3);
  if (k0.size() != 1 && k0.size() != 3)
    throw RuntimeError("avg_pool3d: kernel_size must be a single int, or a tuple of three ints");
  if (!(s0.empty() || s0.size() == 1 || s0.size() == 3))
    throw RuntimeError("avg_pool3d: stride must be omitted, a single int, or a tuple of three ints");
  if (pad0.size() != 1 && pad0.size() != 3)
    throw RuntimeError("avg_pool3d: padding must be a single int, or a tuple of three ints");
  const std::vector<int64_t> k = three(k0, {}), s = three(s0, k), pad = three(pad0, {});
  if (x.dim() != 4 && x.dim() != 5) throw RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input");
  const std::optional<int64_t> divisor = optIntArg(a, 6);
  if (divisor && *divisor == 0) throw RuntimeError("divisor must be not zero");
  const bool ceil = boolArg(a, 4), countIncludePad = boolArg(a, 5);
  std::vector<int64_t> out(3);
  for (size_t d = 0; d < 3; ++d) out[d] = poolOutputSize(x.size(static_cast<int64_t>(d) - 3), k[d], pad[d], s[d], 1, ceil);
  pool3dShapeCheck(x, k, s, {1, 1, 1}, out, "avg_pool3d()", true);
  const ScalarType dt = x.dtype();
  const bool isLong = dt == ScalarType::Int64;
  if (dt != ScalarType::Float && dt != ScalarType::Double && !isLong) notImplemented("avg_pool3d_out_frame", dt);
  const std::vector<double> v = isLong ? std::vector<double>() : x.toDoubles();
  const std::vector<int64_t> vi = isLong ? x.toInt64s() : std::vector<int64_t>();
  const std::vector<int64_t> inSp(x.sizes().end() - 3, x.sizes().end());
  const int64_t inPlane = product(inSp), planes = inPlane ? x.numel() / inPlane : 0;
  std::vector<double> res;
  std::vector<int64_t> resI;
  std::vector<int64_t> lo(3), hi(3), pos(3);
  for (int64_t pl = 0; pl < planes; ++pl)
    forEachIndex(out, [&](const int64_t* o) {
      int64_t poolSize = 1, count = 1;
      bool empty = false;
      for (size_t d = 0; d < 3; ++d) {
        const int64_t start = o[d] * s[d] - pad[d], end = std::min(start + k[d], inSp[d] + pad[d]);
        poolSize *= end - start;
        lo[d] = std::max<int64_t>(start, 0);
        hi[d] = std::min(end, inSp[d]);
        empty = empty || hi[d] <= lo[d];
        count *= hi[d] - lo[d];
      }
      const int64_t div = divisor ? *divisor : countIncludePad ? poolSize : count;
      double sum = 0;
      uint64_t sumI = 0;  // int64 accumulation wraps
      if (!empty)
        forEachIndex(std::vector<int64_t>{hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}, [&](const int64_t* kk) {
          for (size_t d = 0; d < 3; ++d) pos[d] = lo[d] + kk[d];
          const size_t at = static_cast<size_t>(pl * inPlane + ravel(pos, inSp));
          if (isLong) sumI += static_cast<uint64_t>(vi[at]);
          else sum += v[at];
        });
      if (isLong) resI.push_back(empty ? 0 : static_cast<int64_t>(sumI) / div);
      else res.push_back(empty ? 0.0 : sum / static_cast<double>(div));
    });
  std::vector<int64_t> outSizes(x.sizes().begin(), x.sizes().end() - 3);
  outSizes.insert(outSizes.end(), out.begin(), out.end());
  return one(isLong ? Tensor::fromInt64s(resI, outSizes) : Tensor::fromDoubles(res, outSizes, dt));
}

std::vector<IValue> maxPool1d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> kernel = intListArg(a, 1), pad = intListArg(a, 3), dil = intListArg(a, 4);
  std::vector<int64_t> stride = intListArg(a, 2);
  // PyTorch 1.13's first check: 2-D or 3-D, and only a 3-D input's batch dim may be empty.
  if (!(x.dim() == 2 && x.size(0) > 0 && x.size(1) > 0) && !(x.dim() == 3 && x.size(1) > 0 && x.size(2) > 0))
    throw RuntimeError(str("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, "
                           "but got:", formatInts(x.sizes())));
  if (kernel.size() != 1)
    throw RuntimeError(str("max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size ",
                           kernel.size()));
  if (stride.size() > 1)
    throw RuntimeError(str("max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but got size ",
                           stride.size()));
  if (pad.size() != 1)
    throw RuntimeError(str("max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size ",
                           pad.size()));
  if (dil.size() != 1)
    throw RuntimeError(str("max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size ",
                           dil.size()));
  if (stride.empty()) stride = kernel;
  if (kernel[0] <= 0) throw RuntimeError(str("max_pool1d() kernel_size must be greater than zero, but got ", kernel[0]));
  if (stride[0] <= 0) throw RuntimeError(str("max_pool1d() stride must be greater than zero, but got ", stride[0]));
  if (pad[0] < 0) throw RuntimeError(str("max_pool1d() padding must be non-negative, but got ", pad[0]));
  if (pad[0] > kernel[0] / 2)
    throw RuntimeError(str("max_pool1d() padding should be at most half of kernel size, but got padding=", pad[0],
                           " and kernel_size=", kernel[0]));
  if (dil[0] <= 0) throw RuntimeError(str("max_pool1d() dilation must be greater than zero, but got ", dil[0]));
  const int64_t ow = poolOutputSize(x.size(-1), kernel[0], pad[0], stride[0], dil[0], boolArg(a, 5));
  if (ow < 0) throw RuntimeError(str("max_pool1d() Invalid computed output size: ", ow));
  if (!floatOrBf16(x.dtype())) notImplemented("max_pool1d_impl", x.dtype());
  return one(maxPool(x, kernel, stride, pad, dil, {ow}).first);
}

std::vector<IValue> avgPool2d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> k = intListArg(a, 1), s = intListArg(a, 2), pad = intListArg(a, 3);
  if (k.size() != 1 && k.size() != 2)
    throw RuntimeError("avg_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  if (s.size() > 2)
    throw RuntimeError("avg_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  if (pad.size() != 1 && pad.size() != 2)
    throw RuntimeError("avg_pool2d: padding must either be a single int, or a tuple of two ints");
  const std::optional<int64_t> divisor = optIntArg(a, 6);
  if (divisor && *divisor == 0) throw RuntimeError("divisor must be not zero");
  Pool2d p{k[0], k.back(), 0, 0, pad[0], pad.back(), 1, 1, boolArg(a, 4)};
  p.dH = s.empty() ? p.kH : s[0];
  p.dW = s.empty() ? p.kW : s.back();
  const bool countIncludePad = boolArg(a, 5);
  sizeAt(x, -3);
  const int64_t H = x.size(-2), W = x.size(-1);
  p.OH = poolOutputSize(H, p.kH, p.padH, p.dH, 1, p.ceil);
  p.OW = poolOutputSize(W, p.kW, p.padW, p.dW, 1, p.ceil);
  pool2dShapeCheck(x, p);
  const ScalarType dt = x.dtype();
  const bool isLong = dt == ScalarType::Int64;
  if (!floatOrBf16(dt) && !isLong) notImplemented("avg_pool2d", dt);
  const std::vector<double> v = isLong ? std::vector<double>() : x.toDoubles();
  const std::vector<int64_t> vi = isLong ? x.toInt64s() : std::vector<int64_t>();
  const int64_t planes = x.numel() / (H * W);
  std::vector<double> out;
  std::vector<int64_t> outI;
  for (int64_t pl = 0; pl < planes; ++pl)
    for (int64_t oh = 0; oh < p.OH; ++oh)
      for (int64_t ow = 0; ow < p.OW; ++ow) {
        int64_t h0 = oh * p.dH - p.padH, w0 = ow * p.dW - p.padW;
        int64_t h1 = std::min(h0 + p.kH, H + p.padH), w1 = std::min(w0 + p.kW, W + p.padW);
        const int64_t poolSize = (h1 - h0) * (w1 - w0);
        h0 = std::max<int64_t>(h0, 0);
        w0 = std::max<int64_t>(w0, 0);
        h1 = std::min(h1, H);
        w1 = std::min(w1, W);
        const int64_t div = divisor ? *divisor : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
        if (isLong) {
          uint64_t sum = 0;  // int64 accumulation wraps
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w) sum += static_cast<uint64_t>(vi[static_cast<size_t>((pl * H + h) * W + w)]);
          outI.push_back(static_cast<int64_t>(sum) / div);  // C++ integer division (truncation)
        } else {
          double sum = 0;
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w) sum += v[static_cast<size_t>((pl * H + h) * W + w)];
          out.push_back(sum / static_cast<double>(div));
        }
      }
  std::vector<int64_t> outSizes(x.sizes().begin(), x.sizes().end() - 2);
  outSizes.push_back(p.OH);
  outSizes.push_back(p.OW);
  return one(layoutLike(isLong ? Tensor::fromInt64s(outI, outSizes) : Tensor::fromDoubles(out, outSizes, dt), x));
}

// avg_pool1d, as 1.13 composes it: avg_pool2d of self.unsqueeze(-2) with a (1, k) window, then
// squeeze(-2), after its own checks (2-D or 3-D input, one int per list).
std::vector<IValue> avgPool1d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  std::vector<int64_t> k = intListArg(a, 1), s = intListArg(a, 2), pad = intListArg(a, 3);
  if (s.empty()) s = k;
  if (x.dim() < 2 || x.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", x.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for avg_pool1d)"));
  if (k.size() != 1) throw RuntimeError(str("avg_pool1d() argument 'kernel_size' should contain one int (got ", k.size(), ")"));
  if (s.size() != 1) throw RuntimeError(str("avg_pool1d() argument 'stride' should contain one int (got ", s.size(), ")"));
  if (pad.size() != 1) throw RuntimeError(str("avg_pool1d() argument 'padding' should contain one int (got ", pad.size(), ")"));
  auto ints = [](std::vector<int64_t> v) { return makeList(IntType::get(), std::vector<IValue>(v.begin(), v.end())); };
  Args args{IValue(x.unsqueeze(-2)), ints({1, k[0]}), ints({1, s[0]}), ints({0, pad[0]}), a.at(4), a.at(5), IValue()};
  return one(avgPool2d(args).at(0).toTensor().squeeze(-2));
}

// Adaptive pooling over the trailing S dims: window [floor(o*in/out), ceil((o+1)*in/out)).
std::pair<Tensor, Tensor> adaptivePool(const Tensor& x, const std::vector<int64_t>& outSp, bool isMax) {
  const size_t S = outSp.size();
  std::vector<int64_t> lead(x.sizes().begin(), x.sizes().end() - static_cast<int64_t>(S));
  std::vector<int64_t> inSp(x.sizes().end() - static_cast<int64_t>(S), x.sizes().end());
  const std::vector<double> v = x.toDoubles();
  const int64_t planes = product(lead), inPlane = product(inSp);
  std::vector<double> out;
  std::vector<int64_t> idxOut, start(S), len(S), pos(S);
  for (int64_t pl = 0; pl < planes; ++pl)
    forEachIndex(outSp, [&](const int64_t* o) {
      for (size_t d = 0; d < S; ++d) {
        start[d] = (o[d] * inSp[d]) / outSp[d];
        const int64_t end = ((o[d] + 1) * inSp[d] + outSp[d] - 1) / outSp[d];
        len[d] = end - start[d];
      }
      double acc = isMax ? -std::numeric_limits<double>::infinity() : 0.0;
      int64_t bestAt = ravel(start, inSp), count = 0;
      forEachIndex(len, [&](const int64_t* kk) {
        for (size_t d = 0; d < S; ++d) pos[d] = start[d] + kk[d];
        const int64_t at = ravel(pos, inSp);
        const double val = v[static_cast<size_t>(pl * inPlane + at)];
        ++count;
        if (!isMax) {
          acc += val;
        } else if (val > acc || std::isnan(val)) {
          acc = val;
          bestAt = at;
        }
      });
      out.push_back(isMax ? acc : acc / static_cast<double>(count));
      idxOut.push_back(bestAt);
    });
  std::vector<int64_t> outSizes = lead;
  outSizes.insert(outSizes.end(), outSp.begin(), outSp.end());
  return {Tensor::fromDoubles(out, outSizes, x.dtype()), Tensor::fromInt64s(idxOut, outSizes)};
}

// x.mean(trailing S dims, keepdim=True), as adaptive_avg_pool2d/3d compute an all-ones output.
Tensor trailingMean(const Tensor& x, size_t S) {
  if (!isFloatingType(x.dtype()))
    throw RuntimeError(str("mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                           "dtype. Got: ", x.dtype()));
  // mean's dims wrap like a 0-dim tensor's as if it had one dim.
  const int64_t n = std::max<int64_t>(x.dim(), 1);
  for (int64_t d = 1; d <= static_cast<int64_t>(S); ++d)
    if (-d < -n)
      throw RuntimeError(str("Dimension out of range (expected to be in range of [", -n, ", ", n - 1, "], but got ", -d, ")"),
                         "IndexError");
  return adaptivePool(x, std::vector<int64_t>(S, 1), false).first;
}

// adaptive_avg_pool2d: output (1, 1) is a mean; otherwise the pooling kernel.
Tensor adaptiveAvg2d(const Tensor& x, const std::vector<int64_t>& os) {
  if (os.size() != 2) throw RuntimeError("adaptive_avg_pool2d: output_size must be 2");
  if (os[0] < 0 || os[1] < 0)
    throw RuntimeError(str("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
                           os[0], ", ", os[1], "}"));
  if (os[0] == 1 && os[1] == 1) return layoutLike(trailingMean(x, 2), x);
  if (x.dim() != 3 && x.dim() != 4)
    throw RuntimeError(str("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ", formatInts(x.sizes())));
  for (int64_t d = x.dim() - 2; d < x.dim(); ++d)
    if (x.size(d) <= 0)
      throw RuntimeError(str("adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but "
                             "input has sizes ", formatInts(x.sizes()), " with dimension ", d, " being empty"));
  if (!floatOrBf16(x.dtype())) notImplemented("adaptive_avg_pool2d", x.dtype());
  return layoutLike(adaptivePool(x, os, false).first, x);
}

std::vector<IValue> adaptiveAvgPool2d(Args& a) { return one(adaptiveAvg2d(tensorArg(a, 0), intListArg(a, 1, 2))); }

std::vector<IValue> adaptiveAvgPool1d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> os = intListArg(a, 1);
  if (x.dim() < 2 || x.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", x.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for "
                           "adaptive_avg_pool1d)"));
  if (os.size() != 1)
    throw RuntimeError(str("adaptive_avg_pool1d() argument 'output_size' should contain one int (got ", os.size(), ")"));
  return one(adaptiveAvg2d(x.unsqueeze(-2), {1, os[0]}).squeeze(-2));
}

std::vector<IValue> adaptiveAvgPool3d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> os = intListArg(a, 1, 3);
  if (os.size() != 3) throw RuntimeError("adaptive_avg_pool3d: output_size must be 3");
  if (os[0] < 0 || os[1] < 0 || os[2] < 0)
    throw RuntimeError(str("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
                           os[0], ", ", os[1], ", ", os[2], "}"));
  if (os[0] == 1 && os[1] == 1 && os[2] == 1) return one(trailingMean(x, 3));
  for (int64_t d = 1; d < x.dim(); ++d)
    if (x.size(d) <= 0)
      throw RuntimeError(str("adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, but "
                             "input has sizes ", formatInts(x.sizes()), " with dimension ", d, " being empty"));
  if (x.dim() != 4 && x.dim() != 5)
    throw RuntimeError(str("adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got ", formatInts(x.sizes())));
  const ScalarType dt = x.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double && dt != ScalarType::Half)
    notImplemented("adaptive_avg_pool3d_cpu", dt);
  return one(adaptivePool(x, os, false).first);
}

// adaptive_max_pool2d / 3d: rank, non-empty non-batch dims, the output size (its length, then a
// negative size where the result is allocated), the dtype.
std::pair<Tensor, Tensor> adaptiveMax(const Tensor& x, const std::vector<int64_t>& os, int64_t S) {
  const std::string name = S == 2 ? "adaptive_max_pool2d" : "adaptive_max_pool3d";
  if (x.dim() != S + 1 && x.dim() != S + 2)
    throw RuntimeError(str(name, "(): Expected ", S + 1, "D or ", S + 2, "D tensor, but got: ", formatInts(x.sizes())));
  for (int64_t d = 1; d < x.dim(); ++d)
    if (x.size(d) <= 0)
      throw RuntimeError(str(name, "(): Expected input to have non-zero size for non-batch dimensions, but "
                             "input has sizes ", formatInts(x.sizes()), " with dimension ", d, " being empty"));
  if (static_cast<int64_t>(os.size()) != S)
    throw RuntimeError(str(name, "(): internal error: output_size.size() must be ", S));
  std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end() - S);
  shape.insert(shape.end(), os.begin(), os.end());
  for (int64_t v : shape)
    if (v < 0) throw RuntimeError(str("Trying to create tensor with negative dimension ", v, ": ", formatInts(shape)));
  if (S == 2 && !floatOrBf16(x.dtype())) notImplemented("adaptive_max_pool2d", x.dtype());
  if (S == 3 && x.dtype() != ScalarType::Float && x.dtype() != ScalarType::Double)
    notImplemented("adaptive_max_pool3d_cpu", x.dtype());
  auto r = adaptivePool(x, os, true);
  return {layoutLike(r.first, x), layoutLike(r.second, x)};
}

std::vector<IValue> adaptiveMaxPool2d(Args& a) { return two(adaptiveMax(tensorArg(a, 0), intListArg(a, 1, 2), 2)); }
std::vector<IValue> adaptiveMaxPool3d(Args& a) { return two(adaptiveMax(tensorArg(a, 0), intListArg(a, 1, 3), 3)); }

// adaptive_max_pool1d: adaptive_max_pool2d of x.unsqueeze(-2) with output (1, n).
std::vector<IValue> adaptiveMaxPool1d(Args& a) {
  const Tensor x = tensorArg(a, 0);
  const std::vector<int64_t> os = intListArg(a, 1);
  check1dComposite(x, "adaptive_max_pool1d", {{"output_size", os.size()}});
  auto r = adaptiveMax(x.unsqueeze(-2), {1, os[0]}, 2);
  return two({r.first.squeeze(-2), r.second.squeeze(-2)});
}

}  // namespace

void registerNNPoolKernels() {
  def("aten::max_pool1d", maxPool1d);
  def("aten::max_pool2d", maxPool2d);
  def("aten::max_pool3d", maxPool3d);
  def("aten::max_pool1d_with_indices", maxPool1dWithIndices);
  def("aten::max_pool2d_with_indices", maxPool2dWithIndices);
  def("aten::max_pool3d_with_indices", maxPool3dWithIndices);
  def("aten::avg_pool3d", avgPool3d);
  def("aten::avg_pool1d", avgPool1d);
  def("aten::avg_pool2d", avgPool2d);
  def("aten::adaptive_avg_pool1d", adaptiveAvgPool1d);
  def("aten::adaptive_avg_pool2d", adaptiveAvgPool2d);
  def("aten::adaptive_avg_pool3d", adaptiveAvgPool3d);
  def("aten::adaptive_max_pool1d", adaptiveMaxPool1d);
  def("aten::adaptive_max_pool2d", adaptiveMaxPool2d);
  def("aten::adaptive_max_pool3d", adaptiveMaxPool3d);
}

}  // namespace tsjit::reference
