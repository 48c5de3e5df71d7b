#!/usr/bin/env python3
"""shard_merge_test.py — `tsjit fuzz --shard I/N --result-dir` + `tsjit fuzz merge` equal the
unsharded run with the same seed and --cases, for targets ops, passes, fuser and grad (and `tsjit
conform --shard I/N` replays every corpus case exactly once); and the
merge notices what would make them differ (a dropped shard, a shard of another campaign, a
different case count).

The ops campaign runs with --include-known so that it has real failures (an in-place op on an
aliased input, listed in fuzz/lib/KnownMismatches.cpp): the test requires the unsharded run to
report some, so "same failures" is checked on a non-empty list, de-duplicated across shards.
Usage: shard_merge_test.py --tsjit PATH --work DIR
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

CAMPAIGNS = {
    # target: (extra args, N shards)
    # --ops pins the generator's op set, so that ops added to the table later do not move the cases:
    # seed 7 then has in-place failures (partial overlap) of aten::div_ at cases 177, 374, 863, 1616 and
    # aten::pow_ at 247, 1777, 1985; with 5 shards each signature falls in several shards, so the
    # merge must de-duplicate across shards.
    "ops": (["--cases", "2400", "--seed", "7", "--ops", "aten::div_,aten::pow_,aten::mul,aten::add", "--include-known",
             "--shrink-runs", "20", "--max-failures", "1000"], 5),
    "passes": (["--cases", "40", "--seed", "3"], 3),
    "fuser": (["--cases", "40", "--seed", "3"], 3),
    "grad": (["--cases", "100", "--seed", "3"], 3),
}


def run(cmd, expect=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if expect is not None and p.returncode not in expect:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsjit", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    t = a.tsjit
    for target, (args, n) in CAMPAIGNS.items():
        base = [t, "fuzz", "--target", target, "--quiet"] + args
        w = os.path.join(a.work, target)
        # Exit 1 is a campaign with failures (the ops campaign has them on purpose).
        run(base + ["--result-dir", f"{w}/single", "--out", f"{w}/fail-single"], expect=(0, 1))
        for i in range(n):
            run(base + ["--shard", f"{i}/{n}", "--result-dir", f"{w}/shards", "--out", f"{w}/fail-shards"], expect=(0, 1))
        p = run([t, "fuzz", "merge", f"{w}/shards", "--same-as", f"{w}/single", "--json", f"{w}/merged.json"], expect=(0,))
        merged = json.load(open(f"{w}/merged.json"))
        single = json.load(open(f"{w}/single/{target}-shard-0-of-1.json"))
        # Independent of the tool's own comparison: the JSON documents agree field by field.
        for key in ("cases", "summary", "coverage", "maxima"):
            if merged[key] != single[key]:
                sys.exit(f"FAIL {target}: merged {key} differs from the single run")
        strip = lambda fs: [(f["signature"], f["case"], f["occurrences"]) for f in fs]
        if strip(merged["failures"]) != strip(single["failures"]):
            sys.exit(f"FAIL {target}: failures differ:\n{strip(merged['failures'])}\n{strip(single['failures'])}")
        if merged["cases"] != int(args[args.index("--cases") + 1]):
            sys.exit(f"FAIL {target}: {merged['cases']} cases merged")
        if sorted(merged["shards"]) != list(range(n)):
            sys.exit(f"FAIL {target}: shards {merged['shards']}")
        print(f"{target}: {n} shards merged == single run ({merged['cases']} cases, "
              f"{len(merged['failures'])} failure signature(s), {sum(len(v) for v in merged['coverage'].values())} coverage rows)")
        if target == "ops":
            if not single["failures"]:
                sys.exit("FAIL ops: the --include-known campaign reported no failure; the failure comparison is vacuous")
            shard_files = sorted(os.listdir(f"{w}/shards"))
            # The same signature found by different shards became one entry.
            per_shard = sum(len(json.load(open(f"{w}/shards/{f}"))["failures"]) for f in shard_files)
            if per_shard <= len(merged["failures"]):
                sys.exit("FAIL ops: no signature was found by two shards; de-duplication across shards is untested")
            print(f"ops: {per_shard} per-shard failure entries -> {len(merged['failures'])} after de-duplication")
            # Can it fail? 1. a dropped shard
            os.makedirs(f"{w}/dropped")
            for f in shard_files[:-1]:
                shutil.copy(f"{w}/shards/{f}", f"{w}/dropped/{f}")
            p = run([t, "fuzz", "merge", f"{w}/dropped"])
            if p.returncode == 0 or "missing" not in p.stderr:
                sys.exit(f"FAIL: a dropped shard was not noticed (exit {p.returncode}): {p.stderr}")
            # 2. a shard twice
            p = run([t, "fuzz", "merge", f"{w}/shards", f"{w}/shards/{shard_files[0]}"])
            if p.returncode == 0 or "twice" not in p.stderr:
                sys.exit(f"FAIL: a duplicated shard was not noticed: {p.stderr}")
            # 3. a shard of another campaign (another seed)
            os.makedirs(f"{w}/mixed")
            for f in shard_files[1:]:
                shutil.copy(f"{w}/shards/{f}", f"{w}/mixed/{f}")
            other = [x if x != "7" else "8" for x in base]
            run(other + ["--shard", f"0/{n}", "--result-dir", f"{w}/mixed", "--out", f"{w}/fail-mixed"], expect=(0, 1))
            p = run([t, "fuzz", "merge", f"{w}/mixed"])
            if p.returncode == 0 or "seed" not in p.stderr:
                sys.exit(f"FAIL: a shard of another seed was merged: {p.stderr}")
            # 4. --same-as notices a coverage row or a case count that differs (a real campaign of
            # another size is compared in fuzz/tests/cluster_test.py).
            for field in ("coverage", "cases"):
                os.makedirs(f"{w}/tampered-{field}")
                j = json.load(open(f"{w}/single/ops-shard-0-of-1.json"))
                if field == "coverage":
                    j["coverage"]["dtypes"]["Float"] += 1
                else:
                    j["cases"] -= 1
                json.dump(j, open(f"{w}/tampered-{field}/ops-shard-0-of-1.json", "w"))
                p = run([t, "fuzz", "merge", f"{w}/shards", "--same-as", f"{w}/tampered-{field}"])
                if p.returncode != 1 or "DIFFERS" not in p.stdout:
                    sys.exit(f"FAIL: --same-as did not notice a different {field} (exit {p.returncode})")
            # 5. --same-as notices a lost failure (a shard result whose failures were cut).
            os.makedirs(f"{w}/cut")
            cut = False
            for f in shard_files:
                j = json.load(open(f"{w}/shards/{f}"))
                if j["failures"] and not cut:
                    j["failures"] = j["failures"][1:]
                    cut = True
                json.dump(j, open(f"{w}/cut/{f}", "w"))
            p = run([t, "fuzz", "merge", f"{w}/cut", "--same-as", f"{w}/single"])
            if p.returncode != 1:
                sys.exit("FAIL: --same-as did not notice a lost failure")
            print("ops: dropped shard, duplicated shard, other seed, a different coverage row or case count and a lost "
                  "failure are all noticed")
    # tsjit conform --shard I/N: the 3 shards replay every corpus case once, with the same outcomes.
    w = os.path.join(a.work, "conform")
    os.makedirs(w)
    run([t, "conform", "--json", f"{w}/all.json"], expect=(0, 1))
    outcome = lambda path: [(r["name"], r["outcome"]) for r in json.load(open(path))["results"]]
    full = sorted(outcome(f"{w}/all.json"))
    parts = []
    for i in range(3):
        run([t, "conform", "--shard", f"{i}/3", "--json", f"{w}/{i}.json"], expect=(0, 1))
        parts.append(outcome(f"{w}/{i}.json"))
    union = sorted(x for part in parts for x in part)
    if union != full or min(len(p) for p in parts) == 0:
        sys.exit(f"FAIL conform: shards replayed {len(union)} cases, the full run {len(full)}")
    if sorted(x for part in parts[:2] for x in part) == full:
        sys.exit("FAIL conform: two of three shards already cover the corpus (the split is not a split)")
    print(f"conform: 3 shards ({', '.join(str(len(p)) for p in parts)} cases) == the full run ({len(full)} cases, same outcomes)")
    # Bad input: clear errors, non-zero exit.
    for bad in (["--shard", "4/4"], ["--shard", "x"], ["--shard", "1/0"]):
        p = run([t, "fuzz", "--target", "ops", "--cases", "1", "--quiet"] + bad)
        if p.returncode == 0 or "--shard" not in p.stderr:
            sys.exit(f"FAIL: {bad} accepted: {p.stderr}")
    print("PASS")


if __name__ == "__main__":
    main()
