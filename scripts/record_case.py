#!/usr/bin/python3
"""record_case.py — records a program of yours with real PyTorch 1.13 as a corpus case that tsjit
replays (`tsjit conform --corpus DIR`, `tsjit check --corpus DIR`).

    scripts/record_case.py PROGRAM.py --inputs EXPR [--entry NAME] [--init EXPR] [--out DIR]
                           [--name NAME] [--category WORD] [--train] [--seed N]
                           [--grad] [--trace [--trace-inputs EXPR]]

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
format is conformance/corpus/FORMAT.md. Nothing is written when recording fails.

--trace records the entry with torch.jit.trace instead (kind "traced", traced_object "function" or
"module"): the program need not be TorchScript, loops are unrolled and branches resolved for the
example inputs, which are --trace-inputs (same forms as --inputs, evaluated after them; default: the
--inputs) and are recorded as trace_inputs. The case's source is the traced Python code.

--grad also records float64 gradients, as the public corpus does (`tsjit conform --grad`): every
floating tensor of the inputs (and a module's floating parameters and buffers) becomes float64
(grad_inputs, same strides); the top-level floating tensor inputs (grad_args) are leaves requiring
grad and the callable runs on copies of them; the floating tensors of the output, flattened depth
first, are weighted by grad_weights (torch.randn in float64 from torch.Generator seeded with
--seed + 1) and summed; grads are ∂sum/∂input (None where an input is not differentiated or not
used), param_grads the same for a module's named_parameters(). A module is copied and converted
with .double(), scripted (or traced on float64 trace inputs) again and reloaded from its archive; a
traced function is traced again on float64 trace inputs; a scripted function is differentiated as
it is. Also recorded:
eager_grad_max_abs_diff (against the same computation in eager PyTorch; a warning above 1e-9),
grad_check (torch.autograd.gradcheck of the archive of that callable reloaded, with
grad_check_params; null without a differentiable input, false with grad_check_error when it
raised) and optimized_graph_requires_grad (the graph the executor ran after 3 more calls with
inputs requiring grad). The manifest says has_grads. A call that raises, or one whose output does
not depend on any floating input or parameter, cannot be recorded with --grad.

Examples (from the checkout; each prints one `recorded ...` line):

    scripts/record_case.py docs/examples/record/tiny_mlp.py --entry TinyMLP --init "(4, 8)" \
        --inputs "(torch.randn(3, 4), 1.5)" --seed 3 --grad --out /tmp/my-corpus
    scripts/record_case.py docs/examples/record/small_functions.py --entry scale_in_place \
        --inputs "(torch.randn(2, 3).t(), 2.0)" --grad --out /tmp/my-corpus
    scripts/record_case.py my_net.py --entry Net --trace --inputs "(torch.randn(2, 8),)" --grad \
        --out /tmp/my-corpus      # Net: any nn.Module whose forward takes tensors
    build/tools/tsjit conform --corpus /tmp/my-corpus --grad --engine jit

Opt-in: needs Debian's python3-torch (`apt-get install python3-torch`, PyTorch 1.13.1), which the
project itself never depends on. Exit status 1 with `error: ...` on bad arguments, a program that
does not script or trace, or PyTorch missing.
"""
import argparse
import ast
import copy
import importlib.util
import io
import json
import math
import os
import pickle
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
        if v is None:
            return "NoneType"
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


def archive_slots(archive):
    """The objects of the archive's data.pkl with their attribute names in slot order (`.slots`, a
    dict name -> value, submodules as such objects); tensors and other values are not rebuilt."""
    class Obj:
        slots = None

        def __setstate__(self, state):
            self.slots = state if isinstance(state, dict) else None

    class Reader(pickle.Unpickler):
        def find_class(self, module, name):
            if module == "__torch__" or module.startswith("__torch__."):
                return type(name, (Obj,), {})
            return lambda *args, **kwargs: None

        def persistent_load(self, pid):
            return None

    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        member = next(n for n in z.namelist() if n.endswith("/data.pkl") and n.count("/") == 1)
        return Reader(io.BytesIO(z.read(member))).load()


