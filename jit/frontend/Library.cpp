// Library.cpp — the functions of torch.nn.functional and torch.functional that PyTorch 1.13 compiles
// from Python source (not aten builtins), written here as TorchScript from their documented
// behaviour, the reduction helpers of torch.nn._reduction, and the class torch.no_grad
// (torch/autograd/grad_mode.py). They are parsed with the other library code (CompilerContext::parseLibraries) and
// compiled on first use, like any function: `F.interpolate(x, ...)` becomes a prim::CallFunction of
// `__torch__.torch.nn.functional.interpolate`.
//
// Invariants: a library file supplied by the caller (a corpus case's archive_code) wins over these
// definitions name by name; every function here is plain TorchScript that the emitter compiles (no
// Python-only constructs); errors a user can cause raise with PyTorch 1.13's exception class and
// wording. What is not covered raises an error that says so, never a wrong value.
#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend::detail {

extern const char* const kFunctionalLosses;  // LibraryLosses.cpp

namespace {

// torch.nn.functional
const char* kFunctional = R"TS(
def _reduction_enum(reduction: str) -> int:
    return __torch__.torch.nn._reduction.get_enum(reduction)

def _apply_reduction(loss: Tensor, reduction: str) -> Tensor:
    r = __torch__.torch.nn.functional._reduction_enum(reduction)
    if r == 1:
        return torch.mean(loss)
    if r == 2:
        return torch.sum(loss)
    return loss

def _check_dropout_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))

def dropout(input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    __torch__.torch.nn.functional._check_dropout_p(p)
    if inplace:
        return torch.dropout_(input, p, training)
    return torch.dropout(input, p, training)

def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12, out: Optional[Tensor] = None) -> Tensor:
    if out is None:
        denom = ops.aten.norm(input, p, [dim], True).clamp_min(eps).expand_as(input)
        return torch.div(input, denom)
    denom2 = ops.aten.norm(input, p, [dim], True).clamp_min_(eps).expand_as(input)
    return torch.div(input, denom2, out=out)

def interpolate(input: Tensor, size: Union[int, List[int], None] = None, scale_factor: Union[float, List[float], None] = None, mode: str = "nearest", align_corners: Optional[bool] = None, recompute_scale_factor: Optional[bool] = None, antialias: bool = False) -> Tensor:
    if mode == "nearest" or mode == "area" or mode == "nearest-exact":
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear")
    corners = False
    if align_corners is not None:
        corners = align_corners
    dim = input.dim() - 2
    if dim < 1:
        raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})".format(input.dim(), mode))
    output_size: Optional[List[int]] = None
    scale_factors: Optional[List[float]] = None
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    elif size is not None:
        if isinstance(size, int):
            output_size = [size for _ in range(dim)]
        else:
            if len(size) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of {} and output size of {}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.".format(input.size()[2:], size))
            output_size = size
    elif scale_factor is not None:
        if isinstance(scale_factor, float):
            scale_factors = [scale_factor for _ in range(dim)]
        else:
            if len(scale_factor) != dim:
                raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of {} and scale_factor of shape {}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.".format(input.size()[2:], scale_factor))
            scale_factors = scale_factor
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        if scale_factors is not None:
            sfs = scale_factors
            output_size = [int(math.floor(float(input.size(i + 2)) * sfs[i])) for i in range(dim)]
        scale_factors = None
    if antialias and not ((mode == "bilinear" or mode == "bicubic") and input.dim() == 4):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if mode == "nearest":
        if dim == 1:
            return torch.upsample_nearest1d(input, output_size, scale_factors)
        if dim == 2:
            return torch.upsample_nearest2d(input, output_size, scale_factors)
        if dim == 3:
            return torch.upsample_nearest3d(input, output_size, scale_factors)
    if mode == "nearest-exact":
        if dim == 1:
            return torch._upsample_nearest_exact1d(input, output_size, scale_factors)
        if dim == 2:
            return torch._upsample_nearest_exact2d(input, output_size, scale_factors)
        if dim == 3:
            return torch._upsample_nearest_exact3d(input, output_size, scale_factors)
    if mode == "area" and output_size is not None:
        osz = output_size
        if dim == 1:
            return torch.adaptive_avg_pool1d(input, osz)
        if dim == 2:
            return torch.adaptive_avg_pool2d(input, osz)
        if dim == 3:
            return torch.adaptive_avg_pool3d(input, osz)
    if mode == "linear":
        if dim == 1:
            return torch.upsample_linear1d(input, output_size, corners, scale_factors)
        raise NotImplementedError("Got {}D input, but linear mode needs 3D input".format(input.dim()))
    if mode == "bilinear":
        if dim == 2:
            if antialias:
                return torch._C._nn._upsample_bilinear2d_aa(input, output_size, corners, scale_factors)
            return torch.upsample_bilinear2d(input, output_size, corners, scale_factors)
        raise NotImplementedError("Got {}D input, but bilinear mode needs 4D input".format(input.dim()))
    if mode == "trilinear":
        if dim == 3:
            return torch.upsample_trilinear3d(input, output_size, corners, scale_factors)
        raise NotImplementedError("Got {}D input, but trilinear mode needs 5D input".format(input.dim()))
    if mode == "bicubic":
        if dim == 2:
            if antialias:
                return torch._C._nn._upsample_bicubic2d_aa(input, output_size, corners, scale_factors)
            return torch.upsample_bicubic2d(input, output_size, corners, scale_factors)
        raise NotImplementedError("Got {}D input, but bicubic mode needs 4D input".format(input.dim()))
    raise NotImplementedError("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})".format(input.dim(), mode))

