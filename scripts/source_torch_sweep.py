#!/usr/bin/python3
"""source_torch_sweep.py — run the source fuzzer's tensor programs on real PyTorch 1.13 and on tsjit.
    tsjit fuzz --target source --cases N --seed S --save-cases DIR    # writes DIR/fNAME.py
    scripts/source_torch_sweep.py DIR [--tsjit build/tools/tsjit] [--engine jit|reference] [--limit N]
Each program is compiled with torch.jit.script (scripts/pt113_script_run.py) and run by `tsjit run`;
their outputs must agree: ints, bools and strings exactly, tensors in dtype, shape and values
(float32 within rtol 1e-4 / atol 1e-5 after the program's chains of ops, NaN equal to NaN, infinities
exactly), or both must raise the same exception class. Prints one line per disagreement and a
summary; exit 1 when any disagreed. Opt-in: PyTorch is not a dependency of the project
(`apt-get install python3-torch` brings 1.13.1); no test runs this.
"""
import argparse
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    out = (p.stdout + p.stderr).strip()
    if p.returncode != 0:
        errors = [l for l in out.splitlines() if l.startswith("error:")]
        line = errors[-1] if errors else (out.splitlines() or ["error: ?"])[-1]
        # "error: RuntimeError: ..." -> RuntimeError; a script's `raise ValueError(...)` surfaces in
        # PyTorch as torch.jit.Error "builtins.ValueError: ..." and in tsjit as "builtins.ValueError: ..."
        text = line[len("error:"):].strip() if line.startswith("error:") else line
        if text.startswith("Error: "):
            text = text[len("Error: "):]
        cls = text.split(":")[0].strip()
        return ("raise", cls[len("builtins."):] if cls.startswith("builtins.") else cls)
    return ("ok", json.loads(p.stdout))


def floats(v):
    return [float.fromhex(x) if isinstance(x, str) else float(x) for x in v["data"]]


def same(a, b, path="out"):
    """'' when the encoded values a (PyTorch) and b (tsjit) agree, else where and how they differ."""
    if a.get("type") != b.get("type"):
        return f"{path}: type {a.get('type')} vs {b.get('type')}"
    t = a["type"]
    if t in ("List", "Tuple"):
        if len(a["items"]) != len(b["items"]):
            return f"{path}: {len(a['items'])} vs {len(b['items'])} items"
        for i, (x, y) in enumerate(zip(a["items"], b["items"])):
            d = same(x, y, f"{path}[{i}]")
            if d:
                return d
        return ""
    if t == "Tensor":
        if a["dtype"] != b["dtype"] or a["shape"] != b["shape"]:
            return f"{path}: {a['dtype']}{a['shape']} vs {b['dtype']}{b['shape']}"
        for i, (x, y) in enumerate(zip(floats(a), floats(b))):
            if math.isnan(x) and math.isnan(y):
                continue
            if math.isinf(x) or math.isinf(y):
                if x != y:
                    return f"{path}: element {i}: {x} vs {y}"
                continue
            if abs(x - y) > 1e-5 + 1e-4 * abs(x):
                return f"{path}: element {i}: {x!r} vs {y!r}"
        return ""
    if t == "float":
        x, y = float.fromhex(a["value"]) if isinstance(a["value"], str) else a["value"], \
            float.fromhex(b["value"]) if isinstance(b["value"], str) else b["value"]
        if (math.isnan(x) and math.isnan(y)) or x == y or abs(x - y) <= 1e-5 + 1e-4 * abs(x):
            return ""
        return f"{path}: {x!r} vs {y!r}"
    return "" if a == b else f"{path}: {a} vs {b}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--tsjit", default=str(HERE.parent / "build/tools/tsjit"))
    ap.add_argument("--engine", default="jit", choices=["jit", "reference"])
    ap.add_argument("--limit", type=int, default=0)
    a = ap.parse_args()
    files = sorted(Path(a.dir).glob("*.py"))
    if a.limit:
        files = files[:a.limit]
    if not files:
        raise SystemExit(f"error: no .py programs in {a.dir} (write them with tsjit fuzz --target source --save-cases)")
    bad = 0
    tmp = tempfile.TemporaryDirectory()
    empty = Path(tmp.name) / "no_inputs.json"
    empty.write_text("[]")
    for i, f in enumerate(files):
        pt = run([sys.executable, str(HERE / "pt113_script_run.py"), str(f)])
        ts = run([a.tsjit, "run", str(f), "--inputs", str(empty), "--engine", a.engine])
        if pt[0] != ts[0]:
            diff = f"PyTorch {pt[0]} {pt[1] if pt[0] == 'raise' else ''} vs tsjit {ts[0]} {ts[1] if ts[0] == 'raise' else ''}"
        elif pt[0] == "raise":
            diff = "" if pt[1] == ts[1] else f"raised {pt[1]} vs {ts[1]}"
        else:
            diff = same(pt[1][0], ts[1][0])
        if diff:
            bad += 1
            print(f"DIFFERS {f}: {diff}", flush=True)
        if (i + 1) % 50 == 0:
            print(f"... {i + 1}/{len(files)} programs, {bad} differ", file=sys.stderr, flush=True)
    print(f"source_torch_sweep: {len(files)} programs, {len(files) - bad} agree with PyTorch, {bad} differ")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
