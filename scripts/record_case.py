#!/usr/bin/python3
"""record_case.py — records a program of yours with real PyTorch 1.13 as a corpus case that tsjit
replays (`tsjit conform --corpus DIR`, `tsjit check --corpus DIR`).

    scripts/record_case.py PROGRAM.py --inputs EXPR [--entry NAME] [--init EXPR] [--out DIR]
                           [--name NAME] [--category WORD] [--train] [--seed N]

PROGRAM.py holds TorchScript: functions and/or nn.Module classes (with the imports they need).
--entry names the function or module class to record (default: the only one the file defines).
--inputs is a Python expression giving the call's arguments as a tuple, evaluated with `torch` and
the program's own names in scope after torch.manual_seed(--seed) (e.g. "(torch.randn(2, 3), 4)"),
or a .json file holding the arguments in the corpus value encoding. For a module, --init gives the
constructor's arguments the same way (default "()"); the module runs in eval mode unless --train.

It scripts the entry, saves it with torch.jit.save (DIR/archives/NAME.pt), runs it once on a copy
of the inputs, and writes DIR/cases/NAME.json with the graphs PyTorch printed, the module state,
the inputs, the output (or the error it raised), the inputs after the call when it changed them,
the source, and the archive's code; DIR/manifest.json gets (or replaces) the case's entry. The
format is conformance/corpus/FORMAT.md. Gradients are not recorded (tsjit has no autodiff yet).

Opt-in: needs Debian's python3-torch (`apt-get install python3-torch`, PyTorch 1.13.1), which the
project itself never depends on. Exit status 1 with `error: ...` on bad arguments, a program that
does not script, or PyTorch missing.
"""
import argparse
import ast
import copy
import importlib.util
import json
import math
import os
import re
import sys
import zipfile

PREAMBLE = ("import math\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
            "from torch import Tensor\nfrom typing import Dict, List, Optional, Tuple, Union\n"
            "from typing import Final\n")


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def import_torch():
    try:
        import torch  # noqa: F401
    except ImportError:
        fail(f"PyTorch is not importable by {sys.executable}; record_case.py is opt-in: "
             "apt-get install python3-torch (PyTorch 1.13.1 on Debian 12)")
    import torch
    if not torch.__version__.startswith("1.13"):
        fail(f"PyTorch {torch.__version__} found; the corpus format records PyTorch 1.13")
    return torch


# ---- values ------------------------------------------------------------------------------------

