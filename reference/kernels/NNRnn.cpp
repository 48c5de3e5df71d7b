// NNRnn.cpp — reference kernels of the NN family: recurrent ops. gru_cell, rnn_tanh_cell,
// rnn_relu_cell and the whole-sequence lstm / gru / rnn_tanh / rnn_relu (`.input`: padded
// [T, B, I], `.data`: a packed sequence's data and batch_sizes); lstm_cell is in NNNorm.cpp.
//
// Each is stated step by step as PyTorch 1.13's RNN.cpp composes it, through the reference's own
// kernels (linear, unsafe_chunk, sigmoid_, tanh_, mul, add_, stack, cat ...), so every step raises
// that op's error: per layer the input is projected once, linear(x, w_ih, b_ih); each time step
// adds linear(h, w_hh, b_hh) and applies the cell (LSTM: i, f, g, o gates, c' = f*c + i*g,
// h' = o*tanh(c'), optionally projected by w_hr; GRU: r, z, n gates, h' = (h - n)*z + n; RNN:
// tanh / relu). Directions, layers, batch_first and packed batch sizes as 1.13, with its checks.
#include <algorithm>

#include "reference/Kernel.h"
#include "reference/kernels/ShapeCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

enum class Rnn { Lstm, Gru, Tanh, Relu };

Tensor call(const char* op, Args args) { return runKernel(op, std::move(args)).toTensor(); }
IValue noneOr(const Tensor& t) { return t.defined() ? IValue(t) : IValue(); }
std::vector<Tensor> listOf(const IValue& v) {
  std::vector<Tensor> out;
  for (const IValue& x : v.toListRef().items) out.push_back(x.toTensor());
  return out;
}

struct Weights {
  Tensor wIh, wHh, bIh, bHh, wHr;
};
struct State {
  Tensor h, c;
};

std::vector<Tensor> gateChunks(const Tensor& gates, int64_t n, const char* what) {
  std::vector<Tensor> out = listOf(runKernel("aten::unsafe_chunk", {gates, n, int64_t{1}}));
  if (static_cast<int64_t>(out.size()) < n)
    throw RuntimeError(str(what, ": gates of size ", gates.size(1), " in dim 1 do not split into ", n, " chunks"));
  return out;
}

// One cell step; `x` is already projected when `projected`.
State cell(Rnn kind, const Tensor& x, const State& s, const Weights& w, bool projected) {
  auto inputPart = [&] { return projected ? x : call("aten::linear", {x, w.wIh, noneOr(w.bIh)}); };
  auto hiddenPart = [&] { return call("aten::linear", {s.h, w.wHh, noneOr(w.bHh)}); };
  if (kind == Rnn::Gru) {
    std::vector<Tensor> xi = gateChunks(inputPart(), 3, "gru");
    std::vector<Tensor> hh = gateChunks(hiddenPart(), 3, "gru");
    Tensor reset = call("aten::sigmoid_", {call("aten::add_.Tensor", {hh[0], xi[0], int64_t{1}})});
    Tensor update = call("aten::sigmoid_", {call("aten::add_.Tensor", {hh[1], xi[1], int64_t{1}})});
    Tensor candidate =
        call("aten::tanh_", {call("aten::add.Tensor", {xi[2], call("aten::mul_.Tensor", {hh[2], reset}), int64_t{1}})});
    Tensor blended = call("aten::mul_.Tensor", {call("aten::sub.Tensor", {s.h, candidate, int64_t{1}}), update});
    return {call("aten::add_.Tensor", {blended, candidate, int64_t{1}}), Tensor()};
  }
  Tensor gates = hiddenPart();
  call("aten::add_.Tensor", {gates, inputPart(), int64_t{1}});
  if (kind == Rnn::Tanh) return {call("aten::tanh", {gates}), Tensor()};
  if (kind == Rnn::Relu) return {call("aten::relu", {gates}), Tensor()};
  std::vector<Tensor> q = gateChunks(gates, 4, "lstm");
  Tensor in = call("aten::sigmoid_", {q[0]}), forget = call("aten::sigmoid_", {q[1]});
  Tensor cand = call("aten::tanh_", {q[2]}), out = call("aten::sigmoid_", {q[3]});
  Tensor c = call("aten::mul.Tensor", {forget, s.c});
  call("aten::add_.Tensor", {c, call("aten::mul.Tensor", {in, cand}), int64_t{1}});
  Tensor h = call("aten::mul.Tensor", {out, call("aten::tanh", {c})});
  if (w.wHr.defined()) h = call("aten::matmul", {h, call("aten::t", {w.wHr})});
  return {h, c};
}

