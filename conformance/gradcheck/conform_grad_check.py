#!/usr/bin/env python3
"""conform_grad_check.py — ctest conform_grad_symbolic: `tsjit conform --grad --engine symbolic` (symbolic
autodiff of the whole graph only, no autograd fallback) on the public
corpus must fail no case (a wrong gradient), pass at least MIN cases, and report every case with
recorded gradients (47) including those PyTorch marks grad_check: false. Cases still "not
supported" (ops without formulas, control flow carrying tensors, in-place ops) are allowed: they
are listed, not passed.

Usage: conform_grad_check.py TSJIT_BINARY MIN
"""
import re
import subprocess
import sys


def main():
    tsjit, minimum = sys.argv[1], int(sys.argv[2])
    p = subprocess.run([tsjit, "conform", "--grad", "--engine", "symbolic"], capture_output=True, text=True, timeout=300)
    print(p.stdout + p.stderr)
    m = re.search(r"grad: (\d+)/(\d+) passed .*; (\d+) failed, (\d+) not supported; (\d+) cases PyTorch marks", p.stdout)
    if not m:
        print("conform_grad_check: no summary line", file=sys.stderr)
        return 1
    passed, total, failed, _, no_check = (int(g) for g in m.groups())
    problems = []
    if failed:
        problems.append(f"{failed} cases FAIL")
    if passed < minimum:
        problems.append(f"only {passed} passed, expected at least {minimum}")
    if total != 47:
        problems.append(f"{total} cases reported, the corpus has 47 with recorded gradients")
    if no_check != 2 or "[grad_check: false]" not in p.stdout:
        problems.append("the grad_check: false cases are not reported")
    if problems:
        print("conform_grad_check: " + "; ".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
