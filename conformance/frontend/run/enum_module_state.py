# Enum values as module attributes of a module compiled from source (`tsjit save FILE.py --state`):
# the state names the members in the value encoding (`__torch__.Color` and `Enum<__torch__.Scale>`
# type spellings, a List of members); they are bound to the source's enum classes. The archive's
# code is PyTorch 1.13's own code file for this module (conformance/pt113/enum/enum_module.pt, from
# scripts/pt113_enum_archive.py) byte for byte, and it runs to PyTorch's recorded outputs
# (enum_module.torch.json, copied below; python3-torch 1.13.1 also loads this archive and computes
# them). A member the class lacks (or with another value) is an error naming the attribute, and
# nothing is written.
# RUN: rm -rf %t && mkdir -p %t/o
# RUN: echo '{"qualified_name": "__torch__.EnumModule", "attributes": [ {"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "Optional[bool]", "value": {"type": "None", "value": null}}, {"name": "color", "kind": "attribute", "type": "__torch__.Color", "value": {"type": "Enum", "class": "__torch__.Color", "name": "GREEN", "value": {"type": "int", "value": 2}}}, {"name": "units", "kind": "attribute", "type": "List[__torch__.Unit]", "value": {"type": "List", "elem": "__torch__.Unit", "items": [{"type": "Enum", "class": "__torch__.Unit", "name": "KM", "value": {"type": "str", "value": "km"}}, {"type": "Enum", "class": "__torch__.Unit", "name": "MM", "value": {"type": "str", "value": "mm"}}]}}, {"name": "scale", "kind": "attribute", "type": "Enum<__torch__.Scale>", "value": {"type": "Enum", "class": "__torch__.Scale", "name": "HALF", "value": {"type": "float", "value": "0x1.0p-1"}}}], "constants": [], "submodules": []}' > %t/state.json
# RUN: tsjit save %s %t/o/enum_module.pt --state %t/state.json
# RUN: python3 -c "import sys, zipfile; a, b = (zipfile.ZipFile(p).read('enum_module/code/__torch__.py') for p in sys.argv[1:]); sys.exit(a != b)" %S/../../pt113/enum/enum_module.pt %t/o/enum_module.pt
# RUN: for k in 0 1 2; do tsjit load %t/o/enum_module.pt --inputs %S/../../pt113/enum/inputs_$k.json 2>/dev/null | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"data":["0x1.c000000000000p+1","-0x1.c000000000000p+2","-0x1.0000000000000p-2"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.1000000000000p+2","-0x1.0000000000000p+0","0x1.3000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.0000000000000p-1","-0x1.8000000000000p+1","-0x1.8000000000000p-1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# RUN: echo '{"qualified_name": "__torch__.EnumModule", "attributes": [ {"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "Optional[bool]", "value": {"type": "None", "value": null}}, {"name": "color", "kind": "attribute", "type": "__torch__.Color", "value": {"type": "Enum", "class": "__torch__.Color", "name": "GREEN", "value": {"type": "int", "value": 7}}}, {"name": "units", "kind": "attribute", "type": "List[__torch__.Unit]", "value": {"type": "List", "elem": "__torch__.Unit", "items": [{"type": "Enum", "class": "__torch__.Unit", "name": "KM", "value": {"type": "str", "value": "km"}}, {"type": "Enum", "class": "__torch__.Unit", "name": "MM", "value": {"type": "str", "value": "mm"}}]}}, {"name": "scale", "kind": "attribute", "type": "Enum<__torch__.Scale>", "value": {"type": "Enum", "class": "__torch__.Scale", "name": "HALF", "value": {"type": "float", "value": "0x1.0p-1"}}}], "constants": [], "submodules": []}' > %t/bad.json
# RUN: not tsjit save %s %t/o/bad.pt --state %t/bad.json 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: module_state: attribute 'color': __torch__.Color has no member GREEN with value 7
# RUN: test ! -e %t/o/bad.pt
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


class EnumModule(nn.Module):
    def forward(self, x: Tensor, c: Color) -> Tensor:
        if c == self.color:
            x = x + self.color.value
        for col in Color:
            if col != c:
                x = x * col.value
        for u in self.units:
            if u.name == "KM":
                x = x - len(u.value)
        return x * self.scale.value
