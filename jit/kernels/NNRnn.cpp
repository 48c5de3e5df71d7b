// NNRnn.cpp — optimized kernels of the NN family, part 6: recurrent ops. The cells gru_cell,
// rnn_tanh_cell and rnn_relu_cell (lstm_cell lives in NNNorm.cpp) and the whole-sequence
// lstm / gru / rnn_tanh / rnn_relu, both overloads (`.input`: a padded [T, B, I] sequence,
// `.data`: a packed sequence's data and batch_sizes).
//
// Semantics (PyTorch 1.13 RNN.cpp, CPU): a layer projects its whole input at once
// (linear(input, w_ih, b_ih)), then steps the cell: gates = linear(h, w_hh, b_hh) + projected
// input; LSTM i, f, g, o = sigmoid, sigmoid, tanh, sigmoid of the four chunks, c' = f * c + i * g,
// h' = o * tanh(c') (then h' @ w_hr^T with projections); GRU r, z = sigmoid(hg + ig) of the first two
// chunks, n = tanh(ig_n + hg_n * r), h' = (h - n) * z + n; RNN h' = tanh / relu(hg + ig). Layers
// stack (dropout between them only when train and p != 0), a bidirectional layer runs a reversed
// pass with its own parameters and concatenates both on the last dim. batch_first transposes the
// input and returns the output as a transposed view (1.13's strides). The error checks and their
// order are 1.13's (hidden-state count, parameter count, bidirectional pairing, stacked sizes,
// empty sequence); anything else (shapes, dtypes) fails inside the ops it composes, with their messages.
//
// Invariants: a step whose operands are all float or all double, 2-D and of consistent sizes runs
// one gemm plus one fused loop (fp-contract off: products and sums round as written); any other
// step is composed from the op kernels in ATen's order, so it raises what 1.13 raises.
#include <algorithm>
#include <cmath>

#include "jit/kernels/Families.h"
#include "jit/kernels/LinalgGemm.h"

#pragma GCC optimize("fp-contract=off")

