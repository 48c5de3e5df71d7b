#!/usr/bin/env python3
"""layering_test.py — proves scripts/check_layering fails on a planted bad include and passes on
allowed ones. Builds a throwaway tree in a temp dir; never touches the real sources."""
import os
import subprocess
import sys
import tempfile

checker = sys.argv[1]


def run(tree):
    with tempfile.TemporaryDirectory() as root:
        for path, text in tree.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as fh:
                fh.write(text)
        return subprocess.run([sys.executable, checker, root], capture_output=True, text=True)


good = run({
    "jit/ops/OpTable.cpp": '#include "jit/ir/Graph.h"\n#include "jit/support/Error.h"\n#include <vector>\n',
    "reference/Eval.cpp": '#include "jit/ops/OpTable.h"\n',
    "tools/main.cpp": '#include "jit/runtime/Interp.h"\n#include "reference/Eval.h"\n',
})
assert good.returncode == 0, good.stdout + good.stderr

bad = run({
    "jit/ir/Graph.cpp": '#include "jit/support/Error.h"\n#include "jit/runtime/Interpreter.h"\n',
    "reference/Eval.cpp": '#include "jit/kernels/Add.h"\n',
})
assert bad.returncode == 1, bad.stdout + bad.stderr
assert "jit/ir/Graph.cpp:2:" in bad.stdout, bad.stdout
assert "reference/Eval.cpp:1:" in bad.stdout, bad.stdout
assert "2 violation(s)" in bad.stdout, bad.stdout

unknown = run({"jit/newthing/X.cpp": '#include "jit/support/Error.h"\n'})
assert unknown.returncode == 1 and "not in the layering table" in unknown.stdout, unknown.stdout
print("layering_test: 3 scenarios ok")
