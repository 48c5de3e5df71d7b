#!/usr/bin/python3
"""pt113_lang_archives.py — records archives written by real PyTorch 1.13 for language features
that archives carry (enum attributes and their class declarations; torch.jit.fork, printed as a
nested `def __forked_function():` + `fork(...)`; `with` on a script class and torch.no_grad(),
printed as `_0 = __torch__.C.__new__(__torch__.C)`, `(_0).__init__(...)`, `with _0 as v:`; a
submodule typed by a module interface and a list of interface values, the interfaces declared as
`class I(ModuleInterface):` / `class I(Interface):`), and PyTorch's outputs for them, into
conformance/pt113/<case>/ (opt-in: PyTorch is not a dependency of the project;
`apt-get install python3-torch` brings 1.13.1).

    scripts/pt113_lang_archives.py [PT113_DIR]     (default: conformance/pt113)
    scripts/pt113_lang_archives.py --check-tsjit TSJIT [PT113_DIR]

--check-tsjit: after recording, `TSJIT save`s each archive again and checks that PyTorch loads the
archive tsjit wrote and returns exactly the recorded outputs (exit 1 otherwise).

Per case: <case>/<module>.pt (torch.jit.save of the scripted module), inputs_<k>.json (`tsjit run`
encoding, FORMAT.md section 4; enum members as {"type":"Enum","class","name","value"}) and
<module>.torch.json ({"inputs_<k>": [output]}: what the loaded archive returns, same encoding).
conformance/frontend/run/enum_archive.py, enum_pkg_archive.py, fork_archive.py, with_archive.py and iface_archive.py check that `tsjit load` runs the
archives to these outputs and that load -> save -> load keeps their code and results.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch_oracle  # noqa: E402

ENUM_SOURCE = '''
from enum import Enum
from typing import List
import torch


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Unit(Enum):
    MM = "mm"
    KM = "km"


class Scale(Enum):
    HALF = 0.5
    TWICE = 2.0


class EnumModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.color = Color.GREEN
        self.units = [Unit.KM, Unit.MM]
        self.scale = Scale.HALF

    def forward(self, x: torch.Tensor, c: Color) -> torch.Tensor:
        if c == self.color:
            x = x + self.color.value
        for col in Color:
            if col != c:
                x = x * col.value
        for u in self.units:
            if u.name == "KM":
                x = x - len(u.value)
        return x * self.scale.value
'''


FORK_SOURCE = '''
import torch


def scaled(x: torch.Tensor, k: int) -> torch.Tensor:
    return x * k


class ForkModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.offset = 3

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        fut = torch.jit.fork(scaled, x, 3)
        fut2 = torch.jit.fork(x.add, x, alpha=2)
        y = x + self.offset
        fut3 = torch.jit.fork(torch.mul, y, 2.5)
        fut4 = torch.jit.fork(y.relu)
        return torch.jit.wait(fut) + torch.jit.wait(fut2) + torch.jit.wait(fut3) * torch.jit.wait(fut4)
'''


PKG_SOURCE = '''
from enum import Enum
import torch


class Mode(Enum):
    FAST = "fast"
    SLOW = "slow"


class PkgModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mode = Mode.SLOW

    def forward(self, x: torch.Tensor, m: Mode) -> torch.Tensor:
        if m == self.mode:
            return x * 2
        if m == Mode.FAST:
            return x - 1
        return x
'''


WITH_SOURCE = '''
from typing import Any, List, Tuple
import torch


@torch.jit.script
class Ctx(object):
    def __init__(self, log: List[int], k: int):
        self.log = log
        self.k = k

    def __enter__(self) -> int:
        self.log.append(self.k)
        return self.k * 10

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any):
        self.log.append(-self.k)

    def unused(self, n: int) -> int:
        return self.k + n


class WithModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.tensor([2.0, -0.5, 3.0]))

    def first_over(self, log: List[int], n: int) -> int:
        for i in range(n):
            with Ctx(log, i + 100):
                if i * i > n:
                    return i
        return -1

    def forward(self, x: torch.Tensor, n: int) -> Tuple[torch.Tensor, List[int], bool, bool, int]:
        log: List[int] = []
        y = x * self.w
        with torch.no_grad():
            z = y * 3
        with Ctx(log, 1) as v:
            log.append(v + n)
            with Ctx(log, 2):
                pass
        with Ctx(log, 3):
            log.append(n)
        k = self.first_over(log, n)
        return z + y, log, y.requires_grad, z.requires_grad, k
'''


IFACE_SOURCE = '''
from typing import List
import torch
from torch import Tensor


@torch.jit.interface
class ModuleInterface(torch.nn.Module):
    def forward(self, x: Tensor, k: int) -> Tensor:
        pass

    def scale(self) -> float:
        pass


@torch.jit.interface
class Shape(object):
    def area(self) -> float:
        pass


@torch.jit.script
class Sq(object):
    def __init__(self, s: float):
        self.s = s

    def area(self) -> float:
        return self.s * self.s


class Impl1(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = 3.0

    def forward(self, x: Tensor, k: int) -> Tensor:
        return x * self.w + k

    def scale(self) -> float:
        return self.w


class IfaceModule(torch.nn.Module):
    proj: ModuleInterface

    def __init__(self):
        super().__init__()
        self.proj = Impl1()

    def shapes(self, n: int) -> List[Shape]:
        out: List[Shape] = []
        for i in range(n):
            out.append(Sq(float(i)))
        return out

    def forward(self, x: Tensor, n: int) -> Tensor:
        total = 0.0
        for s in self.shapes(n):
            total += s.area()
        return self.proj(x, n) + self.proj.forward(x, 5) * self.proj.scale() + total
'''


def run_as_main(torch, source, path):
    """Runs `source` as __main__: TorchScript names its classes `__torch__.X` then (tsjit's names)."""
    import importlib.util
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("__main__", path)
    mod = importlib.util.module_from_spec(spec)
    saved_main = sys.modules.get("__main__")
    sys.modules["__main__"] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules["__main__"] = saved_main
    return mod


def record(torch, out, module_name, scripted, input_lists):
    out.mkdir(parents=True, exist_ok=True)
    torch.jit.save(scripted, str(out / (module_name + ".pt")))
    loaded = torch.jit.load(str(out / (module_name + ".pt")))
    results = {}
    for k, args in enumerate(input_lists):
        (out / f"inputs_{k}.json").write_text(json.dumps([torch_oracle.encode(torch, a) for a in args]) + "\n")
        results[f"inputs_{k}"] = [torch_oracle.encode(torch, loaded(*args))]
    (out / (module_name + ".torch.json")).write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print("wrote", out)


def check_tsjit(torch, tsjit, root, cases):
    """PyTorch loads the archives tsjit re-saves and computes the recorded outputs, bit for bit."""
    import subprocess
    import tempfile
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for case, module_name in cases:
            src = root / case / (module_name + ".pt")
            dst = Path(tmp) / case / (module_name + ".pt")
            dst.parent.mkdir()
            subprocess.run([tsjit, "save", str(src), str(dst)], check=True, capture_output=True)
            loaded = torch.jit.load(str(dst))
            want = json.loads((root / case / (module_name + ".torch.json")).read_text())
            for key, outputs in sorted(want.items()):
                args = [torch_oracle.decode(torch, v) for v in json.loads((root / case / (key + ".json")).read_text())]
                got = json.loads(json.dumps([torch_oracle.encode(torch, loaded(*args))], sort_keys=True))
                same = got == json.loads(json.dumps(outputs, sort_keys=True))
                ok = ok and same
                print(f"{case}/{key}: PyTorch on tsjit's archive: {'equal' if same else 'DIFFERENT'}")
    return ok


def main():
    args = sys.argv[1:]
    tsjit = None
    if args[:1] == ["--check-tsjit"]:
        if len(args) < 2:
            raise SystemExit("error: --check-tsjit needs the tsjit binary")
        tsjit, args = args[1], args[2:]
    root = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "conformance/pt113"
    try:
        import torch
    except ImportError:
        raise SystemExit("error: PyTorch is not installed (apt-get install python3-torch)")
    torch.set_num_threads(1)
    x = torch.tensor([1.5, -2.0, 0.25])

    def script_main(source, case, cls):
        """Runs `source` as __main__ and scripts its class `cls` (TorchScript reads the classes'
        source through __main__); returns the Python module and the scripted module."""
        mod = run_as_main(torch, source, Path(f"/tmp/pt113_lang_archives_{case}.py"))
        with_main = sys.modules.get("__main__")
        sys.modules["__main__"] = mod
        try:
            return mod, torch.jit.script(getattr(mod, cls)())
        finally:
            sys.modules["__main__"] = with_main

    mod, scripted = script_main(ENUM_SOURCE, "enum", "EnumModule")
    for name in ("Color", "Unit", "Scale"):
        torch_oracle.ENUM_CLASSES["__torch__." + name] = getattr(mod, name)
    record(torch, root / "enum", "enum_module", scripted, [[x, c] for c in mod.Color])
    _, scripted = script_main(FORK_SOURCE, "fork", "ForkModule")
    record(torch, root / "fork", "fork_module", scripted, [[x], [torch.tensor([[0.5, -1.0], [4.0, -0.125]])]])
    # A module of an imported Python module `pt113_pkgmod`: its classes are __torch__.pt113_pkgmod.X
    # and its code goes to code/__torch__/pt113_pkgmod.py.
    import importlib
    Path("/tmp/pt113_lang_archives_pkg").mkdir(exist_ok=True)
    Path("/tmp/pt113_lang_archives_pkg/pt113_pkgmod.py").write_text(PKG_SOURCE)
    sys.path.insert(0, "/tmp/pt113_lang_archives_pkg")
    pkg = importlib.import_module("pt113_pkgmod")
    torch_oracle.ENUM_CLASSES["__torch__.pt113_pkgmod.Mode"] = pkg.Mode
    record(torch, root / "enum_pkg", "pkg_module", torch.jit.script(pkg.PkgModule()),
           [[x, pkg.Mode.FAST], [x, pkg.Mode.SLOW]])
    _, scripted = script_main(WITH_SOURCE, "with", "WithModule")
    record(torch, root / "with", "with_module", scripted, [[x, 5], [x, 0]])
    _, scripted = script_main(IFACE_SOURCE, "iface", "IfaceModule")
    record(torch, root / "iface", "iface_module", scripted, [[x, 3], [x, 0]])
    if tsjit and not check_tsjit(torch, tsjit, root, [("enum", "enum_module"), ("fork", "fork_module"),
                                                      ("enum_pkg", "pkg_module"), ("with", "with_module"),
                                                      ("iface", "iface_module")]):
        sys.exit(1)


if __name__ == "__main__":
    main()