// gru_cell / rnn_tanh_cell / rnn_relu_cell (hidden size and batch checked as 1.13, label "hidden0").
std::vector<IValue> cellKernel(Rnn kind, Args& a) {
  Tensor input = tensorArg(a, 0), hx = tensorArg(a, 1);
  Weights w{tensorArg(a, 2), tensorArg(a, 3), optTensorArg(a, 4).value_or(Tensor()), optTensorArg(a, 5).value_or(Tensor()), Tensor()};
  const int64_t inputSize = w.wIh.size(1);  // (1.13 reads w_ih.size(1), then w_hh.size(1), before comparing)
  if (input.size(1) != inputSize)
    throw RuntimeError(str("input has inconsistent input_size: got ", input.size(1), " expected ", inputSize));
  const int64_t hiddenSize = w.wHh.size(1);
  if (input.size(0) != hx.size(0))
    throw RuntimeError(str("Input batch size ", input.size(0), " doesn't match hidden0 batch size ", hx.size(0)));
  if (hx.size(1) != hiddenSize)
    throw RuntimeError(str("hidden0 has inconsistent hidden_size: got ", hx.size(1), ", expected ", hiddenSize));
  return one(cell(kind, input, {hx, Tensor()}, w, false).h);
}

State narrowState(const State& s, int64_t from, int64_t to) {
  return {s.h.narrow(0, from, to - from), s.c.defined() ? s.c.narrow(0, from, to - from) : Tensor()};
}
State joinStates(const std::vector<State>& parts) {
  std::vector<Tensor> hs, cs;
  for (const State& p : parts) {
    hs.push_back(p.h);
    if (p.c.defined()) cs.push_back(p.c);
  }
  return {call("aten::cat", {tensorList(hs), int64_t{0}}), cs.empty() ? Tensor() : call("aten::cat", {tensorList(cs), int64_t{0}})};
}

// One direction over the layer input: padded (time major) or packed (rows grouped by batchSizes).
std::pair<Tensor, State> direction(Rnn kind, const Tensor& input, const std::vector<int64_t>* batchSizes, State s,
                                   const Weights& w, bool backwards) {
  Tensor projected = call("aten::linear", {input, w.wIh, noneOr(w.bIh)});
  std::vector<Tensor> outputs;
  if (!batchSizes) {
    std::vector<Tensor> steps = listOf(runKernel("aten::unbind.int", {projected, int64_t{0}}));
    const int64_t T = static_cast<int64_t>(steps.size());
    outputs.resize(steps.size());
    for (int64_t k = 0; k < T; ++k) {
      const int64_t t = backwards ? T - 1 - k : k;
      s = cell(kind, steps[static_cast<size_t>(t)], s, w, true);
      outputs[static_cast<size_t>(t)] = s.h;
    }
    if (outputs.empty()) throw RuntimeError("Expected sequence length to be larger than 0 in RNN");
    return {call("aten::stack", {tensorList(outputs), int64_t{0}}), s};
  }
  const std::vector<int64_t>& bs = *batchSizes;
  const int64_t T = static_cast<int64_t>(bs.size());
  std::vector<int64_t> start(bs.size(), 0);
  for (int64_t t = 1; t < T; ++t) start[static_cast<size_t>(t)] = start[static_cast<size_t>(t - 1)] + bs[static_cast<size_t>(t - 1)];
  outputs.resize(bs.size());
  if (!backwards) {
    // Sequences end as the batch shrinks: their final states are kept, last-ending first in the result.
    std::vector<State> ended;
    for (int64_t t = 0; t < T; ++t) {
      const int64_t b = bs[static_cast<size_t>(t)], prev = t == 0 ? b : bs[static_cast<size_t>(t - 1)];
      if (b < prev) {
        ended.push_back(narrowState(s, b, prev));
        s = narrowState(s, 0, b);
      }
      s = cell(kind, projected.narrow(0, start[static_cast<size_t>(t)], b), s, w, true);
      outputs[static_cast<size_t>(t)] = s.h;
    }
    ended.push_back(s);
    std::reverse(ended.begin(), ended.end());
    return {call("aten::cat", {tensorList(outputs), int64_t{0}}), joinStates(ended)};
  }
  // Backwards: start with the rows alive at the last step and add rows as sequences begin.
  const State initial = s;
  s = narrowState(initial, 0, bs.back());
  for (int64_t t = T - 1; t >= 0; --t) {
    const int64_t b = bs[static_cast<size_t>(t)], alive = s.h.size(0);
    if (b > alive) s = joinStates({s, narrowState(initial, alive, b)});
    s = cell(kind, projected.narrow(0, start[static_cast<size_t>(t)], b), s, w, true);
    outputs[static_cast<size_t>(t)] = s.h;
  }
  return {call("aten::cat", {tensorList(outputs), int64_t{0}}), s};
}