def module_state(m, enc, slots=None):
    """The scripted (or traced) module `m` as FORMAT.md's module_state; `slots` is its object from
    archive_slots, which gives the attributes' slot order."""
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
        child_slots = slots.slots.get(n) if slots is not None and slots.slots is not None else None
        sub = module_state(child, enc, child_slots if hasattr(child_slots, "slots") else None)
        sub["name"] = n
        submodules.append(sub)
    if slots is not None and slots.slots is not None:  # slot order (what data.pkl holds)
        order = {n: i for i, n in enumerate(slots.slots)}
        attributes.sort(key=lambda entry: order.get(entry["name"], len(order)))
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


# ---- gradients (FORMAT.md: "cases with gradients") ---------------------------------------------

GRAD_CHECK_PARAMS = {"eps": 1e-06, "atol": 1e-05, "rtol": 0.001, "check_undefined_grad": False}


def strided_copy(torch, t, dtype=None):
    """A copy of `t` (as `dtype`) with the same shape and strides; differentiable."""
    out = torch.empty_strided(tuple(t.shape), tuple(t.stride()), dtype=dtype or t.dtype)
    try:
        out.copy_(t)
    except RuntimeError:  # an overlapping layout (an expanded input): keep the values
        return t.to(dtype or t.dtype, copy=True)
    return out


def to_float64(torch, v):
    """`v` with every floating tensor (also inside containers) a float64 copy of the same layout."""
    if isinstance(v, torch.Tensor):
        return strided_copy(torch, v.detach(), torch.float64) if v.is_floating_point() else v.clone()
    if isinstance(v, tuple):
        return tuple(to_float64(torch, x) for x in v)
    if isinstance(v, list):
        return [to_float64(torch, x) for x in v]
    if isinstance(v, dict):
        return {k: to_float64(torch, x) for k, x in v.items()}
    return copy.deepcopy(v)


def flatten_floating(torch, v, out):
    """The floating tensors of an output, depth first (tuple/list items, dict values)."""
    if isinstance(v, torch.Tensor):
        if v.is_floating_point():
            out.append(v)
    elif isinstance(v, (tuple, list)):
        for x in v:
            flatten_floating(torch, x, out)
    elif isinstance(v, dict):
        for x in v.values():
            flatten_floating(torch, x, out)
    return out


class GradRun:
    """Calls a float64 callable on `grad_inputs` with the `grad_args` inputs as fresh leaves."""

    def __init__(self, torch, grad_inputs, grad_args):
        self.torch, self.grad_inputs, self.grad_args = torch, grad_inputs, grad_args

    def leaves(self):
        return [strided_copy(self.torch, self.grad_inputs[i].detach()).requires_grad_(True) for i in self.grad_args]

    def call(self, fn, leaves):
        args = [copy.deepcopy(v) for v in self.grad_inputs]
        for i, leaf in zip(self.grad_args, leaves):
            args[i] = strided_copy(self.torch, leaf)  # in-place writes inside fn do not reach the leaf
        return fn(*args)

    def gradients(self, fn, params, weights=None, seed=0):
        """(weights, input grads by grad_args, param grads) of sum_k sum(out_k * weights_k)."""
        torch = self.torch
        leaves = self.leaves()
        flat = flatten_floating(torch, self.call(fn, leaves), [])
        if weights is None:
            g = torch.Generator().manual_seed(seed + 1)
            weights = [torch.randn(tuple(o.shape), generator=g, dtype=torch.float64) for o in flat]
        if len(weights) != len(flat):
            raise ValueError(f"the outputs hold {len(flat)} floating tensors, not {len(weights)}")
        terms = [(o * w).sum() for o, w in zip(flat, weights) if o.requires_grad]
        if not terms:
            raise ValueError("no floating-point output depends on a floating-point input or parameter")
        loss = sum(terms[1:], terms[0])
        targets = leaves + [p for p in params if p.requires_grad]
        found = torch.autograd.grad(loss, targets, allow_unused=True) if targets else ()
        found = list(found)
        input_grads = found[:len(leaves)]
        rest = iter(found[len(leaves):])
        param_grads = [next(rest) if p.requires_grad else None for p in params]
        return weights, input_grads, param_grads


def max_abs_diff(torch, pairs):
    worst = 0.0
    for a, b in pairs:
        if a is None and b is None:
            continue
        if a is None or b is None:  # one side has no gradient: compare with zeros
            a = b if a is None else a
            b = torch.zeros_like(a)
        if a.shape != b.shape:
            return math.inf
        if a.numel():
            d = float((a.detach().double() - b.detach().double()).abs().max())
            if math.isnan(d):
                return math.nan
            worst = max(worst, d)
    return worst


