#!/usr/bin/env python3
"""allclose_json.py — compare `tsjit run` output (stdin) with an expected output recorded from
PyTorch 1.13 (a file), both in the corpus value encoding: ints, bools, strings, dtypes, shapes and
container structure exactly; floats (scalars and tensor elements) within |a - e| <= atol + rtol*|e|,
NaN matching NaN and infinities matching exactly.

    tsjit run f.py --inputs in.json | scripts/allclose_json.py EXPECTED.json [--rtol R] [--atol A]

Prints `ok` or the first difference with its path, and exits 1 on a difference. Used by the
frontend's run tests whose library functions round differently from PyTorch's kernels within a
few ULPs (conformance/frontend/run/functional_library.py). Plain Python, no PyTorch needed.
"""
import argparse
import json
import math
import sys


def as_float(v):
    return float.fromhex(v) if isinstance(v, str) and v not in ("inf", "-inf", "nan") else float(v)


def close(a, e, rtol, atol):
    a, e = as_float(a), as_float(e)
    if math.isnan(e) or math.isnan(a):
        return math.isnan(e) and math.isnan(a)
    if math.isinf(e) or math.isinf(a):
        return a == e
    return abs(a - e) <= atol + rtol * abs(e)


def diff(a, e, path, rtol, atol):
    if type(a) is not type(e):
        return f"{path}: {a!r} vs expected {e!r}"
    if isinstance(e, list):
        if len(a) != len(e):
            return f"{path}: length {len(a)} vs expected {len(e)}"
        for i, (x, y) in enumerate(zip(a, e)):
            d = diff(x, y, f"{path}[{i}]", rtol, atol)
            if d:
                return d
        return None
    if isinstance(e, dict):
        if set(a) != set(e):
            return f"{path}: keys {sorted(a)} vs expected {sorted(e)}"
        floating = e.get("type") == "float" or (e.get("type") == "Tensor" and str(e.get("dtype", "")).startswith(("float", "bfloat")))
        for k in e:
            if floating and k in ("value", "data"):
                xs, ys = (a[k], e[k]) if k == "data" else ([a[k]], [e[k]])
                if len(xs) != len(ys):
                    return f"{path}.{k}: length {len(xs)} vs expected {len(ys)}"
                for i, (x, y) in enumerate(zip(xs, ys)):
                    if not close(x, y, rtol, atol):
                        return f"{path}.{k}[{i}]: {as_float(x)!r} vs expected {as_float(y)!r}"
            elif k != "strides":  # strides are the test writer's choice (FORMAT.md 4.2)
                d = diff(a[k], e[k], f"{path}.{k}", rtol, atol)
                if d:
                    return d
        return None
    return None if a == e else f"{path}: {a!r} vs expected {e!r}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("expected")
    ap.add_argument("--rtol", type=float, default=1e-6)
    ap.add_argument("--atol", type=float, default=1e-6)
    a = ap.parse_args()
    text = sys.stdin.read()
    try:
        actual = json.loads(text)
    except json.JSONDecodeError:
        print("not JSON: " + text.strip()[:500])
        sys.exit(1)
    with open(a.expected) as f:
        expected = json.load(f)
    d = diff(actual, expected, "$", a.rtol, a.atol)
    print("ok" if d is None else "differs: " + d)
    sys.exit(0 if d is None else 1)


if __name__ == "__main__":
    main()
