// NNConv.cpp — reference kernels of the convolutions (NN family, part 1): conv1d, conv2d, conv3d
// (also padding="same"/"valid"), conv_transpose1d/2d/3d and _convolution (any rank, transposed or
// not, groups, dilation). Pooling is in NNPool.cpp, unpooling / im2col / shuffles in NNVision.cpp.
//
// PyTorch 1.13's CPU path, step by step: conv*d / conv_transpose*d accept an unbatched input
// (a batch of one); _convolution checks the weight's rank and groups, expands the per-dim parameters,
// checks shapes (check_shape_forward), views 1-d as 2-d, then picks a backend: a zero batch gives
// weight[0] * input (any dtype, promoted); otherwise the slow kernels, whose dtype dispatch lists and
// names are PyTorch's (kConvBackends). Weight (and, except slow_conv2d/3d, bias) must have the input's
// dtype, as ATen's typed data access requires.
//
// Invariants: one N-d direct convolution (no im2col, no BLAS): every output is the bias plus the sum
// over its receptive field, accumulated in double (floating dtypes) or in wrapping int64 (integer
// dtypes, as ATen's integer gemm wraps) and rounded once to the input dtype.
#include <cmath>
#include <limits>

#include "jit/tensor/Iterate.h"
#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
void registerNNPoolKernels();
void registerNNVisionKernels();

