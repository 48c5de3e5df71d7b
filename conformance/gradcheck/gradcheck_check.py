#!/usr/bin/env python3
"""gradcheck_check.py — ctest gradcheck_*: `tsjit gradcheck` must catch each deliberately wrong
formula of conformance/gradcheck/ in the column it belongs to, pass the correct one, and pass every
built-in formula.

  wrong_broadcast.py   mul: grad_other summed to self's size    -> first order FAIL, exit 1
  wrong_sign.py        sub: grad_other with the wrong sign      -> first order FAIL, exit 1
  second_order_only.py tanh: the saved result detached          -> first order pass, second FAIL, exit 1
  correct_mul.py       mul, right                               -> pass / pass, same as built-in, exit 0
  list_in_backward.py  neg, a list appended to in its backward   -> pass, same as built-in, exit 0
  (no file)            the built-in formulas                    -> every row passes, exit 0

Usage: gradcheck_check.py TSJIT_BINARY REPO_ROOT CASE   (CASE: one of the names above or builtin)
"""
import os
import re
import subprocess
import sys
import tempfile

EXPECT = {
    "wrong_broadcast": (1, "aten::mul", "Tensor", "FAIL", None, "the gradient has shape (2, 3), the input (3)"),
    "wrong_sign": (1, "aten::sub", "Tensor", "FAIL", None, "finite differences"),
    "second_order_only": (1, "aten::tanh", "-", "pass", "FAIL", "second order"),
    "correct_mul": (0, "aten::mul", "Tensor", "pass", "pass", None),
    "list_in_backward": (0, "aten::neg", "-", "pass", None, None),
}


def rows(output):
    out = {}
    for line in output.splitlines():
        m = re.match(r"^(aten::\S+?)\s+(\S+)\s+(\d+)\s+(\S+)\s+(pass|FAIL)\s+(pass|FAIL|n/a)", line)
        if m:
            out[(m.group(1), m.group(2))] = m.groups()
    return out


def main():
    tsjit, root, case = sys.argv[1], sys.argv[2], sys.argv[3]
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [tsjit, "gradcheck", "--out", tmp]
        if case != "builtin":
            cmd += [os.path.join(root, "conformance", "gradcheck", case + ".py"), "--against-builtin"]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        print(p.stdout + p.stderr)
        table = rows(p.stdout)
        if case == "builtin":
            assert p.returncode == 0, "built-in formulas must all pass"
            assert len(table) >= 50, f"expected >= 50 formula rows, got {len(table)}"
            bad = [k for k, r in table.items() if r[4] != "pass" or r[5] == "FAIL" or int(r[2]) == 0]
            assert not bad, f"failing or unchecked built-in formulas: {bad}"
            return 0
        code, op, overload, first, second, needle = EXPECT[case]
        assert p.returncode == code, f"exit status {p.returncode}, expected {code}"
        row = table.get((op, overload))
        assert row, f"no row for {op} {overload}"
        assert row[4] == first, f"first order {row[4]}, expected {first}"
        if second:
            assert row[5] == second, f"second order {row[5]}, expected {second}"
        if needle:
            assert needle in p.stdout, f"'{needle}' not in the output"
        if code == 1:
            written = [f for f in os.listdir(tmp) if f.endswith(".ir")]
            assert written, "no failing case written"
            # A written case replays: the same failure through --case.
            stem = os.path.join(tmp, written[0][:-3])
            r = subprocess.run([tsjit, "gradcheck", os.path.join(root, "conformance", "gradcheck", case + ".py"),
                                "--case", stem + ".ir", "--inputs", stem + ".json"], capture_output=True, text=True)
            print(r.stdout + r.stderr)
            assert r.returncode == 1 and "FAIL" in r.stdout, "the written case does not replay the failure"
        else:
            assert "DIFFERS" not in p.stdout, "a correct formula differs from the built-in one"
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print(f"gradcheck_check: {e}", file=sys.stderr)
        sys.exit(1)
