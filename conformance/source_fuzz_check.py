#!/usr/bin/env python3
"""source_fuzz_check.py — the ctest source_fuzz_rejects_wrong_engine: scripts/source_fuzz must fail
(exit 1, "outputs differ") against an engine whose results are wrong, so that its passes mean
something. The wrong engine is the real tsjit behind a wrapper that changes one value of the output
(the first int value, plus one; or the first str value, with a letter appended); the same run
against the unwrapped tsjit must pass.

Usage: source_fuzz_check.py TSJIT SOURCE_FUZZ
"""
import os
import stat
import subprocess
import sys
import tempfile

WRAPPER = r'''#!{python}
import json, subprocess, sys
p = subprocess.run([{tsjit!r}] + sys.argv[1:], stdout=subprocess.PIPE, text=True)
if p.returncode != 0:
    sys.stdout.write(p.stdout)
    sys.exit(p.returncode)
out = json.loads(p.stdout)
def walk(v):
    if isinstance(v, dict):
        if v.get("type") == {kind!r}:
            v["value"] = {change}
            return True
        return any(walk(x) for x in v.get("items", []))
    return any(walk(x) for x in v)
walk(out)
print(json.dumps(out))
'''


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    tsjit, source_fuzz = sys.argv[1:]
    base = [sys.executable, source_fuzz, "--count", "25", "--seed", "3", "--engines", "reference"]
    ok = subprocess.run(base[:2] + [tsjit] + base[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if ok.returncode != 0:
        print(f"FAIL: source_fuzz fails on the real tsjit:\n{ok.stdout[-2000:]}")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for kind, change in (("int", 'v["value"] + 1'), ("str", 'v["value"] + "x"')):
            path = os.path.join(tmp, f"tsjit_wrong_{kind}")
            with open(path, "w") as fh:
                fh.write(WRAPPER.format(python=sys.executable, tsjit=os.path.abspath(tsjit), kind=kind, change=change))
            os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
            p = subprocess.run(base[:2] + [path] + base[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if p.returncode == 1 and "outputs differ" in p.stdout:
                print(f"ok: a wrong {kind} output is caught: {p.stdout.splitlines()[0]}")
            else:
                print(f"FAIL: a wrong {kind} output was not caught (exit {p.returncode}):\n{p.stdout[-2000:]}")
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
