#!/usr/bin/env python3
"""archive_pytorch_set_test — tsjit still writes the archives real PyTorch was shown to load.

conformance/pt113/archives holds archives tsjit wrote (`tsjit save` of corpus archives) that
PyTorch 1.13 loaded and ran with results bit-identical to the corpus archive's
(scripts/pt113_archive_check.py --write-set; <case>.torch.json is PyTorch's answer). Without
PyTorch, this test checks that
  1. `tsjit save archives/<case>.pt` still writes exactly those bytes (so PyTorch's verdict holds);
     when the writer changes on purpose, re-run the script with PyTorch to regenerate the set;
  2. `tsjit load <set>/<case>.pt --inputs cases/<case>.json` reproduces PyTorch's answer (floats
     within 1e-5 relative: tsjit's kernels are not PyTorch's; ints, shapes, dtypes exact; an error
     where PyTorch raised).
Usage: archive_pytorch_set_test.py TSJIT CORPUS_DIR SET_DIR   (close() is shared with archive_upgraders_test.py)
"""
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path


def num(x):
    return float(x) if x in ("nan", "inf", "-inf") or not isinstance(x, str) else float.fromhex(x)


def close(e, a):
    if e["type"] != a["type"]:
        return False
    t = e["type"]
    if t == "Tensor":
        if e["dtype"] != a["dtype"] or e["shape"] != a["shape"] or len(e["data"]) != len(a["data"]):
            return False
        if e["dtype"].startswith("float") or e["dtype"] == "bfloat16":
            for x, y in zip(e["data"], a["data"]):
                x, y = num(x), num(y)
                if math.isnan(x) or math.isnan(y):
                    if not (math.isnan(x) and math.isnan(y)):
                        return False
                elif not (x == y or abs(x - y) <= 1e-5 * max(abs(x), abs(y)) + 1e-6):
                    return False
            return True
        return [int(x) for x in e["data"]] == [int(y) for y in a["data"]]
    if t == "float":
        x, y = num(e["value"]), num(a["value"])
        return (math.isnan(x) and math.isnan(y)) or abs(x - y) <= 1e-5 * max(abs(x), abs(y)) + 1e-6
    if t in ("List", "Tuple"):
        return len(e["items"]) == len(a["items"]) and all(close(x, y) for x, y in zip(e["items"], a["items"]))
    if t == "Dict":
        return len(e["items"]) == len(a["items"]) and all(
            k1 == k2 and close(x, y) for (k1, x), (k2, y) in zip(e["items"], a["items"]))
    return e.get("value") == a.get("value")


def main():
    TSJIT, CORPUS, SET = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    failures = 0
    sets = sorted(SET.glob("*.pt"))
    with tempfile.TemporaryDirectory() as tmp:
        for committed in sets:
            name = committed.stem
            problems = []
            out = Path(tmp) / f"{name}.pt"
            r = subprocess.run([TSJIT, "save", str(CORPUS / "archives" / f"{name}.pt"), str(out)], capture_output=True,
                               text=True)
            if r.returncode != 0:
                problems.append("tsjit save failed: " + r.stderr.strip())
            elif out.read_bytes() != committed.read_bytes():
                problems.append("tsjit save now writes different bytes (re-verify with scripts/pt113_archive_check.py "
                                "--write-set)")
            torch_answer = json.load(open(SET / f"{name}.torch.json"))["result"]
            r = subprocess.run([TSJIT, "load", str(committed), "--no-code", "--inputs",
                                str(CORPUS / "cases" / f"{name}.json")], capture_output=True, text=True)
            if "error" in torch_answer:
                if r.returncode != 1 or "error:" not in r.stderr:
                    problems.append(f"PyTorch raised ({torch_answer['error']}), tsjit did not")
            elif r.returncode != 0:
                problems.append("tsjit load --inputs failed: " + r.stderr.strip().splitlines()[-1])
            elif not close(torch_answer["outputs"][0], json.loads(r.stdout)[0]):
                problems.append("tsjit's outputs differ from PyTorch's")
            print(f"{name:28s} {'ok' if not problems else 'FAILED: ' + '; '.join(problems)}")
            failures += bool(problems)
    print(f"{len(sets)} PyTorch-verified archives, {failures} failures")
    sys.exit(1 if failures or not sets else 0)


if __name__ == "__main__":
    main()