namespace {

using namespace shape;

// A per-spatial-dim parameter given as one value or one per dim (expand_param_if_needed).
std::vector<int64_t> expandParam(const std::vector<int64_t>& v, size_t S, const char* name) {
  if (v.size() == 1) return std::vector<int64_t>(S, v[0]);
  if (v.size() != S)
    throw RuntimeError(str("expected ", name, " to be a single integer value or a list of ", S,
                           " values to match the convolution dimensions, but got ", name, "=", formatInts(v)));
  return v;
}

struct ConvParams {
  std::vector<int64_t> stride, padL, padR, dilation, outputPadding;
  int64_t groups = 1;
  bool transposed = false;
};

// The CPU kernels of PyTorch 1.13 (built without MKLDNN) and the dtypes their dispatch accepts.
struct ConvBackend {
  const char* kernel;
  bool integers;      // Byte..Long besides Float/Double
  bool longOnly;      // of the integers, Long only
  bool bfloat16;
  bool biasConverts;  // the bias is copied into the output (any dtype); else it must match
};
constexpr ConvBackend kSlow2d{"slow_conv2d_cpu", true, false, true, true};
constexpr ConvBackend kSlow3d{"compute_columns3d", true, false, true, true};
constexpr ConvBackend kDilated{"slow_conv_dilated<>", true, true, false, false};
constexpr ConvBackend kTranspose2d{"slow_conv_transpose2d_out_cpu", true, true, false, false};
constexpr ConvBackend kTranspose3d{"slow_conv_transpose3d_out_cpu", true, true, false, false};

bool backendAccepts(const ConvBackend& b, ScalarType t) {
  switch (t) {
    case ScalarType::Float:
    case ScalarType::Double: return true;
    case ScalarType::BFloat16: return b.bfloat16;
    case ScalarType::Int64: return b.integers;
    case ScalarType::UInt8:
    case ScalarType::Int8:
    case ScalarType::Int16:
    case ScalarType::Int32: return b.integers && !b.longOnly;
    default: return false;
  }
}

// The result dtype of `dimmed op zeroDim` (a 0-dim operand only wins with a higher category).
ScalarType zeroDimResult(ScalarType dimmed, ScalarType zeroDim) {
  auto cat = [](ScalarType t) { return t == ScalarType::Bool ? 0 : isFloatingType(t) ? 2 : 1; };
  return cat(zeroDim) > cat(dimmed) ? zeroDim : dimmed;
}

std::vector<int64_t> outputSpatial(const std::vector<int64_t>& inSp, const std::vector<int64_t>& kernel,
                                   const ConvParams& p) {
  std::vector<int64_t> out(inSp.size());
  for (size_t d = 0; d < inSp.size(); ++d) {
    if (!p.transposed)
      out[d] = (inSp[d] + p.padL[d] + p.padR[d] - p.dilation[d] * (kernel[d] - 1) - 1) / p.stride[d] + 1;
    else
      out[d] = (inSp[d] - 1) * p.stride[d] - p.padL[d] - p.padR[d] + p.dilation[d] * (kernel[d] - 1) +
               p.outputPadding[d] + 1;
  }
  return out;
}

// The direct convolution. Acc is double (floating dtypes) or uint64_t (integers, wrapping).
template <typename Acc>
std::vector<Acc> directConv(const std::vector<Acc>& x, const std::vector<Acc>& w, const std::vector<Acc>& b, int64_t N,
                            int64_t cin, int64_t cout, const std::vector<int64_t>& inSp,
                            const std::vector<int64_t>& outSp, const std::vector<int64_t>& kernel, const ConvParams& p) {
  const size_t S = inSp.size();
  const int64_t inPlane = product(inSp), outPlane = product(outSp), kPlane = product(kernel);
  const int64_t groups = p.groups, cinG = cin / groups, coutG = cout / groups;
  std::vector<Acc> out(static_cast<size_t>(N * cout * outPlane), Acc(0));
  std::vector<int64_t> pos(S);
  if (!p.transposed) {
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < cout; ++oc) {
        const int64_t g = oc / coutG;
        forEachIndex(outSp, [&](const int64_t* o) {
          Acc acc = b[static_cast<size_t>(oc)];
          for (int64_t ic = 0; ic < cinG; ++ic) {
            const int64_t c = g * cinG + ic;
            forEachIndex(kernel, [&](const int64_t* kk) {
              // A padding position contributes 0 * w (ATen's im2col + gemm: a NaN weight still counts).
              bool inside = true;
              for (size_t d = 0; d < S; ++d) {
                pos[d] = o[d] * p.stride[d] - p.padL[d] + kk[d] * p.dilation[d];
                inside = inside && pos[d] >= 0 && pos[d] < inSp[d];
              }
              const Acc wv = w[static_cast<size_t>((oc * cinG + ic) * kPlane + ravel(kk, kernel))];
              acc += (inside ? x[static_cast<size_t>((n * cin + c) * inPlane + ravel(pos, inSp))] : Acc(0)) * wv;
            });
          }
          out[static_cast<size_t>((n * cout + oc) * outPlane + ravel(o, outSp))] = acc;
        });
      }
    return out;
  }
  for (int64_t n = 0; n < N; ++n)
    for (int64_t oc = 0; oc < cout; ++oc)
      for (int64_t i = 0; i < outPlane; ++i)
        out[static_cast<size_t>((n * cout + oc) * outPlane + i)] = b[static_cast<size_t>(oc)];
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < cin; ++c) {
      const int64_t g = c / cinG;
      forEachIndex(inSp, [&](const int64_t* in) {
        const Acc xv = x[static_cast<size_t>((n * cin + c) * inPlane + ravel(in, inSp))];
        for (int64_t ocg = 0; ocg < coutG; ++ocg) {
          const int64_t oc = g * coutG + ocg;
          forEachIndex(kernel, [&](const int64_t* kk) {
            for (size_t d = 0; d < S; ++d) {
              pos[d] = in[d] * p.stride[d] - p.padL[d] + kk[d] * p.dilation[d];
              if (pos[d] < 0 || pos[d] >= outSp[d]) return;
            }
            out[static_cast<size_t>((n * cout + oc) * outPlane + ravel(pos, outSp))] +=
                xv * w[static_cast<size_t>((c * coutG + ocg) * kPlane + ravel(kk, kernel))];
          });
        }
      });
    }
  return out;
}

