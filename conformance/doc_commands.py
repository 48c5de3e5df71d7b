#!/usr/bin/env python3
"""doc_commands.py — runs the tested commands of a guide in docs/ (the ctests docs_<guide>).

A guide marks each block of shell commands that must keep working with the info string
`sh tested`:

    ```sh tested
    tsjit conform --engine jit
    ```

Every such block runs, in order, as one `bash -e -o pipefail` script from the repository root, with
the directory of the built `tsjit` first on PATH (so guides say `tsjit ...` as a user would),
TSJIT_BUILD naming the build folder (for a guide that runs one of its test binaries), and TERM=dumb
(progress as plain lines). The test fails when a block exits non-zero (its
output and the block are printed), and when the guide has no tested block at all — a guide whose
examples are not run is not a tested guide. Plain ```sh blocks (set-up a reader runs once, CI
snippets) are shown, not run.

Usage: doc_commands.py TSJIT_BINARY REPO_ROOT GUIDE.md [--list]
"""
import os
import re
import subprocess
import sys
import time

FENCE = re.compile(r"^```(\S*)(.*)$")


def tested_blocks(text):
    """[(first line number, commands)] of the ```sh tested blocks of a markdown text."""
    blocks, inside, current, start, tested = [], False, [], 0, False
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line.strip())
        if not inside and m and m.group(1):
            inside, current, start = True, [], number + 1
            tested = m.group(1) in ("sh", "bash") and "tested" in m.group(2).split()
        elif inside and line.strip() == "```":
            inside = False
            if tested:
                blocks.append((start, "\n".join(current)))
        elif inside:
            current.append(line)
    if inside:
        raise SystemExit(f"unterminated code block starting at line {start - 1}")
    return blocks


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    tsjit, root, guide = os.path.abspath(argv[1]), os.path.abspath(argv[2]), argv[3]
    with open(guide, encoding="utf-8") as f:
        blocks = tested_blocks(f.read())
    name = os.path.relpath(guide, root)
    if "--list" in argv:
        for line, cmds in blocks:
            print(f"--- {name}:{line}\n{cmds}")
        return 0
    if not blocks:
        print(f"{name}: no ```sh tested block: nothing of this guide is checked", file=sys.stderr)
        return 1
    if not os.access(tsjit, os.X_OK):
        print(f"{name}: no tsjit binary at {tsjit}", file=sys.stderr)
        return 1
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(tsjit) + os.pathsep + env.get("PATH", "")
    env["TERM"] = "dumb"
    # The build folder (its tests: $TSJIT_BUILD/jit/ops/ops_test ...): tsjit is TSJIT_BUILD/tools/tsjit.
    env["TSJIT_BUILD"] = os.path.dirname(os.path.dirname(tsjit))
    for i, (line, cmds) in enumerate(blocks, 1):
        print(f"=== {name}:{line} (block {i} of {len(blocks)})\n{cmds}\n---", flush=True)
        t0 = time.time()
        p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", cmds], cwd=root, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(p.stdout, end="" if p.stdout.endswith("\n") or not p.stdout else "\n")
        if p.returncode != 0:
            print(f"FAILED: {name}:{line}: the block exited with status {p.returncode}", file=sys.stderr)
            return 1
        print(f"--- ok ({time.time() - t0:.1f} s)", flush=True)
    print(f"{name}: {len(blocks)} blocks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