// aten::lstm / gru / rnn_tanh / rnn_relu, `.input` (packed = false) or `.data`.
std::vector<IValue> sequenceKernel(Rnn kind, bool packed, Args& a) {
  const bool lstm = kind == Rnn::Lstm;
  size_t i = 0;
  Tensor input = tensorArg(a, i++);
  std::vector<int64_t> batchSizes;
  if (packed) {
    Tensor bs = tensorArg(a, i++);
    if (bs.dtype() != ScalarType::Int64 || bs.dim() != 1)
      throw RuntimeError("batch_sizes should be a 1-D tensor of int64 (the PackedSequence's batch_sizes)");
    for (int64_t k = 0; k < bs.numel(); ++k) batchSizes.push_back(bs.getInt64(k));
    if (batchSizes.empty()) throw RuntimeError("Expected sequence length to be larger than 0 in RNN");
  }
  std::vector<Tensor> hx = lstm ? tensorListArg(a, i) : std::vector<Tensor>{tensorArg(a, i)};
  ++i;
  std::vector<Tensor> flat = tensorListArg(a, i++);
  const bool hasBiases = boolArg(a, i++);
  const int64_t layers = intArg(a, i++);
  const double dropout = doubleArg(a, i++);
  const bool train = boolArg(a, i++), bidirectional = boolArg(a, i++);
  const bool batchFirst = !packed && boolArg(a, i);
  if (lstm && hx.size() != 2) throw RuntimeError("lstm expects two hidden states");
  const bool projections = lstm && hx[0].size(2) != hx[1].size(2);
  if (batchFirst) input = input.transpose(0, 1);
  // Parameters per layer and direction: w_ih, w_hh, [b_ih, b_hh], [w_hr].
  const size_t group = (hasBiases ? 4u : 2u) + (projections ? 1u : 0u);
  if (flat.size() % group != 0) throw RuntimeError("got an incorrect number of RNN parameters");
  std::vector<Weights> weights;
  for (size_t k = 0; k < flat.size(); k += group)
    weights.push_back({flat[k], flat[k + 1], hasBiases ? flat[k + 2] : Tensor(), hasBiases ? flat[k + 3] : Tensor(),
                       projections ? flat[k + group - 1] : Tensor()});
  std::vector<Tensor> h0 = listOf(runKernel("aten::unbind.int", {hx[0], int64_t{0}}));
  std::vector<Tensor> c0 = lstm ? listOf(runKernel("aten::unbind.int", {hx[1], int64_t{0}})) : std::vector<Tensor>{};
  std::vector<State> states;
  for (size_t k = 0; k < h0.size(); ++k) {
    if (lstm && k >= c0.size()) throw RuntimeError("Expected more hidden states in stacked_rnn");
    states.push_back({h0[k], lstm ? c0[k] : Tensor()});
  }
  const size_t dirs = bidirectional ? 2 : 1;
  if (bidirectional && (weights.size() % 2 || states.size() % 2))
    throw RuntimeError("Odd number of params or hiddens given to a bidirectional RNN");
  if (static_cast<size_t>(layers) != states.size() / dirs) throw RuntimeError("Expected more hidden states in stacked_rnn");
  if (static_cast<size_t>(layers) != weights.size() / dirs) throw RuntimeError("Expected more weights in stacked_rnn");
  std::vector<State> finals;
  Tensor x = input;
  for (int64_t l = 0; l < layers; ++l) {
    std::vector<Tensor> outs;
    for (size_t d = 0; d < dirs; ++d) {
      const size_t k = static_cast<size_t>(l) * dirs + d;
      auto [out, last] = direction(kind, x, packed ? &batchSizes : nullptr, states[k], weights[k], d == 1);
      outs.push_back(out);
      finals.push_back(last);
    }
    x = dirs == 1 ? outs[0] : call("aten::cat", {tensorList(outs), packed ? int64_t{-1} : outs[0].dim() - 1});
    if (dropout != 0 && train && l + 1 < layers) x = call("aten::dropout", {x, dropout, true});
  }
  if (batchFirst) x = x.transpose(0, 1);
  std::vector<Tensor> hs, cs;
  for (const State& s : finals) {
    hs.push_back(s.h);
    if (lstm) cs.push_back(s.c);
  }
  std::vector<IValue> res{x, call("aten::stack", {tensorList(hs), int64_t{0}})};
  if (lstm) res.emplace_back(call("aten::stack", {tensorList(cs), int64_t{0}}));
  return res;
}

}  // namespace

void registerNNRnnKernels() {
  def("aten::gru_cell", [](Args& a) { return cellKernel(Rnn::Gru, a); });
  def("aten::rnn_tanh_cell", [](Args& a) { return cellKernel(Rnn::Tanh, a); });
  def("aten::rnn_relu_cell", [](Args& a) { return cellKernel(Rnn::Relu, a); });
  const std::pair<const char*, Rnn> ops[] = {
      {"aten::lstm", Rnn::Lstm}, {"aten::gru", Rnn::Gru}, {"aten::rnn_tanh", Rnn::Tanh}, {"aten::rnn_relu", Rnn::Relu}};
  for (const auto& [name, kind] : ops) {
    const Rnn k = kind;
    def(str(name, ".input"), [k](Args& a) { return sequenceKernel(k, false, a); });
    def(str(name, ".data"), [k](Args& a) { return sequenceKernel(k, true, a); });
  }
}

}  // namespace tsjit::reference
