# An enum member as a module constant (Final / __constants__) is not a valid constant in 1.13
# (python3-torch 1.13.1: "'__main__.Color' object in attribute 'M.K' is not a valid constant.",
# raised by torch.jit.script); tsjit gives the same wording, naming the class as TorchScript does,
# where the constant is used.
# RUN: echo '{"qualified_name": "__torch__.M", "attributes": [{"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}], "constants": [{"name": "K", "type": "__torch__.Color", "value": {"type": "Enum", "class": "__torch__.Color", "name": "RED", "value": {"type": "int", "value": 1}}}], "submodules": []}' > %t.state.json
# RUN: not tsjit save %s %t.pt --state %t.state.json 2>&1 | FileCheck %s
# CHECK: error: '__torch__.Color' object in attribute 'M.K' is not a valid constant.
# CHECK-NEXT: at {{.*}}enum_final_constant.py:17:12
class Color(Enum):
    RED = 1
    GREEN = 2

class M(nn.Module):
    K: Final[Color]

    def forward(self, x: Tensor) -> Tensor:
        if self.K == Color.RED:
            return x + 1
        return x
