# `with` in a module compiled from source and saved (`tsjit save FILE.py --state`): the python
# printer writes each prim::Enter / prim::Exit pair as 1.13 does — the object made by
# `_0 = __torch__.C.__new__(__torch__.C)` and `_1 = (_0).__init__(...)`, then `with _0 as v:` over
# the body (`pass` when empty) — also for `torch.no_grad()` (whose library class is written to
# code/__torch__/torch/autograd/grad_mode.py) and inside a loop after the exit transform of a
# `return` from the body. A script class is printed as a plain class (no `(Module)`), with every
# method (`unused` is never called) in name order, as 1.13 compiles it; `Ctx(i + 100)` evaluates
# its arguments before prim::CreateObject. Both code files equal PyTorch 1.13.1's for this source
# byte for byte (conformance/pt113/with/with_module.pt, recorded by scripts/pt113_lang_archives.py)
# (temporaries `_N` renumbered per def) except the method first_over: a `return` inside a `with`
# inside a loop is exit-transformed to
# the same behaviour with another shape (1.13's If yields only the did-return flag and the value
# inside the body and sets the loop condition after prim::Exit; tsjit also carries the condition
# and an exit flag through the body). The saved archive runs to PyTorch's outputs
# (with_module.torch.json, copied below; tsjit adds the list's "elem").
# RUN: rm -rf %t && mkdir -p %t/o
# RUN: echo '{"qualified_name": "__torch__.WithModule", "attributes": [{"name": "w", "kind": "parameter", "type": "Tensor", "value": {"type": "Tensor", "dtype": "float32", "shape": [3], "data": [2.0, -0.5, 3.0], "requires_grad": true}}, {"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": true}}, {"name": "_is_full_backward_hook", "kind": "attribute", "type": "Optional[bool]", "value": {"type": "None", "value": null}}], "constants": [], "submodules": []}' > %t/state.json
# RUN: tsjit save %s %t/o/with_module.pt --state %t/state.json
# RUN: python3 -c "import re, sys, zipfile; a, b = (zipfile.ZipFile(p) for p in sys.argv[1:]); f = ['with_module/code/__torch__.py', 'with_module/code/__torch__/torch/autograd/grad_mode.py']; ren = lambda d, m: re.sub(r'\b_[0-9]+\b', lambda x: m.setdefault(x.group(0), '_' + str(len(m))), d); defs = lambda t: [ren(d, {}) for d in re.split(r'\n(?=  def |class )', t.decode()) if d.startswith('  def first_over(') == False]; sys.exit(any(defs(a.read(x)) != defs(b.read(x)) for x in f) or (b'def first_over(' in b.read(f[0])) == False)" %S/../../pt113/with/with_module.pt %t/o/with_module.pt
# RUN: for e in jit reference; do for k in 0 1; do tsjit load %t/o/with_module.pt --inputs %S/../../pt113/with/inputs_$k.json --engine $e 2>/dev/null | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"data":["0x1.8000000000000p+3","0x1.0000000000000p+2","0x1.8000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":15},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":3},{"type":"int","value":5},{"type":"int","value":-3},{"type":"int","value":100},{"type":"int","value":-100},{"type":"int","value":101},{"type":"int","value":-101},{"type":"int","value":102},{"type":"int","value":-102},{"type":"int","value":103},{"type":"int","value":-103}],"type":"List"},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"int","value":3}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.8000000000000p+3","0x1.0000000000000p+2","0x1.8000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":10},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":3},{"type":"int","value":0},{"type":"int","value":-3}],"type":"List"},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"int","value":-1}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.8000000000000p+3","0x1.0000000000000p+2","0x1.8000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":15},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":3},{"type":"int","value":5},{"type":"int","value":-3},{"type":"int","value":100},{"type":"int","value":-100},{"type":"int","value":101},{"type":"int","value":-101},{"type":"int","value":102},{"type":"int","value":-102},{"type":"int","value":103},{"type":"int","value":-103}],"type":"List"},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"int","value":3}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.8000000000000p+3","0x1.0000000000000p+2","0x1.8000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":10},{"type":"int","value":2},{"type":"int","value":-2},{"type":"int","value":-1},{"type":"int","value":3},{"type":"int","value":0},{"type":"int","value":-3}],"type":"List"},{"type":"bool","value":true},{"type":"bool","value":false},{"type":"int","value":-1}],"type":"Tuple"}]
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
