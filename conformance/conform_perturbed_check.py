#!/usr/bin/env python3
"""conform_perturbed_check.py — `tsjit conform` must FAIL recorded cases that were made wrong.

Usage: conform_perturbed_check.py TSJIT ENGINE CORPUS_DIR

Builds a temporary corpus (never touching CORPUS_DIR) holding, for every chosen case, the
original and perturbed copies, and runs `tsjit conform --engine ENGINE --corpus TMP --json ...`:
  * error cases with a different recorded last line (the engine still raises the original one),
    and with a different exception class;
  * float32 cases with every float output element multiplied by (1 + 1e-3) — cases whose outputs
    come from elementwise ops, a matmul, reductions (sum/prod), layer_norm and softmax-like code;
  * Half and BFloat16 cases written here (sum, mul of 16-bit inputs, and softmax of BFloat16 ones:
    1.13 has no Half softmax kernel; the recorded value is
    the float64 result rounded to the dtype, computed in this script), each element moved by 4 ulps.
Every original (and every unperturbed synthetic case) must pass, so a failure of the perturbed copy
is caused by the perturbation alone; every perturbed copy must fail. Exit 0 when all hold.
"""
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

ERROR_CASES = ["la_mm_shape_error", "cf_raise_taken", "shp_view_error", "cf_assert_fail"]
FLOAT_CASES = ["ew_unary", "la_mm", "red_sum", "nn_layer_norm", "tr_attention", "mod_embed_layernorm"]