std::vector<uint64_t> asWrapping(const std::vector<int64_t>& v) { return {v.begin(), v.end()}; }

// _convolution after the parameters are expanded: check_shape_forward, the backend, the kernel.
Tensor convolution(const Tensor& input0, const Tensor& weight0, const std::optional<Tensor>& bias,
                   ConvParams p) {
  const int64_t k = input0.dim();
  const std::vector<int64_t>& ws = weight0.sizes();
  const int64_t groups = p.groups;
  for (size_t i = 0; i < p.padL.size(); ++i)
    if (p.padL[i] < 0 || p.padR[i] < 0) throw RuntimeError("negative padding is not supported");
  for (int64_t o : p.outputPadding)
    if (o < 0) throw RuntimeError("negative output_padding is not supported");
  for (int64_t s : p.stride)
    if (s <= 0) throw RuntimeError("non-positive stride is not supported");
  if (weight0.dim() != k)
    throw RuntimeError(str("Expected ", weight0.dim(), "-dimensional input for ", weight0.dim(), "-dimensional weight ",
                           formatInts(ws), ", but got ", k, "-dimensional input of size ",
                           formatInts(input0.sizes()), " instead"));
  if (ws[0] < groups)
    throw RuntimeError(str("Given groups=", groups, ", expected weight to be at least ", groups,
                           " at dimension 0, but got weight of size ", formatInts(ws), " instead"));
  if (ws[0] % groups != 0)
    throw RuntimeError(str("Given groups=", groups, ", expected weight to be divisible by ", groups,
                           " at dimension 0, but got weight of size [", formatInts(ws), "] instead"));
  const size_t S = static_cast<size_t>(k - 2);
  std::vector<int64_t> kernel(ws.begin() + 2, ws.end());
  const int64_t cin = input0.size(1);
  int64_t cout;
  if (!p.transposed) {
    if (cin != ws[1] * groups)
      throw RuntimeError(str("Given groups=", groups, ", weight of size ", formatInts(ws), ", expected input",
                             formatInts(input0.sizes()), " to have ", ws[1] * groups, " channels, but got ", cin,
                             " channels instead"));
    cout = ws[0];
    if (bias && !(bias->dim() == 1 && bias->size(0) == cout))
      throw RuntimeError(str("Given weight of size ", formatInts(ws), ", expected bias to be 1-dimensional with ",
                             cout, " elements, but got bias of size ", formatInts(bias->sizes()), " instead"));
    bool fits = true;
    std::string inS, kS;
    for (size_t d = 0; d < S; ++d) {
      const int64_t padded = input0.size(static_cast<int64_t>(d) + 2) + p.padL[d] + p.padR[d];
      const int64_t eff = p.dilation[d] * (kernel[d] - 1) + 1;
      if (padded < eff) fits = false;
      inS += (d ? " x " : "") + std::to_string(padded);
      kS += (d ? " x " : "") + std::to_string(eff);
    }
    if (!fits)
      throw RuntimeError(str("Calculated padded input size per channel: (", inS, "). Kernel size: (", kS,
                             "). Kernel size can't be greater than actual input size"));
  } else {
    if (cin != ws[0])
      throw RuntimeError(str("Given transposed=1, weight of size ", formatInts(ws), ", expected input",
                             formatInts(input0.sizes()), " to have ", ws[0], " channels, but got ", cin,
                             " channels instead"));
    cout = ws[1] * groups;
    if (bias && !(bias->dim() == 1 && bias->size(0) == cout))
      throw RuntimeError(str("Given transposed=1, weight of size ", formatInts(ws),
                             ", expected bias to be 1-dimensional with ", cout, " elements, but got bias of size ",
                             formatInts(bias->sizes()), " instead"));
  }
  // 1-d runs as 2-d (a unit height): the shapes in later messages are the 2-d views'.
  Tensor input = input0;
  if (S == 1) {
    input = input0.unsqueeze(2);
    kernel.insert(kernel.begin(), 1);
    p.stride.insert(p.stride.begin(), 1);
    p.padL.insert(p.padL.begin(), 0);
    p.padR.insert(p.padR.begin(), 0);
    p.dilation.insert(p.dilation.begin(), 1);
    p.outputPadding.insert(p.outputPadding.begin(), 0);
  }
  const size_t S2 = std::max<size_t>(S, 2);
  const int64_t N = input.size(0);
  std::vector<int64_t> inSp(input.sizes().begin() + 2, input.sizes().end());
  const std::vector<int64_t> outSp = outputSpatial(inSp, kernel, p);
  std::vector<int64_t> outSizes{N, cout};
  outSizes.insert(outSizes.end(), outSp.begin(), outSp.end());
  auto finish = [&](Tensor r) { return S == 1 ? r.squeeze(2) : r; };

  // Empty backend: weight.view(-1)[0] * input (+ bias[0]), viewed as the output.
  if (N == 0 || cin == 0) {
    if (weight0.numel() == 0)
      throw RuntimeError("index 0 is out of bounds for dimension 0 with size 0", "IndexError");
    ScalarType dt = zeroDimResult(input.dtype(), weight0.dtype());
    if (bias) {
      const ScalarType r = zeroDimResult(dt, bias->dtype());
      if (!canCast(r, dt))
        throw RuntimeError(str("result type ", r, " can't be cast to the desired output type ", dt));
    }
    if (product(outSizes) != 0)
      throw RuntimeError(str("shape '", formatInts(outSizes), "' is invalid for input of size 0"));
    return finish(Tensor::zeros(outSizes, dt));
  }
  if (input.numel() == 0)
    throw RuntimeError(str("Only zero batch or zero channel inputs are supported, but got input shape: ",
                           formatInts(input.sizes())));

  bool dilated = false;
  for (int64_t d : p.dilation) dilated = dilated || d != 1;
  const ConvBackend& be = p.transposed ? (S2 == 2 ? kTranspose2d : kTranspose3d)
                          : dilated    ? kDilated
                          : S2 == 2    ? kSlow2d
                                       : kSlow3d;
  if (p.transposed) {
    // slow_conv_transpose{2,3}d_shape_check.
    bool adjOk = true;
    for (size_t d = 0; d < S2; ++d)
      adjOk = adjOk && (p.outputPadding[d] < p.stride[d] || p.outputPadding[d] < p.dilation[d]);
    if (!adjOk) {
      if (S2 == 2)
        throw RuntimeError(str("output padding must be smaller than either stride or dilation, but got output_padding_height: ",
                               p.outputPadding[0], " output_padding_width: ", p.outputPadding[1], " stride_height: ",
                               p.stride[0], " stride_width: ", p.stride[1], " dilation_height: ", p.dilation[0],
                               " dilation_width: ", p.dilation[1]));
      throw RuntimeError(str("output padding must be smaller than either stride or dilation, but got output_padding_depth: ",
                             p.outputPadding[0], " output_padding_height: ", p.outputPadding[1], " output_padding_width: ",
                             p.outputPadding[2], " stride_depth: ", p.stride[0], " stride_height: ", p.stride[1],
                             " stride_width: ", p.stride[2], " dilation_depth: ", p.dilation[0], " dilation_height: ",
                             p.dilation[1], " dilation_width: ", p.dilation[2]));
    }
    bool positive = true;
    std::string inS, outS;
    for (size_t d = 0; d < S2; ++d) {
      positive = positive && outSp[d] >= 1;
      inS += (d ? " x " : "") + std::to_string(inSp[d]);
      outS += (d ? " x " : "") + std::to_string(outSp[d]);
    }
    if (!positive)
      throw RuntimeError(str("Given input size per channel: (", inS, "). Calculated output size per channel: (", outS,
                             "). Output size is too small"));
  }
  const ScalarType dt = input.dtype();
  if (!backendAccepts(be, dt))
    throw RuntimeError(str("\"", be.kernel, "\" not implemented for '", dt, "'"));
  if (weight0.dtype() != dt) throw RuntimeError(str("expected scalar type ", dt, " but found ", weight0.dtype()));
  if (bias && !be.biasConverts && bias->dtype() != dt)
    throw RuntimeError(str("expected scalar type ", dt, " but found ", bias->dtype()));
  // The bias as the kernel sees it: copied into the output (converted to the input dtype).
  const Tensor b = bias ? bias->to(dt) : Tensor::zeros({cout}, dt);
  const Tensor weight = S == 1 ? weight0.unsqueeze(2) : weight0;
  if (isFloatingType(dt)) {
    const std::vector<double> out = directConv<double>(input.toDoubles(), weight.toDoubles(), b.toDoubles(), N, cin,
                                                       cout, inSp, outSp, kernel, p);
    return finish(Tensor::fromDoubles(out, outSizes, dt));
  }
  const std::vector<uint64_t> out = directConv<uint64_t>(asWrapping(input.toInt64s()), asWrapping(weight.toInt64s()),
                                                         asWrapping(b.toInt64s()), N, cin, cout, inSp, outSp, kernel, p);
  return finish(Tensor::fromInt64s(std::vector<int64_t>(out.begin(), out.end()), outSizes).to(dt));
}

