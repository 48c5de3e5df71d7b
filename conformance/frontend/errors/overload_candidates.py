# A failed overload match lists every candidate schema considered, each with why it was rejected
# (a wrong argument type, an unknown keyword, too many positional arguments), then the caret.
# RUN: not tsjit run %s --entry wrong_type --dump-graph 2>&1 | FileCheck %s --check-prefix=TYPE
# RUN: not tsjit run %s --entry unknown_kwarg --dump-graph 2>&1 | FileCheck %s --check-prefix=KW
# RUN: not tsjit run %s --entry too_many --dump-graph 2>&1 | FileCheck %s --check-prefix=MANY

# TYPE: error: Arguments for call are not valid.
# TYPE-NEXT: The following variants are available for aten::clamp(Tensor, str):
# TYPE-NEXT: aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor:
# TYPE-NEXT: expected a value of type 'Optional[number]' for argument 'min' but found 'str'
# TYPE-NEXT: aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor:
# TYPE-NEXT: expected a value of type 'Optional[Tensor]' for argument 'min' but found 'str'
# TYPE: at {{.*}}overload_candidates.py:[[@LINE+3]]:12
# TYPE-NEXT: return torch.clamp(x, "lo")
def wrong_type(x: Tensor) -> Tensor:
    return torch.clamp(x, "lo")

# KW: The following variants are available for aten::clamp(Tensor, mini=float):
# KW-NEXT: aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor:
# KW-NEXT: keyword argument 'mini' unknown
# KW-NEXT: aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor:
# KW-NEXT: keyword argument 'mini' unknown
def unknown_kwarg(x: Tensor) -> Tensor:
    return torch.clamp(x, mini=0.5)

# MANY: The following variants are available for aten::clamp(Tensor, float, float, float):
# MANY-NEXT: aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor:
# MANY-NEXT: expected at most 3 positional argument(s) but received 4
# MANY: ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
def too_many(x: Tensor) -> Tensor:
    return torch.clamp(x, 0.5, 1.0, 2.0)
