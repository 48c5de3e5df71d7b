#!/usr/bin/python3
"""pt113_upgrader_archives.py — archives of an older file format version, and what PyTorch 1.13 makes of them.

    scripts/pt113_upgrader_archives.py [--out conformance/pt113/upgraders]

PyTorch 1.13 rewrites operators whose meaning changed (its upgraders) when it loads code of an
older version: integer aten::div / div_ truncated before version 4, aten::full with an integer fill
and no dtype made a float tensor before version 5, linspace took an optional `steps` (None: 100)
before version 8 (those archives get their calls edited into the older form). This script scripts small modules with
PyTorch, saves them, and writes a copy whose version record says an older version (the code is
what 1.13 wrote: the printed calls are the same in every version), then loads that copy with
PyTorch and runs it on fixed inputs. For each archive it writes
  OUT/<name>.pt    the archive (version record rewritten, debug_pkl members dropped),
  OUT/<name>.json  {"version", "inputs" (corpus value encoding), "torch": {"outputs": [v]} or {"error"},
                    "torch_version", "saved_version" (the record PyTorch writes when it saves the loaded module)}.
ctest's `archive_upgraders` (conformance/archive_upgraders_test.py) checks tsjit against them
without PyTorch.

Opt-in (PyTorch is not a dependency of the project): `apt-get install -y python3-torch`.
"""
import argparse
import json
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from torch_oracle import encode  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def modules(torch):
    from typing import List, Tuple  # noqa: F401

    class DivTensor(torch.nn.Module):
        def forward(self, a, b):
            return a / b, torch.div(a, b), a.div(b)

    class DivScalar(torch.nn.Module):
        def forward(self, a, b: int):
            return torch.div(a, b), a / 2, a / 2.0

    class DivInplace(torch.nn.Module):
        def forward(self, a, b):
            c = a.clone()
            c.div_(b)
            d = a.clone()
            d /= 3
            return c, d

    class Full(torch.nn.Module):
        def forward(self, n: int):
            return torch.full([2], n), torch.full([2], 3), \
                torch.full([2], 3, dtype=torch.int64), torch.full([2], 1.5)

    class Helper(torch.nn.Module):
        def forward(self, a):
            return a // 2 + a / 2

    class Nested(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = Helper()

        def forward(self, a, b):
            out = self.inner(a)
            for i in range(2):
                if bool(b.sum() > 0):
                    out = out + torch.div(a, b)
            return out

    class Spaces(torch.nn.Module):
        def forward(self, a: float, b: float):
            return torch.linspace(a, b, 5), torch.linspace(a, b, 3), torch.linspace(b, a, steps=2)

    class LogSpaces(torch.nn.Module):
        def forward(self, a: float, b: float):
            return torch.logspace(a, b, 5), torch.logspace(a, b, 3, 2.0), torch.logspace(b, a, steps=2)

    ia = torch.tensor([7, -7, 9, 0], dtype=torch.int64)
    ib = torch.tensor([2, 2, -4, 3], dtype=torch.int64)
    fa = torch.tensor([7.0, -7.0, 9.0, 0.5])
    return [
        # name, module, version to write, inputs
        ("div_tensor_int_v3", DivTensor(), 3, [ia, ib]),
        ("div_tensor_float_v3", DivTensor(), 3, [fa, ib]),
        ("div_tensor_int_v4", DivTensor(), 4, [ia, ib]),
        ("div_scalar_int_v3", DivScalar(), 3, [ia, 2]),
        ("div_scalar_float_v3", DivScalar(), 3, [fa, -4]),
        ("div_inplace_int_v3", DivInplace(), 3, [ia, ib]),
        ("div_inplace_int_v4", DivInplace(), 4, [ia, ib]),
        ("div_nested_v3", Nested(), 3, [ia, ib]),
        ("full_v4", Full(), 4, [5]),
        ("full_v5", Full(), 5, [5]),
        # `steps` was optional (None: 100) before version 8 (linspace) and 9 (logspace): the code
        # 1.13 wrote is edited into what an older writer wrote (see CODE_EDITS).
        ("linspace_no_steps_v7", Spaces(), 7, [0.0, 1.0]),
        ("linspace_no_steps_v5", Spaces(), 5, [-1.0, 2.0]),
        ("logspace_no_steps_v8", LogSpaces(), 8, [0.0, 1.0]),
        ("logspace_no_steps_v5", LogSpaces(), 5, [-1.0, 0.5]),
    ]


# Calls as older versions wrote them (1.13 always prints `steps`).
_NO_STEPS = [("torch.linspace(a, b, 5)", "torch.linspace(a, b)"),
             ("torch.linspace(a, b, 3)", "torch.linspace(a, b, None)"),
             ("torch.linspace(b, a, 2)", "torch.linspace(b, a, steps=None)")]
_LOG_NO_STEPS = [("torch.logspace(a, b, 5)", "torch.logspace(a, b)"),
                 ("torch.logspace(a, b, 3, 2.)", "torch.logspace(a, b, None, 2.)"),
                 ("torch.logspace(b, a, 2)", "torch.logspace(b, a, steps=None)")]
CODE_EDITS = {"linspace_no_steps_v7": _NO_STEPS, "linspace_no_steps_v5": _NO_STEPS,
              "logspace_no_steps_v8": _LOG_NO_STEPS, "logspace_no_steps_v5": _LOG_NO_STEPS}


def rewrite(src, dst, version, edits=()):
    with zipfile.ZipFile(src) as zi, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zo:
        for info in zi.infolist():
            name = info.filename
            if name.endswith(".debug_pkl"):
                continue
            data = zi.read(name)
            if name.endswith("/version"):
                # versions > 5 live in .data/version, older ones in <root>/version (as 1.13 writes them)
                root = name.split("/")[0]
                name = f"{root}/.data/version" if version > 5 else f"{root}/version"
                data = f"{version}\n".encode()
            if name.endswith(".py") and edits:
                text = data.decode()
                for old, new in edits:
                    assert old in text, f"{old!r} is not in {name}"
                    text = text.replace(old, new)
                data = text.encode()
            zo.writestr(name, data)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "conformance/pt113/upgraders"))
    args = ap.parse_args()
    import torch
    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, module, version, inputs in modules(torch):
            saved = Path(tmp) / f"{name}.pt"
            torch.jit.save(torch.jit.script(module), str(saved))
            target = out / f"{name}.pt"
            rewrite(saved, target, version, CODE_EDITS.get(name, ()))
            m = torch.jit.load(str(target))
            again = Path(tmp) / f"{name}_again.pt"
            torch.jit.save(m, str(again))
            with zipfile.ZipFile(again) as z:
                saved_version = int(z.read([n for n in z.namelist() if n.endswith("version")][0]))
            try:
                res = {"outputs": [encode(torch, m(*[x.clone() if isinstance(x, torch.Tensor) else x
                                                      for x in inputs]))]}
            except Exception as ex:  # noqa: BLE001 — any exception is the answer
                last = str(ex).strip().splitlines()[-1] if str(ex).strip() else type(ex).__name__
                res = {"error": f"{type(ex).__name__}: {last}"}
            doc = {"name": name, "version": version, "torch_version": torch.__version__, "saved_version": saved_version,
                   "inputs": [encode(torch, x) for x in inputs], "torch": res}
            json.dump(doc, open(out / f"{name}.json", "w"), indent=1)
            print(f"{name:24s} version {version} -> PyTorch saves it as {saved_version}: "
                  f"{res.get('error') or 'ok'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
