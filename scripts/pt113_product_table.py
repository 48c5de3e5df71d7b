#!/usr/bin/python3
"""pt113_product_table.py — tabulate real PyTorch 1.13's dtype behaviour of the matrix-product family.

    /usr/bin/python3 scripts/pt113_product_table.py > conformance/pt113/product_dtypes.inc

Runs aten::mm, addmm, bmm (small K*M*N < 400 and large), baddbmm, matmul (every 1-D / 2-D / N-D
dispatch shape), linear (1-D / 2-D / 3-D input, with and without bias), mv, addmv, dot, addr and
einsum over dtype pairs (float / double / int64 / bool / half / bfloat16, self / bias of another
dtype included, K == 0 and empty results) on python3-torch 1.13.1, single-threaded, and writes one
C++ initializer row per case: {op, args, outcome}. Tensors are filled with ones.
  args: space-separated; tensor "f32[2,3]" (f32 f64 i64 b f16 bf16), int scalar "i1", str "s:eq",
        None "none" (einsum: the equation, then the tensors of its list).
  outcome: "ok f32[2,4]" (result dtype and shape) or "error: <last line of the message>".
The table is data for the unit tests of both engines (kernels_pt113_checks_opt_test.cpp,
kernels_pt113_checks_test.cpp); this is an opt-in tool (PyTorch is no dependency of the project).
"""
import itertools
import torch

torch.set_num_threads(1)
DT = {"f32": torch.float32, "f64": torch.float64, "i64": torch.int64, "b": torch.bool,
      "f16": torch.float16, "bf16": torch.bfloat16}
NAME = {v: k for k, v in DT.items()}
D = list(DT)


def t(dt, shape):
    return ("T", dt, tuple(shape))


def spec(a):
    if isinstance(a, tuple) and a[0] == "T":
        return "%s[%s]" % (a[1], ",".join(str(s) for s in a[2]))
    if a is None:
        return "none"
    if isinstance(a, str):
        return "s:" + a
    return "i%d" % a


def make(a):
    if isinstance(a, tuple) and a[0] == "T":
        return torch.ones(a[2], dtype=DT[a[1]])
    return a


def run(op, args):
    vals = [make(a) for a in args]
    try:
        if op == "aten::einsum":
            r = torch.einsum(vals[0], vals[1:])
        elif op in ("aten::addmm", "aten::addmv", "aten::addr", "aten::baddbmm"):
            fn = getattr(torch, op[6:])
            r = fn(vals[0], vals[1], vals[2], beta=vals[3], alpha=vals[4])
        elif op == "aten::linear":
            r = torch.nn.functional.linear(*vals)
        else:
            r = getattr(torch, op[6:])(*vals)
        return "ok %s[%s]" % (NAME[r.dtype], ",".join(str(s) for s in r.shape))
    except Exception as e:  # noqa: BLE001
        return "error: " + str(e).strip().splitlines()[-1]


rows = []


def add(op, *args):
    rows.append((op, " ".join(spec(a) for a in args), run(op, list(args))))


for x, y in itertools.product(D, D):
    for sa, sb in [([2, 3], [3, 4]), ([2, 0], [0, 4]), ([0, 3], [3, 4])]:
        add("aten::mm", t(x, sa), t(y, sb))
    for sa, sb in [([2, 2, 3], [2, 3, 4]), ([2, 20, 30], [2, 30, 20]), ([2, 2, 0], [2, 0, 4]), ([0, 2, 3], [0, 3, 4])]:
        add("aten::bmm", t(x, sa), t(y, sb))
    for sa, sb in [([2, 3], [3]), ([2, 0], [0]), ([0, 3], [3])]:
        add("aten::mv", t(x, sa), t(y, sb))
    for sa, sb in [([3], [3]), ([0], [0])]:
        add("aten::dot", t(x, sa), t(y, sb))
    for sa, sb in [([3], [3]), ([2, 3], [3]), ([3], [3, 4]), ([2, 3], [3, 4]), ([2, 2, 3], [3]),
                   ([2, 2, 3], [3, 4]), ([3], [2, 3, 4]), ([2, 3], [2, 3, 4]), ([2, 2, 3], [2, 3, 4]),
                   ([2, 20, 30], [2, 30, 20]), ([2, 1, 2, 3], [2, 3, 4]), ([2, 0], [0, 4]), ([2, 2, 0], [2, 0, 4])]:
        add("aten::matmul", t(x, sa), t(y, sb))
    add("aten::einsum", "ij,jk->ik", t(x, [2, 3]), t(y, [3, 4]))
    add("aten::einsum", "i,i->", t(x, [3]), t(y, [3]))
    add("aten::einsum", "bij,bjk->bik", t(x, [2, 2, 3]), t(y, [2, 3, 4]))
    add("aten::einsum", "i,j->ij", t(x, [3]), t(y, [4]))
    add("aten::einsum", "ij,jk->ik", t(x, [20, 30]), t(y, [30, 20]))
    add("aten::einsum", "bij,bjk->bik", t(x, [2, 20, 30]), t(y, [2, 30, 20]))
    add("aten::einsum", "ij,jk->ik", t(x, [2, 0]), t(y, [0, 4]))

for s, x, y in itertools.product(D, D, D):
    for sa, sb in [([2, 3], [3, 4]), ([2, 0], [0, 4])]:
        add("aten::addmm", t(s, [2, 4]), t(x, sa), t(y, sb), 1, 1)
    add("aten::addmm", t(s, [4]), t(x, [0, 3]), t(y, [3, 4]), 1, 1)
    for sa, sb in [([2, 2, 3], [2, 3, 4]), ([2, 20, 30], [2, 30, 20]), ([2, 2, 0], [2, 0, 4])]:
        add("aten::baddbmm", t(s, [sa[0], sa[1], sb[2]]), t(x, sa), t(y, sb), 1, 1)
    for sa, sb in [([2, 3], [3]), ([2, 0], [0])]:
        add("aten::addmv", t(s, [2]), t(x, sa), t(y, sb), 1, 1)
    add("aten::addr", t(s, [2, 3]), t(x, [2]), t(y, [3]), 1, 1)
    for si in ([2, 3], [2, 2, 3], [3]):
        add("aten::linear", t(x, si), t(y, [4, 3]), t(s, [4]))
    add("aten::linear", t(x, [2, 0]), t(y, [4, 0]), t(s, [4]))

for x, y in itertools.product(D, D):
    for si in ([2, 3], [2, 2, 3], [3]):
        add("aten::linear", t(x, si), t(y, [4, 3]), None)
    add("aten::linear", t(x, [2, 0]), t(y, [4, 0]), None)

# addmm / addmv / baddbmm with beta == 0 (self's dtype ignored?)
for s, x, y in itertools.product(D, D, D):
    add("aten::addmm", t(s, [2, 4]), t(x, [2, 3]), t(y, [3, 4]), 0, 1)
    add("aten::addmv", t(s, [2]), t(x, [2, 3]), t(y, [3]), 0, 1)

print("// Generated by scripts/pt113_product_table.py on python3-torch %s (CPU, 1 thread): do not edit." % torch.__version__)
print("// {op, args, outcome}: see the script's docstring for the encoding.")
for op, args, out in rows:
    print('{"%s", "%s", "%s"},' % (op, args, out.replace("\\", "\\\\").replace('"', '\\"')))
