#!/usr/bin/env python3
"""archive_upgraders_test — archives checked against what real PyTorch 1.13 made of them.

Used for conformance/pt113/upgraders (archives of an older file format version, which load with
1.13's upgraders) and conformance/pt113/setstate (modules restored by __setstate__, saved with
__getstate__; scripts/pt113_setstate_archives.py).

conformance/pt113/upgraders holds small archives whose version record says 3, 4 or 5, with what
real PyTorch 1.13 computed from them (scripts/pt113_upgrader_archives.py; integer division
truncates before version 4, an integer `torch.full` is a float tensor before version 5). For each:
  1. `tsjit load X.pt --inputs X.json` gives PyTorch's answer (an error where PyTorch raised);
  2. `tsjit save X.pt S.pt` writes the version PyTorch writes when it saves the loaded module
     (upgraded code carries the version its operators need) and PyTorch's data.pkl byte for byte,
     S.pt gives the same answer, and saving S.pt again writes S.pt byte for byte.
Usage: archive_upgraders_test.py TSJIT SET_DIR
"""
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from archive_pytorch_set_test import close  # noqa: E402


def answer(tsjit, archive, inputs):
    r = subprocess.run([tsjit, "load", str(archive), "--no-code", "--inputs", str(inputs)], capture_output=True,
                       text=True, timeout=60)
    if r.returncode == 0:
        return {"outputs": json.loads(r.stdout)}, ""
    return None, (r.stderr.strip().splitlines() or ["(no message)"])[-1] + f" (exit {r.returncode})"


def same_answer(torch_answer, got, why):
    if "error" in torch_answer:
        # The same error: PyTorch's message (after its exception type) within tsjit's error line.
        core = torch_answer["error"].split(": ")[-1]
        return got is None and "error" in why and core in why, \
            f"PyTorch raised ({torch_answer['error']}), tsjit: {why or 'ran'}"
    if got is None:
        return False, "tsjit failed: " + why
    return close(torch_answer["outputs"][0], got["outputs"][0]), "the outputs differ from PyTorch's"


def main():
    tsjit, set_dir = sys.argv[1], Path(sys.argv[2])
    failures = 0
    cases = sorted(set_dir.glob("*.pt"))
    with tempfile.TemporaryDirectory() as tmp:
        for archive in cases:
            doc = json.load(open(archive.with_suffix(".json")))
            inputs = archive.with_suffix(".json")
            problems = []
            got, why = answer(tsjit, archive, inputs)
            ok, msg = same_answer(doc["torch"], got, why)
            if not ok:
                problems.append(msg)
            saved = Path(tmp) / f"{archive.stem}_s.pt"
            r = subprocess.run([tsjit, "save", str(archive), str(saved)], capture_output=True, text=True, timeout=60)
            if r.returncode != 0:
                problems.append("tsjit save failed: " + r.stderr.strip())
            else:
                with zipfile.ZipFile(saved) as z, zipfile.ZipFile(archive) as orig:
                    version = int(z.read([n for n in z.namelist() if n.endswith("version")][0]))
                    # The module's state is pickled as PyTorch pickled it (for __getstate__ classes:
                    # NEWOBJ, then BUILD with what __getstate__ returns, a dict with its type tag).
                    if z.read(f"{saved.stem}/data.pkl") != orig.read(f"{archive.stem}/data.pkl"):
                        problems.append("data.pkl differs from PyTorch's")
                if version != doc["saved_version"]:
                    problems.append(f"saved with version {version}, PyTorch writes {doc['saved_version']}")
                got2, why2 = answer(tsjit, saved, inputs)
                ok2, msg2 = same_answer(doc["torch"], got2, why2)
                if not ok2:
                    problems.append("after save: " + msg2)
                again = Path(tmp) / f"{archive.stem}_ss.pt"
                r = subprocess.run([tsjit, "save", str(saved), str(again)], capture_output=True, text=True, timeout=60)
                # The archive's folder is named after the file: compare after renaming it.
                if r.returncode != 0:
                    problems.append("second save failed: " + r.stderr.strip())
                else:
                    with zipfile.ZipFile(saved) as a, zipfile.ZipFile(again) as b:
                        ma = {n.split("/", 1)[1]: a.read(n) for n in a.namelist()}
                        mb = {n.split("/", 1)[1]: b.read(n) for n in b.namelist()}
                    if ma != mb:
                        problems.append("save(load(S)) differs from S = save(load(X))")
            print(f"{archive.stem:24s} v{doc['version']} {'ok' if not problems else 'FAILED: ' + '; '.join(problems)}")
            failures += bool(problems)
    print(f"{len(cases)} archives of {set_dir.name}, {failures} failures")
    return 1 if failures or not cases else 0


if __name__ == "__main__":
    sys.exit(main())