def float_hex(v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return float.hex(float(v))


def parse_float(s):
    return float.fromhex(s) if s not in ("nan", "inf", "-inf") else float(s)


def to_half(v):  # round-to-nearest-even to float16, back to a double
    return struct.unpack("<e", struct.pack("<e", v))[0]


def to_bf16(v):  # round-to-nearest-even to bfloat16 via the float32 bits
    (u,) = struct.unpack("<I", struct.pack("<f", v))
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    return struct.unpack("<f", struct.pack("<I", u))[0]


def ulps_away(v, dtype, n):  # n steps of the 16-bit magnitude away from zero
    if dtype == "float16":
        (b,) = struct.unpack("<H", struct.pack("<e", v))
        return struct.unpack("<e", struct.pack("<H", b + n))[0]
    (u,) = struct.unpack("<I", struct.pack("<f", v))
    return struct.unpack("<f", struct.pack("<I", u + (n << 16)))[0]


def perturb_values(value, fn):
    """Applies fn to every float element of floating tensors / float scalars inside an encoded value."""
    if isinstance(value, dict):
        t = value.get("type")
        if t == "Tensor" and value["dtype"] in ("float32", "float64", "float16", "bfloat16"):
            value["data"] = [float_hex(fn(parse_float(x), value["dtype"])) for x in value["data"]]
        elif t == "float":
            value["value"] = float_hex(fn(parse_float(value["value"]), "float64"))
        else:
            for k in ("items",):
                for item in value.get(k, []) or []:
                    perturb_values(item[1] if isinstance(item, list) else item, fn)
    return value


def tensor(dtype, shape, data):
    strides, s = [], 1
    for d in reversed(shape):
        strides.insert(0, s)
        s *= d
    return {"type": "Tensor", "dtype": dtype, "shape": shape, "strides": strides, "data": [float_hex(x) for x in data]}


def synthetic_cases():
    """Half / BFloat16 cases whose recorded outputs this script computes in float64."""
    cases = []
    for dtype, rnd in (("float16", to_half), ("bfloat16", to_bf16)):
        xs = [rnd(0.25 + 0.01 * i) for i in range(24)]
        ys = [rnd(1.5 - 0.03 * i) for i in range(24)]
        short = "f16" if dtype == "float16" else "bf16"
        cases.append(("syn_sum_" + short, """graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %s : Tensor = aten::sum(%x, %none)
  return (%s)
""", [tensor(dtype, [24], xs)], tensor(dtype, [], [rnd(math.fsum(xs))])))
        cases.append(("syn_mul_" + short, """graph(%x : Tensor, %y : Tensor):
  %p : Tensor = aten::mul(%x, %y)
  return (%p)
""", [tensor(dtype, [24], xs), tensor(dtype, [24], ys)], tensor(dtype, [24], [rnd(a * b) for a, b in zip(xs, ys)])))
        if dtype == "float16":
            continue  # PyTorch 1.13 has no Half softmax kernel (pt113-corpus accept_softmax_float16 raises)
        m = max(ys)
        e = [math.exp(v - m) for v in ys]
        tot = math.fsum(e)
        cases.append(("syn_softmax_" + short, """graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %d : int = prim::Constant[value=0]()
  %p : Tensor = aten::softmax(%x, %d, %none)
  return (%p)
""", [tensor(dtype, [24], ys)], tensor(dtype, [24], [rnd(v / tot) for v in e])))
    docs = []
    for name, graph, inputs, output in cases:
        docs.append({"format_version": 1, "name": name, "category": "synthetic", "kind": "function",
                     "graph": graph, "inlined_graph": graph, "inputs": inputs, "outputs": [output]})
    return docs


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tsjit, engine, corpus = sys.argv[1:]
    tmp = tempfile.mkdtemp(prefix="tsjit-perturbed-")
    try:
        os.makedirs(os.path.join(tmp, "cases"))
        must_pass, must_fail = [], []

        def write(doc):
            with open(os.path.join(tmp, "cases", doc["name"] + ".json"), "w") as f:
                json.dump(doc, f)

        for name in ERROR_CASES + FLOAT_CASES:
            with open(os.path.join(corpus, "cases", name + ".json")) as f:
                doc = json.load(f)
            doc.pop("archive", None)
            write(doc)
            must_pass.append(name)
            if name in ERROR_CASES:
                line = json.loads(json.dumps(doc))
                line["name"] = name + "__other_last_line"
                line["error"]["last_line"] = line["error"]["last_line"] + " (recorded differently)"
                write(line)
                cls = json.loads(json.dumps(doc))
                cls["name"] = name + "__other_class"
                cls["error"]["type"] = "ValueError" if doc["error"]["type"] != "ValueError" else "TypeError"
                write(cls)
                must_fail += [line["name"], cls["name"]]
            else:
                off = json.loads(json.dumps(doc))
                off["name"] = name + "__1e-3"
                off["outputs"] = [perturb_values(o, lambda v, dt: v * (1 + 1e-3)) for o in off["outputs"]]
                write(off)
                must_fail.append(off["name"])
        for doc in synthetic_cases():
            write(doc)
            must_pass.append(doc["name"])
            off = json.loads(json.dumps(doc))
            off["name"] = doc["name"] + "__4ulp"
            off["outputs"] = [perturb_values(o, lambda v, dt: ulps_away(v, dt, 4)) for o in off["outputs"]]
            write(off)
            must_fail.append(off["name"])

        report = os.path.join(tmp, "report.json")
        proc = subprocess.run([tsjit, "conform", "--engine", engine, "--corpus", tmp, "--json", report],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        with open(report) as f:
            results = {r["name"]: r for r in json.load(f)["results"]}
        bad = []
        for name in must_pass:
            r = results.get(name)
            if not r or r["outcome"] != "passed":
                bad.append("original %s did not pass: %s" % (name, r and r.get("reason")))
        for name in must_fail:
            r = results.get(name)
            if not r or r["outcome"] != "failed":
                bad.append("perturbed %s was not failed (%s)" % (name, r and r["outcome"]))
            else:
                print("%s: failed as it must: %s" % (name, r.get("reason", "")[:160]))
        print("%d originals passed, %d of %d perturbed copies failed (engine %s)" %
              (sum(1 for n in must_pass if results.get(n, {}).get("outcome") == "passed"),
               sum(1 for n in must_fail if results.get(n, {}).get("outcome") == "failed"), len(must_fail), engine))
        if bad:
            print("\n".join(bad))
            print(proc.stdout[-4000:])
            return 1
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
