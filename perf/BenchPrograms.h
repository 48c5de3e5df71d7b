// BenchPrograms.h — the programs several perf suites time, written once: the LSTM cell as
// TorchScript source (the issues' compile-time and pipeline figures) and as IR (interpreter and
// autodiff suites), the int and tensor chains and the sigmoid/tanh chain
// as IR text (the interpreter's per-node figures). Each returns fresh text; nothing is cached.
#pragma once

#include <sstream>
#include <string>

namespace tsjit::perf {

inline const char* lstmCellSource() {
  return R"PY(
def lstm_cell(x: Tensor, hx: Tensor, cx: Tensor, w_ih: Tensor, w_hh: Tensor, b_ih: Tensor,
              b_hh: Tensor) -> Tuple[Tensor, Tensor]:
    gates = torch.mm(x, w_ih.t()) + torch.mm(hx, w_hh.t()) + b_ih + b_hh
    ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)
    ingate = torch.sigmoid(ingate)
    forgetgate = torch.sigmoid(forgetgate)
    cellgate = torch.tanh(cellgate)
    outgate = torch.sigmoid(outgate)
    cy = (forgetgate * cx) + (ingate * cellgate)
    hy = outgate * torch.tanh(cy)
    return hy, cy
)PY";
}

// The same LSTM cell as IR (the interpreter's and autodiff's figures): aten::chunk + ListUnpack,
// returns (hy, cy).
inline const char* lstmCellIR() {
  return R"IR(graph(%x : Tensor, %hx : Tensor, %cx : Tensor, %w_ih : Tensor, %w_hh : Tensor,
      %b_ih : Tensor, %b_hh : Tensor):
  %one : int = prim::Constant[value=1]()
  %four : int = prim::Constant[value=4]()
  %wt_ih : Tensor = aten::t(%w_ih)
  %g0 : Tensor = aten::mm(%x, %wt_ih)
  %g1 : Tensor = aten::add(%g0, %b_ih, %one)
  %wt_hh : Tensor = aten::t(%w_hh)
  %g2 : Tensor = aten::mm(%hx, %wt_hh)
  %g3 : Tensor = aten::add(%g1, %g2, %one)
  %gates : Tensor = aten::add(%g3, %b_hh, %one)
  %chunks : Tensor[] = aten::chunk(%gates, %four, %one)
  %ingate.1 : Tensor, %forgetgate.1 : Tensor, %cellgate.1 : Tensor, %outgate.1 : Tensor = prim::ListUnpack(%chunks)
  %ingate : Tensor = aten::sigmoid(%ingate.1)
  %forgetgate : Tensor = aten::sigmoid(%forgetgate.1)
  %cellgate : Tensor = aten::tanh(%cellgate.1)
  %outgate : Tensor = aten::sigmoid(%outgate.1)
  %f : Tensor = aten::mul(%forgetgate, %cx)
  %ic : Tensor = aten::mul(%ingate, %cellgate)
  %cy : Tensor = aten::add(%f, %ic, %one)
  %tcy : Tensor = aten::tanh(%cy)
  %hy : Tensor = aten::mul(%outgate, %tcy)
  %r : (Tensor, Tensor) = prim::TupleConstruct(%hy, %cy)
  return (%r)
)IR";
}

// `pairs` rounds of x = (x * 3 + i) % 1000003 on ints: 3 nodes a round.
inline std::string intChainIR(int pairs) {
  std::ostringstream os;
  os << "graph(%x0 : int, %i : int):\n"
     << "  %three : int = prim::Constant[value=3]()\n  %p : int = prim::Constant[value=1000003]()\n";
  for (int k = 0; k < pairs; ++k) {
    os << "  %m" << k << " : int = aten::mul(%x" << k << ", %three)\n";
    os << "  %a" << k << " : int = aten::add(%m" << k << ", %i)\n";
    os << "  %x" << k + 1 << " : int = aten::remainder(%a" << k << ", %p)\n";
  }
  os << "  return (%x" << pairs << ")\n";
  return os.str();
}

// `ops` alternating tensor ops x * 1.0001 and x + 0.5.
inline std::string tensorChainIR(int ops) {
  std::ostringstream os;
  os << "graph(%x0 : Tensor):\n"
     << "  %c : float = prim::Constant[value=1.0001]()\n  %h : float = prim::Constant[value=0.5]()\n"
     << "  %one : int = prim::Constant[value=1]()\n";
  for (int k = 0; k < ops; ++k) {
    if (k % 2 == 0) os << "  %x" << k + 1 << " : Tensor = aten::mul(%x" << k << ", %c)\n";
    else os << "  %x" << k + 1 << " : Tensor = aten::add(%x" << k << ", %h, %one)\n";
  }
  os << "  return (%x" << ops << ")\n";
  return os.str();
}

// sigmoid(x) * tanh(y) + x * 0.5 - y: the elementwise chain of PyTorch's JIT overview (interpreter,
// fusion and the perf cases' correctness-gate tests).
inline const char* sigmoidTanhChainIR() {
  return R"IR(graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %h : float = prim::Constant[value=0.5]()
  %s : Tensor = aten::sigmoid(%x)
  %t : Tensor = aten::tanh(%y)
  %a : Tensor = aten::mul(%s, %t)
  %b : Tensor = aten::mul(%x, %h)
  %c : Tensor = aten::add(%a, %b, %one)
  %d : Tensor = aten::sub(%c, %y, %one)
  return (%d)
)IR";
}

}  // namespace tsjit::perf
