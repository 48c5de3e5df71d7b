// NNConv.cpp — reference kernels of convolutions and pooling (NN family, part 1): conv1d, conv2d
// (also padding="same"/"valid"), conv_transpose2d, _convolution (any rank, transposed or not,
// groups, dilation), max_pool1d/2d, avg_pool2d, adaptive_avg_pool1d/2d/3d, adaptive_max_pool2d.
//
// Invariants: one N-d direct convolution (no im2col, no BLAS): every output is the bias plus the sum
// over its receptive field, accumulated in double and rounded once to the input dtype. Pools read
// windows in double; max pooling propagates NaN and reports the first maximal position. Unbatched
// inputs ([C, *spatial]) are handled as a batch of one. Errors use PyTorch 1.13's messages.
#include <cmath>
#include <limits>

#include "jit/tensor/Iterate.h"
#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

// A per-spatial-dim parameter given as one value or one per dim.
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

// input [N, C, *spatial], weight [Cout, Cin/g, *k] (transposed: [Cin, Cout/g, *k]).
Tensor convolution(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, const ConvParams& p) {
  const int64_t k = input.dim();
  const std::vector<int64_t>& ws = weight.sizes();
  const int64_t groups = p.groups;
  for (size_t i = 0; i < p.padL.size(); ++i)
    if (p.padL[i] < 0 || p.padR[i] < 0) throw RuntimeError("negative padding is not supported");
  for (int64_t o : p.outputPadding)
    if (o < 0) throw RuntimeError("negative output_padding is not supported");
  for (int64_t s : p.stride)
    if (s <= 0) throw RuntimeError("non-positive stride is not supported");
  if (weight.dim() != k)
    throw RuntimeError(str("Expected ", weight.dim(), "-dimensional input for ", weight.dim(), "-dimensional weight ",
                           formatInts(ws), ", but got ", k, "-dimensional input of size ", formatInts(input.sizes()),
                           " instead"));
  if (groups <= 0) throw RuntimeError("non-positive groups is not supported");
  if (ws[0] < groups)
    throw RuntimeError(str("Given groups=", groups, ", expected weight to be at least ", groups,
                           " at dimension 0, but got weight of size ", formatInts(ws), " instead"));
  if (ws[0] % groups != 0)
    throw RuntimeError(str("Given groups=", groups, ", expected weight to be divisible by ", groups,
                           " at dimension 0, but got weight of size [", formatInts(ws), "] instead"));
  const size_t S = static_cast<size_t>(k - 2);
  std::vector<int64_t> kernel(ws.begin() + 2, ws.end());
  int64_t cin = input.size(1), cout;
  if (!p.transposed) {
    if (cin != ws[1] * groups)
      throw RuntimeError(str("Given groups=", groups, ", weight of size ", formatInts(ws), ", expected input",
                             formatInts(input.sizes()), " to have ", ws[1] * groups, " channels, but got ", cin,
                             " channels instead"));
    cout = ws[0];
    if (bias && !(bias->dim() == 1 && bias->size(0) == cout))
      throw RuntimeError(str("Given weight of size ", formatInts(ws), ", expected bias to be 1-dimensional with ",
                             cout, " elements, but got bias of size ", formatInts(bias->sizes()), " instead"));
    bool fits = true;
    std::string inS, kS;
    for (size_t d = 0; d < S; ++d) {
      const int64_t padded = input.size(static_cast<int64_t>(d) + 2) + p.padL[d] + p.padR[d];
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
                             formatInts(input.sizes()), " to have ", ws[0], " channels, but got ", cin,
                             " channels instead"));
    cout = ws[1] * groups;
    if (bias && !(bias->dim() == 1 && bias->size(0) == cout))
      throw RuntimeError(str("Given transposed=1, weight of size ", formatInts(ws),
                             ", expected bias to be 1-dimensional with ", cout, " elements, but got bias of size ",
                             formatInts(bias->sizes()), " instead"));
  }
  if (weight.dtype() != input.dtype())
    throw RuntimeError(str("expected scalar type ", input.dtype(), " but found ", weight.dtype()));

  const int64_t N = input.size(0);
  std::vector<int64_t> inSp(input.sizes().begin() + 2, input.sizes().end()), outSp(S);
  for (size_t d = 0; d < S; ++d) {
    if (!p.transposed)
      outSp[d] = (inSp[d] + p.padL[d] + p.padR[d] - p.dilation[d] * (kernel[d] - 1) - 1) / p.stride[d] + 1;
    else
      outSp[d] = (inSp[d] - 1) * p.stride[d] - p.padL[d] - p.padR[d] + p.dilation[d] * (kernel[d] - 1) +
                 p.outputPadding[d] + 1;
  }
  const std::vector<double> x = input.toDoubles(), w = weight.toDoubles();
  const int64_t inPlane = product(inSp), outPlane = product(outSp), kPlane = product(kernel);
  std::vector<double> out(static_cast<size_t>(N * cout * outPlane), 0.0);
  const std::vector<double> b = bias ? bias->toDoubles() : std::vector<double>(static_cast<size_t>(cout), 0.0);
  std::vector<int64_t> pos(S);
  if (!p.transposed) {
    const int64_t cinG = cin / groups, coutG = cout / groups;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < cout; ++oc) {
        const int64_t g = oc / coutG;
        forEachIndex(outSp, [&](const int64_t* o) {
          double acc = b[static_cast<size_t>(oc)];
          for (int64_t ic = 0; ic < cinG; ++ic) {
            const int64_t c = g * cinG + ic;
            forEachIndex(kernel, [&](const int64_t* kk) {
              for (size_t d = 0; d < S; ++d) {
                pos[d] = o[d] * p.stride[d] - p.padL[d] + kk[d] * p.dilation[d];
                if (pos[d] < 0 || pos[d] >= inSp[d]) return;
              }
              acc += x[static_cast<size_t>((n * cin + c) * inPlane + ravel(pos, inSp))] *
                     w[static_cast<size_t>((oc * cinG + ic) * kPlane + ravel(kk, kernel))];
            });
          }
          out[static_cast<size_t>((n * cout + oc) * outPlane + ravel(o, outSp))] = acc;
        });
      }
  } else {
    const int64_t cinG = cin / groups, coutG = cout / groups;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < cout; ++oc)
        for (int64_t i = 0; i < outPlane; ++i) out[static_cast<size_t>((n * cout + oc) * outPlane + i)] = b[static_cast<size_t>(oc)];
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < cin; ++c) {
        const int64_t g = c / cinG;
        forEachIndex(inSp, [&](const int64_t* in) {
          const double xv = x[static_cast<size_t>((n * cin + c) * inPlane + ravel(in, inSp))];
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
  }
  std::vector<int64_t> outSizes{N, cout};
  outSizes.insert(outSizes.end(), outSp.begin(), outSp.end());
  return Tensor::fromDoubles(out, outSizes, input.dtype());
}

// conv1d / conv2d / conv_transpose2d: accept an unbatched input and return an unbatched result.
Tensor batchedConv(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, ConvParams p,
                   size_t S, const char* name) {
  const int64_t noBatch = static_cast<int64_t>(S) + 1;
  if (input.dim() != noBatch && input.dim() != noBatch + 1)
    throw RuntimeError(str("Expected ", noBatch, "D (unbatched) or ", noBatch + 1, "D (batched) input to ", name,
                           ", but got input of size: ", formatInts(input.sizes())));
  const bool batched = input.dim() == noBatch + 1;
  Tensor r = convolution(batched ? input : input.unsqueeze(0), weight, bias, p);
  return batched ? r : r.squeeze(0);
}

ConvParams convParams(const Args& a, size_t S, size_t strideAt, size_t padAt, size_t dilAt, size_t groupsAt) {
  ConvParams p;
  p.stride = expandParam(intListArg(a, strideAt, S), S, "stride");
  p.padL = p.padR = expandParam(intListArg(a, padAt, S), S, "padding");
  p.dilation = expandParam(intListArg(a, dilAt, S), S, "dilation");
  p.outputPadding.assign(S, 0);
  p.groups = intArg(a, groupsAt);
  return p;
}

KernelFn convKernel(size_t S, const char* name) {
  return [=](Args& a) {
    ConvParams p = convParams(a, S, 3, 4, 5, 6);
    return one(batchedConv(tensorArg(a, 0), tensorArg(a, 1), optTensorArg(a, 2), p, S, name));
  };
}

// conv{1,2}d.padding: padding="valid" or "same" (same: total d*(k-1), the odd extra on the right).
KernelFn convPaddingKernel(size_t S, const char* name) {
  return [=](Args& a) {
    ConvParams p;
    p.stride = expandParam(intListArg(a, 3, S), S, "stride");
    p.dilation = expandParam(intListArg(a, 5, S), S, "dilation");
    p.outputPadding.assign(S, 0);
    p.groups = intArg(a, 6);
    p.padL.assign(S, 0);
    p.padR.assign(S, 0);
    const std::string mode = strArg(a, 4);
    Tensor weight = tensorArg(a, 1);
    if (mode == "same") {
      for (int64_t s : p.stride)
        if (s != 1) throw RuntimeError("padding='same' is not supported for strided convolutions");
      for (size_t d = 0; d < S; ++d) {
        const int64_t total = p.dilation[d] * (weight.size(static_cast<int64_t>(d) + 2) - 1);
        p.padL[d] = total / 2;
        p.padR[d] = total - total / 2;
      }
    } else if (mode != "valid") {
      throw RuntimeError(str("Invalid padding string: '", mode, "'"));
    }
    return one(batchedConv(tensorArg(a, 0), weight, optTensorArg(a, 2), p, S, name));
  };
}

std::vector<IValue> convTranspose2d(Args& a) {
  // (input, weight, bias, stride, padding, output_padding, groups, dilation)
  ConvParams p;
  p.stride = expandParam(intListArg(a, 3, 2), 2, "stride");
  p.padL = p.padR = expandParam(intListArg(a, 4, 2), 2, "padding");
  p.outputPadding = expandParam(intListArg(a, 5, 2), 2, "output_padding");
  p.groups = intArg(a, 6);
  p.dilation = expandParam(intListArg(a, 7, 2), 2, "dilation");
  p.transposed = true;
  return one(batchedConv(tensorArg(a, 0), tensorArg(a, 1), optTensorArg(a, 2), p, 2, "conv_transpose2d"));
}

std::vector<IValue> convolutionRaw(Args& a) {
  // (input, weight, bias, stride, padding, dilation, transposed, output_padding, groups, ...)
  Tensor input = tensorArg(a, 0), weight = tensorArg(a, 1);
  // PyTorch checks the weight's rank and groups before expanding the per-dim parameters; the
  // input's rank is then checked against the weight's in convolution().
  if (weight.dim() < 3) throw RuntimeError("weight should have at least three dimensions");
  if (intArg(a, 8) <= 0) throw RuntimeError("non-positive groups is not supported");
  const size_t S = static_cast<size_t>(weight.dim() - 2);
  ConvParams p;
  p.stride = expandParam(intListArg(a, 3, S), S, "stride");
  p.padL = p.padR = expandParam(intListArg(a, 4, S), S, "padding");
  p.dilation = expandParam(intListArg(a, 5, S), S, "dilation");
  p.transposed = boolArg(a, 6);
  p.outputPadding = expandParam(intListArg(a, 7, S), S, "output_padding");
  p.groups = intArg(a, 8);
  return one(convolution(input, weight, optTensorArg(a, 2), p));
}

// ---- pooling --------------------------------------------------------------------------------------

int64_t poolOutputSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil) {
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

struct PoolParams {
  std::vector<int64_t> kernel, stride, pad, dilation;
  bool ceil = false;
};

// Max pooling over the trailing S dims of x (any leading dims are planes); optional indices are
// flat positions inside each input plane.
std::pair<Tensor, Tensor> maxPool(const Tensor& x, const PoolParams& p, size_t S) {
  std::vector<int64_t> lead(x.sizes().begin(), x.sizes().end() - static_cast<int64_t>(S));
  std::vector<int64_t> inSp(x.sizes().end() - static_cast<int64_t>(S), x.sizes().end()), outSp(S);
  for (size_t d = 0; d < S; ++d)
    outSp[d] = poolOutputSize(inSp[d], p.kernel[d], p.pad[d], p.stride[d], p.dilation[d], p.ceil);
  const std::vector<double> v = x.toDoubles();
  const int64_t planes = product(lead), inPlane = product(inSp);
  std::vector<double> out;
  std::vector<int64_t> idxOut;
  std::vector<int64_t> pos(S);
  for (int64_t pl = 0; pl < planes; ++pl)
    forEachIndex(outSp, [&](const int64_t* o) {
      double best = -std::numeric_limits<double>::infinity();
      int64_t bestAt = -1;
      forEachIndex(p.kernel, [&](const int64_t* kk) {
        for (size_t d = 0; d < S; ++d) {
          pos[d] = o[d] * p.stride[d] - p.pad[d] + kk[d] * p.dilation[d];
          if (pos[d] < 0 || pos[d] >= inSp[d]) return;
        }
        const int64_t at = ravel(pos, inSp);
        const double val = v[static_cast<size_t>(pl * inPlane + at)];
        if (bestAt < 0 || val > best || (std::isnan(val) && !std::isnan(best))) {
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

void checkPoolShape(const Tensor& x, const PoolParams& p, size_t S) {
  for (size_t d = 0; d < S; ++d) {
    if (p.kernel[d] <= 0)
      throw RuntimeError(str("kernel size should be greater than zero, but got kH: ", p.kernel[0], " kW: ",
                             p.kernel[S - 1]));
    if (p.stride[d] <= 0)
      throw RuntimeError(str("stride should be greater than zero, but got dH: ", p.stride[0], " dW: ",
                             p.stride[S - 1]));
    if (p.pad[d] > p.kernel[d] / 2)
      throw RuntimeError(str("pad should be smaller than or equal to half of kernel size, but got padW = ",
                             p.pad[S - 1], ", padH = ", p.pad[0], ", kW = ", p.kernel[S - 1], ", kH = ",
                             p.kernel[0]));
  }
  std::vector<int64_t> outSp;
  bool tooSmall = false;
  for (size_t d = 0; d < S; ++d) {
    outSp.push_back(poolOutputSize(x.size(static_cast<int64_t>(x.dim() - S + d)), p.kernel[d], p.pad[d],
                                   p.stride[d], p.dilation[d], p.ceil));
    if (outSp.back() < 1) tooSmall = true;
  }
  if (tooSmall && S == 2) {
    const int64_t planes = x.size(-3);
    throw RuntimeError(str("Given input size: (", planes, "x", x.size(-2), "x", x.size(-1),
                           "). Calculated output size: (", planes, "x", outSp[0], "x", outSp[1],
                           "). Output size is too small"));
  }
}

PoolParams poolParams(const Args& a, size_t S, bool withDilation, const char* name) {
  PoolParams p;
  p.kernel = intListArg(a, 1, S);
  std::vector<int64_t> stride = a.at(2).isNone() ? std::vector<int64_t>{} : intListArg(a, 2, S);
  if (p.kernel.size() != 1 && p.kernel.size() != S)
    throw RuntimeError(str(name, ": kernel_size must either be a single int, or a tuple of ", S == 2 ? "two" : "three",
                           " ints"));
  p.kernel = expandParam(p.kernel, S, "kernel_size");
  p.stride = stride.empty() ? p.kernel : expandParam(stride, S, "stride");
  p.pad = expandParam(intListArg(a, 3, S), S, "padding");
  p.dilation = withDilation ? expandParam(intListArg(a, 4, S), S, "dilation") : std::vector<int64_t>(S, 1);
  return p;
}

std::vector<IValue> maxPool2d(Args& a) {
  Tensor x = tensorArg(a, 0);
  PoolParams p = poolParams(a, 2, true, "max_pool2d");
  p.ceil = boolArg(a, 5);
  if (x.dim() != 3 && x.dim() != 4) throw RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input");
  for (int64_t d : p.dilation)
    if (d <= 0)
      throw RuntimeError(str("dilation should be greater than zero, but got dilationH: ", p.dilation[0],
                             " dilationW: ", p.dilation[1]));
  checkPoolShape(x, p, 2);
  return one(maxPool(x, p, 2).first);
}

std::vector<IValue> maxPool1d(Args& a) {
  Tensor x = tensorArg(a, 0);
  if (x.dim() != 2 && x.dim() != 3)
    throw RuntimeError(str("max_pool1d() Expected 2D or 3D input tensor, but got ", formatInts(x.sizes())));
  PoolParams p;
  p.kernel = intListArg(a, 1);
  std::vector<int64_t> stride = a.at(2).isNone() ? std::vector<int64_t>{} : intListArg(a, 2);
  p.pad = intListArg(a, 3);
  p.dilation = intListArg(a, 4);
  p.ceil = boolArg(a, 5);
  if (p.kernel.size() != 1)
    throw RuntimeError(str("max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size ",
                           p.kernel.size()));
  p.stride = stride.empty() ? p.kernel : stride;
  if (p.kernel[0] <= 0)
    throw RuntimeError(str("max_pool1d() kernel_size must be greater than zero, but got ", p.kernel[0]));
  if (p.stride[0] <= 0) throw RuntimeError(str("max_pool1d() stride must be greater than zero, but got ", p.stride[0]));
  if (p.pad[0] < 0) throw RuntimeError(str("max_pool1d() padding must be non-negative, but got ", p.pad[0]));
  if (p.pad[0] > p.kernel[0] / 2)
    throw RuntimeError(str("max_pool1d() padding should be at most half of kernel size, but got padding=", p.pad[0],
                           " and kernel_size=", p.kernel[0]));
  if (p.dilation[0] <= 0)
    throw RuntimeError(str("max_pool1d() dilation must be greater than zero, but got ", p.dilation[0]));
  const int64_t ow = poolOutputSize(x.size(-1), p.kernel[0], p.pad[0], p.stride[0], p.dilation[0], p.ceil);
  if (ow < 0) throw RuntimeError(str("max_pool1d() Invalid computed output size: ", ow));
  return one(maxPool(x, p, 1).first);
}

std::vector<IValue> avgPool2d(Args& a) {
  Tensor x = tensorArg(a, 0);
  PoolParams p = poolParams(a, 2, false, "avg_pool2d");
  p.ceil = boolArg(a, 4);
  const bool countIncludePad = boolArg(a, 5);
  const std::optional<int64_t> divisor = optIntArg(a, 6);
  if (divisor && *divisor == 0) throw RuntimeError("divisor must be not zero");
  if (x.dim() != 3 && x.dim() != 4) throw RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input");
  checkPoolShape(x, p, 2);
  const int64_t H = x.size(-2), W = x.size(-1);
  const int64_t OH = poolOutputSize(H, p.kernel[0], p.pad[0], p.stride[0], 1, p.ceil);
  const int64_t OW = poolOutputSize(W, p.kernel[1], p.pad[1], p.stride[1], 1, p.ceil);
  const std::vector<double> v = x.toDoubles();
  const int64_t planes = x.numel() / (H * W);
  std::vector<double> out;
  for (int64_t pl = 0; pl < planes; ++pl)
    for (int64_t oh = 0; oh < OH; ++oh)
      for (int64_t ow = 0; ow < OW; ++ow) {
        int64_t h0 = oh * p.stride[0] - p.pad[0], w0 = ow * p.stride[1] - p.pad[1];
        int64_t h1 = std::min(h0 + p.kernel[0], H + p.pad[0]), w1 = std::min(w0 + p.kernel[1], W + p.pad[1]);
        const int64_t poolSize = (h1 - h0) * (w1 - w0);
        h0 = std::max<int64_t>(h0, 0);
        w0 = std::max<int64_t>(w0, 0);
        h1 = std::min(h1, H);
        w1 = std::min(w1, W);
        double sum = 0;
        for (int64_t h = h0; h < h1; ++h)
          for (int64_t w = w0; w < w1; ++w) sum += v[static_cast<size_t>((pl * H + h) * W + w)];
        const int64_t div = divisor ? *divisor : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
        out.push_back(sum / static_cast<double>(div));
      }
  std::vector<int64_t> outSizes(x.sizes().begin(), x.sizes().end() - 2);
  outSizes.push_back(OH);
  outSizes.push_back(OW);
  return one(Tensor::fromDoubles(out, outSizes, x.dtype()));
}

// Adaptive pooling over the trailing S dims: window [floor(o*in/out), ceil((o+1)*in/out)).
std::pair<Tensor, Tensor> adaptivePool(const Tensor& x, const std::vector<int64_t>& outSp, bool isMax) {
  const size_t S = outSp.size();
  std::vector<int64_t> lead(x.sizes().begin(), x.sizes().end() - static_cast<int64_t>(S));
  std::vector<int64_t> inSp(x.sizes().end() - static_cast<int64_t>(S), x.sizes().end());
  const std::vector<double> v = x.toDoubles();
  const int64_t planes = product(lead), inPlane = product(inSp);
  std::vector<double> out;
  std::vector<int64_t> idxOut;
  std::vector<int64_t> start(S), len(S), pos(S);
  for (int64_t pl = 0; pl < planes; ++pl)
    forEachIndex(outSp, [&](const int64_t* o) {
      for (size_t d = 0; d < S; ++d) {
        start[d] = (o[d] * inSp[d]) / outSp[d];
        const int64_t end = ((o[d] + 1) * inSp[d] + outSp[d] - 1) / outSp[d];
        len[d] = end - start[d];
      }
      double acc = isMax ? -std::numeric_limits<double>::infinity() : 0.0;
      int64_t bestAt = -1, count = 0;
      forEachIndex(len, [&](const int64_t* kk) {
        for (size_t d = 0; d < S; ++d) pos[d] = start[d] + kk[d];
        const int64_t at = ravel(pos, inSp);
        const double val = v[static_cast<size_t>(pl * inPlane + at)];
        ++count;
        if (!isMax) {
          acc += val;
        } else if (bestAt < 0 || val > acc || (std::isnan(val) && !std::isnan(acc))) {
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

void checkAdaptiveInput(const Tensor& x, size_t S, const char* name) {
  const int64_t lo = static_cast<int64_t>(S) + 1;
  if (x.dim() != lo && x.dim() != lo + 1)
    throw RuntimeError(str(name, "(): Expected ", lo, "D or ", lo + 1, "D tensor, but got ", formatInts(x.sizes())));
  for (int64_t d = x.dim() - static_cast<int64_t>(S); d < x.dim(); ++d)
    if (x.size(d) <= 0)
      throw RuntimeError(str(name, "(): Expected input to have non-zero size for non-batch dimensions, but input has "
                                   "sizes ", formatInts(x.sizes()), " with dimension ", d, " being empty"));
}

KernelFn adaptiveAvgKernel(size_t S, const char* name) {
  return [=](Args& a) {
    Tensor x = tensorArg(a, 0);
    std::vector<int64_t> os = intListArg(a, 1, S);
    if (os.size() != S) throw RuntimeError(str(name, ": output_size must be ", S));
    checkAdaptiveInput(x, S, name);
    return one(adaptivePool(x, os, false).first);
  };
}

std::vector<IValue> adaptiveAvgPool1d(Args& a) {
  Tensor x = tensorArg(a, 0);
  std::vector<int64_t> os = intListArg(a, 1);
  if (x.dim() < 2 || x.dim() > 3)
    throw RuntimeError(str("Expected 2 to 3 dimensions, but got ", x.dim(),
                           "-dimensional tensor for argument #1 'self' (while checking arguments for "
                           "adaptive_avg_pool1d)"));
  if (os.size() != 1)
    throw RuntimeError(str("adaptive_avg_pool1d() argument 'output_size' should contain one int (got ", os.size(), ")"));
  checkAdaptiveInput(x.unsqueeze(-2), 2, "adaptive_avg_pool2d");
  return one(adaptivePool(x, os, false).first);
}

std::vector<IValue> adaptiveMaxPool2d(Args& a) {
  Tensor x = tensorArg(a, 0);
  std::vector<int64_t> os = intListArg(a, 1, 2);
  if (os.size() != 2) throw RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must be 2");
  if (x.dim() != 3 && x.dim() != 4)
    throw RuntimeError(str("adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: ", formatInts(x.sizes())));
  auto r = adaptivePool(x, os, true);
  std::vector<IValue> out;
  out.emplace_back(r.first);
  out.emplace_back(r.second);
  return out;
}

}  // namespace

void registerNNConvKernels() {
  def("aten::conv1d", convKernel(1, "conv1d"));
  def("aten::conv2d", convKernel(2, "conv2d"));
  def("aten::conv1d.padding", convPaddingKernel(1, "conv1d"));
  def("aten::conv2d.padding", convPaddingKernel(2, "conv2d"));
  def("aten::conv_transpose2d.input", convTranspose2d);
  def("aten::_convolution", convolutionRaw);
  def("aten::_convolution.deprecated", convolutionRaw);
  def("aten::max_pool1d", maxPool1d);
  def("aten::max_pool2d", maxPool2d);
  def("aten::avg_pool2d", avgPool2d);
  def("aten::adaptive_avg_pool1d", adaptiveAvgPool1d);
  def("aten::adaptive_avg_pool2d", adaptiveAvgKernel(2, "adaptive_avg_pool2d"));
  def("aten::adaptive_avg_pool3d", adaptiveAvgKernel(3, "adaptive_avg_pool3d"));
  def("aten::adaptive_max_pool2d", adaptiveMaxPool2d);
}

}  // namespace tsjit::reference
