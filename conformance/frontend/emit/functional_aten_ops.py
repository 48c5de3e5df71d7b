# torch.nn.functional wrappers record the aten op PyTorch 1.13's scripted F.* records, not a
# decomposition (node kinds of torch.jit.script(f).inlined_graph on python3-torch 1.13.1):
# F.relu6 / hardswish / hardsigmoid / silu / mish / elu / hardtanh call the op and its in-place
# form for inplace=True (selu: torch.selu / selu_); F.logsigmoid is aten::log_sigmoid;
# F.cross_entropy is aten::cross_entropy_loss (label_smoothing passed on), F.nll_loss
# aten::nll_loss_nd; F.softsign is 1.13's own Python: abs, add, div. torch._C._nn.NAME,
# torch._C._linalg.NAME, torch._C._special.NAME and torch._VF.NAME are the aten op of that name
# (special_expit normalized to aten::sigmoid, as 1.13's NormalizeOps does).
# RUN: tsjit opt %s --entry act --passes=inline --no-source-locations | FileCheck %s --check-prefix=ACT
# RUN: tsjit opt %s --entry act --passes=inline --no-source-locations | FileCheck %s --check-prefix=NO
# RUN: tsjit opt %s --entry loss --passes=inline --no-source-locations | FileCheck %s --check-prefix=LOSS
# RUN: tsjit opt %s --entry loss --passes=inline --no-source-locations | FileCheck %s --check-prefix=NO
# RUN: tsjit opt %s --entry binding --passes=inline --no-source-locations | FileCheck %s --check-prefix=BIND
# ACT: aten::relu6_(%x)
# ACT: aten::relu6(%x)
# ACT: aten::hardswish_(%x)
# ACT: aten::hardswish(%x)
# ACT: aten::hardsigmoid_(%x)
# ACT: aten::hardsigmoid(%x)
# ACT: aten::silu_(%x)
# ACT: aten::silu(%x)
# ACT: aten::mish_(%x)
# ACT: aten::mish(%x)
# ACT: aten::elu_(%x,
# ACT: aten::elu(%x,
# ACT: aten::selu_(%x)
# ACT: aten::selu(%x)
# ACT: aten::hardtanh_(%x,
# ACT: aten::hardtanh(%x,
# ACT: aten::abs(%x)
# ACT-NEXT: aten::add(
# ACT-NEXT: aten::div(%x,
# ACT: aten::log_sigmoid(%x)
# ACT: aten::tanh(%x)
# ACT-NEXT: aten::sub(%x,
# LOSS: aten::cross_entropy_loss(%x, %t, %w, %{{.*}}, %{{.*}}, %{{.*}})
# LOSS: aten::nll_loss_nd(%x, %t, %w, %{{.*}}, %{{.*}})
# NO-NOT: aten::clamp
# NO-NOT: aten::softplus
# NO-NOT: aten::log1p
# NO-NOT: aten::log_softmax
# NO-NOT: aten::gather
# NO: return
# BIND: aten::hardswish(%x)
# BIND-NEXT: aten::mish(%x)
# BIND-NEXT: aten::log_sigmoid(%x)
# BIND-NEXT: aten::cross_entropy_loss(%x, %t, %w,
# BIND-NEXT: aten::linalg_vector_norm(%x,
# BIND-NEXT: aten::sigmoid(%x)
# BIND: aten::frobenius_norm(%x,
def act(x: Tensor) -> List[Tensor]:
    return [F.relu6(x, True), F.relu6(x), F.hardswish(x, True), F.hardswish(x), F.hardsigmoid(x, True),
            F.hardsigmoid(x), F.silu(x, True), F.silu(x), F.mish(x, True), F.mish(x), F.elu(x, 0.5, True),
            F.elu(x, 0.5), F.selu(x, True), F.selu(x), F.hardtanh(x, -0.5, 0.5, True), F.hardtanh(x, -0.5, 0.5),
            F.softsign(x), F.logsigmoid(x), F.tanhshrink(x)]

def loss(x: Tensor, t: Tensor, w: Tensor) -> List[Tensor]:
    return [F.cross_entropy(x, t, w, ignore_index=1, reduction="sum", label_smoothing=0.2),
            F.nll_loss(x, t, w, reduction="none")]

def binding(x: Tensor, t: Tensor, w: Tensor) -> List[Tensor]:
    return [torch._C._nn.hardswish(x), torch._C._nn.mish(x), torch._C._nn.log_sigmoid(x),
            torch._C._nn.cross_entropy_loss(x, t, w, 1, -100, 0.1), torch._C._linalg.linalg_vector_norm(x, 3.0),
            torch._C._special.special_expit(x), torch._VF.frobenius_norm(x, [0], False)]
