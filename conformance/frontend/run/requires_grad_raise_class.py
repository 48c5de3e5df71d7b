# x.requires_grad_() (aten::requires_grad_, in place, returns self; an integral tensor cannot require
# grad) and the class of what a script raises, as scripts/pt113_script_run.py prints them from
# python3-torch 1.13.1: a raise or assert is a torch.jit.Error ("Error: builtins.ValueError: ...",
# AssertionError(m) as an assert: "Error: RuntimeError: AssertionError: m"); a raise inside a fork is
# rethrown by wait as a RuntimeError; a failed op is a RuntimeError.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[3],"data":[1.5,0,-2.25]}]' > %t.json
# RUN: for e in jit reference; do for f in rg_set rg_kw rg_off rg_int e_value e_type e_assertion e_assertion_empty e_assert e_fork e_glu; do tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+0","0x0.0p+0","-0x1.2000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:RuntimeError:OnlyTensorsoffloatingpointandcomplexdtypecanrequiregradients
# CHECK-NEXT: error:Error:builtins.ValueError:badvalue
# CHECK-NEXT: error:Error:builtins.TypeError:got1
# CHECK-NEXT: error:Error:RuntimeError:AssertionError:as1
# CHECK-NEXT: error:Error:RuntimeError:AssertionError:
# CHECK-NEXT: error:Error:RuntimeError:AssertionError:needscalar
# CHECK-NEXT: error:RuntimeError:builtins.ValueError:forkbody1
# CHECK-NEXT: error:Error:builtins.RuntimeError:gludoesnotsupportscalarsbecausehalvingsizemustbeeven
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"type":"bool","value":true}]
# CHECK-NEXT: [{"data":["0x1.8000000000000p+0","0x0.0p+0","-0x1.2000000000000p+1"],"dtype":"float32","shape":[3],"strides":[1],"type":"Tensor"}]
# CHECK-NEXT: error:RuntimeError:OnlyTensorsoffloatingpointandcomplexdtypecanrequiregradients
# CHECK-NEXT: error:Error:builtins.ValueError:badvalue
# CHECK-NEXT: error:Error:builtins.TypeError:got1
# CHECK-NEXT: error:Error:RuntimeError:AssertionError:as1
# CHECK-NEXT: error:Error:RuntimeError:AssertionError:
# CHECK-NEXT: error:Error:RuntimeError:AssertionError:needscalar
# CHECK-NEXT: error:RuntimeError:builtins.ValueError:forkbody1
# CHECK-NEXT: error:Error:builtins.RuntimeError:gludoesnotsupportscalarsbecausehalvingsizemustbeeven
def body(x: Tensor) -> Tensor:
    if x.dim() > 0:
        raise ValueError("fork body " + str(x.dim()))
    return x
def rg_set(x: Tensor) -> bool:
    y = x.clone()
    y.requires_grad_()
    return y.requires_grad
def rg_kw(x: Tensor) -> bool:
    return x.clone().requires_grad_(requires_grad=True).requires_grad
def rg_off(x: Tensor) -> Tensor:
    return x.detach().requires_grad_(False)
def rg_int(x: Tensor) -> bool:
    return x.long().requires_grad_().requires_grad
def e_value(x: Tensor) -> Tensor:
    raise ValueError("bad value")
def e_type(x: Tensor) -> Tensor:
    raise TypeError(f"got {x.dim()}")
def e_assertion(x: Tensor) -> Tensor:
    raise AssertionError("as " + str(x.dim()))
def e_assertion_empty(x: Tensor) -> Tensor:
    raise AssertionError()
def e_assert(x: Tensor) -> Tensor:
    assert x.dim() == 0, "need scalar"
    return x
def e_fork(x: Tensor) -> Tensor:
    f = torch.jit.fork(body, x)
    return torch.jit.wait(f)
def e_glu(x: Tensor) -> Tensor:
    return F.glu(x.sum())
