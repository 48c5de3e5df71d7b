#!/usr/bin/python3
"""torch_oracle.py — run a tsjit `.ir` graph on real PyTorch 1.13 (Debian's python3-torch), to
settle what PyTorch does where the two engines disagree.

    scripts/torch_oracle.py FILE.ir --inputs IN.json [--compare]

Inputs and outputs use the corpus value encoding (FORMAT.md section 4), as `tsjit run` does: the
outputs are printed as a JSON list, an error as `error: <Type>: <last line>` with exit code 1.
--compare also runs `build/tools/tsjit run` on both engines and prints the three results.

This is an opt-in tool, not part of the test suite (PyTorch is not a dependency of the project):
`apt-get install python3-torch` brings 1.13.1 on Debian 12. It runs single-threaded. Note that
PyTorch's own results can depend on an element's position (vectorized loop vs scalar tail) and on
its BLAS/LAPACK (Debian's links OpenBLAS).
"""
import argparse
import enum
import json
import math
import subprocess
import sys
from pathlib import Path

DTYPES = {
    "float32": "float32", "float64": "float64", "float16": "float16", "bfloat16": "bfloat16",
    "int64": "int64", "int32": "int32", "int16": "int16", "int8": "int8", "uint8": "uint8", "bool": "bool",
}


def parse_float(s):
    if isinstance(s, (int, float)):
        return float(s)
    if s in ("inf", "-inf", "nan"):
        return float(s)
    return float.fromhex(s)


# enum.Enum classes the decoder may name, by TorchScript qualified name ("__torch__.Color"); a script
# that compiles a source file registers the file's Enum subclasses here.
ENUM_CLASSES = {}


def decode(torch, v):
    t = v["type"]
    if t == "int":
        return int(v["value"])
    if t == "float":
        return parse_float(v["value"])
    if t == "bool":
        return bool(v["value"])
    if t == "str":
        return v["value"]
    if t == "None":
        return None
    if t == "Tensor":
        dtype = getattr(torch, DTYPES[v["dtype"]])
        shape, strides = v["shape"], v.get("strides") or []
        if dtype.is_floating_point:
            data = [parse_float(x) for x in v["data"]]
        else:
            data = [bool(x) if v["dtype"] == "bool" else int(x) for x in v["data"]]
        dense = torch.tensor(data, dtype=dtype).reshape(shape)
        if not strides or 0 in shape:
            return dense
        storage = 1 + sum((n - 1) * s for n, s in zip(shape, strides))
        flat = torch.empty(storage, dtype=dtype)
        # Each element's storage offset; an expanded (stride-0) input repeats one value there.
        offsets = torch.zeros(shape, dtype=torch.int64)
        for d, (n, st) in enumerate(zip(shape, strides)):
            view = [1] * len(shape)
            view[d] = n
            offsets = offsets + (torch.arange(n, dtype=torch.int64) * st).view(view)
        flat[offsets.reshape(-1)] = dense.reshape(-1)
        return flat.as_strided(shape, strides)
    if t == "List":
        return [decode(torch, x) for x in v["items"]]
    if t == "Tuple":
        return tuple(decode(torch, x) for x in v["items"])
    if t == "Dict":
        # keys as tsjit writes them ({"type": "str", ...}) or bare (older inputs)
        return {(decode(torch, k) if isinstance(k, dict) else k): decode(torch, x) for k, x in v["items"]}
    if t == "Enum":  # {"class": "__torch__.Color", "name": "RED", "value": ...}: a class in ENUM_CLASSES
        if v["class"] not in ENUM_CLASSES:
            raise SystemExit(f"error: enum class {v['class']} is not known to the oracle")
        return ENUM_CLASSES[v["class"]][v["name"]]
    raise SystemExit(f"error: {t}: value type not supported by the oracle")


def encode_float(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x).hex()


