#!/usr/bin/python3
"""pytorch_baseline.py — the interpreter_bench workloads on real PyTorch 1.13 (Debian's
python3-torch, opt-in), one thread, so both can be compared on the same machine:

    perf/pytorch_baseline.py [--repeat N]
    perf/pytorch_baseline.py --json     # one JSON object: interpreter_bench name -> ns per iteration
                                        # (what `tsjit bench record --pytorch` stores as the reference)

Prints CPU time (process time) per unit, like the CPU column of Google Benchmark:
  (a) 64 chained int ops (x = x * 3 + i; x = x % 1000003, 32 times: 96 nodes), per node, TorchScript;
  (b) 64 chained elementwise ops on a 1-element float tensor (x * 1.0001, x + 0.5), per op, TorchScript;
  (c) the LSTM cell (batch 1 / hidden 64 and batch 64 / hidden 512), TorchScript;
  (d) sigmoid(x) * tanh(y) + x * 0.5 - y on 16M floats, eager, and with preallocated outputs (out=);
  (e) forward + backward of the scripted LSTM cell (autodiff_bench's BM_LstmCellGrad): every input
      requires grad, torch.autograd.grad of (hy, cy) w.r.t. all seven, after warm-up calls (the
      profiling executor's DifferentiableGraph plan), and the six matmuls alone (BM_LstmCellGradBlas).
"""
import argparse
import json
import time

import torch


def cpu_time_per_call(fn, min_seconds=0.5):
    fn()  # warm up (profiling executor: two runs to optimize)
    fn()
    n, spent = 1, 0.0
    while True:
        t0 = time.process_time()
        for _ in range(n):
            fn()
        spent = time.process_time() - t0
        if spent >= min_seconds:
            return spent / n
        n *= 2


@torch.jit.script
def int_chain(x: int) -> int:
    for i in range(32):
        x = x * 3 + i
        x = x % 1000003
    return x


@torch.jit.script
def tensor_chain(x: torch.Tensor) -> torch.Tensor:
    for _ in range(32):
        x = x * 1.0001
        x = x + 0.5
    return x


@torch.jit.script
def lstm_cell(x: torch.Tensor, hx: torch.Tensor, cx: torch.Tensor, w_ih: torch.Tensor, w_hh: torch.Tensor,
              b_ih: torch.Tensor, b_hh: torch.Tensor):
    gates = torch.mm(x, w_ih.t()) + torch.mm(hx, w_hh.t()) + b_ih + b_hh
    ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)
    ingate = torch.sigmoid(ingate)
    forgetgate = torch.sigmoid(forgetgate)
    cellgate = torch.tanh(cellgate)
    outgate = torch.sigmoid(outgate)
    cy = (forgetgate * cx) + (ingate * cellgate)
    hy = outgate * torch.tanh(cy)
    return hy, cy


def lstm_grad_workloads(batch, hidden):
    """(forward + backward, the six matmuls of it) as two callables."""
    args = [torch.randn(batch, hidden), torch.randn(batch, hidden), torch.randn(batch, hidden),
            torch.randn(4 * hidden, hidden), torch.randn(4 * hidden, hidden), torch.randn(4 * hidden),
            torch.randn(4 * hidden)]
    for a in args:
        a.requires_grad_(True)
    ghy, gcy = torch.randn(batch, hidden), torch.randn(batch, hidden)

    def step():
        hy, cy = lstm_cell(*args)
        torch.autograd.grad((hy, cy), args, (ghy, gcy))

    for _ in range(3):  # profile, optimize (DifferentiableGraph), run
        step()
    x, hx = args[0].detach(), args[1].detach()
    w_ih, w_hh = args[3].detach(), args[4].detach()
    dgates = torch.randn(batch, 4 * hidden)

    def blas():
        torch.mm(x, w_ih.t()), torch.mm(hx, w_hh.t())
        torch.mm(dgates, w_ih), torch.mm(dgates.t(), x), torch.mm(dgates, w_hh), torch.mm(dgates.t(), hx)

    return step, blas