# 1.13's overloads: upsample and upsample_nearest take a float scale_factor only.
def upsample(input: Tensor, size: Union[int, List[int], None] = None, scale_factor: Optional[float] = None, mode: str = "nearest", align_corners: Optional[bool] = None) -> Tensor:
    warnings.warn("nn.functional.upsample is deprecated. Use nn.functional.interpolate instead.")
    return __torch__.torch.nn.functional.interpolate(input, size, scale_factor, mode, align_corners)

def upsample_nearest(input: Tensor, size: Union[int, List[int], None] = None, scale_factor: Optional[float] = None) -> Tensor:
    warnings.warn("nn.functional.upsample_nearest is deprecated. Use nn.functional.interpolate instead.")
    return __torch__.torch.nn.functional.interpolate(input, size, scale_factor, mode="nearest")

def upsample_bilinear(input: Tensor, size: Union[int, List[int], None] = None, scale_factor: Union[float, List[float], None] = None) -> Tensor:
    warnings.warn("nn.functional.upsample_bilinear is deprecated. Use nn.functional.interpolate instead.")
    return __torch__.torch.nn.functional.interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)

def _check_target_size(input: Tensor, target: Tensor) -> None:
    if not (target.size() == input.size()):
        warnings.warn("Using a target size ({}) that is different to the input size ({}). This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.".format(target.size(), input.size()))

