# What python3-torch 1.13.1's torch.jit.script rejects at compile time (recorded with
# scripts/pt113_script_run.py): == / != / < on an Optional (no eq overload takes it; `is` and a
# refined value are fine), an int where a float parameter is declared (script functions, F wrappers and
# aten builtins alike; torch.norm's p is an Optional[number] overload), an int assigned to or returned as
# float, torch.X for an aten op that is not an attribute of the torch module (torch.glu; x.glu is fine),
# and an if branch assigning a variable of an enclosing scope a value of another type.
# RUN: echo '[{"type":"int","value":3}]' > %t.json
# RUN: for e in jit reference; do for f in opt_is opt_refined norm_int_p glu_method; do tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"data":["0x1.4000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.e841520000000p-4","0x0.0p+0"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"data":["0x1.4000000000000p+2"],"dtype":"float32","shape":[],"strides":[],"type":"Tensor"}]
# CHECK-NEXT: [{"data":["0x1.e841520000000p-4","0x0.0p+0"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"}]
# RUN: for f in opt_eq opt_ne_str opt_lt int_for_float_fn int_for_float_F int_annotated_float int_returned_float torch_glu branch_type branch_none; do not tsjit run %s --entry $f --inputs %t.json > %t.$f.out 2>&1; head -1 %t.$f.out; done | FileCheck %s --check-prefix=CERR
# CERR: error: Arguments for call are not valid
# CERR-NEXT: error: Arguments for call are not valid
# CERR-NEXT: error: Arguments for call are not valid
# CERR-NEXT: error: Expected a value of type 'float' for argument 'a' but instead found type 'int'
# CERR-NEXT: error: Expected a value of type 'float' for argument 'negative_slope' but instead found type 'int'
# CERR-NEXT: error: Variable 'y' is annotated with type float but is being assigned to a value of type int
# CERR-NEXT: error: Return value was annotated as having type float but is actually of type int
# CERR-NEXT: error: object has no attribute glu
# CERR-NEXT: error: Variable 'y' previously had type float but is now being assigned to a value of type int
# CERR-NEXT: error: Variable 'y' previously had type NoneType but is now being assigned to a value of type int
# RUN: not tsjit run %s --entry int_for_float_aten --inputs %t.json 2>&1 | FileCheck %s --check-prefix=ATEN
# ATEN: type 'float' for argument 'p' but {{(instead )?}}found {{(type )?}}'int'
def g(a: float) -> float:
    return a * 2.0
def opt_is(o: Optional[int]) -> bool:
    return o is 3
def opt_refined(o: Optional[int]) -> bool:
    if o is None:
        return False
    return o == 3
def norm_int_p(o: Optional[int]) -> Tensor:
    return torch.norm(torch.tensor([3.0, 4.0]), 2)
def glu_method(o: Optional[int]) -> Tensor:
    return torch.tensor([1.0, 0.0, -2.0, 3.0]).glu(0)
def opt_eq(o: Optional[int]) -> bool:
    return o == 3
def opt_ne_str(o: Optional[str]) -> bool:
    return o != "a"
def opt_lt(o: Optional[int]) -> bool:
    return o < 3
def int_for_float_fn(o: Optional[int]) -> float:
    return g(1)
def int_for_float_F(o: Optional[int]) -> Tensor:
    return F.leaky_relu(torch.ones(2), 1)
def int_for_float_aten(o: Optional[int]) -> Tensor:
    return torch.dropout(torch.ones(2), 0, False)
def int_annotated_float(o: Optional[int]) -> float:
    y: float = 1
    return y
def int_returned_float(o: Optional[int]) -> float:
    return 1
def torch_glu(o: Optional[int]) -> Tensor:
    return torch.glu(torch.ones(4))
def branch_type(o: Optional[int]) -> float:
    y = 1.5
    if o is None:
        y = 3
    return y
def branch_none(o: Optional[int]) -> int:
    y = None
    if o is None:
        y = 1
    return 0
