#!/usr/bin/python3
"""pt113_setstate_archives.py — modules whose state is what __getstate__ returns, saved by PyTorch 1.13.

    scripts/pt113_setstate_archives.py [--out conformance/pt113/setstate]

torch.jit.save pickles an object of a class that defines __getstate__ and __setstate__ as NEWOBJ of
the class then BUILD with whatever __getstate__ returned (a tuple, a dict ...); torch.jit.load
creates the object and calls __setstate__ with it. This script scripts such modules with PyTorch
(the root module, a submodule, tuple and dict states; each __setstate__ also computes an attribute
that is not pickled, so the outputs show whether it ran), saves them, loads them with PyTorch and
runs them on fixed inputs. For each archive it writes, in the format of pt113_upgrader_archives.py,
  OUT/<name>.pt    the archive (debug_pkl members dropped),
  OUT/<name>.json  {"version", "inputs", "torch": {"outputs": [v]} or {"error"}, "torch_version",
                    "saved_version"}.
ctest's `archive_setstate` (conformance/archive_upgraders_test.py on this folder) checks tsjit
against them without PyTorch: load and run, save, load the saved archive and run, save again.

Opt-in (PyTorch is not a dependency of the project): `apt-get install -y python3-torch`.
"""
import argparse
import json
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pt113_upgrader_archives import rewrite  # noqa: E402
from torch_oracle import encode  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def modules(torch):
    from typing import Dict, List, Tuple

    class TupleState(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.tensor([1.0, 2.0, 3.0])
            self.k = 3
            self.doubled = torch.zeros(3)

        @torch.jit.export
        def __getstate__(self) -> Tuple[torch.Tensor, int, bool]:
            return (self.w, self.k, self.training)

        @torch.jit.export
        def __setstate__(self, state: Tuple[torch.Tensor, int, bool]) -> None:
            self.w = state[0]
            self.k = state[1]
            self.training = state[2]
            self.doubled = state[0] * 2

        def forward(self, x):
            return x * self.w + self.k, self.doubled

    class Inner(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.names: List[str] = ["a", "bc"]
            self.scale = 0.5
            self.total = 0

        @torch.jit.export
        def __getstate__(self) -> Tuple[List[str], float, bool]:
            return (self.names, self.scale, self.training)

        @torch.jit.export
        def __setstate__(self, state: Tuple[List[str], float, bool]) -> None:
            self.names = state[0]
            self.scale = state[1]
            self.training = state[2]
            n = 0
            for s in state[0]:
                n += len(s)
            self.total = n

        def forward(self, x):
            return x * self.scale + self.total

    class Outer(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = Inner()
            self.bias = torch.nn.Parameter(torch.tensor([0.25, -1.0]))

        def forward(self, x):
            return self.inner(x) + self.bias

    class DictState(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = torch.tensor([1, 2], dtype=torch.int64)
            self.b = torch.tensor([[0.5], [1.5]])
            self.sum = torch.zeros(1)

        @torch.jit.export
        def __getstate__(self) -> Dict[str, torch.Tensor]:
            return {"a": self.a, "b": self.b}

        @torch.jit.export
        def __setstate__(self, state: Dict[str, torch.Tensor]) -> None:
            self.a = state["a"]
            self.b = state["b"]
            self.sum = self.a.sum() + self.b.sum()
            self.training = False

        def forward(self, x):
            return self.b * x + self.a, self.sum, self.training

    return [
        # name, module, inputs
        ("setstate_tuple_root", TupleState(), [torch.tensor([1.0, -1.0, 0.5])]),
        ("setstate_submodule", Outer(), [torch.tensor([2.0, 4.0])]),
        ("setstate_dict", DictState(), [torch.tensor([3.0, 1.0])]),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "conformance/pt113/setstate"))
    args = ap.parse_args()
    import torch
    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, module, inputs in modules(torch):
            saved = Path(tmp) / f"{name}.pt"
            torch.jit.save(torch.jit.script(module), str(saved))
            with zipfile.ZipFile(saved) as z:
                version = int(z.read([n for n in z.namelist() if n.endswith("version")][0]))
            target = out / f"{name}.pt"
            rewrite(saved, target, version)
            m = torch.jit.load(str(target))
            again = Path(tmp) / f"{name}_again.pt"
            torch.jit.save(m, str(again))
            with zipfile.ZipFile(again) as z:
                saved_version = int(z.read([n for n in z.namelist() if n.endswith("version")][0]))
            try:
                res = {"outputs": [encode(torch, m(*[x.clone() for x in inputs]))]}
            except Exception as ex:  # noqa: BLE001 — any exception is the answer
                last = str(ex).strip().splitlines()[-1] if str(ex).strip() else type(ex).__name__
                res = {"error": f"{type(ex).__name__}: {last}"}
            doc = {"name": name, "version": version, "torch_version": torch.__version__, "saved_version": saved_version,
                   "inputs": [encode(torch, x) for x in inputs], "torch": res}
            json.dump(doc, open(out / f"{name}.json", "w"), indent=1)
            print(f"{name:24s} version {version}: {res.get('error') or 'ok'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