def mse_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    __torch__.torch.nn.functional._check_target_size(input, target)
    if size_average is not None or reduce is not None:
        reduction = __torch__.torch.nn._reduction.legacy_get_string(size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors([input, target])
    return torch._C._nn.mse_loss(expanded_input, expanded_target, __torch__.torch.nn._reduction.get_enum(reduction))

def l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    __torch__.torch.nn.functional._check_target_size(input, target)
    if size_average is not None or reduce is not None:
        reduction = __torch__.torch.nn._reduction.legacy_get_string(size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors([input, target])
    return torch._C._nn.l1_loss(expanded_input, expanded_target, __torch__.torch.nn._reduction.get_enum(reduction))

def smooth_l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None, reduce: Optional[bool] = None, reduction: str = "mean", beta: float = 1.0) -> Tensor:
    __torch__.torch.nn.functional._check_target_size(input, target)
    if size_average is not None or reduce is not None:
        reduction = __torch__.torch.nn._reduction.legacy_get_string(size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors([input, target])
    return torch._C._nn.smooth_l1_loss(expanded_input, expanded_target, __torch__.torch.nn._reduction.get_enum(reduction), beta)

def huber_loss(input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0) -> Tensor:
    __torch__.torch.nn.functional._check_target_size(input, target)
    expanded_input, expanded_target = torch.broadcast_tensors([input, target])
    return torch._C._nn.huber_loss(expanded_input, expanded_target, __torch__.torch.nn._reduction.get_enum(reduction), delta)

def nll_loss(input: Tensor, target: Tensor, weight: Optional[Tensor] = None, size_average: Optional[bool] = None, ignore_index: int = -100, reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    if size_average is not None or reduce is not None:
        reduction = __torch__.torch.nn._reduction.legacy_get_string(size_average, reduce)
    return torch._C._nn.nll_loss_nd(input, target, weight, __torch__.torch.nn._reduction.get_enum(reduction), ignore_index)

def cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None, size_average: Optional[bool] = None, ignore_index: int = -100, reduce: Optional[bool] = None, reduction: str = "mean", label_smoothing: float = 0.0) -> Tensor:
    if size_average is not None or reduce is not None:
        reduction = __torch__.torch.nn._reduction.legacy_get_string(size_average, reduce)
    return torch._C._nn.cross_entropy_loss(input, target, weight, __torch__.torch.nn._reduction.get_enum(reduction), ignore_index, label_smoothing)

def relu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.relu_(input)
    return torch.relu(input)

def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.leaky_relu_(input, negative_slope)
    return torch.leaky_relu(input, negative_slope)

def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        result = torch._C._nn.relu6_(input)
    else:
        result = torch._C._nn.relu6(input)
    return result

def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch._C._nn.hardswish_(input)
    return torch._C._nn.hardswish(input)

def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch._C._nn.hardsigmoid_(input)
    return torch._C._nn.hardsigmoid(input)

def silu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch._C._nn.silu_(input)
    return torch._C._nn.silu(input)

def mish(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        return torch._C._nn.mish_(input)
    return torch._C._nn.mish(input)

def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        result = torch._C._nn.elu_(input, alpha)
    else:
        result = torch._C._nn.elu(input, alpha)
    return result

def selu(input: Tensor, inplace: bool = False) -> Tensor:
    if inplace:
        result = torch.selu_(input)
    else:
        result = torch.selu(input)
    return result

def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        result = torch._C._nn.hardtanh_(input, min_val, max_val)
    else:
        result = torch._C._nn.hardtanh(input, min_val, max_val)
    return result

def sigmoid(input: Tensor) -> Tensor:
    warnings.warn("nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.")
    return input.sigmoid()

def tanh(input: Tensor) -> Tensor:
    warnings.warn("nn.functional.tanh is deprecated. Use torch.tanh instead.")
    return input.tanh()

def tanhshrink(input: Tensor) -> Tensor:
    return input - input.tanh()

def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)

def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)

def softsign(input: Tensor) -> Tensor:
    return input / (input.abs() + 1)

def glu(input: Tensor, dim: int = -1) -> Tensor:
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    return ops.aten.glu(input, dim)

def _softmax_dim(ndim: int) -> int:
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1

def softmax(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3, dtype: Optional[int] = None) -> Tensor:
    d = __torch__.torch.nn.functional._softmax_dim(input.dim())
    if dim is not None:
        d = dim
    return torch.softmax(input, d, dtype)

def log_softmax(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3, dtype: Optional[int] = None) -> Tensor:
    d = __torch__.torch.nn.functional._softmax_dim(input.dim())
    if dim is not None:
        d = dim
    return torch.log_softmax(input, d, dtype)

def softmin(input: Tensor, dim: Optional[int] = None, _stacklevel: int = 3, dtype: Optional[int] = None) -> Tensor:
    d = __torch__.torch.nn.functional._softmax_dim(input.dim())
    if dim is not None:
        d = dim
    return torch.softmax(-input, d, dtype)

def batch_norm(input: Tensor, running_mean: Optional[Tensor], running_var: Optional[Tensor], weight: Optional[Tensor] = None, bias: Optional[Tensor] = None, training: bool = False, momentum: float = 0.1, eps: float = 1e-05) -> Tensor:
    if training:
        size = input.size()
        prod = size[0]
        for i in range(len(size) - 2):
            prod = prod * size[i + 2]
        if prod == 1:
            raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, True)

def _verify_batch_size(size: List[int]) -> None:
    size_prods = size[0]
    for i in range(len(size) - 2):
        size_prods *= size[i + 2]
    if size_prods == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))

def group_norm(input: Tensor, num_groups: int, weight: Optional[Tensor] = None, bias: Optional[Tensor] = None, eps: float = 1e-05) -> Tensor:
    __torch__.torch.nn.functional._verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] + list(input.size()[2:]))
    return torch.group_norm(input, num_groups, weight, bias, eps, True)