// at::convolution / _convolution from the raw per-dim lists: the weight's rank and groups first,
// then the parameters expanded to the weight's spatial rank, then convolution().
Tensor convolutionRaw(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                      const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                      const std::vector<int64_t>& dilation, bool transposed, const std::vector<int64_t>& outputPadding,
                      int64_t groups) {
  if (weight.dim() < 3) throw RuntimeError("weight should have at least three dimensions");
  if (groups <= 0) throw RuntimeError("non-positive groups is not supported");
  const size_t S = static_cast<size_t>(weight.dim() - 2);
  ConvParams p;
  p.stride = expandParam(stride, S, "stride");
  p.padL = p.padR = expandParam(padding, S, "padding");
  p.dilation = expandParam(dilation, S, "dilation");
  p.transposed = transposed;
  p.outputPadding = expandParam(outputPadding, S, "output_padding");
  p.groups = groups;
  return convolution(input, weight, bias, p);
}

// batchify: conv1d / conv2d / conv_transpose2d accept an unbatched input.
std::pair<Tensor, bool> batchify(const Tensor& input, int64_t S, const char* name) {
  const int64_t noBatch = S + 1;
  if (input.dim() != noBatch && input.dim() != noBatch + 1)
    throw RuntimeError(str("Expected ", noBatch, "D (unbatched) or ", noBatch + 1, "D (batched) input to ", name,
                           ", but got input of size: ", formatInts(input.sizes())));
  const bool batched = input.dim() == noBatch + 1;
  return {batched ? input : input.unsqueeze(0), batched};
}