namespace tsjit::kernels {

namespace {
using namespace sk;

enum class CellKind { Lstm, Gru, Tanh, Relu };

int64_t gateCount(CellKind k) { return k == CellKind::Lstm ? 4 : k == CellKind::Gru ? 3 : 1; }

struct CellParams {
  Tensor wIh, wHh, bIh, bHh, wHr;  // undefined: absent
};

struct Hidden {
  Tensor h, c;  // c: LSTM only
};

IValue opt(const Tensor& t) { return t.defined() ? IValue(t) : IValue(); }
Tensor callT(std::string_view op, std::vector<IValue> args) { return runKernel(op, std::move(args)).toTensor(); }
Tensor linearOf(const Tensor& x, const Tensor& w, const Tensor& b) { return callT("aten::linear", {x, w, opt(b)}); }

std::vector<Tensor> chunksOf(const Tensor& t, int64_t n, const char* what) {
  std::vector<Tensor> parts = tensorList(runKernel("aten::unsafe_chunk", {t, IValue(n), IValue(int64_t{1})}));
  if (static_cast<int64_t>(parts.size()) < n)  // PyTorch indexes the chunks unchecked (undefined behaviour)
    throw RuntimeError(str(what, ": gates of size ", t.size(1), " in dim 1 do not split into ", n, " chunks"));
  return parts;
}

// One step composed from the op kernels, in ATen's order. `x` is the input, or its projection
// linear(x, w_ih, b_ih) when `pre`.
Hidden composedStep(CellKind kind, const Tensor& x, const Hidden& hx, const CellParams& p, bool pre) {
  const IValue one(int64_t{1});
  switch (kind) {
    case CellKind::Lstm: {
      Tensor gates = linearOf(hx.h, p.wHh, p.bHh);
      runKernel("aten::add_.Tensor", {gates, pre ? x : linearOf(x, p.wIh, p.bIh), one});
      std::vector<Tensor> ch = chunksOf(gates, 4, "lstm");
      Tensor i = callT("aten::sigmoid_", {ch[0]}), f = callT("aten::sigmoid_", {ch[1]});
      Tensor g = callT("aten::tanh_", {ch[2]}), o = callT("aten::sigmoid_", {ch[3]});
      Tensor cy = callT("aten::mul.Tensor", {f, hx.c});
      runKernel("aten::add_.Tensor", {cy, callT("aten::mul.Tensor", {i, g}), one});
      Tensor hy = callT("aten::mul.Tensor", {o, callT("aten::tanh", {cy})});
      if (p.wHr.defined()) hy = callT("aten::matmul", {hy, callT("aten::t", {p.wHr})});
      return {hy, cy};
    }
    case CellKind::Gru: {
      std::vector<Tensor> ig = chunksOf(pre ? x : linearOf(x, p.wIh, p.bIh), 3, "gru");
      std::vector<Tensor> hg = chunksOf(linearOf(hx.h, p.wHh, p.bHh), 3, "gru");
      Tensor r = callT("aten::sigmoid_", {callT("aten::add_.Tensor", {hg[0], ig[0], one})});
      Tensor z = callT("aten::sigmoid_", {callT("aten::add_.Tensor", {hg[1], ig[1], one})});
      Tensor n = callT("aten::tanh_", {callT("aten::add.Tensor", {ig[2], callT("aten::mul_.Tensor", {hg[2], r}), one})});
      Tensor d = callT("aten::mul_.Tensor", {callT("aten::sub.Tensor", {hx.h, n, one}), z});
      return {callT("aten::add_.Tensor", {d, n, one}), Tensor()};
    }
    case CellKind::Tanh:
    case CellKind::Relu: {
      Tensor y = linearOf(hx.h, p.wHh, p.bHh);
      runKernel("aten::add_.Tensor", {y, pre ? x : linearOf(x, p.wIh, p.bIh), one});
      return {callT(kind == CellKind::Tanh ? "aten::tanh" : "aten::relu", {y}), Tensor()};
    }
  }
  return {};
}

// Whether a step with the projected input `xw` takes the fused path: one floating dtype
// throughout, 2-D operands of matching sizes, biases 1-D.
bool fusable(CellKind kind, const Tensor& xw, const Hidden& hx, const CellParams& p) {
  const ScalarType dt = xw.dtype();
  if (dt != ScalarType::Float && dt != ScalarType::Double) return false;
  const int64_t G = gateCount(kind);
  auto is2d = [&](const Tensor& t, int64_t r, int64_t c) {
    return t.defined() && t.dtype() == dt && t.dim() == 2 && t.size(0) == r && t.size(1) == c && t.device().isCpu();
  };
  if (p.wHh.dim() != 2 || p.wHh.size(0) % G != 0) return false;
  const int64_t H = p.wHh.size(0) / G, Hout = p.wHh.size(1), B = xw.defined() && xw.dim() == 2 ? xw.size(0) : -1;
  if (H < 1 || B < 1 || !is2d(xw, B, G * H) || !is2d(p.wHh, G * H, Hout) || !is2d(hx.h, B, Hout)) return false;
  if (p.bHh.defined() && !(p.bHh.dtype() == dt && p.bHh.dim() == 1 && p.bHh.size(0) == G * H)) return false;
  if (kind != CellKind::Lstm) return Hout == H;
  if (!is2d(hx.c, B, H)) return false;
  return p.wHr.defined() ? is2d(p.wHr, Hout, H) : Hout == H;
}

template <typename T>
T sigmoidOf(T v) {
  return T(1) / (T(1) + std::exp(-v));
}

// The fused step: gates = b_hh + h @ w_hh^T (one gemm into a buffer pre-filled with the bias), then
// each element's gate math in T, as the ops round it.
template <typename T>
Hidden fusedStep(CellKind kind, const Tensor& xw, const Hidden& hx, const CellParams& p) {
  const int64_t G = gateCount(kind), H = p.wHh.size(0) / G, B = xw.size(0), GH = G * H;
  const ScalarType dt = xw.dtype();
  Tensor gates = Tensor::empty({B, GH}, dt);
  T* g = static_cast<T*>(gates.data());
  const bool bias = p.bHh.defined();
  if (bias) {
    const std::vector<T> b = toVector<T>(p.bHh);
    for (int64_t r = 0; r < B; ++r) std::copy(b.begin(), b.end(), g + r * GH);
  }
  gemm::gemm<T>(gemm::matOf<T>(hx.h), gemm::matOf<T>(p.wHh.t()), T(1), bias ? T(1) : T(0), g, GH);
  const Tensor xc = xw.contiguous();
  const T* x = static_cast<const T*>(xc.data());
  Tensor hOut = Tensor::empty({B, H}, dt);
  T* ho = static_cast<T*>(hOut.data());
  switch (kind) {
    case CellKind::Lstm: {
      const Tensor cc = hx.c.contiguous();
      const T* c = static_cast<const T*>(cc.data());
      Tensor cOut = Tensor::empty({B, H}, dt);
      T* co = static_cast<T*>(cOut.data());
      for (int64_t r = 0; r < B; ++r) {
        const T* gr = g + r * GH;
        const T* xr = x + r * GH;
        for (int64_t j = 0; j < H; ++j) {
          const T ig = sigmoidOf<T>(gr[j] + xr[j]), fg = sigmoidOf<T>(gr[H + j] + xr[H + j]);
          const T cg = std::tanh(gr[2 * H + j] + xr[2 * H + j]), og = sigmoidOf<T>(gr[3 * H + j] + xr[3 * H + j]);
          const T keep = fg * c[r * H + j], add = ig * cg;
          const T cn = keep + add;
          co[r * H + j] = cn;
          ho[r * H + j] = og * std::tanh(cn);
        }
      }
      if (!p.wHr.defined()) return {hOut, cOut};
      const int64_t Hout = p.wHr.size(0);
      Tensor proj = Tensor::empty({B, Hout}, dt);
      gemm::gemm<T>(gemm::matOf<T>(hOut), gemm::matOf<T>(p.wHr.t()), T(1), T(0), static_cast<T*>(proj.data()), Hout);
      return {proj, cOut};
    }
    case CellKind::Gru: {
      const Tensor hc = hx.h.contiguous();
      const T* h = static_cast<const T*>(hc.data());
      for (int64_t r = 0; r < B; ++r) {
        const T* gr = g + r * GH;
        const T* xr = x + r * GH;
        for (int64_t j = 0; j < H; ++j) {
          const T rg = sigmoidOf<T>(gr[j] + xr[j]), zg = sigmoidOf<T>(gr[H + j] + xr[H + j]);
          const T scaled = gr[2 * H + j] * rg;
          const T ng = std::tanh(xr[2 * H + j] + scaled);
          const T d = (h[r * H + j] - ng) * zg;
          ho[r * H + j] = d + ng;
        }
      }
      return {hOut, Tensor()};
    }
    case CellKind::Tanh:
    case CellKind::Relu: {
      const bool relu = kind == CellKind::Relu;
      for (int64_t i = 0; i < B * H; ++i) {
        const T y = g[i] + x[i];
        ho[i] = relu ? (y < T(0) ? T(0) : y) : std::tanh(y);
      }
      return {hOut, Tensor()};
    }
  }
  return {};
}

// One step on a projected input (1.13's pre_compute_input).
Hidden step(CellKind kind, const Tensor& xw, const Hidden& hx, const CellParams& p) {
  if (!fusable(kind, xw, hx, p)) return composedStep(kind, xw, hx, p, true);
  if (xw.dtype() == ScalarType::Double) return fusedStep<double>(kind, xw, hx, p);
  return fusedStep<float>(kind, xw, hx, p);
}

// ---- the cell ops ----------------------------------------------------------------------------------

// gru_cell / rnn_tanh_cell / rnn_relu_cell: 1.13's checks (w_ih.size(1) against input.size(1); batch
// and hidden size of hx, labelled "hidden0"), then the cell.
Tensor cellOp(CellKind kind, IValue* a) {
  const Tensor input = a[0].toTensor(), hx = a[1].toTensor();
  const CellParams p{a[2].toTensor(), a[3].toTensor(), optTensor(a[4]), optTensor(a[5]), Tensor()};
  const int64_t inputSize = p.wIh.size(1);
  if (input.size(1) != inputSize)
    throw RuntimeError(str("input has inconsistent input_size: got ", input.size(1), " expected ", inputSize));
  const int64_t hiddenSize = p.wHh.size(1);
  if (input.size(0) != hx.size(0))
    throw RuntimeError(str("Input batch size ", input.size(0), " doesn't match hidden0 batch size ", hx.size(0)));
  if (hx.size(1) != hiddenSize)
    throw RuntimeError(str("hidden0 has inconsistent hidden_size: got ", hx.size(1), ", expected ", hiddenSize));
  const Hidden h{hx, Tensor()};
  const ScalarType dt = input.dtype();
  const bool plain = (dt == ScalarType::Float || dt == ScalarType::Double) && input.dim() == 2 &&
                     p.wIh.dtype() == dt && p.wIh.dim() == 2 && p.wIh.size(0) == p.wHh.size(0) &&
                     (!p.bIh.defined() || (p.bIh.dtype() == dt && p.bIh.dim() == 1 && p.bIh.size(0) == p.wIh.size(0)));
  if (plain) {
    const Tensor xw = linearOf(input, p.wIh, p.bIh);
    if (fusable(kind, xw, h, p)) return step(kind, xw, h, p).h;
  }
  return composedStep(kind, input, h, p, false).h;
}

// ---- the whole-sequence ops ----------------------------------------------------------------------------

// The layers' parameters: groups of (w_ih, w_hh[, b_ih, b_hh][, w_hr]).
std::vector<CellParams> gatherParams(const std::vector<Tensor>& params, bool hasBiases, bool hasProjections) {
  const size_t stride = (hasBiases ? 4 : 2) + (hasProjections ? 1 : 0);
  if (params.size() % stride != 0) throw RuntimeError("got an incorrect number of RNN parameters");
  std::vector<CellParams> out;
  for (size_t i = 0; i < params.size(); i += stride) {
    CellParams p{params[i], params[i + 1], Tensor(), Tensor(), Tensor()};
    if (hasBiases) {
      p.bIh = params[i + 2];
      p.bHh = params[i + 3];
    }
    if (hasProjections) p.wHr = params[i + stride - 1];
    out.push_back(p);
  }
  return out;
}

// A sequence source: the padded overload's projected input unbound over time, or the packed
// overload's projected data with its batch sizes.
struct Sequence {
  Tensor data;                     // [T, B, I] (padded) or [sum(batch_sizes), I] (packed)
  std::vector<int64_t> batchSizes;  // packed only
  bool packed = false;
};

Hidden sliceHidden(const Hidden& h, int64_t start, int64_t end) {
  Hidden s{h.h.narrow(0, start, end - start), Tensor()};
  if (h.c.defined()) s.c = h.c.narrow(0, start, end - start);
  return s;
}
Hidden concatHidden(const std::vector<Hidden>& hs) {
  std::vector<Tensor> h, c;
  for (const Hidden& x : hs) {
    h.push_back(x.h);
    if (x.c.defined()) c.push_back(x.c);
  }
  Hidden out{callT("aten::cat", {tensorListValue(h), IValue(int64_t{0})}), Tensor()};
  if (!c.empty()) out.c = callT("aten::cat", {tensorListValue(c), IValue(int64_t{0})});
  return out;
}

struct LayerResult {
  Tensor output;
  Hidden hidden;
};

// One direction of one layer (1.13's FullLayer / ReversedFullLayer on a padded input, PackedLayer /
// ReversedPackedLayer on a packed one).
LayerResult runLayer(CellKind kind, const Sequence& in, Hidden hidden, const CellParams& p, bool reverse) {
  const Tensor xw = linearOf(in.data, p.wIh, p.bIh);
  std::vector<Tensor> outs;
  if (!in.packed) {
    std::vector<Tensor> steps = tensorList(runKernel("aten::unbind.int", {xw, IValue(int64_t{0})}));
    if (reverse) std::reverse(steps.begin(), steps.end());
    for (const Tensor& s : steps) {
      hidden = step(kind, s, hidden, p);
      outs.push_back(hidden.h);
    }
    if (outs.empty()) throw RuntimeError("Expected sequence length to be larger than 0 in RNN");
    if (reverse) std::reverse(outs.begin(), outs.end());
    return {callT("aten::stack", {tensorListValue(outs), IValue(int64_t{0})}), hidden};
  }
  const std::vector<int64_t>& bs = in.batchSizes;
  const int64_t steps = static_cast<int64_t>(bs.size());
  if (!reverse) {
    // Batch sizes decrease: the hidden rows of sequences that ended are set aside as they end.
    std::vector<Hidden> finished;
    int64_t offset = 0, last = bs[0];
    for (int64_t i = 0; i < steps; ++i) {
      const int64_t b = bs[static_cast<size_t>(i)];
      const Tensor x = xw.narrow(0, offset, b);
      offset += b;
      if (last - b > 0) {
        finished.push_back(sliceHidden(hidden, b, last));
        hidden = sliceHidden(hidden, 0, b);
      }
      last = b;
      hidden = step(kind, x, hidden, p);
      outs.push_back(hidden.h);
    }
    finished.push_back(hidden);
    std::reverse(finished.begin(), finished.end());
    return {callT("aten::cat", {tensorListValue(outs), IValue(int64_t{0})}), concatHidden(finished)};
  }
  // Backwards over the packed steps: the hidden grows by the rows of sequences that start there.
  const Hidden initial = hidden;
  int64_t offset = xw.size(0), last = bs[static_cast<size_t>(steps - 1)];
  hidden = sliceHidden(initial, 0, last);
  for (int64_t i = steps - 1; i >= 0; --i) {
    const int64_t b = bs[static_cast<size_t>(i)];
    if (b - last > 0) hidden = concatHidden({hidden, sliceHidden(initial, last, b)});
    const Tensor x = xw.narrow(0, offset - b, b);
    offset -= b;
    last = b;
    hidden = step(kind, x, hidden, p);
    outs.push_back(hidden.h);
  }
  std::reverse(outs.begin(), outs.end());
  return {callT("aten::cat", {tensorListValue(outs), IValue(int64_t{0})}), hidden};
}

struct RnnArgs {
  CellKind kind;
  Sequence input;
  std::vector<Tensor> hx;  // [h0] or [h0, c0], each [layers * directions, B, H]
  std::vector<Tensor> params;
  bool hasBiases;
  int64_t numLayers;
  double dropout;
  bool train, bidirectional;
  bool projections = false;  // LSTM: hidden and cell sizes differ (w_hr in each parameter group)
};

// 1.13's _rnn_impl: returns the last layer's output and each layer's (and direction's) final hidden.
std::pair<Tensor, std::vector<Hidden>> runStack(const RnnArgs& a) {
  const bool lstm = a.kind == CellKind::Lstm;
  const std::vector<CellParams> params = gatherParams(a.params, a.hasBiases, a.projections);
  const std::vector<Tensor> hs = tensorList(runKernel("aten::unbind.int", {a.hx[0], IValue(int64_t{0})}));
  std::vector<Tensor> cs;
  if (lstm) cs = tensorList(runKernel("aten::unbind.int", {a.hx[1], IValue(int64_t{0})}));
  std::vector<Hidden> hiddens;
  for (size_t i = 0; i < hs.size(); ++i) {
    if (lstm && i >= cs.size()) throw RuntimeError("Expected more hidden states in stacked_rnn");
    hiddens.push_back({hs[i], lstm ? cs[i] : Tensor()});
  }
  const size_t per = a.bidirectional ? 2 : 1;
  if (a.bidirectional && (params.size() % 2 != 0 || hiddens.size() % 2 != 0))
    throw RuntimeError("Odd number of params or hiddens given to a bidirectional RNN");
  if (a.numLayers != static_cast<int64_t>(hiddens.size() / per))
    throw RuntimeError("Expected more hidden states in stacked_rnn");
  if (a.numLayers != static_cast<int64_t>(params.size() / per)) throw RuntimeError("Expected more weights in stacked_rnn");
  Sequence layerInput = a.input;
  std::vector<Hidden> finals;
  for (int64_t l = 0; l < a.numLayers; ++l) {
    const size_t k = static_cast<size_t>(l) * per;
    LayerResult fw = runLayer(a.kind, layerInput, hiddens[k], params[k], false);
    finals.push_back(fw.hidden);
    Tensor out = fw.output;
    if (a.bidirectional) {
      LayerResult bw = runLayer(a.kind, layerInput, hiddens[k + 1], params[k + 1], true);
      finals.push_back(bw.hidden);
      const int64_t last = a.input.packed ? -1 : out.dim() - 1;
      out = callT("aten::cat", {tensorListValue({fw.output, bw.output}), IValue(last)});
    }
    if (a.dropout != 0 && a.train && l < a.numLayers - 1)
      out = callT("aten::dropout", {out, IValue(a.dropout), IValue(true)});
    layerInput.data = out;
  }
  return {layerInput.data, finals};
}

Tensor stackOf(const std::vector<Hidden>& hs, bool cells) {
  std::vector<Tensor> ts;
  for (const Hidden& h : hs) ts.push_back(cells ? h.c : h.h);
  return callT("aten::stack", {tensorListValue(ts), IValue(int64_t{0})});
}

std::vector<int64_t> batchSizesOf(const Tensor& t) {
  if (t.dtype() != ScalarType::Int64 || t.dim() != 1)
    throw RuntimeError("batch_sizes should be a 1-D tensor of int64 (the PackedSequence's batch_sizes)");
  std::vector<int64_t> bs = toVector<int64_t>(t);
  if (bs.empty()) throw RuntimeError("Expected sequence length to be larger than 0 in RNN");
  return bs;
}

// Pushes the outputs of aten::lstm / gru / rnn_* (`.input` when !packed, `.data` when packed).
void rnnOp(CellKind kind, bool packed, Stack& s, size_t n) {
  IValue* a = s.data() + (s.size() - n);
  const bool lstm = kind == CellKind::Lstm;
  RnnArgs r{kind, {}, {}, {}, false, 0, 0, false, false};
  size_t i = 0;
  r.input.data = a[i++].toTensor();
  if (packed) {
    r.input.packed = true;
    r.input.batchSizes = batchSizesOf(a[i++].toTensor());
  }
  if (lstm) r.hx = tensorList(a[i++]);
  else r.hx = {a[i++].toTensor()};
  r.params = tensorList(a[i++]);
  r.hasBiases = a[i++].toBool();
  r.numLayers = a[i++].toInt();
  r.dropout = a[i++].toDouble();
  r.train = a[i++].toBool();
  r.bidirectional = a[i++].toBool();
  const bool batchFirst = !packed && a[i].toBool();
  if (lstm && r.hx.size() != 2) throw RuntimeError("lstm expects two hidden states");
  r.projections = lstm && r.hx[0].size(2) != r.hx[1].size(2);  // (read before the transpose, as 1.13)
  if (batchFirst) r.input.data = r.input.data.transpose(0, 1);
  auto [output, finals] = runStack(r);
  if (batchFirst) output = output.transpose(0, 1);
  drop(s, n);
  s.push_back(IValue(output));
  s.push_back(IValue(stackOf(finals, false)));
  if (lstm) s.push_back(IValue(stackOf(finals, true)));
}

}  // namespace

void registerNNRnnKernels() {
  def("aten::gru_cell", op([](IValue* a) { return IValue(cellOp(CellKind::Gru, a)); }));
  def("aten::rnn_tanh_cell", op([](IValue* a) { return IValue(cellOp(CellKind::Tanh, a)); }));
  def("aten::rnn_relu_cell", op([](IValue* a) { return IValue(cellOp(CellKind::Relu, a)); }));
  const std::pair<const char*, CellKind> seqOps[] = {
      {"aten::lstm", CellKind::Lstm}, {"aten::gru", CellKind::Gru}, {"aten::rnn_tanh", CellKind::Tanh}, {"aten::rnn_relu", CellKind::Relu}};
  for (const auto& [name, kind] : seqOps) {
    CellKind k = kind;
    def(str(name, ".input"), [k](Stack& s, size_t n) { rnnOp(k, false, s, n); });
    def(str(name, ".data"), [k](Stack& s, size_t n) { rnnOp(k, true, s, n); });
  }
}

}  // namespace tsjit::kernels