def instance_norm(input: Tensor, running_mean: Optional[Tensor] = None, running_var: Optional[Tensor] = None, weight: Optional[Tensor] = None, bias: Optional[Tensor] = None, use_input_stats: bool = True, momentum: float = 0.1, eps: float = 1e-05) -> Tensor:
    if use_input_stats:
        size = input.size()
        prod = 1
        for i in range(len(size) - 2):
            prod = prod * size[i + 2]
        if prod == 1:
            raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(size))
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, True)

def embedding(input: Tensor, weight: Tensor, padding_idx: Optional[int] = None, max_norm: Optional[float] = None, norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    pad = -1
    if padding_idx is not None:
        pad = padding_idx
        if pad > 0:
            if pad >= weight.size(0):
                raise AssertionError("Padding_idx must be within num_embeddings")
        elif pad < 0:
            if pad < -weight.size(0):
                raise AssertionError("Padding_idx must be within num_embeddings")
            pad = weight.size(0) + pad
    if max_norm is not None:
        # 1.13's scripted F.embedding makes the indices contiguous and skips the renorm (its
        # _no_grad_embedding_renorm_ is not compiled): the weight is used as it is.
        input = input.contiguous()
    return torch.embedding(weight, input, pad, scale_grad_by_freq, sparse)

def _list_with_default(out_size: List[int], defaults: List[int]) -> List[int]:
    assert len(defaults) > len(out_size)
    return out_size

def max_pool1d_with_indices(input: Tensor, kernel_size: BroadcastingList1[int], stride: Optional[BroadcastingList1[int]] = None, padding: BroadcastingList1[int] = 0, dilation: BroadcastingList1[int] = 1, ceil_mode: bool = False, return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    if stride is None:
        stride = torch.jit.annotate(List[int], [])
    return torch.max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)

def _max_pool1d(input: Tensor, kernel_size: BroadcastingList1[int], stride: Optional[BroadcastingList1[int]] = None, padding: BroadcastingList1[int] = 0, dilation: BroadcastingList1[int] = 1, ceil_mode: bool = False, return_indices: bool = False) -> Tensor:
    if stride is None:
        stride = torch.jit.annotate(List[int], [])
    return torch.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode)

def max_pool2d_with_indices(input: Tensor, kernel_size: BroadcastingList2[int], stride: Optional[BroadcastingList2[int]] = None, padding: BroadcastingList2[int] = 0, dilation: BroadcastingList2[int] = 1, ceil_mode: bool = False, return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    if stride is None:
        stride = torch.jit.annotate(List[int], [])
    return torch.max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)

def _max_pool2d(input: Tensor, kernel_size: BroadcastingList2[int], stride: Optional[BroadcastingList2[int]] = None, padding: BroadcastingList2[int] = 0, dilation: BroadcastingList2[int] = 1, ceil_mode: bool = False, return_indices: bool = False) -> Tensor:
    if stride is None:
        stride = torch.jit.annotate(List[int], [])
    return torch.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)

def max_pool3d_with_indices(input: Tensor, kernel_size: BroadcastingList3[int], stride: Optional[BroadcastingList3[int]] = None, padding: BroadcastingList3[int] = 0, dilation: BroadcastingList3[int] = 1, ceil_mode: bool = False, return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    if stride is None:
        stride = torch.jit.annotate(List[int], [])
    return torch.max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)

def _max_pool3d(input: Tensor, kernel_size: BroadcastingList3[int], stride: Optional[BroadcastingList3[int]] = None, padding: BroadcastingList3[int] = 0, dilation: BroadcastingList3[int] = 1, ceil_mode: bool = False, return_indices: bool = False) -> Tensor:
    if stride is None:
        stride = torch.jit.annotate(List[int], [])
    return torch.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode)

