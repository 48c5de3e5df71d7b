#!/usr/bin/python3
"""pt113_archive_check.py — does real PyTorch 1.13 load the archives tsjit writes?

    scripts/pt113_archive_check.py [--tsjit build/tools/tsjit] [--corpus DIR] [--case NAME ...]
                                   [--write-set DIR]

For every corpus case: `tsjit save archives/<case>.pt OUT/<case>.pt` (load with tsjit, write
again), then `torch.jit.load(OUT/<case>.pt)` in PyTorch, run forward on the case's inputs
(one intra-op thread) and require exactly what the same PyTorch gives for the corpus's own
archive: bit for bit for tensors and floats, the same mutated inputs, the same error last line.
It also reports how many agree bit for bit with the outputs recorded when the corpus was
generated (PyTorch 1.13.0a0 with another BLAS: the matrix-product cases differ in the last bits
there for the corpus's own archives too, so that is reported, not required).
Prints one line per case and a summary; exit status 1 when a case fails.

--write-set DIR also copies each tsjit-written archive to DIR/<case>.pt and PyTorch's outputs to
DIR/<case>.torch.json (the committed set under conformance/pt113/archives that ctest's
`archive_pytorch_set` re-checks without PyTorch).

Opt-in (PyTorch is not a dependency of the project): `apt-get install -y python3-torch`.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from torch_oracle import decode, encode  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def same_float(a, b):
    if isinstance(a, str) or isinstance(b, str):
        a, b = float.fromhex(a) if isinstance(a, str) and a not in ("nan", "inf", "-inf") else float(a), \
            float.fromhex(b) if isinstance(b, str) and b not in ("nan", "inf", "-inf") else float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


def same(e, a):
    """Recorded value `e` vs PyTorch's encoded value `a` (layout/strides not compared)."""
    if e["type"] != a["type"]:
        return False
    t = e["type"]
    if t == "Tensor":
        if e["dtype"] != a["dtype"] or e["shape"] != a["shape"] or len(e["data"]) != len(a["data"]):
            return False
        if e["dtype"] in ("float32", "float64", "float16", "bfloat16"):
            return all(same_float(x, y) for x, y in zip(e["data"], a["data"]))
        return [int(x) for x in e["data"]] == [int(y) for y in a["data"]]
    if t == "float":
        return same_float(e["value"], a["value"])
    if t in ("List", "Tuple"):
        return len(e["items"]) == len(a["items"]) and all(same(x, y) for x, y in zip(e["items"], a["items"]))
    if t == "Dict":
        return len(e["items"]) == len(a["items"]) and all(
            k1 == k2 and same(x, y) for (k1, x), (k2, y) in zip(e["items"], a["items"]))
    return e.get("value") == a.get("value")


def run_archive(torch, case, archive):
    """PyTorch's answer for `archive` on the case's inputs: {"outputs": [v], "inputs_after": [...]} or
    {"error": last line}."""
    m = torch.jit.load(str(archive))
    inputs = [decode(torch, v) for v in case["inputs"]]
    try:
        out = m(*inputs)
    except Exception as ex:  # noqa: BLE001 — any exception is the case's answer
        last = str(ex).strip().splitlines()[-1] if str(ex).strip() else type(ex).__name__
        return {"error": f"{type(ex).__name__}: {last}"}
    return {"outputs": [encode(torch, out)], "inputs_after": [encode(torch, v) for v in inputs]}


def same_answer(a, b):
    if "error" in a or "error" in b:
        return a.get("error") == b.get("error")
    return all(same(x, y) for x, y in zip(a["outputs"] + a["inputs_after"], b["outputs"] + b["inputs_after"]))


def matches_recording(case, ans):
    if "error" in case or "error" in ans:
        return "error" in case and "error" in ans
    if not same(case["outputs"][0], ans["outputs"][0]):
        return False
    after = case.get("inputs_after", case["inputs"])
    return all(same(e, a) for e, a in zip(after, ans["inputs_after"]))


def check_case(torch, case, archive, original):
    ans = run_archive(torch, case, archive)
    ref = run_archive(torch, case, original)
    if not same_answer(ref, ans):
        return False, f"PyTorch's results differ from those of the corpus archive: {ans.get('error', '')}", ans, False
    return True, "", ans, matches_recording(case, ans)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tsjit", default=str(ROOT / "build/tools/tsjit"))
    ap.add_argument("--corpus", default=os.environ.get("TSJIT_CORPUS", str(ROOT / "conformance/corpus/torch-1.13")))
    ap.add_argument("--case", action="append", default=[])
    ap.add_argument("--write-set")
    args = ap.parse_args()
    import torch
    torch.set_num_threads(1)
    print(f"PyTorch {torch.__version__}")
    corpus = Path(args.corpus)
    names = args.case or [Path(c["json"]).stem for c in json.load(open(corpus / "manifest.json"))["cases"]]
    failed = recorded = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            case = json.load(open(corpus / "cases" / f"{name}.json"))
            out = Path(tmp) / f"{name}.pt"
            r = subprocess.run([args.tsjit, "save", str(corpus / case["archive"]), str(out)], capture_output=True,
                               text=True)
            if r.returncode != 0:
                print(f"{name:28s} FAILED: tsjit save: {r.stderr.strip()}")
                failed += 1
                continue
            try:
                ok, why, got, rec = check_case(torch, case, out, corpus / case["archive"])
            except Exception as ex:  # noqa: BLE001
                ok, why, got, rec = False, f"torch.jit.load failed: {type(ex).__name__}: {ex}".splitlines()[0], None, False
            note = "" if rec else "   (differs from the recorded outputs, as the corpus's own archive does here)"
            print(f"{name:28s} {'ok' + note if ok else 'FAILED: ' + why}")
            failed += not ok
            recorded += ok and rec
            if ok and args.write_set:
                d = Path(args.write_set)
                d.mkdir(parents=True, exist_ok=True)
                shutil.copy(out, d / f"{name}.pt")
                json.dump({"case": name, "torch_version": torch.__version__, "result": got}, open(d / f"{name}.torch.json", "w"),
                          indent=1)
    print(f"{len(names)} archives written by tsjit: {len(names) - failed} loaded by PyTorch {torch.__version__} with "
          f"results bit-identical to the corpus archive's, {failed} failed; {recorded} also bit-identical to the "
          f"outputs recorded at generation")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