def enc_float(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x.hex()


class Encoder:
    def __init__(self, torch):
        self.torch = torch

    def tensor(self, t):
        t = t.detach()
        dtype = str(t.dtype).replace("torch.", "")
        flat = t.contiguous().reshape(-1)
        if t.dtype.is_floating_point:
            data = [enc_float(v) for v in flat.double().tolist()]
        elif t.dtype == self.torch.bool:
            data = [bool(v) for v in flat.tolist()]
        else:
            data = [int(v) for v in flat.tolist()]
        return {"type": "Tensor", "dtype": dtype, "shape": list(t.shape), "strides": list(t.stride()), "data": data}

    def value(self, v, ty=None):
        """Encodes `v`; `ty` is its static TorchScript type (torch._C type) when known."""
        torch = self.torch
        kind = ty.kind() if ty is not None else None
        if kind == "OptionalType":
            return self.value(v, None if v is None else ty.getElementType())
        if v is None:
            return {"type": "None", "value": None}
        if isinstance(v, torch.Tensor):
            return self.tensor(v)
        if isinstance(v, bool):
            return {"type": "bool", "value": v}
        if isinstance(v, int):
            if kind == "FloatType":
                return {"type": "float", "value": enc_float(v)}
            return {"type": "int", "value": v}
        if isinstance(v, float):
            return {"type": "float", "value": enc_float(v)}
        if isinstance(v, str):
            return {"type": "str", "value": v}
        if isinstance(v, tuple):
            elems = ty.elements() if kind == "TupleType" else [None] * len(v)
            return {"type": "Tuple", "items": [self.value(x, t) for x, t in zip(v, elems)]}
        if isinstance(v, list):
            elem = ty.getElementType() if kind == "ListType" else None
            if elem is None:
                if not v:
                    raise ValueError("an empty list needs a static type (annotate the argument)")
                elem_str = self.runtime_type(v[0])
            else:
                elem_str = elem.annotation_str
            return {"type": "List", "elem": elem_str, "items": [self.value(x, elem) for x in v]}
        if isinstance(v, dict):
            kt = ty.getKeyType() if kind == "DictType" else None
            vt = ty.getValueType() if kind == "DictType" else None
            if kt is None and not v:
                raise ValueError("an empty dict needs a static type (annotate the argument)")
            k_str = kt.annotation_str if kt is not None else self.runtime_type(next(iter(v)))
            v_str = vt.annotation_str if vt is not None else self.runtime_type(next(iter(v.values())))
            return {"type": "Dict", "key": k_str, "value": v_str,
                    "items": [[k, self.value(x, vt)] for k, x in v.items()]}
        raise ValueError(f"values of Python type {type(v).__name__} cannot be recorded")

    def runtime_type(self, v):
        torch = self.torch
        if isinstance(v, torch.Tensor):
            return "Tensor"
        for py, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str")):
            if isinstance(v, py):
                return name
        if isinstance(v, list) and v:
            return f"List[{self.runtime_type(v[0])}]"
        if isinstance(v, tuple):
            return "Tuple[" + ", ".join(self.runtime_type(x) for x in v) + "]"
        raise ValueError(f"cannot name the TorchScript type of a {type(v).__name__}")


def decode(torch, v):
    """The corpus value encoding back to Python / torch values (for --inputs FILE.json)."""
    t = v["type"]
    if t in ("int", "bool", "str"):
        return v["value"]
    if t == "float":
        return float.fromhex(v["value"]) if v["value"] not in ("inf", "-inf", "nan") else float(v["value"])
    if t == "None":
        return None
    if t == "Tensor":
        dtype = getattr(torch, v["dtype"])
        data = [float.fromhex(x) if isinstance(x, str) and x not in ("inf", "-inf", "nan")
                else (float(x) if isinstance(x, str) else x) for x in v["data"]]
        dense = torch.tensor(data, dtype=dtype).reshape(v["shape"])
        strides = v.get("strides")
        if not strides or 0 in v["shape"] or list(dense.stride()) == strides:
            return dense
        size = 1 + sum((n - 1) * s for n, s in zip(v["shape"], strides))
        out = torch.empty(size, dtype=dtype).as_strided(v["shape"], strides)
        out.copy_(dense)
        return out
    if t == "List":
        return [decode(torch, x) for x in v["items"]]
    if t == "Tuple":
        return tuple(decode(torch, x) for x in v["items"])
    if t == "Dict":
        return {k: decode(torch, x) for k, x in v["items"]}
    raise ValueError(f"unknown value type {t!r}")


# ---- the program -------------------------------------------------------------------------------

def load_program(path):
    spec = importlib.util.spec_from_file_location(re.sub(r"\W", "_", os.path.basename(path)[:-3]) or "program", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # torch.jit.script finds the source through the module
    spec.loader.exec_module(module)
    return module


def script_source(text, path):
    """The program's functions and classes (the TorchScript), without imports or other statements;
    `@torch.jit.script` decorators are dropped (the case says which entry was scripted)."""
    tree = ast.parse(text, filename=path)
    lines = text.splitlines()
    pieces = []
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            continue
        decorators = [d for d in node.decorator_list if ast.unparse(d) not in ("torch.jit.script", "jit.script")]
        start = min([d.lineno for d in decorators] + [node.lineno]) - 1
        body = lines[node.lineno - 1:node.end_lineno]
        kept = [lines[d.lineno - 1] for d in decorators] if decorators else []
        pieces.append("\n".join(kept + body) if start < node.lineno - 1 else "\n".join(body))
    return "\n\n".join(pieces) + "\n"


def candidates(module, torch):
    out = []
    for name, obj in vars(module).items():
        if getattr(obj, "__module__", None) != module.__name__ and not isinstance(obj, torch.jit.ScriptFunction):
            continue
        if isinstance(obj, type) and issubclass(obj, torch.nn.Module):
            out.append(name)
        elif isinstance(obj, torch.jit.ScriptFunction) or (callable(obj) and not isinstance(obj, type)):
            if isinstance(obj, torch.jit.ScriptFunction) or hasattr(obj, "__code__"):
                out.append(name)
    return out


def module_state(m, enc):
    """The scripted module `m` as FORMAT.md's module_state."""
    ct = m._concrete_type
    attrs_types = ct.get_attributes()  # name -> (type, is_parameter)
    params = [n for n, _ in m.named_parameters(recurse=False)]
    buffers = [n for n, _ in m.named_buffers(recurse=False)]
    children = [n for n, _ in m.named_children()]
    attributes = []
    for n in params:
        attributes.append({"name": n, "kind": "parameter", "type": "Tensor", "value": enc.tensor(getattr(m, n))})
    for n in buffers:
        attributes.append({"name": n, "kind": "buffer", "type": "Tensor", "value": enc.tensor(getattr(m, n))})
    for n, (ty, is_param) in attrs_types.items():
        if n in params or n in buffers:
            continue
        value = m._c.getattr(n)
        attributes.append({"name": n, "kind": "attribute", "type": ty.annotation_str, "value": enc.value(value, ty)})
    submodules = []
    for n in children:
        child = getattr(m, n)
        attributes.append({"name": n, "kind": "module", "type": child._c._type().qualified_name()})
        sub = module_state(child, enc)
        sub["name"] = n
        submodules.append(sub)
    constants = []
    for n, v in sorted(ct.get_constants().items()):
        ty = None
        constants.append({"name": n, "type": enc.runtime_type(v) if not isinstance(v, (list, tuple)) or v else "List[int]",
                          "value": enc.value(v, ty)})
    return {"qualified_name": m._c._type().qualified_name(), "attributes": attributes, "constants": constants,
            "submodules": submodules}


def error_record(e):
    message = str(e)
    lines = [l for l in message.splitlines() if l.strip()]
    return {"type": type(e).__name__, "module": type(e).__module__, "message": message,
            "last_line": lines[-1].strip() if lines else ""}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program", help="a .py file with the TorchScript function(s) / module class(es)")
    ap.add_argument("--inputs", required=True, help="Python expression for the argument tuple, or a .json file")
    ap.add_argument("--entry", help="the function or nn.Module class to record (default: the only one)")
    ap.add_argument("--init", default="()", help="module constructor arguments, a Python expression (default ())")
    ap.add_argument("--out", default="results/my-corpus", help="corpus folder to write into (default results/my-corpus)")
    ap.add_argument("--name", help="case name (default: the entry's name in lower case)")
    ap.add_argument("--category", default="user", help="category shown in the tables (default user)")
    ap.add_argument("--train", action="store_true", help="run a module in training mode (default eval)")
    ap.add_argument("--seed", type=int, default=0, help="torch.manual_seed before building the module and inputs")
    a = ap.parse_args(argv)

    if not os.path.isfile(a.program):
        fail(f"{a.program}: no such file")
    torch = import_torch()
    torch.set_num_threads(1)
    text = open(a.program, encoding="utf-8").read()
    torch.manual_seed(a.seed)
    try:
        program = load_program(a.program)
    except Exception as e:  # the user's program: report, do not trace back
        fail(f"{a.program}: running the program failed: {type(e).__name__}: {e}")
    found = candidates(program, torch)
    entry = a.entry
    if entry is None:
        if len(found) != 1:
            fail(f"{a.program}: give --entry (the file defines {', '.join(found) or 'no function or module'})")
        entry = found[0]
    if not hasattr(program, entry):
        fail(f"{a.program}: no function or class named {entry!r} (found: {', '.join(found) or 'none'})")
    obj = getattr(program, entry)
    name = a.name or re.sub(r"\W", "_", entry).lower()
    enc = Encoder(torch)

    scope = dict(vars(program))
    scope["torch"] = torch
    try:
        if isinstance(obj, type) and issubclass(obj, torch.nn.Module):
            init = eval(a.init, scope)
            instance = obj(*(init if isinstance(init, tuple) else (init,)))
            instance.train(a.train)
            scripted, kind = torch.jit.script(instance), "module"
        else:
            scripted = obj if isinstance(obj, torch.jit.ScriptFunction) else torch.jit.script(obj)
            kind = "function"
    except Exception as e:
        fail(f"{a.program}: torch.jit.script({entry}) failed:\n{e}")
    try:
        if a.inputs.endswith(".json"):
            inputs = [decode(torch, v) for v in json.load(open(a.inputs))]
        else:
            inputs = eval(a.inputs, scope)
            inputs = list(inputs) if isinstance(inputs, tuple) else [inputs]
    except Exception as e:
        fail(f"--inputs: {type(e).__name__}: {e}")

    schema = scripted.schema if kind == "function" else scripted.forward.schema
    args = [x for x in schema.arguments if x.name != "self" or kind == "function"]
    if kind == "module":
        args = list(schema.arguments)[1:]
    if len(args) != len(inputs):
        fail(f"--inputs gives {len(inputs)} arguments; {entry} takes {len(args)} ({schema})")

    os.makedirs(os.path.join(a.out, "cases"), exist_ok=True)
    os.makedirs(os.path.join(a.out, "archives"), exist_ok=True)
    archive = os.path.join("archives", name + ".pt")
    torch.jit.save(scripted, os.path.join(a.out, archive))  # before the call: the state recorded below

    try:
        encoded_inputs = [enc.value(v, x.type) for v, x in zip(inputs, args)]
        case = {
            "format_version": 1, "name": name, "category": a.category, "kind": kind,
            "torch_version": torch.__version__, "seed": a.seed, "entry": entry, "preamble": PREAMBLE,
            "source": script_source(text, a.program), "schema": str(schema),
            "input_types": [x.type.annotation_str for x in args],
            "output_type": schema.returns[0].type.annotation_str if schema.returns else "NoneType",
            "graph": str(scripted.graph), "inlined_graph": str(scripted.inlined_graph), "code": scripted.code,
            "archive": archive, "inputs": encoded_inputs,
            "notes": f"recorded by scripts/record_case.py from {os.path.basename(a.program)}",
        }
        if kind == "module":
            case["module_mode"] = "train" if a.train else "eval"
            case["method_graphs"] = {n: str(scripted._c._get_method(n).graph) for n in scripted._c._method_names()}
            case["module_state"] = module_state(scripted, enc)

        call_args = copy.deepcopy(inputs)
        try:
            result = scripted(*call_args)
            case["outputs"] = [enc.value(result, schema.returns[0].type if schema.returns else None)]
            after = [enc.value(v, x.type) for v, x in zip(call_args, args)]
            if after != encoded_inputs:
                case["inputs_after"] = after
            for _ in range(2):  # the profiling executor optimizes after a few runs
                scripted(*copy.deepcopy(inputs))
            case["optimized_graph"] = str(torch.jit.last_executed_optimized_graph())
        except Exception as e:  # the program raised: that is the recorded behaviour
            case["error"] = error_record(e)
    except ValueError as e:
        fail(f"{entry}: {e}")

    with zipfile.ZipFile(os.path.join(a.out, archive)) as z:
        case["archive_code"] = {}
        for member in z.namelist():
            rel = member.split("/", 1)[1] if "/" in member else member
            if rel.startswith("code/") and rel.endswith(".py"):
                case["archive_code"][rel] = z.read(member).decode("utf-8")

    # PyTorch's source ranges (graph comments, tracebacks) name the program by its absolute path;
    # write it as it was given, so the case does not depend on where it was recorded.
    text_out = json.dumps(case, indent=1)
    absolute = os.path.abspath(a.program)
    if absolute != a.program:
        text_out = text_out.replace(json.dumps(absolute)[1:-1], json.dumps(a.program)[1:-1])
    with open(os.path.join(a.out, "cases", name + ".json"), "w", encoding="utf-8") as f:
        f.write(text_out + "\n")
    manifest_path = os.path.join(a.out, "manifest.json")
    manifest = {"format_version": 1, "torch_version": torch.__version__, "preamble": PREAMBLE, "cases": []}
    if os.path.exists(manifest_path):
        manifest = json.load(open(manifest_path))
    manifest["cases"] = [c for c in manifest.get("cases", []) if c.get("name") != name]
    manifest["cases"].append({"name": name, "category": a.category, "kind": kind, "error": "error" in case,
                              "has_grads": False, "json": f"cases/{name}.json", "archive": archive})
    with open(manifest_path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    what = "raised " + case["error"]["type"] if "error" in case else "returned " + case["output_type"]
    print(f"recorded {name} ({kind}, {what}) into {a.out}: cases/{name}.json, {archive}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