def adaptive_max_pool1d_with_indices(input: Tensor, output_size: BroadcastingList1[int], return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    return torch.adaptive_max_pool1d(input, output_size)

def _adaptive_max_pool1d(input: Tensor, output_size: BroadcastingList1[int], return_indices: bool = False) -> Tensor:
    return __torch__.torch.nn.functional.adaptive_max_pool1d_with_indices(input, output_size)[0]

def adaptive_max_pool2d_with_indices(input: Tensor, output_size: BroadcastingList2[int], return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    output_size = __torch__.torch.nn.functional._list_with_default(output_size, input.size())
    return torch.adaptive_max_pool2d(input, output_size)

def _adaptive_max_pool2d(input: Tensor, output_size: BroadcastingList2[int], return_indices: bool = False) -> Tensor:
    return __torch__.torch.nn.functional.adaptive_max_pool2d_with_indices(input, output_size)[0]

def adaptive_max_pool3d_with_indices(input: Tensor, output_size: BroadcastingList3[int], return_indices: bool = False) -> Tuple[Tensor, Tensor]:
    output_size = __torch__.torch.nn.functional._list_with_default(output_size, input.size())
    return torch.adaptive_max_pool3d(input, output_size)

def _adaptive_max_pool3d(input: Tensor, output_size: BroadcastingList3[int], return_indices: bool = False) -> Tensor:
    return __torch__.torch.nn.functional.adaptive_max_pool3d_with_indices(input, output_size)[0]

def _unpool_output_size(input: Tensor, kernel_size: List[int], stride: List[int], padding: List[int], output_size: Optional[List[int]]) -> List[int]:
    input_size = input.size()
    default_size = torch.jit.annotate(List[int], [])
    for d in range(len(kernel_size)):
        default_size.append((input_size[-len(kernel_size) + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d])
    if output_size is None:
        ret = default_size
    else:
        if len(output_size) == len(kernel_size) + 2:
            output_size = output_size[2:]
        if len(output_size) != len(kernel_size):
            raise ValueError("output_size should be a sequence containing {} or {} elements, but it has a length of '{}'".format(len(kernel_size), len(kernel_size) + 2, len(output_size)))
        for d in range(len(kernel_size)):
            min_size = default_size[d] - stride[d]
            max_size = default_size[d] + stride[d]
            if not (min_size < output_size[d] < max_size):
                raise ValueError('invalid output_size "{}" (dim {} must be between {} and {})'.format(output_size, d, min_size, max_size))
        ret = output_size
    return ret

def max_unpool1d(input: Tensor, indices: Tensor, kernel_size: BroadcastingList1[int], stride: Optional[BroadcastingList1[int]] = None, padding: BroadcastingList1[int] = 0, output_size: Optional[BroadcastingList1[int]] = None) -> Tensor:
    if stride is not None:
        _stride = stride
    else:
        _stride = kernel_size
    output_size = __torch__.torch.nn.functional._unpool_output_size(input, kernel_size, _stride, padding, output_size)
    output_size = output_size + [1]
    return torch.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), output_size).squeeze(-1)

def max_unpool2d(input: Tensor, indices: Tensor, kernel_size: BroadcastingList2[int], stride: Optional[BroadcastingList2[int]] = None, padding: BroadcastingList2[int] = 0, output_size: Optional[BroadcastingList2[int]] = None) -> Tensor:
    if stride is not None:
        _stride = stride
    else:
        _stride = kernel_size
    output_size = __torch__.torch.nn.functional._unpool_output_size(input, kernel_size, _stride, padding, output_size)
    return torch.max_unpool2d(input, indices, output_size)

def max_unpool3d(input: Tensor, indices: Tensor, kernel_size: BroadcastingList3[int], stride: Optional[BroadcastingList3[int]] = None, padding: BroadcastingList3[int] = 0, output_size: Optional[BroadcastingList3[int]] = None) -> Tensor:
    if stride is not None:
        _stride = stride
    else:
        _stride = kernel_size
    output_size = __torch__.torch.nn.functional._unpool_output_size(input, kernel_size, _stride, padding, output_size)
    return torch.max_unpool3d(input, indices, output_size, _stride, padding)

def lp_pool1d(input: Tensor, norm_type: Union[int, float], kernel_size: int, stride: Optional[BroadcastingList1[int]] = None, ceil_mode: bool = False) -> Tensor:
    if stride is not None:
        out = torch.avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = torch.avg_pool1d(input.pow(norm_type), kernel_size, torch.jit.annotate(List[int], []), 0, ceil_mode)
    return (torch.sign(out) * __torch__.torch.nn.functional.relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)

def lp_pool2d(input: Tensor, norm_type: Union[int, float], kernel_size: BroadcastingList2[int], stride: Optional[BroadcastingList2[int]] = None, ceil_mode: bool = False) -> Tensor:
    kw, kh = kernel_size
    if stride is not None:
        out = torch.avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = torch.avg_pool2d(input.pow(norm_type), kernel_size, torch.jit.annotate(List[int], []), 0, ceil_mode)
    return (torch.sign(out) * __torch__.torch.nn.functional.relu(torch.abs(out))).mul(kw * kh).pow(1.0 / norm_type)

def unfold(input: Tensor, kernel_size: BroadcastingList2[int], dilation: BroadcastingList2[int] = 1, padding: BroadcastingList2[int] = 0, stride: BroadcastingList2[int] = 1) -> Tensor:
    return torch.im2col(input, kernel_size, dilation, padding, stride)

def fold(input: Tensor, output_size: BroadcastingList2[int], kernel_size: BroadcastingList2[int], dilation: BroadcastingList2[int] = 1, padding: BroadcastingList2[int] = 0, stride: BroadcastingList2[int] = 1) -> Tensor:
    return torch.col2im(input, output_size, kernel_size, dilation, padding, stride)

def local_response_norm(input: Tensor, size: int, alpha: float = 0.0001, beta: float = 0.75, k: float = 1.0) -> Tensor:
    dim = input.dim()
    if dim < 3:
        raise ValueError("Expected 3D or higher dimensionality                          input (got {} dimensions)".format(dim))
    if input.numel() == 0:
        return input
    div = input.mul(input).unsqueeze(1)
    if dim == 3:
        div = torch.pad(div, [0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool2d(div, [size, 1], [1, 1]).squeeze(1)
    else:
        sizes = input.size()
        div = div.view([sizes[0], 1, sizes[1], sizes[2], -1])
        div = torch.pad(div, [0, 0, 0, 0, size // 2, (size - 1) // 2])
        div = torch.avg_pool3d(div, [size, 1, 1], [1, 1, 1]).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div
)TS";

// torch.functional (the functions 1.13 scripts from source instead of binding an aten op)
const char* kTorchFunctional = R"TS(
def cdist(x1: Tensor, x2: Tensor, p: float = 2.0, compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Tensor:
    if compute_mode == "use_mm_for_euclid_dist_if_necessary":
        return ops.aten.cdist(x1, x2, p, None)
    elif compute_mode == "use_mm_for_euclid_dist":
        return ops.aten.cdist(x1, x2, p, 1)
    elif compute_mode == "donot_use_mm_for_euclid_dist":
        return ops.aten.cdist(x1, x2, p, 2)
    else:
        raise ValueError("{} is not a valid value for compute_mode".format(compute_mode))

def _unique_impl(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    if dim is not None:
        output, inverse_indices, counts = torch.unique_dim(input, dim, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)
    else:
        output, inverse_indices, counts = torch._unique2(input, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)
    return output, inverse_indices, counts

def _return_output(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tensor:
    output, inverse_indices, counts = __torch__.torch.functional._unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output

def _return_inverse(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, counts = __torch__.torch.functional._unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output, inverse_indices

def _return_counts(input: Tensor, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, counts = __torch__.torch.functional._unique_impl(input, sorted, return_inverse, return_counts, dim)
    return output, counts

def _unique_consecutive_impl(input: Tensor, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tuple[Tensor, Tensor, Tensor]:
    output, inverse_indices, counts = ops.aten.unique_consecutive(input, return_inverse, return_counts, dim)
    return output, inverse_indices, counts

def _consecutive_return_output(input: Tensor, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tensor:
    output, _, _ = __torch__.torch.functional._unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output

def _consecutive_return_inverse(input: Tensor, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, inverse_indices, _ = __torch__.torch.functional._unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output, inverse_indices

def _consecutive_return_counts(input: Tensor, return_inverse: bool = False, return_counts: bool = False, dim: Optional[int] = None) -> Tuple[Tensor, Tensor]:
    output, _, counts = __torch__.torch.functional._unique_consecutive_impl(input, return_inverse, return_counts, dim)
    return output, counts

def norm(input: Tensor, p: Union[float, str, None] = "fro", dim: Optional[List[int]] = None, keepdim: bool = False, out: Optional[Tensor] = None, dtype: Optional[int] = None) -> Tensor:
    ndim = input.dim()
    if dim is None and out is None and dtype is None and p is not None:
        if isinstance(p, str):
            if p == "fro":
                return ops.aten.frobenius_norm(input, torch.jit.annotate(List[int], []), keepdim)
        else:
            _dim0 = [i for i in range(ndim)]
            return ops.aten.norm(input, p, _dim0, keepdim)
    dims: List[int] = []
    if dim is None:
        dims = [i for i in range(ndim)]
    else:
        dims = dim
    if isinstance(p, str):
        if p == "fro":
            if dtype is not None:
                raise ValueError("dtype argument is not supported in frobenius norm")
            if out is None:
                return ops.aten.frobenius_norm(input, dims, keepdim)
            return ops.aten.frobenius_norm(input, dims, keepdim, out=out)
        elif p == "nuc":
            if dtype is not None:
                raise ValueError("dtype argument is not supported in nuclear norm")
            if dim is None:
                if out is None:
                    return ops.aten.nuclear_norm(input, keepdim)
                return ops.aten.nuclear_norm(input, keepdim, out=out)
            else:
                if out is None:
                    return ops.aten.nuclear_norm(input, dims, keepdim)
                return ops.aten.nuclear_norm(input, dims, keepdim, out=out)
        raise RuntimeError("only valid string values are 'fro' and 'nuc', found {}".format(p))
    else:
        if out is None:
            if dtype is None:
                return ops.aten.norm(input, p, dims, keepdim)
            return ops.aten.norm(input, p, dims, keepdim, dtype=dtype)
        if dtype is None:
            return ops.aten.norm(input, p, dims, keepdim, out=out)
        return ops.aten.norm(input, p, dims, keepdim, dtype=dtype, out=out)

def tensordot(a: Tensor, b: Tensor, dims: Union[int, Tuple[List[int], List[int]], List[List[int]]] = 2, out: Optional[Tensor] = None) -> Tensor:
    if out is not None:
        raise NotImplementedError("tsjit: torch.tensordot with out= is not supported yet")
    dims_a: List[int] = []
    dims_b: List[int] = []
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError("tensordot expects dims >= 0, but got dims={}".format(dims))
        for i in range(dims):
            dims_a.append(i - dims)
            dims_b.append(i)
    elif isinstance(dims, List[List[int]]):
        dims_a = dims[0]
        dims_b = dims[1]
    else:
        dims_a, dims_b = dims
    return ops.aten.tensordot(a, b, dims_a, dims_b)

)TS";

// torch.autograd.grad_mode: `with torch.no_grad():` enters an object of this class (1.13's
// TorchScript form of it: __enter__ saves the grad mode and turns it off, __exit__ restores it,
// also when the engines unwind the `with` on an error).
// torch.nn._reduction: the reduction-name helpers 1.13's loss functions call; its graphs keep
// them as calls (`prim::Constant[name="get_enum"]`), so a recorded graph needs them by name.
const char* kReduction = R"TS(
def get_enum(reduction: str) -> int:
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.")
        return 1
    if reduction == "sum":
        return 2
    raise ValueError("{} is not a valid value for reduction".format(reduction))

def legacy_get_string(size_average: Optional[bool], reduce: Optional[bool], emit_warning: bool = True) -> str:
    warning = "size_average and reduce args will be deprecated, please use reduction='{}' instead."
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = "mean"
    elif reduce:
        ret = "sum"
    else:
        ret = "none"
    if emit_warning:
        warnings.warn(warning.format(ret))
    return ret
)TS";

const char* kGradMode = R"TS(
class no_grad:
    def __init__(self):
        self.prev = False

    def __enter__(self) -> None:
        self.prev = torch.is_grad_enabled()
        torch.set_grad_enabled(False)

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        prev = self.prev
        torch.set_grad_enabled(prev)
)TS";

}  // namespace

const std::map<std::string, std::string>& builtinLibraryCode() {
  static const std::map<std::string, std::string> code = {
      {"code/__torch__/torch/nn/functional.py", std::string(kFunctional) + kFunctionalLosses},
      {"code/__torch__/torch/functional.py", kTorchFunctional},
      {"code/__torch__/torch/autograd/grad_mode.py", kGradMode},
      {"code/__torch__/torch/nn/_reduction.py", kReduction},
  };
  return code;
}

bool isScriptedTorchFunction(const std::string& name) {
  return name == "norm" || name == "cdist" || name == "tensordot";
}

}  // namespace tsjit::frontend::detail