def eager_functions(program, text, path):
    """The program's functions and classes executed again without `@torch.jit.script`: the eager
    version of a function that the program scripted with the decorator."""
    tree = ast.parse(text, filename=path)
    body = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            node.decorator_list = [d for d in node.decorator_list
                                   if ast.unparse(d) not in ("torch.jit.script", "jit.script")]
            body.append(node)
    scope = dict(vars(program))
    exec(compile(ast.Module(body=body, type_ignores=[]), path, "exec"), scope)
    return scope


def record_gradients(torch, enc, case, *, kind, traced, compiled, inputs, args, trace_inputs, pristine,
                     eager_fn, seed):
    """FORMAT.md's gradient fields into `case`. `compiled` is the recorded scripted function (used as
    it is), `pristine` a copy of the module taken before any call, `eager_fn` the Python function."""
    grad_inputs = [to_float64(torch, v) for v in inputs]
    grad_args = [i for i, v in enumerate(grad_inputs) if isinstance(v, torch.Tensor) and v.is_floating_point()]
    run = GradRun(torch, grad_inputs, grad_args)
    # The TorchScript callable in float64 (G) and its eager counterpart. A module is compiled again
    # from a float64 copy and reloaded from its archive, so that G has an executor of its own (a
    # re-scripted module shares its methods with the recorded one).
    if pristine is not None:
        eager = copy.deepcopy(pristine).double()
        if traced:
            module64 = torch.jit.trace(copy.deepcopy(pristine).double(),
                                       tuple(to_float64(torch, v) for v in trace_inputs))
        else:
            module64 = torch.jit.script(copy.deepcopy(pristine).double())
        saved = io.BytesIO()
        torch.jit.save(module64, saved)
        G = torch.jit.load(io.BytesIO(saved.getvalue()))
        named = list(G.named_parameters())
        eager_params = [p for _, p in eager.named_parameters()]
    else:
        eager = eager_fn
        G = torch.jit.trace(eager_fn, tuple(to_float64(torch, v) for v in trace_inputs)) if traced else compiled
        saved = io.BytesIO()
        torch.jit.save(G, saved)  # before G runs with inputs requiring grad
        named, eager_params = [], []
    if not grad_args and not named:
        raise ValueError("nothing to differentiate: no top-level floating-point tensor input"
                         + (" and no parameter" if kind == "module" else ""))

    params = [p for _, p in named]
    weights, input_grads, param_grads = run.gradients(G, params, seed=seed)
    grads = [None] * len(inputs)
    for i, g in zip(grad_args, input_grads):
        grads[i] = g

    try:
        _, eager_inputs, eager_param_grads = run.gradients(eager, eager_params, weights=weights)
    except Exception as e:
        raise ValueError(f"the same gradients in eager PyTorch (for eager_grad_max_abs_diff) failed: "
                         f"{type(e).__name__}: {e}") from None
    diff = max_abs_diff(torch, list(zip(input_grads, eager_inputs)) + list(zip(param_grads, eager_param_grads)))
    if not diff < 1e-9:
        print(f"warning: TorchScript and eager gradients differ by {diff:g} (the public corpus rejects 1e-9 "
              "and more, except for a trace that is not equivalent to its source)", file=sys.stderr)

    grad_check, grad_check_error = None, None
    if grad_args:
        fresh = torch.jit.load(io.BytesIO(saved.getvalue()))  # a cold executor (FORMAT.md's remark)

        def checked(*xs):
            return tuple(flatten_floating(torch, run.call(fresh, xs), []))
        try:
            grad_check = bool(torch.autograd.gradcheck(checked, tuple(run.leaves()), raise_exception=False,
                                                       **GRAD_CHECK_PARAMS))
        except Exception as e:
            grad_check, grad_check_error = False, f"{type(e).__name__}: {e}"
        if grad_check is False:
            print("warning: torch.autograd.gradcheck rejects PyTorch's own gradient" +
                  (f" ({grad_check_error.splitlines()[0]})" if grad_check_error else ""), file=sys.stderr)

    for _ in range(3):  # the profiling executor optimizes for inputs that require grad
        run.call(G, run.leaves())
    optimized = str(torch.jit.last_executed_optimized_graph())

    case["grad_args"] = grad_args
    case["grad_inputs"] = [enc.value(v, x.type) for v, x in zip(grad_inputs, args)]
    case["grad_weights"] = [enc.tensor(w) for w in weights]
    case["grads"] = [enc.tensor(g) if g is not None else enc.value(None) for g in grads]
    if kind == "module":
        case["param_grads"] = [[n, enc.tensor(g) if g is not None else enc.value(None)]
                               for (n, _), g in zip(named, param_grads)]
    case["eager_grad_max_abs_diff"] = enc_float(diff)
    case["grad_check"] = grad_check
    if grad_check is not None or grad_check_error is not None:
        case["grad_check_params"] = dict(GRAD_CHECK_PARAMS)
    if grad_check_error is not None:
        case["grad_check_error"] = grad_check_error
    case["optimized_graph_requires_grad"] = optimized


