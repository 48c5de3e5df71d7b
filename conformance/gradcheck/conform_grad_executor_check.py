#!/usr/bin/env python3
"""conform_grad_executor_check.py — ctests conform_grad_jit / conform_grad_jit_legacy / conform_grad_jit_planted.

`tsjit conform --grad --engine jit [--executor legacy]` runs every public corpus case with recorded
gradients through the JIT's executor with inputs requiring grad (DifferentiableGraphs for the
differentiable parts, autograd for the rest) and compares with PyTorch's float64 gradients.

check mode (default): exit 0 from tsjit, at least MIN of the 47 cases pass (95 % = 45), no FAIL line,
one line per case with its node counts, a totals line in which both symbolic autodiff and autograd
computed gradients (with --min-symbolic N: at least N nodes under symbolic autodiff, a floor on the
executor's DifferentiableGraph coverage), and the grad_check: false case listed.

planted mode (--planted CASE): a copy of the corpus case CASE whose first recorded gradient has
one element scaled by (1 + 1e-9) must FAIL (exit 1, a FAIL line naming the case, "grad: 0/1
passed"): the executor's gradients are really compared with the recorded ones. With CASE a case
computed by symbolic autodiff only, this shows the DifferentiableGraph gradients are checked.

Usage: conform_grad_executor_check.py TSJIT CORPUS_DIR MIN [--executor legacy] [--planted CASE] [--min-symbolic N]
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

LINE = re.compile(r"^  (PASS|FAIL) (\S+)  \[symbolic (\d+) nodes in (\d+) DifferentiableGraphs \| autograd (\d+) nodes\]")
TOTAL = re.compile(r"^nodes: (\d+) under symbolic autodiff \(in (\d+) DifferentiableGraphs\), (\d+) under autograd")


def run(tsjit, corpus, extra):
    cmd = [tsjit, "conform", "--grad", "--engine", "jit", "--corpus", corpus] + extra
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(" ".join(cmd))
    print(p.stdout + p.stderr)
    return p


def check(tsjit, corpus, minimum, extra, min_symbolic):
    p = run(tsjit, corpus, extra)
    problems = []
    lines = [LINE.match(l) for l in p.stdout.splitlines()]
    lines = [m for m in lines if m]
    total = TOTAL.search(p.stdout, re.M) or next((TOTAL.match(l) for l in p.stdout.splitlines() if TOTAL.match(l)), None)
    m = re.search(r"^grad: (\d+)/(\d+) passed$", p.stdout, re.M)
    if not m:
        return ["no summary line"]
    passed, cases = int(m.group(1)), int(m.group(2))
    if cases != 47:
        problems.append(f"{cases} cases reported, the corpus has 47 with recorded gradients")
    if passed < minimum:
        problems.append(f"only {passed} passed, expected at least {minimum}")
    if p.returncode != (0 if passed == cases else 1):
        problems.append(f"exit status {p.returncode} for {passed}/{cases}")
    if len(lines) != cases:
        problems.append(f"{len(lines)} per-case lines with node counts for {cases} cases")
    if any(l.group(1) == "FAIL" for l in lines):
        problems.append("a case FAILs: " + ", ".join(l.group(2) for l in lines if l.group(1) == "FAIL"))
    if not total:
        problems.append("no totals line")
    else:
        sym, graphs, ag = (int(g) for g in total.groups())
        if sym != sum(int(l.group(3)) for l in lines) or ag != sum(int(l.group(5)) for l in lines):
            problems.append("the totals are not the sums of the per-case counts")
        if sym < min_symbolic:
            problems.append(f"{sym} nodes under symbolic autodiff, expected at least {min_symbolic}")
        if sym == 0 or graphs == 0:
            problems.append("no gradient came from symbolic autodiff (no DifferentiableGraph ran)")
        if ag == 0:
            problems.append("no gradient came from autograd")
    if "nn_embedding: passed" not in p.stdout and "nn_embedding: failed" not in p.stdout:
        problems.append("the grad_check: false case is not reported")
    return problems


def planted(tsjit, corpus, case, extra):
    src = next(pathlib.Path(corpus).rglob(case + ".json"))
    doc = json.loads(src.read_text())
    g = doc["grads"][next(i for i, x in enumerate(doc["grads"]) if x and x.get("type") == "Tensor")]
    x = float.fromhex(g["data"][0])
    g["data"][0] = (x * (1 + 1e-9)).hex()
    with tempfile.TemporaryDirectory() as tmp:
        dst = pathlib.Path(tmp) / "cases"
        dst.mkdir()
        (dst / src.name).write_text(json.dumps(doc))
        p = run(tsjit, tmp, extra)
    problems = []
    if p.returncode != 1:
        problems.append(f"exit status {p.returncode}, expected 1")
    if not re.search(rf"^  FAIL {case}  \[symbolic [1-9]", p.stdout, re.M):
        problems.append(f"no FAIL line for {case} with symbolic nodes")
    if "grad: 0/1 passed" not in p.stdout:
        problems.append("the summary does not say grad: 0/1 passed")
    return problems


def main():
    args = sys.argv[1:]
    extra, case = [], None
    if "--executor" in args:
        i = args.index("--executor")
        extra = ["--executor", args[i + 1]]
        del args[i:i + 2]
    if "--planted" in args:
        i = args.index("--planted")
        case = args[i + 1]
        del args[i:i + 2]
    min_symbolic = 1
    if "--min-symbolic" in args:
        i = args.index("--min-symbolic")
        min_symbolic = int(args[i + 1])
        del args[i:i + 2]
    tsjit, corpus, minimum = args[0], args[1], int(args[2])
    problems = planted(tsjit, corpus, case, extra) if case else check(tsjit, corpus, minimum, extra, min_symbolic)
    if problems:
        print("conform_grad_executor_check: " + "; ".join(problems), file=sys.stderr)
        return 1
    print("conform_grad_executor_check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
