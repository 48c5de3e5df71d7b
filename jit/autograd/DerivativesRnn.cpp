// DerivativesRnn.cpp — derivatives of the recurrent ops gru_cell, rnn_tanh_cell, rnn_relu_cell and
// the whole-sequence lstm / gru / rnn_tanh / rnn_relu (both overloads), by recorded decomposition
// (Decompose.h): each re-runs the recurrence with Math.h's helpers (matmul with the transposed
// weights, bias adds, gate chunks as narrow, sigmoid / tanh / relu, select / stack / cat over time)
// and back-propagates through it. lstm_cell's is in DerivativesNN.cpp.
// Dropout between layers in training mode is random and has no derivative here (an error says so).
#include "jit/autograd/Decompose.h"
#include "jit/autograd/Derivative.h"
#include "jit/autograd/Math.h"

namespace tsjit::autograd {
void registerRnnDerivatives();

namespace {
using namespace math;

enum class Cell { Lstm, Gru, Tanh, Relu };

struct Weights {
  Tensor wIh, wHh, bIh, bHh, wHr;
};
struct State {
  Tensor h, c;
};

Tensor optT(const IValue& v) { return v.isTensor() ? v.toTensor() : Tensor(); }
IValue i64(int64_t v) { return IValue(v); }

Tensor lin(const Tensor& x, const Tensor& w, const Tensor& b) {
  Tensor y = matmul(x, callT("aten::t", {w}));
  return b.defined() ? add(y, b) : y;
}
Tensor gate(const Tensor& g, int64_t k, int64_t n) {
  const int64_t d = g.dim() - 1, size = g.size(d) / n;
  return callT("aten::narrow", {g, i64(d), i64(k * size), i64(size)});
}

// One step on the projected input xw (linear(x, w_ih, b_ih)).
State step(Cell kind, const Tensor& xw, const State& s, const Weights& w) {
  const Tensor hw = lin(s.h, w.wHh, w.bHh);
  switch (kind) {
    case Cell::Lstm: {
      Tensor g = add(hw, xw);
      Tensor i = unary("aten::sigmoid", gate(g, 0, 4)), f = unary("aten::sigmoid", gate(g, 1, 4));
      Tensor cand = unary("aten::tanh", gate(g, 2, 4)), o = unary("aten::sigmoid", gate(g, 3, 4));
      Tensor c = add(mul(f, s.c), mul(i, cand));
      Tensor h = mul(o, unary("aten::tanh", c));
      if (w.wHr.defined()) h = matmul(h, callT("aten::t", {w.wHr}));
      return {h, c};
    }
    case Cell::Gru: {
      Tensor r = unary("aten::sigmoid", add(gate(hw, 0, 3), gate(xw, 0, 3)));
      Tensor z = unary("aten::sigmoid", add(gate(hw, 1, 3), gate(xw, 1, 3)));
      Tensor n = unary("aten::tanh", add(gate(xw, 2, 3), mul(gate(hw, 2, 3), r)));
      return {add(mul(sub(s.h, n), z), n), Tensor()};
    }
    case Cell::Tanh: return {unary("aten::tanh", add(hw, xw)), Tensor()};
    case Cell::Relu: return {unary("aten::relu", add(hw, xw)), Tensor()};
  }
  return {};
}

Tensor stackOf(const std::vector<Tensor>& ts, int64_t dim) {
  std::vector<IValue> items(ts.begin(), ts.end());
  return callT("aten::stack", {makeList(TensorType::get(), std::move(items)), i64(dim)});
}
Tensor catOf(const std::vector<Tensor>& ts, int64_t dim) {
  std::vector<IValue> items(ts.begin(), ts.end());
  return callT("aten::cat", {makeList(TensorType::get(), std::move(items)), i64(dim)});
}
State rows(const State& s, int64_t start, int64_t length) {
  auto r = [&](const Tensor& t) { return t.defined() ? callT("aten::narrow", {t, i64(0), i64(start), i64(length)}) : Tensor(); };
  return {r(s.h), r(s.c)};
}
State joined(const State& a, const State& b) {
  return {catOf({a.h, b.h}, 0), a.c.defined() ? catOf({a.c, b.c}, 0) : Tensor()};
}

// One direction of one layer: output sequence and final state.
std::pair<Tensor, State> direction(Cell kind, const Tensor& input, const std::vector<int64_t>* batchSizes, State s,
                                   const Weights& w, bool reverse) {
  const Tensor xw = lin(input, w.wIh, w.bIh);
  if (!batchSizes) {
    const int64_t T = xw.size(0);
    std::vector<Tensor> outs(static_cast<size_t>(T));
    for (int64_t k = 0; k < T; ++k) {
      const int64_t t = reverse ? T - 1 - k : k;
      s = step(kind, callT("aten::select.int", {xw, i64(0), i64(t)}), s, w);
      outs[static_cast<size_t>(t)] = s.h;
    }
    return {stackOf(outs, 0), s};
  }
  const std::vector<int64_t>& bs = *batchSizes;
  const int64_t T = static_cast<int64_t>(bs.size());
  std::vector<int64_t> start(bs.size(), 0);
  for (int64_t t = 1; t < T; ++t) start[static_cast<size_t>(t)] = start[static_cast<size_t>(t - 1)] + bs[static_cast<size_t>(t - 1)];
  std::vector<Tensor> outs(bs.size());
  auto stepAt = [&](int64_t t) {
    const int64_t b = bs[static_cast<size_t>(t)];
    s = step(kind, callT("aten::narrow", {xw, i64(0), i64(start[static_cast<size_t>(t)]), i64(b)}), s, w);
    outs[static_cast<size_t>(t)] = s.h;
  };
  if (!reverse) {
    std::vector<State> ended;
    for (int64_t t = 0; t < T; ++t) {
      const int64_t b = bs[static_cast<size_t>(t)], alive = s.h.size(0);
      if (b < alive) {
        ended.push_back(rows(s, b, alive - b));
        s = rows(s, 0, b);
      }
      stepAt(t);
    }
    State fin = s;
    for (auto it = ended.rbegin(); it != ended.rend(); ++it) fin = joined(fin, *it);
    return {catOf(outs, 0), fin};
  }
  const State initial = s;
  s = rows(initial, 0, bs.back());
  for (int64_t t = T - 1; t >= 0; --t) {
    const int64_t b = bs[static_cast<size_t>(t)], alive = s.h.size(0);
    if (b > alive) s = joined(s, rows(initial, alive, b - alive));
    stepAt(t);
  }
  return {catOf(outs, 0), s};
}

std::vector<Tensor> tensorsOf(const IValue& v) {
  std::vector<Tensor> out;
  for (const IValue& x : v.toListRef().items) out.push_back(x.toTensor());
  return out;
}

// The whole-sequence op recomputed (its forward already ran, so its checks passed).
std::vector<Tensor> sequence(Cell kind, bool packed, const char* name, const std::vector<IValue>& a) {
  const bool lstm = kind == Cell::Lstm;
  size_t i = 0;
  Tensor input = a[i++].toTensor();
  std::vector<int64_t> batchSizes;
  if (packed) {
    const Tensor bs = a[i++].toTensor();
    for (int64_t k = 0; k < bs.numel(); ++k) batchSizes.push_back(bs.getInt64(k));
  }
  std::vector<Tensor> hx = lstm ? tensorsOf(a[i]) : std::vector<Tensor>{a[i].toTensor()};
  ++i;
  const std::vector<Tensor> flat = tensorsOf(a[i++]);
  const bool hasBiases = a[i++].toBool();
  const int64_t layers = a[i++].toInt();
  const double dropout = a[i++].toDouble();
  const bool train = a[i++].toBool(), bidirectional = a[i++].toBool();
  const bool batchFirst = !packed && a[i].toBool();
  if (dropout != 0 && train && layers > 1)
    throw RuntimeError(str("the derivative of '", name, "' with dropout between layers in training mode is not implemented"));
  const bool projections = lstm && hx[0].size(2) != hx[1].size(2);
  const size_t group = (hasBiases ? 4u : 2u) + (projections ? 1u : 0u);
  if (batchFirst) input = callT("aten::transpose.int", {input, i64(0), i64(1)});
  const int64_t dirs = bidirectional ? 2 : 1;
  std::vector<Tensor> hs, cs;
  for (int64_t l = 0; l < layers; ++l) {
    std::vector<Tensor> outs;
    for (int64_t d = 0; d < dirs; ++d) {
      const int64_t k = l * dirs + d;
      const size_t p = static_cast<size_t>(k) * group;
      const Weights w{flat[p], flat[p + 1], hasBiases ? flat[p + 2] : Tensor(), hasBiases ? flat[p + 3] : Tensor(),
                      projections ? flat[p + group - 1] : Tensor()};
      State s0{callT("aten::select.int", {hx[0], i64(0), i64(k)}),
               lstm ? callT("aten::select.int", {hx[1], i64(0), i64(k)}) : Tensor()};
      auto [out, last] = direction(kind, input, packed ? &batchSizes : nullptr, s0, w, d == 1);
      outs.push_back(out);
      hs.push_back(last.h);
      if (lstm) cs.push_back(last.c);
    }
    input = dirs == 1 ? outs[0] : catOf(outs, outs[0].dim() - 1);
  }
  if (batchFirst) input = callT("aten::transpose.int", {input, i64(0), i64(1)});
  std::vector<Tensor> result{input, stackOf(hs, 0)};
  if (lstm) result.push_back(stackOf(cs, 0));
  return result;
}

}  // namespace

void registerRnnDerivatives() {
  const std::pair<const char*, Cell> cells[] = {
      {"aten::gru_cell", Cell::Gru}, {"aten::rnn_tanh_cell", Cell::Tanh}, {"aten::rnn_relu_cell", Cell::Relu}};
  for (const auto& [name, kind] : cells) {
    const Cell k = kind;
    defDecomposed(name, {0, 1, 2, 3, 4, 5}, [k](const std::vector<IValue>& a) -> std::vector<Tensor> {
      const Weights w{a[2].toTensor(), a[3].toTensor(), optT(a[4]), optT(a[5]), Tensor()};
      return {step(k, lin(a[0].toTensor(), w.wIh, w.bIh), {a[1].toTensor(), Tensor()}, w).h};
    });
  }
  const std::pair<const char*, Cell> seqs[] = {
      {"aten::lstm", Cell::Lstm}, {"aten::gru", Cell::Gru}, {"aten::rnn_tanh", Cell::Tanh}, {"aten::rnn_relu", Cell::Relu}};
  for (const auto& [name, kind] : seqs) {
    const Cell k = kind;
    const std::string op = name;
    // .input: input, hx, params; .data: data, batch_sizes (saved, read; int64, no gradient), hx, params.
    defDecomposed(op + ".input", {0, 1, 2}, [k, op](const std::vector<IValue>& a) { return sequence(k, false, op.c_str(), a); });
    defDecomposed(op + ".data", {0, 1, 2, 3}, [k, op](const std::vector<IValue>& a) { return sequence(k, true, op.c_str(), a); });
  }
}

}  // namespace tsjit::autograd