def read_args(torch, text, scope, option):
    """--inputs / --trace-inputs: a Python expression (a tuple is the argument list) or a .json file."""
    try:
        if text.endswith(".json"):
            values = json.load(open(text))
            if not isinstance(values, list):
                raise ValueError("the file does not hold a list of encoded values")
            return [decode(torch, v) for v in values]
        values = eval(text, scope)
        return list(values) if isinstance(values, tuple) else [values]
    except Exception as e:
        fail(f"{option}: {type(e).__name__}: {e}")


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
    ap.add_argument("--grad", action="store_true",
                    help="also record float64 gradients (grad_args, grad_inputs, grad_weights, grads, param_grads, ...)")
    ap.add_argument("--trace", action="store_true", help="record with torch.jit.trace instead of torch.jit.script")
    ap.add_argument("--trace-inputs", help="--trace: the example inputs to trace with, like --inputs (default: the inputs)")
    a = ap.parse_args(argv)

    if a.trace_inputs is not None and not a.trace:
        fail("--trace-inputs needs --trace")
    if not a.program.endswith(".py"):
        fail(f"{a.program}: not a .py file")
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
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        fail(f"--name {name!r}: use letters, digits, '_', '.' and '-' (it names the case's files)")
    enc = Encoder(torch)
    is_module = isinstance(obj, type) and issubclass(obj, torch.nn.Module)
    if not is_module and not callable(obj):
        fail(f"{a.program}: {entry} is neither a function nor an nn.Module class")
    if a.trace and isinstance(obj, torch.jit.ScriptFunction):
        fail(f"{a.program}: --trace: {entry} is already scripted (@torch.jit.script); trace the Python function")

    scope = dict(vars(program))
    scope["torch"] = torch
    instance = pristine = None
    if is_module:
        try:
            init = eval(a.init, scope)
            instance = obj(*(init if isinstance(init, tuple) else (init,)))
            instance.train(a.train)
        except Exception as e:
            fail(f"--init: building {entry} failed: {type(e).__name__}: {e}")
        if a.grad:
            try:
                pristine = copy.deepcopy(instance)  # before any call can change its state
            except Exception as e:
                fail(f"--grad: copying the {entry} module failed: {type(e).__name__}: {e}")
    kind = "module" if is_module else "function"
    if not a.trace:
        try:
            scripted = torch.jit.script(instance) if is_module else (
                obj if isinstance(obj, torch.jit.ScriptFunction) else torch.jit.script(obj))
        except Exception as e:
            fail(f"{a.program}: torch.jit.script({entry}) failed:\n{e}")
    inputs = read_args(torch, a.inputs, scope, "--inputs")
    trace_inputs = None
    if a.trace:
        trace_inputs = (read_args(torch, a.trace_inputs, scope, "--trace-inputs") if a.trace_inputs is not None
                        else copy.deepcopy(inputs))
        try:
            scripted = torch.jit.trace(instance if is_module else obj, tuple(copy.deepcopy(trace_inputs)))
        except Exception as e:
            fail(f"{a.program}: torch.jit.trace({entry}) failed:\n{type(e).__name__}: {e}")

    schema = scripted.forward.schema if is_module else scripted.schema
    args = list(schema.arguments)[1:] if is_module else list(schema.arguments)
    if len(args) != len(inputs):
        fail(f"--inputs gives {len(inputs)} arguments; {entry} takes {len(args)} ({schema})")
    if trace_inputs is not None and len(trace_inputs) != len(args):
        fail(f"--trace-inputs gives {len(trace_inputs)} arguments; {entry} takes {len(args)} ({schema})")

    archive = os.path.join("archives", name + ".pt")
    archive_bytes = io.BytesIO()
    torch.jit.save(scripted, archive_bytes)  # before the call: the state recorded below

    try:
        encoded_inputs = [enc.value(v, x.type) for v, x in zip(inputs, args)]
        case = {"format_version": 1, "name": name, "category": a.category,
                "kind": "traced" if a.trace else kind}
        if a.trace:
            case["traced_object"] = kind
        case.update({"torch_version": torch.__version__, "seed": a.seed, "entry": entry, "preamble": PREAMBLE,
                     "source": script_source(text, a.program)})
        if is_module:
            case["module_mode"] = "train" if a.train else "eval"
        case.update({
            "schema": str(schema), "input_types": [x.type.annotation_str for x in args],
            "output_type": schema.returns[0].type.annotation_str if schema.returns else "NoneType",
            "graph": str(scripted.graph), "inlined_graph": str(scripted.inlined_graph), "code": scripted.code,
        })
        if is_module:
            case["method_graphs"] = {n: str(scripted._c._get_method(n).graph) for n in scripted._c._method_names()}
            try:
                slots = archive_slots(archive_bytes.getvalue())
            except Exception:  # an archive this reader does not follow: keep the attributes' own order
                slots = None
            case["module_state"] = module_state(scripted, enc, slots if hasattr(slots, "slots") else None)
        if a.trace:
            case["trace_inputs"] = [enc.value(v, x.type) for v, x in zip(trace_inputs, args)]
        case["notes"] = (f"recorded by scripts/record_case.py from {os.path.basename(a.program)}"
                         + (" (torch.jit.trace)" if a.trace else ""))
        case["archive"] = archive
        case["inputs"] = encoded_inputs

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

    if a.grad:
        if "error" in case:
            fail(f"--grad: {entry} raised {case['error']['type']} ({case['error']['last_line']}): "
                 "a call that raises has no gradients; record it without --grad")
        eager_fn = None
        if not is_module:
            eager_fn = obj
            if isinstance(obj, torch.jit.ScriptFunction):
                try:
                    eager_fn = eager_functions(program, text, a.program)[entry]
                except Exception as e:
                    fail(f"--grad: the Python version of {entry} (for eager_grad_max_abs_diff) failed: "
                         f"{type(e).__name__}: {e}")
        try:
            record_gradients(torch, enc, case, kind=kind, traced=a.trace, compiled=scripted, inputs=inputs,
                             args=args, trace_inputs=trace_inputs, pristine=pristine, eager_fn=eager_fn,
                             seed=a.seed)
        except ValueError as e:
            fail(f"--grad: {entry}: {e}")
        except Exception as e:  # PyTorch refused (a trace that fails in float64, a backward error, ...)
            fail(f"--grad: {entry}: {type(e).__name__}: {e}")

    with zipfile.ZipFile(io.BytesIO(archive_bytes.getvalue())) as z:
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

    os.makedirs(os.path.join(a.out, "cases"), exist_ok=True)
    os.makedirs(os.path.join(a.out, "archives"), exist_ok=True)
    with open(os.path.join(a.out, archive), "wb") as f:
        f.write(archive_bytes.getvalue())
    with open(os.path.join(a.out, "cases", name + ".json"), "w", encoding="utf-8") as f:
        f.write(text_out + "\n")
    manifest_path = os.path.join(a.out, "manifest.json")
    manifest = {"format_version": 1, "torch_version": torch.__version__, "preamble": PREAMBLE, "cases": []}
    if os.path.exists(manifest_path):
        manifest = json.load(open(manifest_path))
    manifest["cases"] = [c for c in manifest.get("cases", []) if c.get("name") != name]
    manifest["cases"].append({"name": name, "category": a.category, "kind": case["kind"], "error": "error" in case,
                              "has_grads": "grads" in case, "json": f"cases/{name}.json", "archive": archive})
    with open(manifest_path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    what = "raised " + case["error"]["type"] if "error" in case else "returned " + case["output_type"]
    extra = (", gradients" + (" (grad_check false)" if case.get("grad_check") is False else "")) if "grads" in case else ""
    print(f"recorded {name} ({case['kind']}{' ' + kind if a.trace else ''}, {what}{extra}) into {a.out}: "
          f"cases/{name}.json, {archive}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
