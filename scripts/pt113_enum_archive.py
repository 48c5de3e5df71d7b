#!/usr/bin/python3
"""pt113_enum_archive.py — records an archive with enum attributes written by real PyTorch 1.13,
and PyTorch's outputs for it, into conformance/pt113/enum/ (opt-in: PyTorch is not a dependency of
the project; `apt-get install python3-torch` brings 1.13.1).

    scripts/pt113_enum_archive.py [OUT_DIR]

Writes enum_module.pt (torch.jit.save of the scripted module below), inputs_<k>.json (`tsjit run`
encoding, FORMAT.md section 4; enum members as {"type":"Enum","class","name","value"}) and
enum_module.torch.json ({"inputs_<k>": [output]}: what the loaded archive returns, in the same
encoding). conformance/frontend/run/enum_archive.py checks that `tsjit load` runs the archive to
these outputs and that load -> save -> load keeps its code and results.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch_oracle  # noqa: E402

SOURCE = '''
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


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "conformance/pt113/enum"
    try:
        import torch
    except ImportError:
        raise SystemExit("error: PyTorch is not installed (apt-get install python3-torch)")
    torch.set_num_threads(1)
    out.mkdir(parents=True, exist_ok=True)
    # TorchScript names a class `__torch__.<module>.X`, and `__torch__.X` when its module is
    # `__main__`: the source runs as __main__ so that the archive's names are tsjit's own.
    src_file = Path("/tmp/pt113_enum_archive_src.py")
    src_file.write_text(SOURCE)
    import importlib.util
    spec = importlib.util.spec_from_file_location("__main__", src_file)
    mod = importlib.util.module_from_spec(spec)
    saved_main = sys.modules.get("__main__")
    sys.modules["__main__"] = mod
    try:
        spec.loader.exec_module(mod)
        scripted = torch.jit.script(mod.EnumModule())
        torch.jit.save(scripted, str(out / "enum_module.pt"))
    finally:
        sys.modules["__main__"] = saved_main
    for name in ("Color", "Unit", "Scale"):
        torch_oracle.ENUM_CLASSES["__torch__." + name] = getattr(mod, name)
    loaded = torch.jit.load(str(out / "enum_module.pt"))
    results = {}
    x = torch.tensor([1.5, -2.0, 0.25])
    for k, c in enumerate([mod.Color.RED, mod.Color.GREEN, mod.Color.BLUE]):
        inputs = [torch_oracle.encode(torch, x), torch_oracle.encode(torch, c)]
        (out / f"inputs_{k}.json").write_text(json.dumps(inputs) + "\n")
        results[f"inputs_{k}"] = [torch_oracle.encode(torch, loaded(x, c))]
    (out / "enum_module.torch.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print("wrote", out)


if __name__ == "__main__":
    main()
