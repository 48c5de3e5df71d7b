#!/usr/bin/env python3
"""cluster_test.py — a real one-node Dask distributed cluster (a scheduler and two single-thread
workers on 127.0.0.1, started and stopped here) runs a fuzz campaign as 4 shards through
scripts/fuzz_cluster; the merged result must equal the single-process run of the same seed and
--cases (failures by signature, coverage tables, summary counts, case count), the shards must have
run on both workers, and a cluster run of a different campaign must be reported as different.
Exit 77 (skipped) only when Debian's python3-distributed is not installed.
Usage: cluster_test.py --tsjit PATH --work DIR
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "fuzz_cluster")
# ops with --include-known: a campaign with real failures (KnownMismatches.cpp), so that "same
# failures" compares a non-empty list.
CAMPAIGN = ["--target", "ops", "--cases", "2400", "--seed", "7", "--include-known", "--shrink-runs", "20",
            "--max-failures", "1000"]


def python_with_distributed():
    for py in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(py) and subprocess.run([py, "-c", "import distributed"], stderr=subprocess.DEVNULL).returncode == 0:
            return py
    return None


def wait_for(path, procs, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if os.path.exists(path) and os.path.getsize(path) > 0:
            return
        for p in procs:
            if p.poll() is not None:
                sys.exit(f"FAIL: a cluster process exited early ({p.args[0]}, status {p.returncode})")
        time.sleep(0.2)
    sys.exit(f"FAIL: {path} not written in {seconds} s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsjit", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    py = python_with_distributed()
    if py is None:
        print("SKIP: python3-distributed is not installed (scripts/setup installs it)")
        return 77
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    sched_file = os.path.join(a.work, "scheduler.json")
    logs = open(os.path.join(a.work, "cluster.log"), "w")
    procs = []
    env = dict(os.environ, DASK_DISTRIBUTED__WORKER__DAEMON="False")
    try:
        procs.append(subprocess.Popen([py, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                                       "--no-dashboard", "--scheduler-file", sched_file],
                                      stdout=logs, stderr=logs, env=env, start_new_session=True))
        wait_for(sched_file, procs, 60)
        for k in range(2):
            procs.append(subprocess.Popen([py, "-m", "distributed.cli.dask_worker", "--scheduler-file", sched_file,
                                           "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1", "--no-dashboard",
                                           "--name", f"w{k}", "--local-directory", os.path.join(a.work, f"w{k}")],
                                          stdout=logs, stderr=logs, env=env, start_new_session=True))
        # Both workers registered before submitting, so the shards spread over them.
        probe = (f"from distributed import Client\nc = Client(scheduler_file={sched_file!r}, timeout=30)\n"
                 "c.wait_for_workers(2, timeout=60)\nprint(len(c.scheduler_info()['workers']))\nc.close()\n")
        p = subprocess.run([py, "-c", probe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=90)
        if p.returncode != 0 or p.stdout.strip() != "2":
            sys.exit(f"FAIL: the two workers did not register: {p.stdout} {p.stderr[-2000:]}")

        single = os.path.join(a.work, "single")
        t0 = time.time()
        subprocess.run([a.tsjit, "fuzz"] + CAMPAIGN + ["--quiet", "--result-dir", single, "--out",
                                                        os.path.join(a.work, "fail-single")],
                       stdout=subprocess.DEVNULL, check=False)
        t_single = time.time() - t0
        sj = json.load(open(os.path.join(single, "ops-shard-0-of-1.json")))
        if not sj["failures"]:
            sys.exit("FAIL: the single-process campaign has no failure; the comparison would be vacuous")

        t0 = time.time()
        p = subprocess.run([py, SCRIPT, "--scheduler-file", sched_file, "--shards", "4", "--tsjit", a.tsjit,
                            "--result-dir", os.path.join(a.work, "cluster"), "--same-as", single, "--"] + CAMPAIGN,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        t_cluster = time.time() - t0
        print(p.stdout[-3000:])
        if p.returncode != 0 or "same as" not in p.stdout:
            sys.exit(f"FAIL: the 4-shard cluster run differs from the single run (exit {p.returncode}):\n{p.stderr[-3000:]}")
        line = next(l for l in p.stdout.splitlines() if l.startswith("fuzz_cluster:"))
        if "on 2 worker(s)" not in line:
            sys.exit(f"FAIL: the shards did not run on both workers: {line}")
        merged = json.load(open(os.path.join(a.work, "cluster", "merged.json")))
        if merged["cases"] != 2400 or sorted(merged["shards"]) != [0, 1, 2, 3]:
            sys.exit(f"FAIL: merged {merged['cases']} cases from shards {merged['shards']}")
        fdir = os.path.join(a.work, "cluster", "failures")
        written = sum(len(fs) for _, _, fs in os.walk(fdir)) if os.path.isdir(fdir) else 0
        if written == 0:
            sys.exit("FAIL: the shards' reduced failing cases did not come back from the workers")
        # Can it fail? The same cluster run with another seed is reported as different.
        p = subprocess.run([py, SCRIPT, "--scheduler-file", sched_file, "--shards", "4", "--tsjit", a.tsjit,
                            "--result-dir", os.path.join(a.work, "other"), "--same-as", single, "--"]
                           + [x if x != "2400" else "600" for x in CAMPAIGN],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        if p.returncode != 1 or "DIFFERS" not in p.stdout:
            sys.exit(f"FAIL: a 600-case cluster run was not reported as different from the 2400-case run (exit {p.returncode})")
        print(f"PASS: 4 shards on a 2-worker Dask cluster == single process ({merged['cases']} cases, "
              f"{len(merged['failures'])} failure signature(s), {written} reduced files returned); "
              f"single {t_single:.1f} s, cluster {t_cluster:.1f} s")
        return 0
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        logs.close()


if __name__ == "__main__":
    sys.exit(main())