def encode(torch, x):
    if x is None:
        return {"type": "None", "value": None}
    if isinstance(x, enum.Enum):  # before int/str: an IntEnum member is an int too
        module = type(x).__module__  # TorchScript's name: __torch__.<module>.<class>, no module for __main__
        qualified = "__torch__." + ("" if module == "__main__" else module + ".") + type(x).__qualname__
        return {"type": "Enum", "class": qualified, "name": x.name,
                "value": encode(torch, x.value)}
    if isinstance(x, bool):
        return {"type": "bool", "value": x}
    if isinstance(x, int):
        return {"type": "int", "value": x}
    if isinstance(x, float):
        return {"type": "float", "value": encode_float(x)}
    if isinstance(x, str):
        return {"type": "str", "value": x}
    if isinstance(x, torch.Tensor):
        name = str(x.dtype).replace("torch.", "")
        flat = x.contiguous().view(-1).tolist() if x.dim() else [x.item()]
        if x.dtype.is_floating_point:
            data = [encode_float(e) for e in flat]
        else:
            data = flat
        return {"type": "Tensor", "dtype": name, "shape": list(x.shape), "strides": list(x.stride()), "data": data}
    if isinstance(x, tuple):
        return {"type": "Tuple", "items": [encode(torch, e) for e in x]}
    if isinstance(x, list):
        return {"type": "List", "items": [encode(torch, e) for e in x]}
    if isinstance(x, dict):
        return {"type": "Dict", "items": [[k, encode(torch, e)] for k, e in x.items()]}
    return {"type": type(x).__name__, "value": repr(x)}


def run_torch(ir_path, inputs_path):
    try:
        import torch
    except ImportError:
        raise SystemExit("error: PyTorch is not installed (apt-get install python3-torch)")
    torch.set_num_threads(1)
    # The plain interpreter: no graph-executor passes (constant propagation folded `0 / 1` of a
    # float-typed aten::div into an int constant, for one).
    torch._C._set_graph_executor_optimize(False)
    text = Path(ir_path).read_text()
    graph = torch._C.parse_ir(text)
    outputs = list(graph.outputs())
    if len(outputs) != 1:  # a function returns one value: pack several into a tuple
        lines = text.rstrip().splitlines()
        names = [n.strip().lstrip("%") for n in lines[-1].strip()[len("return ("):-1].split(",") if n.strip()]
        tuple_type = "(" + ", ".join(str(o.type()) for o in outputs) + ")"
        indent = lines[-1][: len(lines[-1]) - len(lines[-1].lstrip())]
        lines[-1:] = [f"{indent}%oracle_outputs : {tuple_type} = prim::TupleConstruct("
                      + ", ".join("%" + n for n in names) + ")", f"{indent}return (%oracle_outputs)"]
        graph = torch._C.parse_ir("\n".join(lines) + "\n")
    fn = torch._C._create_function_from_graph("oracle", graph)
    args = [decode(torch, v) for v in json.loads(Path(inputs_path).read_text())] if inputs_path else []
    try:
        out = fn(*args)
    except Exception as e:  # the TorchScript error: its last line and Python type
        lines = [l for l in str(e).strip().splitlines() if l.strip()]
        last = lines[-1] if lines else ""
        kind = type(e).__name__
        return None, last if last.startswith(kind + ":") else f"{kind}: {last}"
    outs = list(out) if len(outputs) != 1 else [out]
    return [encode(torch, o) for o in outs], None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ir", help="the graph (.ir), as `tsjit run` takes it")
    ap.add_argument("--inputs", help="inputs in the corpus value encoding (.json)")
    ap.add_argument("--compare", action="store_true", help="also run tsjit's jit and reference engines")
    ap.add_argument("--tsjit", default=str(Path(__file__).resolve().parent.parent / "build" / "tools" / "tsjit"))
    a = ap.parse_args()
    outs, err = run_torch(a.ir, a.inputs)
    shown = f"error: {err}" if err else json.dumps(outs)
    if not a.compare:
        print(shown)
        return 1 if err else 0
    print(f"pytorch:   {shown}")
    for engine in ("jit", "reference"):
        cmd = [a.tsjit, "run", a.ir, "--engine", engine] + (["--inputs", a.inputs] if a.inputs else [])
        r = subprocess.run(cmd, capture_output=True, text=True)
        text = (r.stdout.strip() or r.stderr.strip()).splitlines()
        body = json.dumps(json.loads(r.stdout)) if r.returncode == 0 else (text[0] if text else "")
        print(f"{engine + ':':10} {body}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