def per_iteration_ns():
    """The same workloads keyed by interpreter_bench's benchmark names, ns per iteration."""
    out = {"BM_IntChain": cpu_time_per_call(lambda: int_chain(7)) * 1e9}
    one = torch.ones(1)
    out["BM_TensorChain"] = cpu_time_per_call(lambda: tensor_chain(one)) * 1e9
    for batch, hidden in ((1, 64), (64, 512)):
        args = (torch.randn(batch, hidden), torch.randn(batch, hidden), torch.randn(batch, hidden),
                torch.randn(4 * hidden, hidden), torch.randn(4 * hidden, hidden), torch.randn(4 * hidden),
                torch.randn(4 * hidden))
        out[f"BM_LstmCell/{batch}/{hidden}"] = cpu_time_per_call(lambda: lstm_cell(*args)) * 1e9
    for batch, hidden in ((1, 64), (64, 512)):
        step, blas = lstm_grad_workloads(batch, hidden)
        out[f"BM_LstmCellGrad/{batch}/{hidden}"] = cpu_time_per_call(step) * 1e9
        out[f"BM_LstmCellGradBlas/{batch}/{hidden}"] = cpu_time_per_call(blas) * 1e9
    x, y = torch.randn(16 << 20), torch.randn(16 << 20)
    out["BM_SigmoidTanhChain16M"] = cpu_time_per_call(lambda: torch.sigmoid(x) * torch.tanh(y) + x * 0.5 - y, 2.0) * 1e9
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print ns per benchmark iteration as JSON")
    a = ap.parse_args()
    torch.set_num_threads(1)
    if a.json:
        print(json.dumps(per_iteration_ns()))
        return
    print(f"torch {torch.__version__}, {torch.get_num_threads()} thread; CPU time per unit")
    for _ in range(a.repeat):
        # The scripted loops are unrolled by the optimizer as PyTorch sees fit; the per-node figure
        # divides by the 96 source-level nodes, like interpreter_bench.
        print(f"(a) int chain:        {cpu_time_per_call(lambda: int_chain(7)) / 96 * 1e9:8.1f} ns/node")
        one = torch.ones(1)
        print(f"(b) 1-element chain:  {cpu_time_per_call(lambda: tensor_chain(one)) / 64 * 1e9:8.1f} ns/op")
        for batch, hidden in ((1, 64), (64, 512)):
            args = (torch.randn(batch, hidden), torch.randn(batch, hidden), torch.randn(batch, hidden),
                    torch.randn(4 * hidden, hidden), torch.randn(4 * hidden, hidden), torch.randn(4 * hidden),
                    torch.randn(4 * hidden))
            print(f"(c) LSTM b{batch} h{hidden}:" + " " * (7 - len(f"{batch}{hidden}")) +
                  f"{cpu_time_per_call(lambda: lstm_cell(*args)) * 1e6:8.1f} us")
        x, y = torch.randn(16 << 20), torch.randn(16 << 20)
        eager = lambda: torch.sigmoid(x) * torch.tanh(y) + x * 0.5 - y
        print(f"(d) 16M chain:        {cpu_time_per_call(eager, 2.0) * 1e3:8.1f} ms")
        s, t, u = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)

        def prealloc():
            torch.sigmoid(x, out=s)
            torch.tanh(y, out=t)
            torch.mul(s, t, out=s)
            torch.mul(x, 0.5, out=u)
            torch.add(s, u, out=s)
            torch.sub(s, y, out=s)

        print(f"(d) 16M preallocated: {cpu_time_per_call(prealloc, 2.0) * 1e3:8.1f} ms")
        for batch, hidden in ((1, 64), (64, 512)):
            step, blas = lstm_grad_workloads(batch, hidden)
            print(f"(e) LSTM fwd+bwd b{batch} h{hidden}:" + " " * (7 - len(f"{batch}{hidden}")) +
                  f"{cpu_time_per_call(step) * 1e6:8.1f} us (its 6 matmuls: {cpu_time_per_call(blas) * 1e6:.1f} us)")


if __name__ == "__main__":
    main()
