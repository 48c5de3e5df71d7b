# A submodule typed by a module interface, compiled from source and saved (`tsjit save FILE.py
# --state`): the class body's `proj: ModuleInterface` makes the slot's type the interface (the
# state names the submodule's own class, Impl1), `self.proj(x, n)` / `self.proj.forward(...)` /
# `self.proj.scale()` are prim::CallMethod on the interface, dispatched on the object's class at
# run time; the code declares `proj : __torch__.ModuleInterface`, the module interface as
# `class ModuleInterface(ModuleInterface):` and the plain interface of a List[Shape] as
# `class Shape(Interface):` (self untyped, no defaults, `pass` bodies), after the classes of the
# objects data.pkl holds (in pickling order) — PyTorch 1.13.1's code file for this source byte for
# byte (conformance/pt113/iface/iface_module.pt, recorded by scripts/pt113_lang_archives.py). The
# archive runs to PyTorch's outputs (iface_module.torch.json, copied below) on both engines.
# A submodule whose class lacks a method of the interface is 1.13's compile error, and an
# interface method's argument cannot be left out (interfaces keep no defaults).
# RUN: rm -rf %t && mkdir -p %t/o
# RUN: echo '{"qualified_name": "__torch__.IfaceModule", "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "NoneType", "value": {"type": "None", "value": null}}, {"name": "proj", "kind": "module", "type": "__torch__.Impl1"}], "constants": [], "submodules": [{"name": "proj", "qualified_name": "__torch__.Impl1", "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "Optional[bool]", "value": {"type": "None", "value": null}}, {"name": "w", "kind": "attribute", "type": "float", "value": {"type": "float", "value": 3.0}}], "constants": [], "submodules": []}]}' > %t/state.json
# RUN: tsjit save %s %t/o/iface_module.pt --state %t/state.json
# RUN: python3 -c "import sys, zipfile; a, b = (zipfile.ZipFile(p).read('iface_module/code/__torch__.py') for p in sys.argv[1:]); sys.exit(a != b)" %S/../../pt113/iface/iface_module.pt %t/o/iface_module.pt
# RUN: for e in jit reference; do for k in 0 1; do tsjit load %t/o/iface_module.pt --inputs %S/../../pt113/iface/inputs_$k.json --engine $e 2>/dev/null | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"data":["0x1.4800000000000p+5","-0x1.0000000000000p+0","0x1.a000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0800000000000p+5","-0x1.2000000000000p+3","0x1.2000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.4800000000000p+5","-0x1.0000000000000p+0","0x1.a000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0800000000000p+5","-0x1.2000000000000p+3","0x1.2000000000000p+4"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# RUN: echo '{"qualified_name": "__torch__.IfaceModule", "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "NoneType", "value": {"type": "None", "value": null}}, {"name": "proj", "kind": "module", "type": "__torch__.Half"}], "constants": [], "submodules": [{"name": "proj", "qualified_name": "__torch__.Half", "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "Optional[bool]", "value": {"type": "None", "value": null}}], "constants": [], "submodules": []}]}' > %t/bad.json
# RUN: sed -e 's/self.proj = Impl1()/self.proj = Half()/' %s > %t/bad.py && printf 'class Half(torch.nn.Module):\n    def forward(self, x: Tensor, k: int) -> Tensor:\n        return x\n' >> %t/bad.py
# RUN: not tsjit save %t/bad.py %t/o/bad.pt --state %t/bad.json 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: Object of type __torch__.Half is not compatible with interface __torch__.ModuleInterface
# BAD-NEXT: Class '__torch__.Half' does not have method 'scale' but '__torch__.ModuleInterface' does.
# RUN: sed -e 's/self.proj(x, n)/self.proj(x)/' %s > %t/nodefault.py
# RUN: not tsjit save %t/nodefault.py %t/o/nodefault.pt --state %t/state.json 2>&1 | FileCheck %s --check-prefix=ARG
# ARG: error: forward(InterfaceType<ModuleInterface> self, Tensor x, int k) -> Tensor:
# ARG-NEXT: Argument k not provided.
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
