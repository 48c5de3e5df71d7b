#!/usr/bin/python3
"""pt113_script_run.py — compile a TorchScript `.py` file with real PyTorch 1.13's torch.jit.script
and print what `tsjit run FILE.py --inputs IN.json` prints: the output as a one-element JSON list in
the corpus value encoding (FORMAT.md section 4, keys sorted), or `error: <Type>: <last line>`.

    scripts/pt113_script_run.py FILE.py [--inputs IN.json] [--entry NAME] [--graph]

It records the expected values of the frontend's run tests (conformance/frontend/run/*.py) from
PyTorch, never from tsjit. --graph prints the scripted function's graph instead (what 1.13 emits).
Opt-in: PyTorch is not a dependency of the project (`apt-get install python3-torch` brings 1.13.1).
"""
import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch_oracle  # noqa: E402  (decode / encode_float: the corpus encoding)

PRELUDE = """
import math
from enum import Enum
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union
import torch
import torch.nn.functional as F
from torch import Tensor
"""


def encode_typed(torch, x, t):
    """The corpus encoding of value x whose static TorchScript type is t (a torch._C type)."""
    kind = t.kind()
    if kind in ("OptionalType", "UnionType") or x is None:
        if x is None:
            return {"type": "None", "value": None}
        if kind == "OptionalType":
            return encode_typed(torch, x, t.getElementType())
        return torch_oracle.encode(torch, x)
    if kind == "ListType":
        et = t.getElementType()
        return {"type": "List", "elem": et.annotation_str, "items": [encode_typed(torch, e, et) for e in x]}
    if kind == "TupleType":
        return {"type": "Tuple", "items": [encode_typed(torch, e, et) for e, et in zip(x, t.elements())]}
    if kind == "DictType":
        kt, vt = t.getKeyType(), t.getValueType()
        return {"type": "Dict", "key": kt.annotation_str, "value": vt.annotation_str,
                "items": [[k, encode_typed(torch, v, vt)] for k, v in x.items()]}
    return torch_oracle.encode(torch, x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--inputs")
    ap.add_argument("--entry", help="the def to run (default: the last top-level def)")
    ap.add_argument("--graph", action="store_true", help="print the scripted graph")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        raise SystemExit("error: PyTorch is not installed (apt-get install python3-torch)")
    torch.set_num_threads(1)
    src = Path(a.file).read_text()
    defs = re.findall(r"^def\s+(\w+)", src, re.M)
    entry = a.entry or (defs[-1] if defs else None)
    if not entry:
        raise SystemExit("error: no def in " + a.file)
    # torch.jit.script reads the source through inspect: the module must live in a real file.
    tmp = Path("/tmp") / ("pt113_script_run_" + Path(a.file).stem + ".py")
    tmp.write_text(PRELUDE + src)
    import importlib.util
    spec = importlib.util.spec_from_file_location("pt113_script_run_case", tmp)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # inspect finds the source of classes through sys.modules
    spec.loader.exec_module(mod)
    from enum import Enum
    for name, obj in vars(mod).items():  # enum inputs ({"type": "Enum", ...}) name these classes
        if isinstance(obj, type) and issubclass(obj, Enum) and obj is not Enum:
            torch_oracle.ENUM_CLASSES["__torch__." + name] = obj
    fn = torch.jit.script(getattr(mod, entry))
    if a.graph:
        print(fn.graph)
        return
    args = [torch_oracle.decode(torch, v) for v in json.loads(Path(a.inputs).read_text())] if a.inputs else []
    try:
        out = fn(*args)
    except Exception as e:
        lines = [l for l in str(e).strip().splitlines() if l.strip()]
        last = lines[-1] if lines else ""
        kind = type(e).__name__
        print("error: " + (last if last.startswith(kind + ":") else f"{kind}: {last}"))
        sys.exit(1)
    rt = list(fn.graph.return_node().inputs())[0].type()
    text = json.dumps([encode_typed(torch, out, rt)], sort_keys=True, separators=(",", ":"))
    # Class names in type strings carry the case module's name, which tsjit's (`__torch__.Color`) lack.
    print(text.replace("__torch__." + spec.name + ".", "__torch__."))


if __name__ == "__main__":
    main()
