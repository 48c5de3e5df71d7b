#!/usr/bin/env python3
"""pt113_corpus_check.py — replay the second corpus (conformance/pt113-corpus, recorded on
python3-torch 1.13.1 by scripts/pt113_corpus.py) through one engine and hold the line.

Usage: pt113_corpus_check.py TSJIT ENGINE CORPUS_DIR KNOWN_FAILURES_FILE [--source] [--pipeline P] [--update]

Runs `tsjit conform --engine ENGINE --corpus CORPUS_DIR` and prints the agreement (cases whose
outputs, dtypes, errors and inputs-after match PyTorch's). Every case that does not pass must be
listed in KNOWN_FAILURES_FILE (one name per line, `#` comments; each is a difference between the
engine and PyTorch 1.13 that is not fixed yet); an unlisted failure fails this check, and listed
cases that now pass are printed so the list can shrink. --update rewrites the file with the
current failures (and their reasons as comments). --source compiles the cases that have a source
(defaults_*) with tsjit's frontend instead of running PyTorch's recorded graph. --pipeline P
passes `--pipeline P` to conform: `none` runs the jit without optimizations, as the corpus was
recorded (torch._C._set_graph_executor_optimize(False): nodes whose results are unused still run,
and raise, where the default pipeline removes them).
"""
import json
import os
import subprocess
import sys
import tempfile


def read_list(path):
    names = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    names.add(line)
    return names


def main():
    argv = sys.argv[1:]
    pipeline = []
    if "--pipeline" in argv:
        i = argv.index("--pipeline")
        if i + 1 >= len(argv):
            print("--pipeline needs a value")
            return 2
        pipeline = ["--pipeline", argv[i + 1]]
        argv = argv[:i] + argv[i + 2:]
    args = [a for a in argv if a not in ("--update", "--source")]
    update = "--update" in argv
    source = ["--source"] if "--source" in argv else []
    if len(args) != 4:
        print(__doc__)
        return 2
    tsjit, engine, corpus, known_file = args
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        proc = subprocess.run([tsjit, "conform", "--engine", engine, "--corpus", corpus, "--json", report] + source + pipeline,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if not os.path.exists(report):
            print(proc.stdout[-4000:])
            print("conform wrote no report (exit status %d)" % proc.returncode)
            return 1
        with open(report) as f:
            results = json.load(f)["results"]
    passed = [r for r in results if r["outcome"] == "passed"]
    failing = {r["name"]: r for r in results if r["outcome"] != "passed"}
    print("pt113 corpus, engine %s%s%s: %d of %d cases agree with PyTorch 1.13 (%.1f %%)" %
          (engine, " (from source)" if source else "", " (pipeline %s)" % pipeline[1] if pipeline else "",
           len(passed), len(results),
           100.0 * len(passed) / max(len(results), 1)))
    by_category = {}
    for r in results:
        c = by_category.setdefault(r["category"], [0, 0])
        c[1] += 1
        c[0] += r["outcome"] == "passed"
    for cat, (ok, total) in sorted(by_category.items()):
        print("  %-18s %5d of %5d" % (cat, ok, total))
    if update:
        with open(known_file, "w") as f:
            f.write("# Cases of conformance/pt113-corpus that engine '%s' does not pass yet (differences from\n"
                    "# PyTorch 1.13 not fixed yet), written by pt113_corpus_check.py --update. Shrink it.\n" % engine)
            for name in sorted(failing):
                reason = failing[name].get("reason", failing[name]["outcome"]).replace("\n", " ")[:150]
                f.write("%s  # %s\n" % (name, reason))
        print("wrote %d known failures to %s" % (len(failing), known_file))
        return 0
    known = read_list(known_file)
    unexpected = sorted(n for n in failing if n not in known)
    fixed = sorted(n for n in known if n not in failing)
    for n in fixed:
        print("now passes (remove it from %s): %s" % (os.path.basename(known_file), n))
    for n in unexpected:
        print("NEW FAILURE %s: %s" % (n, failing[n].get("reason", failing[n]["outcome"])[:300]))
    print("%d known failures, %d new failures, %d fixed" % (len(known & set(failing)), len(unexpected), len(fixed)))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
