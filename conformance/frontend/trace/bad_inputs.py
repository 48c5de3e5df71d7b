# `tsjit trace` refuses what 1.13's tracer refuses (a non-tensor input), and a missing input, with
# a message and exit 1; a torch.tensor(...) call is frozen with 1.13's TracerWarning.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[1],"strides":[1],"data":["0x1p+0"]},{"type":"int","value":2}]' > %t.json
# RUN: not tsjit trace %s --entry g --inputs %t.json 2>&1 | FileCheck %s --check-prefix=INT
# INT: input 1 has type 'int', which cannot be traced
# RUN: not tsjit trace %s --entry g 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: the graph takes 2 inputs but 0 were given
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[1],"strides":[1],"data":["0x1p+0"]}]' > %t.one.json
# RUN: tsjit trace %s --entry h --inputs %t.one.json 2>&1 | FileCheck %s --check-prefix=WARN
# WARN: TracerWarning: torch.tensor results are registered as constants in the trace
# WARN: prim::Constant[value={2}]
# WARN: aten::mul
def g(x, n: int):
    return x * n


def h(x):
    return x * torch.tensor(2.0)
