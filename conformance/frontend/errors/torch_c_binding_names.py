# torch._C binding modules resolve as 1.13's script frontend resolves them (messages recorded from
# torch.jit.script on python3-torch 1.13.1): a name the 1.13 module does not have fails even where
# an aten op of that name exists (torch._C._nn has no frobenius_norm; torch._C._linalg names its
# functions linalg_*); torch._C._VariableFunctions cannot be looked into at all (1.13 scripts
# torch._VF instead); a binding without an op TorchScript can call is an unknown builtin; the
# arguments are checked against the op's schemas (tsjit's own wording of that error).
# RUN: not tsjit run %s --entry e1 --dump-graph 2>&1 | FileCheck %s --check-prefix=E1
# RUN: not tsjit run %s --entry e2 --dump-graph 2>&1 | FileCheck %s --check-prefix=E2
# RUN: not tsjit run %s --entry e3 --dump-graph 2>&1 | FileCheck %s --check-prefix=E3
# RUN: not tsjit run %s --entry e4 --dump-graph 2>&1 | FileCheck %s --check-prefix=E4
# RUN: not tsjit run %s --entry e5 --dump-graph 2>&1 | FileCheck %s --check-prefix=E5
# RUN: not tsjit run %s --entry e6 --dump-graph 2>&1 | FileCheck %s --check-prefix=E6
# E1: object has no attribute frobenius_norm
# E1: torch._C._nn.frobenius_norm(x)
# E2: object has no attribute norm
# E3: attribute lookup is not defined on python value of type '_VariableFunctionsClass'
# E4: object has no attribute relu
# E5: unknown builtin op: aten::_parse_to
# E6: Arguments for call are not valid.
# E6: aten::hardswish(Tensor self) -> Tensor:
def e1(x: Tensor) -> Tensor:
    return torch._C._nn.frobenius_norm(x)

def e2(x: Tensor) -> Tensor:
    return torch._C._linalg.norm(x)

def e3(x: Tensor) -> Tensor:
    return torch._C._VariableFunctions.relu(x)

def e4(x: Tensor) -> Tensor:
    return torch._C.relu(x)

def e5(x: Tensor) -> Tensor:
    return torch._C._nn._parse_to(x)

def e6(x: Tensor) -> Tensor:
    return torch._C._nn.hardswish(x, 2)
