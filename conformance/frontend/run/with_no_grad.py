# `with torch.no_grad():` switches grad mode off for its body and restores it on every way out:
# results computed inside (also by a called function) do not require grad, results after the block
# do; an in-place update of a leaf that requires grad is allowed inside; torch.is_grad_enabled()
# inside / after; a `return` out of the block in a loop restores the mode (g); an error raised inside
# the block surfaces (h; 1.13 raises it as torch.jit.Error "builtins.ValueError: ..."). Both engines; expected outputs recorded from PyTorch 1.13.1
# (scripts/pt113_script_run.py --entry NAME), not from tsjit. (1.13's CSE merges `x * 2` inside the
# block with an equal `x * 2` outside it, so the expressions differ on purpose.)
# RUN: echo '[{"type":"int","value":1}]' > %t.a.json
# RUN: echo '[{"type":"int","value":5}]' > %t.b.json
# RUN: for e in jit reference; do for i in a b; do for f in f g; do tsjit run %s --entry $f --inputs %t.$i.json --engine $e | tr -d ' \n'; echo; done; not tsjit run %s --entry h --inputs %t.$i.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":true},{"data":["0x1.0000000000000p+3","0x1.0000000000000p+4"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":false},{"type":"bool","value":true}],"type":"Tuple"}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":true},{"data":["0x1.0000000000000p+3","0x1.0000000000000p+4"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":true},{"type":"bool","value":true}],"type":"Tuple"}]
# CHECK-NEXT: error:Error:builtins.ValueError:insideno_grad
# CHECK-NEXT: [{"items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":true},{"data":["0x1.0000000000000p+3","0x1.0000000000000p+4"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":false},{"type":"bool","value":true}],"type":"Tuple"}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":true},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"bool","value":true},{"type":"bool","value":true},{"type":"bool","value":true},{"data":["0x1.0000000000000p+3","0x1.0000000000000p+4"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"bool","value":true},{"type":"bool","value":true}],"type":"Tuple"}]
# CHECK-NEXT: error:Error:builtins.ValueError:insideno_grad
def helper(x: Tensor) -> Tensor:
    return x * 5

def f(n: int) -> Tuple[bool, bool, bool, bool, bool, bool, bool, Tensor]:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    with torch.no_grad():
        z = x * 3
        h = helper(x)
        e = torch.is_grad_enabled()
        x.add_(float(n))
    after = x * 4
    return (y.requires_grad, z.requires_grad, h.requires_grad, e, torch.is_grad_enabled(),
            after.requires_grad, x.requires_grad, z + h)

def inner(n: int) -> bool:
    for i in range(3):
        with torch.no_grad():
            if i == n:
                return torch.is_grad_enabled()
    return torch.is_grad_enabled()

def g(n: int) -> Tuple[bool, bool]:
    a = inner(n)
    return a, torch.is_grad_enabled()

def h(n: int) -> bool:
    with torch.no_grad():
        if n > 3:
            raise ValueError("inside no_grad")
    return torch.is_grad_enabled()
