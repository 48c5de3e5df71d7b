#!/usr/bin/env python3
"""check_reports_test.py — the ctest check_reports: runs `tsjit check` and validates its reports.

1. `tsjit check --time 3 --seed 1`: every step runs; the JSON report parses and its counts add up
   (passed + failed + skipped == cases per step, totals == sum of the steps); the JUnit XML parses
   (xml.etree) and agrees with the JSON (one <testsuite> per step with the same failures and
   skipped counts, `tests` equal to its <testcase> elements, the totals on <testsuites>); the exit
   status is 1 exactly when the JSON says not ok; the fuzz step ran generated cases.
2. A copy of one corpus case whose recorded output is changed: the run must exit 1, and both
   reports must name that case as failed.
3. A corpus folder that does not exist: the conformance steps are errors (not passes), exit 1.

Usage: check_reports_test.py TSJIT_BINARY SCRATCH_DIR   (TSJIT_CORPUS names the corpus)
"""
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run_check(tsjit, out, *args):
    os.makedirs(out, exist_ok=True)
    j, x = os.path.join(out, "check.json"), os.path.join(out, "check-junit.xml")
    for f in (j, x):
        if os.path.exists(f):
            os.remove(f)
    cmd = [tsjit, "check", "--results", out, "--json", j, "--junit", x, *args]
    print("$", " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=90)
    print(p.stdout)
    report = json.load(open(j)) if os.path.exists(j) else None
    junit = ET.parse(x).getroot() if os.path.exists(x) else None
    expect(report is not None, f"{args}: no JSON report written")
    expect(junit is not None, f"{args}: no JUnit report written")
    return p.returncode, report, junit, p.stdout


def validate(code, report, junit, label):
    """The consistency rules every report must keep; returns the steps by id."""
    if report is None or junit is None:
        return {}
    expect(report.get("tool") == "tsjit check", f"{label}: JSON 'tool' is {report.get('tool')!r}")
    expect(report["exit_code"] == code, f"{label}: JSON exit_code {report['exit_code']} but the process exited {code}")
    expect(report["ok"] == (code == 0), f"{label}: JSON ok={report['ok']} with exit status {code}")
    tot = {"cases": 0, "passed": 0, "failed": 0, "skipped": 0, "errors": 0}
    steps = {}
    for s in report["steps"]:
        steps[s["id"]] = s
        expect(s["passed"] + s["failed"] + s["skipped"] == s["cases"],
               f"{label}: step {s['id']}: passed+failed+skipped != cases")
        expect(len(s["failures"]) == s["failed"], f"{label}: step {s['id']}: {s['failed']} failed but "
               f"{len(s['failures'])} failures listed")
        expect(len(s["skipped_cases"]) == s["skipped"], f"{label}: step {s['id']}: skipped list length")
        want = "error" if s["error"] else ("failed" if s["failed"] else "passed")
        expect(s["status"] == want, f"{label}: step {s['id']}: status {s['status']} but counts say {want}")
        for k in ("cases", "passed", "failed", "skipped"):
            tot[k] += s[k]
        tot["errors"] += 1 if s["error"] else 0
    expect(report["totals"] == tot, f"{label}: JSON totals {report['totals']} != sum of steps {tot}")
    any_bad = tot["failed"] > 0 or tot["errors"] > 0
    expect(report["ok"] == (not any_bad), f"{label}: ok={report['ok']} but {tot['failed']} failed, "
           f"{tot['errors']} errors")

    expect(junit.tag == "testsuites", f"{label}: JUnit root is <{junit.tag}>")
    suites = junit.findall("testsuite")
    expect([t.get("name") for t in suites] == [s["id"] for s in report["steps"]],
           f"{label}: JUnit suites {[t.get('name') for t in suites]} != JSON steps")
    sums = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for t in suites:
        s = steps.get(t.get("name"), {})
        cases = t.findall("testcase")
        n_fail = sum(1 for c in cases if c.find("failure") is not None)
        n_err = sum(1 for c in cases if c.find("error") is not None)
        n_skip = sum(1 for c in cases if c.find("skipped") is not None)
        expect(int(t.get("tests")) == len(cases), f"{label}: suite {t.get('name')}: tests={t.get('tests')} but "
               f"{len(cases)} <testcase>")
        expect(int(t.get("failures")) == n_fail == s.get("failed"), f"{label}: suite {t.get('name')}: failures "
               f"{t.get('failures')} / {n_fail} <failure> / JSON {s.get('failed')}")
        expect(int(t.get("skipped")) == n_skip == s.get("skipped"), f"{label}: suite {t.get('name')}: skipped")
        expect(int(t.get("errors")) == n_err == (1 if s.get("error") else 0), f"{label}: suite {t.get('name')}: errors")
        for k, v in (("tests", len(cases)), ("failures", n_fail), ("errors", n_err), ("skipped", n_skip)):
            sums[k] += v
    for k, v in sums.items():
        expect(int(junit.get(k)) == v, f"{label}: <testsuites {k}={junit.get(k)}> but the suites sum to {v}")
    expect((sums["failures"] + sums["errors"] > 0) == (code != 0),
           f"{label}: JUnit has {sums['failures']} failures, {sums['errors']} errors, exit status {code}")
    return steps


def main():
    tsjit, scratch = sys.argv[1], os.path.abspath(sys.argv[2])
    shutil.rmtree(scratch, ignore_errors=True)
    corpus = os.environ.get("TSJIT_CORPUS")
    if not corpus or not os.path.isdir(corpus):
        print(f"TSJIT_CORPUS ({corpus!r}) is not a corpus folder")
        return 1

    # 1. the whole check, short fuzz budget
    code, report, junit, out = run_check(tsjit, os.path.join(scratch, "full"), "--time", "3", "--seed", "1")
    steps = validate(code, report, junit, "full run")
    for sid in ("conform.reference.graph", "conform.jit.graph", "conform.reference.source", "conform.jit.source",
                "fuzz.ops"):
        expect(sid in steps, f"full run: step {sid} missing")
    expect(steps.get("conform.jit.graph", {}).get("cases", 0) > 0, "full run: conform.jit.graph ran no case")
    expect(steps.get("fuzz.ops", {}).get("cases", 0) > 0, "full run: fuzz.ops generated no case")
    expect("check: PASSED" in out or "check: FAILED" in out, "full run: no verdict line in the table")

    # 2. a corpus with one case whose recorded output is wrong
    bad = os.path.join(scratch, "bad-corpus")
    os.makedirs(os.path.join(bad, "cases"))
    doc = json.load(open(os.path.join(corpus, "cases", "sc_int_float_mix.json")))
    doc["name"] = "wrong_output"

    def bump(v):  # change the first int or float leaf of the recorded output
        if v.get("type") == "int":
            v["value"] += 1
            return True
        if v.get("type") == "float":
            v["value"] = (float.fromhex(v["value"]) + 1.0).hex()
            return True
        return any(bump(i) for i in v.get("items", []) if isinstance(i, dict))
    expect(bump(doc["outputs"][0]), "sc_int_float_mix has no int/float output to change")
    json.dump(doc, open(os.path.join(bad, "cases", "wrong_output.json"), "w"))
    code, report, junit, _ = run_check(tsjit, os.path.join(scratch, "bad"), "--time", "0", "--corpus", bad,
                                       "--only", "conform.jit.graph")
    steps = validate(code, report, junit, "wrong output")
    expect(code == 1, f"wrong output: exit status {code}, expected 1")
    s = steps.get("conform.jit.graph", {})
    expect([f["name"] for f in s.get("failures", [])] == ["wrong_output"], f"wrong output: failures {s.get('failures')}")
    if junit is not None:
        names = [c.get("name") for c in junit.iter("testcase") if c.find("failure") is not None]
        expect(names == ["wrong_output"], f"wrong output: JUnit failed cases {names}")

    # 3. no corpus at all
    code, report, junit, _ = run_check(tsjit, os.path.join(scratch, "none"), "--time", "0", "--corpus",
                                       os.path.join(scratch, "no-such-corpus"), "--only", "conform.reference")
    steps = validate(code, report, junit, "missing corpus")
    expect(code == 1, f"missing corpus: exit status {code}, expected 1")
    expect(steps and all(s["status"] == "error" for s in steps.values()), "missing corpus: steps are not errors")

    print(f"{len(failures)} failures" if failures else "check reports: all consistent")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
