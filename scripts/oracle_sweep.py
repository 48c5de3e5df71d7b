#!/usr/bin/python3
"""oracle_sweep.py — the third implementation: run saved fuzz cases on real PyTorch 1.13 and on
tsjit's jit engine, and list where they differ (where both tsjit engines agree but PyTorch does
not: wrong semantics in both, which the differential fuzzer cannot see).

    build/tools/tsjit fuzz --target ops --cases 2000 --seed 5 --save-cases /tmp/cases
    scripts/oracle_sweep.py /tmp/cases [--limit N] [--show K]

Opt-in (PyTorch is not a dependency of the project): `apt-get install python3-torch` brings 1.13.1
on Debian 12. Values are compared loosely (dtype, shape and exact ints/bools; floats within a few
ulps of their dtype, NaN = NaN); errors by their last line. The summary groups differences by the
graph's op kinds. PyTorch's own results can depend on an element's position (vectorized loop vs
scalar tail) and on its LAPACK; read each difference before calling it a bug.
"""
import argparse
import collections
import json
import math
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch_oracle  # noqa: E402

EPS = {"float32": 2.0**-23, "float16": 2.0**-10, "bfloat16": 2.0**-7, "float64": 2.0**-52}


def floats_close(a, b, dtype):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    eps = EPS.get(dtype, 2.0**-52)
    return abs(a - b) <= 8 * eps * max(abs(a), abs(b), 1e-30) or abs(a - b) <= 1e-30


def values_close(e, a):
    if e["type"] != a["type"]:
        return f"type {e['type']} vs {a['type']}"
    t = e["type"]
    if t == "Tensor":
        if e["dtype"] != a["dtype"]:
            return f"dtype {e['dtype']} vs {a['dtype']}"
        if e["shape"] != a["shape"]:
            return f"shape {e['shape']} vs {a['shape']}"
        for i, (x, y) in enumerate(zip(e["data"], a["data"])):
            if e["dtype"] in EPS:
                fx, fy = torch_oracle.parse_float(x), torch_oracle.parse_float(y)
                if not floats_close(fx, fy, e["dtype"]):
                    return f"element {i}: {fx!r} vs {fy!r}"
            elif x != y:
                return f"element {i}: {x!r} vs {y!r}"
        return None
    if t in ("List", "Tuple"):
        if len(e["items"]) != len(a["items"]):
            return "length"
        for x, y in zip(e["items"], a["items"]):
            m = values_close(x, y)
            if m:
                return m
        return None
    if t == "float":
        fx, fy = torch_oracle.parse_float(e["value"]), torch_oracle.parse_float(a["value"])
        return None if floats_close(fx, fy, "float64") else f"{fx!r} vs {fy!r}"
    return None if e.get("value") == a.get("value") else f"{e.get('value')!r} vs {a.get('value')!r}"


class TorchWorker:
    """PyTorch in a child process (1.13 dies of SIGFPE on an int % 0, for one): a case that kills
    it is reported as a crash and a new worker takes the next case."""

    def __init__(self):
        self.proc = None

    def run(self, ir, js):
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.proc.stdin.write(json.dumps([str(ir), str(js)]) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            code = self.proc.wait()
            self.proc = None
            return None, None, f"PyTorch crashed (exit status {code})"
        r = json.loads(line)
        return r.get("outs"), r.get("err"), r.get("unrunnable")


def worker_main():
    for line in sys.stdin:
        ir, js = json.loads(line)
        try:
            outs, err = torch_oracle.run_torch(ir, js)
            r = {"outs": outs, "err": err}
        except BaseException as e:  # PyTorch could not parse or type the graph
            r = {"unrunnable": (str(e).strip().splitlines() or [type(e).__name__])[0][:160]}
        sys.stdout.write(json.dumps(r) + "\n")
        sys.stdout.flush()


def strip_type(line):
    return re.sub(r"^[A-Za-z_.]+(Error|Exception): ", "", line.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", help="cases written by `tsjit fuzz --save-cases DIR`")
    ap.add_argument("--limit", type=int, default=0, help="check at most this many cases")
    ap.add_argument("--show", type=int, default=3, help="examples shown per group")
    ap.add_argument("--tsjit", default=str(Path(__file__).resolve().parent.parent / "build" / "tools" / "tsjit"))
    a = ap.parse_args()
    cases = sorted(Path(a.dir).glob("*.ir"))
    if a.limit:
        cases = cases[: a.limit]
    groups = collections.defaultdict(list)
    worker = TorchWorker()
    agree = unrunnable = 0
    for ir in cases:
        js = ir.with_suffix(".json")
        outs, err, unrun = worker.run(ir, js)
        if unrun:
            unrunnable += 1
            groups[("oracle could not run", "")].append((ir.name, unrun))
            continue
        r = subprocess.run([a.tsjit, "run", str(ir), "--inputs", str(js), "--engine", "jit"], capture_output=True, text=True)
        if r.returncode == 0:
            mine, my_err = json.loads(r.stdout), None
        else:
            mine, my_err = None, (r.stderr.strip() or r.stdout.strip()).splitlines()[0].removeprefix("error: ")
        ops = " ".join(sorted(set(re.findall(r"= (aten::\w+)", ir.read_text()))))
        if err or my_err:
            if err and my_err and strip_type(err) == strip_type(my_err):
                agree += 1
                continue
            groups[("error", ops)].append((ir.name, f"pytorch `{err or 'returned'}` vs tsjit `{my_err or 'returned'}`"))
            continue
        diff = None
        for e, m in zip(outs, mine):
            diff = values_close(e, m)
            if diff:
                break
        if diff:
            groups[("value", ops)].append((ir.name, diff))
        else:
            agree += 1
    total = len(cases)
    print(f"{total} cases: {agree} agree with PyTorch, {total - agree - unrunnable} differ, {unrunnable} not runnable there")
    for (kind, ops), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"\n[{kind}] {len(items)} case(s); ops: {ops}")
        for name, msg in items[: a.show]:
            print(f"  {name}: {msg}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker_main()
        sys.exit(0)
    sys.exit(main())
