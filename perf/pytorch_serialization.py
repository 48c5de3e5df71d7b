#!/usr/bin/python3
"""pytorch_serialization.py — torch.jit.load / torch.jit.save on the files perf/serialization_bench
uses: the corpus's largest archive and $TMPDIR/tsjit_bench_100mb.pt (run serialization_bench first,
it writes that file). Prints the median wall and CPU (process) time of repeated runs in the benchmark's units.
Opt-in: needs python3-torch (1.13.1 on Debian 12)."""
import os
import statistics
import sys
import tempfile
import time

import torch

torch.set_num_threads(1)
corpus = os.environ.get("TSJIT_CORPUS", os.path.join(os.path.dirname(__file__), "../conformance/corpus/torch-1.13"))
files = [("corpus largest (mod_embed_layernorm.pt)", os.path.join(corpus, "archives/mod_embed_layernorm.pt"), 200, 1e6, "us"),
         ("100 MB module", os.path.join(tempfile.gettempdir(), "tsjit_bench_100mb.pt"), 10, 1e3, "ms")]
print(f"PyTorch {torch.__version__}")
for name, path, reps, scale, unit in files:
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: run build/perf/serialization_bench first")
    loads, saves, cpu_loads, cpu_saves = [], [], [], []
    out = os.path.join(tempfile.gettempdir(), "torch_bench_saved.pt")
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        m = torch.jit.load(path)
        t1, c1 = time.perf_counter(), time.process_time()
        torch.jit.save(m, out)
        t2, c2 = time.perf_counter(), time.process_time()
        loads.append(t1 - t0)
        saves.append(t2 - t1)
        cpu_loads.append(c1 - c0)
        cpu_saves.append(c2 - c1)
    med = lambda xs: statistics.median(xs) * scale  # noqa: E731
    print(f"{name}: torch.jit.load {med(loads):.1f} {unit} wall / {med(cpu_loads):.1f} {unit} CPU, "
          f"torch.jit.save {med(saves):.1f} {unit} wall / {med(cpu_saves):.1f} {unit} CPU")
