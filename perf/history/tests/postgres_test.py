#!/usr/bin/env python3
"""postgres_test.py — the benchmark history on a real PostgreSQL server started here on loopback.

Starts a throw-away cluster (initdb in a temporary folder, as the `postgres` user when run as root;
pg_ctl on 127.0.0.1 and a free port), then: `tsjit bench check-db --db postgresql://...` migrates
an empty server to the SQLite schema's version; the tables and columns equal the SQLite store's;
`tsjit bench merge --db postgresql://... a.sqlite b.sqlite` copies 3 runs recorded by `tsjit bench
record` (synthetic suite) with every sample value bit for bit; merging again adds nothing; two
merges of the same file at once add each run once; `tsjit bench record --db postgresql://...` prints
the server's run id, compare of two server runs saves its comparison on the server, history and
report read the server. Stops the server in every case. Exit 77 (skipped) when PostgreSQL's server
binaries, the `postgres` user (as root) or libpq in this tsjit are missing.
Usage: postgres_test.py --tsjit PATH --synth PATH --work DIR
"""
import argparse
import glob
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tsjit", required=True)
    ap.add_argument("--synth", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    if not bins or not os.path.exists(os.path.join(bins[-1], "initdb")):
        print("SKIP: PostgreSQL server binaries not installed (apt-get install postgresql)")
        return 77
    pgbin = bins[-1]
    as_user = []
    if os.geteuid() == 0:
        if subprocess.run(["id", "postgres"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0 \
                or not shutil.which("runuser"):
            print("SKIP: running as root without a `postgres` user to run the server as")
            return 77
        as_user = ["runuser", "-u", "postgres", "--"]
    probe = subprocess.run([a.tsjit, "bench", "check-db", "--db", "postgresql://127.0.0.1:1/none"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if "without libpq" in probe.stderr:
        print("SKIP: this tsjit was built without libpq")
        return 77

    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    pgdir = tempfile.mkdtemp(prefix="tsjit-pg-")
    os.chmod(pgdir, 0o777)
    data, log = os.path.join(pgdir, "data"), os.path.join(pgdir, "server.log")
    port = free_port()
    url = f"postgresql://tsjit@127.0.0.1:{port}/postgres"
    started = False

    def tsjit(*args, expect=(0,)):
        p = subprocess.run([a.tsjit, "bench", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if expect is not None and p.returncode not in expect:
            fail(f"tsjit bench {' '.join(args)} exited {p.returncode}:\n{p.stdout}\n{p.stderr}")
        return p

    def psql(sql):
        p = subprocess.run(["psql", "-X", "-At", "-F", "\t", url, "-c", sql], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            fail(f"psql: {p.stderr}")
        return [line.split("\t") for line in p.stdout.splitlines() if line]

    try:
        p = subprocess.run(as_user + [os.path.join(pgbin, "initdb"), "-D", data, "-A", "trust", "-U", "tsjit",
                                      "--no-sync"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            fail("initdb: " + p.stdout[-2000:])
        p = subprocess.run(as_user + [os.path.join(pgbin, "pg_ctl"), "-D", data, "-l", log, "-w", "-t", "60", "-o",
                                      f"-h 127.0.0.1 -p {port} -k {pgdir} -c fsync=off", "start"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            fail("pg_ctl start: " + p.stdout[-2000:] + (open(log).read()[-2000:] if os.path.exists(log) else ""))
        started = True

        # 1. An empty server migrates to the SQLite schema's version; same tables and columns.
        out = tsjit("check-db", "--db", url).stdout
        if "0 run(s), schema version 2 (PostgreSQL)" not in out:
            fail("check-db on a fresh server: " + out)
        sa = os.path.join(a.work, "a.sqlite")
        sb = os.path.join(a.work, "b.sqlite")
        rec = ["--bin", "synth=" + a.synth, "--no-instructions", "--repetitions", "2", "--min-time", "0.01"]
        tsjit("record", "--db", sa, *rec)
        tsjit("record", "--db", sa, *rec)
        tsjit("record", "--db", sb, *rec)
        con = sqlite3.connect(sa)
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for t in tables:
            lite = [r[1] for r in con.execute(f"PRAGMA table_info({t})")]
            pg = [r[0] for r in psql(f"SELECT column_name FROM information_schema.columns WHERE table_name = '{t}' "
                                     "ORDER BY ordinal_position")]
            if lite != pg:
                fail(f"table {t}: SQLite columns {lite} vs PostgreSQL {pg}")
        versions = [tuple(r) for r in con.execute("SELECT version, description FROM schema_version ORDER BY version")]
        con.close()
        pg_versions = [(int(v), d) for v, d in psql("SELECT version, description FROM schema_version ORDER BY version")]
        if versions != pg_versions:
            fail(f"migrations: SQLite {versions} vs PostgreSQL {pg_versions}")

        # 2. Merge two runners' files; every sample value arrives bit for bit.
        out = tsjit("merge", "--db", url, sa, sb).stdout
        if "a.sqlite: 2 run(s) added, 0 already present" not in out or "b.sqlite: 1 run(s) added" not in out:
            fail("merge: " + out)
        lite_samples = []
        for f in (sa, sb):
            con = sqlite3.connect(f)
            lite_samples += con.execute(
                "SELECT r.uid, b.suite, b.name, s.rep, s.real_ns, s.cpu_ns, s.iterations FROM sample s JOIN run r ON "
                "r.id = s.run_id JOIN benchmark b ON b.id = s.benchmark_id").fetchall()
            con.close()
        # PostgreSQL 12+ prints doubles in the shortest form that reads back exactly.
        pg_samples = [(u, su, n, int(rep), float(rn), float(cn), int(it)) for u, su, n, rep, rn, cn, it in psql(
            "SELECT r.uid, b.suite, b.name, s.rep, s.real_ns, s.cpu_ns, s.iterations "
            "FROM sample s JOIN run r ON r.id = s.run_id JOIN benchmark b ON b.id = s.benchmark_id")]
        if not lite_samples or sorted(lite_samples) != sorted(pg_samples):
            fail(f"samples differ: {len(lite_samples)} in SQLite, {len(pg_samples)} on the server")
        # 3. Merging again adds nothing; check-db sees 3 complete runs.
        out = tsjit("merge", "--db", url, sa, sb).stdout
        if "a.sqlite: 0 run(s) added, 2 already present" not in out or "b.sqlite: 0 run(s) added, 1 already" not in out:
            fail("second merge: " + out)
        out = tsjit("check-db", "--db", url).stdout
        if "3 run(s), schema version 2" not in out or "incomplete" in out:
            fail("check-db after merging: " + out)
        # 4. Two runners merging the same file at once into a fresh database: each run once.
        psql("CREATE DATABASE race")
        race = url.rsplit("/", 1)[0] + "/race"
        procs = [subprocess.Popen([a.tsjit, "bench", "merge", "--db", race, sa], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(2)]
        outs = [p.communicate() for p in procs]
        if any(p.returncode != 0 for p in procs):
            fail(f"concurrent merges: {outs}")
        n = psql("SELECT COUNT(*) FROM run")  # the first database: still 3
        if n[0][0] != "3":
            fail(f"the first database has {n[0][0]} runs after the race in another one")
        race_runs = subprocess.run(["psql", "-X", "-At", race, "-c", "SELECT COUNT(*) FROM run"], stdout=subprocess.PIPE,
                                   text=True).stdout.strip()
        if race_runs != "2":
            fail(f"two concurrent merges of a 2-run file left {race_runs} runs")
        # 5. record|compare|history|report straight on the server: record's id is the server's run id;
        # compare of two server runs saves its comparison on the server; history and report read it.
        out = tsjit("record", "--db", url, *rec).stdout
        rid = int(out.strip().splitlines()[-1])
        uid = psql(f"SELECT uid FROM run WHERE id = {rid}")
        if len(uid) != 1 or psql("SELECT COUNT(*) FROM run")[0][0] != "4":
            fail(f"record --db postgresql://: printed id {rid}, server rows {uid}")
        first = psql("SELECT MIN(id) FROM run")[0][0]
        out = tsjit("compare", first, str(rid), "--db", url, "--json", expect=(0, 1)).stdout
        if f"run {rid} (" not in out:
            fail("compare on the server did not name the server's run ids: " + out[:500])
        if psql("SELECT COUNT(*) FROM comparison")[0][0] != "1":
            fail("compare's comparison was not saved on the server")
        out = tsjit("history", "--db", url).stdout
        if "synth" not in out:
            fail("history on the server: " + out[:500])
        html = os.path.join(a.work, "report.html")
        tsjit("report", "--db", url, "--out", html)
        if "<svg" not in open(html).read():
            fail("report on the server wrote no plot")
        if tsjit("check-db", "--db", url).stdout.find("4 run(s)") < 0:
            fail("check-db after record")
        print(f"PASS: schema and migrations equal SQLite's ({len(tables)} tables); 3 runs, {len(pg_samples)} samples "
              f"merged bit for bit; re-merge and concurrent merges add no duplicate; record/compare/history/report on the server")
        return 0
    finally:
        if started:
            subprocess.run(as_user + [os.path.join(pgbin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(pgdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