KernelFn convKernel(int64_t S, const char* name) {
  return [=](Args& a) {
    auto [input, batched] = batchify(tensorArg(a, 0), S, name);
    Tensor r = convolutionRaw(input, tensorArg(a, 1), optTensorArg(a, 2), intListArg(a, 3), intListArg(a, 4),
                              intListArg(a, 5), false, {0}, intArg(a, 6));
    return one(batched ? r : r.squeeze(0));
  };
}

// conv{1,2}d.padding (_convolution_mode): "valid" = no padding; "same" = total d*(k-1) per dim, the
// odd extra on the right (PyTorch pads the input by it explicitly).
KernelFn convPaddingKernel(int64_t S, const char* name) {
  return [=](Args& a) {
    auto [input, batched] = batchify(tensorArg(a, 0), S, name);
    const Tensor weight = tensorArg(a, 1);
    const std::vector<int64_t> stride = intListArg(a, 3), dilation = intListArg(a, 5);
    const std::string mode = strArg(a, 4);
    Tensor r;
    if (mode == "valid") {
      r = convolutionRaw(input, weight, optTensorArg(a, 2), stride, {0}, dilation, false, {0}, intArg(a, 6));
    } else if (mode == "same") {
      const int64_t k = weight.dim();
      if (k <= 2) throw RuntimeError("weight should have at least three dimensions");
      const size_t dims = static_cast<size_t>(k - 2);
      if (input.dim() != k)
        throw RuntimeError(str("Expected ", k, "-dimensional input for ", k, "-dimensional weight",
                               formatInts(weight.sizes()), ", but got ", input.dim(), "-dimensional input of size ",
                               formatInts(input.sizes()), " instead"));
      if (stride.size() != dims && stride.size() != 1)
        throw RuntimeError(str("stride cannot broadcast to ", dims, " dimensions"));
      if (dilation.size() != dims && dilation.size() != 1)
        throw RuntimeError(str("dilation cannot broadcast to ", dims, " dimensions"));
      for (int64_t s : stride)
        if (s != 1) throw RuntimeError("padding='same' is not supported for strided convolutions");
      if (intArg(a, 6) <= 0) throw RuntimeError("non-positive groups is not supported");
      ConvParams p;
      p.stride.assign(dims, 1);
      p.dilation = expandParam(dilation, dims, "dilation");
      p.outputPadding.assign(dims, 0);
      p.groups = intArg(a, 6);
      for (size_t d = 0; d < dims; ++d) {
        const int64_t total = p.dilation[d] * (weight.size(static_cast<int64_t>(d) + 2) - 1);
        p.padL.push_back(total / 2);
        p.padR.push_back(total - total / 2);
      }
      r = convolution(input, weight, optTensorArg(a, 2), p);
    } else {
      throw RuntimeError(str("Invalid padding string: '", mode, "'"));
    }
    return one(batched ? r : r.squeeze(0));
  };
}

