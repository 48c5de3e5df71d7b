#!/usr/bin/env python3
"""source_replay_check.py — the ctests corpus_source_jit / corpus_source_reference.

Runs `tsjit conform --source --engine ENGINE --json OUT` (function and module cases compiled from
their TorchScript `source`; traced cases replay their graph) and fails when
  * fewer than MIN_PERCENT of the cases pass (issue 5's bar: 90 %), or
  * a case listed in EXPECTED (the cases that passed when the list was last updated, one name a
    line, `#` comments) no longer passes: a regression, named loudly with its reason.
Cases that pass but are not listed are reported as "newly passing: add them to EXPECTED" (the
list is a ratchet, like a lit XFAIL list read the other way round); they do not fail the test.

Usage: source_replay_check.py TSJIT ENGINE EXPECTED [MIN_PERCENT]
"""
import json
import os
import subprocess
import sys
import tempfile


def read_expected(path):
    names = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                names.append(line)
    return names


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    tsjit, engine, expected_path = sys.argv[1:4]
    min_percent = float(sys.argv[4]) if len(sys.argv) > 4 else 90.0
    expected = read_expected(expected_path)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "source.json")
        proc = subprocess.run([tsjit, "conform", "--source", "--engine", engine, "--json", out],
                              capture_output=True, text=True)
        sys.stdout.write(proc.stdout)
        if not os.path.exists(out):
            sys.stdout.write(proc.stderr)
            print(f"source_replay_check: tsjit conform wrote no report (exit status {proc.returncode})")
            return 1
        with open(out, encoding="utf-8") as fh:
            report = json.load(fh)

    results = {r["name"]: r for r in report["results"]}
    passed = {n for n, r in results.items() if r["outcome"] == "passed"}
    total = len(results)
    percent = 100.0 * len(passed) / total if total else 0.0
    from_source = sum(1 for r in results.values() if r.get("from_source"))
    print(f"source replay ({engine}): {len(passed)}/{total} cases pass ({percent:.1f} %); "
          f"{from_source} compiled from source, {total - from_source} replayed from their graph (traced)")

    ok = True
    regressions = [n for n in expected if n not in passed]
    for name in regressions:
        r = results.get(name)
        why = "not in the corpus any more" if r is None else f"{r['outcome']}: {r.get('reason', '')}"
        print(f"REGRESSION: {name} passed before and now does not ({why})")
        ok = False
    newly = sorted(passed - set(expected))
    for name in newly:
        print(f"newly passing: {name} (add it to {os.path.basename(expected_path)})")
    if percent < min_percent:
        print(f"FAIL: {percent:.1f} % of the cases pass from source, below the bar of {min_percent:.0f} %")
        ok = False
    print("source_replay_check: " + ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