KernelFn convTransposeKernel(int64_t S, const char* name) {
  return [=](Args& a) {
    // (input, weight, bias, stride, padding, output_padding, groups, dilation)
    auto [input, batched] = batchify(tensorArg(a, 0), S, name);
    Tensor r = convolutionRaw(input, tensorArg(a, 1), optTensorArg(a, 2), intListArg(a, 3), intListArg(a, 4),
                              intListArg(a, 7), true, intListArg(a, 5), intArg(a, 6));
    return one(batched ? r : r.squeeze(0));
  };
}

std::vector<IValue> underscoreConvolution(Args& a) {
  // (input, weight, bias, stride, padding, dilation, transposed, output_padding, groups, ...)
  return one(convolutionRaw(tensorArg(a, 0), tensorArg(a, 1), optTensorArg(a, 2), intListArg(a, 3), intListArg(a, 4),
                            intListArg(a, 5), boolArg(a, 6), intListArg(a, 7), intArg(a, 8)));
}

}  // namespace

void registerNNConvKernels() {
  def("aten::conv1d", convKernel(1, "conv1d"));
  def("aten::conv2d", convKernel(2, "conv2d"));
  def("aten::conv1d.padding", convPaddingKernel(1, "conv1d"));
  def("aten::conv2d.padding", convPaddingKernel(2, "conv2d"));
  def("aten::conv3d", convKernel(3, "conv3d"));
  def("aten::conv3d.padding", convPaddingKernel(3, "conv3d"));
  def("aten::conv_transpose1d", convTransposeKernel(1, "conv_transpose1d"));
  def("aten::conv_transpose2d.input", convTransposeKernel(2, "conv_transpose2d"));
  def("aten::conv_transpose3d.input", convTransposeKernel(3, "conv_transpose3d"));
  def("aten::_convolution", underscoreConvolution);
  def("aten::_convolution.deprecated", underscoreConvolution);
  registerNNPoolKernels();
  registerNNVisionKernels();
}

}  // namespace tsjit::reference
