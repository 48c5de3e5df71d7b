# Dropout variants and rrelu as 1.13 runs them: F.alpha_dropout / feature_alpha_dropout /
# dropout1d / dropout2d / dropout3d record aten::(feature_)(alpha_)dropout(_); not training, p = 0 and
# p = 1 are deterministic (identity, input * 0; in place too) on both engines; 0 < p < 1 in training is
# random: the jit draws a mask (shape, dtype and per-feature-map structure checked), the reference
# reports it unsupported. rrelu outside training is leaky_relu with slope (lower + upper) / 2, in
# training a slope in [lower, upper] per negative element. Expected outputs and errors recorded on
# python3-torch 1.13.1 (scripts/pt113_script_run.py).
# RUN: echo '[{"type": "Tensor", "dtype": "float32", "shape": [2, 3, 2], "data": [0.5, -1.0, 2.0, -0.25, 3.0, -0.5, 1.5, 0.0, -2.0, 4.0, 1.0, -0.75]}, {"type": "Tensor", "dtype": "int64", "shape": [2, 2], "data": [3, -1, 0, 2]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n' | sed 's/"strides":\[[0-9,]*\],//g'; echo; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[1,2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[1,2,3,2],"type":"Tensor"},{"data":[0,0,0,0],"dtype":"int64","shape":[2,2],"type":"Tensor"},{"data":[3,-1,0,2],"dtype":"int64","shape":[2,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.d555560000000p-3","0x1.0000000000000p+1","-0x1.d555560000000p-5","0x1.8000000000000p+1","-0x1.d555560000000p-4","0x1.8000000000000p+0","0x0.0p+0","-0x1.d555560000000p-2","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.6000000000000p-3"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.99999a0000000p-3","0x1.0000000000000p+1","-0x1.99999a0000000p-5","0x1.8000000000000p+1","-0x1.99999a0000000p-4","0x1.8000000000000p+0","0x0.0p+0","-0x1.99999a0000000p-2","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.3333340000000p-3"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.999999999999ap-3","0x1.0000000000000p+1","-0x1.999999999999ap-5","0x1.8000000000000p+1","-0x1.999999999999ap-4","0x1.8000000000000p+0","0x0.0p+0","-0x1.999999999999ap-2","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.3333333333334p-3"],"dtype":"float64","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p-1","0x1.0000000000000p+1","-0x1.0000000000000p-3","0x1.8000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.8000000000000p-2","0x1.0000000000000p+1","-0x1.8000000000000p-4","0x1.8000000000000p+1","-0x1.8000000000000p-3","0x1.8000000000000p+0","0x0.0p+0","-0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.2000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.8000000000000p-2","0x1.0000000000000p+1","-0x1.8000000000000p-4","0x1.8000000000000p+1","-0x1.8000000000000p-3","0x1.8000000000000p+0","0x0.0p+0","-0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.2000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p-1","0x1.0000000000000p+1","-0x1.0000000000000p-3","0x1.8000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[1,2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-1"],"dtype":"float32","shape":[1,2,3,2],"type":"Tensor"},{"data":[0,0,0,0],"dtype":"int64","shape":[2,2],"type":"Tensor"},{"data":[3,-1,0,2],"dtype":"int64","shape":[2,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x0.0p+0"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.d555560000000p-3","0x1.0000000000000p+1","-0x1.d555560000000p-5","0x1.8000000000000p+1","-0x1.d555560000000p-4","0x1.8000000000000p+0","0x0.0p+0","-0x1.d555560000000p-2","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.6000000000000p-3"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.99999a0000000p-3","0x1.0000000000000p+1","-0x1.99999a0000000p-5","0x1.8000000000000p+1","-0x1.99999a0000000p-4","0x1.8000000000000p+0","0x0.0p+0","-0x1.99999a0000000p-2","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.3333340000000p-3"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.999999999999ap-3","0x1.0000000000000p+1","-0x1.999999999999ap-5","0x1.8000000000000p+1","-0x1.999999999999ap-4","0x1.8000000000000p+0","0x0.0p+0","-0x1.999999999999ap-2","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.3333333333334p-3"],"dtype":"float64","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p-1","0x1.0000000000000p+1","-0x1.0000000000000p-3","0x1.8000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.8000000000000p-2","0x1.0000000000000p+1","-0x1.8000000000000p-4","0x1.8000000000000p+1","-0x1.8000000000000p-3","0x1.8000000000000p+0","0x0.0p+0","-0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.2000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.8000000000000p-2","0x1.0000000000000p+1","-0x1.8000000000000p-4","0x1.8000000000000p+1","-0x1.8000000000000p-3","0x1.8000000000000p+0","0x0.0p+0","-0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.2000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"},{"data":["0x1.0000000000000p-1","-0x1.0000000000000p-1","0x1.0000000000000p+1","-0x1.0000000000000p-3","0x1.8000000000000p+1","-0x1.0000000000000p-2","0x1.8000000000000p+0","0x0.0p+0","-0x1.0000000000000p+0","0x1.0000000000000p+2","0x1.0000000000000p+0","-0x1.8000000000000p-2"],"dtype":"float32","shape":[2,3,2],"type":"Tensor"}],"type":"List"}]
# RUN: tsjit run %s --entry g --inputs %t.json --engine jit | tr -d ' \n' | sed 's/"strides":\[[0-9,]*\],//g' | FileCheck %s --check-prefix=RANDOM
# RUN: not tsjit run %s --entry g --inputs %t.json --engine reference 2>&1 | FileCheck %s --check-prefix=REF
# RANDOM: [{"elem":"Tensor","items":[{"data":[2,3,2],"dtype":"int64","shape":[3],"type":"Tensor"},{"data":["0x0.0p+0"],"dtype":"float32","shape":[1],"type":"Tensor"},{"data":[1,2,3,2],"dtype":"int64","shape":[4],"type":"Tensor"},{"data":["0x0.0p+0"],"dtype":"float64","shape":[1],"type":"Tensor"},{"data":[true],"dtype":"bool","shape":[],"type":"Tensor"},{"data":[true],"dtype":"bool","shape":[],"type":"Tensor"}],"type":"List"}]
# REF: not yet supported by the reference: aten::alpha_dropout in training mode with p=0.5 is random
# RUN: for e in jit reference; do for fn in e_p e_p_vf e_1d e_feat_dims e_int_train e_bool_train e_half_train e_rrelu_bounds e_rrelu_int e_rrelu_half_train; do not tsjit run %s --entry $fn --inputs %t.json --engine $e 2>&1 | grep -v Warning; done; done | FileCheck %s --check-prefix=ERR
# ERR: ValueError: dropout probability has to be between 0 and 1, but got 1.5
# ERR-NEXT: RuntimeError: dropout probability has to be between 0 and 1, but got -0.5
# ERR-NEXT: RuntimeError: dropout1d: Expected 2D or 3D input, but received a 1D input. Note that dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).
# ERR-NEXT: RuntimeError: Feature dropout requires at least 2 dimensions in the input
# ERR-NEXT: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: RuntimeError: "bernoulli_scalar_cpu_" not implemented for 'Half'
# ERR-NEXT: RuntimeError: Lower bound should be less than or equal to the upper bound
# ERR-NEXT: RuntimeError: "leaky_relu_cpu" not implemented for 'Long'
# ERR-NEXT: RuntimeError: "rrelu_with_noise_out_cpu" not implemented for 'Half'
# ERR-NEXT: ValueError: dropout probability has to be between 0 and 1, but got 1.5
# ERR-NEXT: RuntimeError: dropout probability has to be between 0 and 1, but got -0.5
# ERR-NEXT: RuntimeError: dropout1d: Expected 2D or 3D input, but received a 1D input. Note that dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).
# ERR-NEXT: RuntimeError: Feature dropout requires at least 2 dimensions in the input
# ERR-NEXT: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: RuntimeError: "bernoulli_scalar_cpu_" not implemented for 'Half'
# ERR-NEXT: RuntimeError: Lower bound should be less than or equal to the upper bound
# ERR-NEXT: RuntimeError: "leaky_relu_cpu" not implemented for 'Long'
# ERR-NEXT: RuntimeError: "rrelu_with_noise_out_cpu" not implemented for 'Half'
def f(x: Tensor, i: Tensor) -> List[Tensor]:
    outs: List[Tensor] = []
    outs.append(F.alpha_dropout(x, 0.5))
    outs.append(F.alpha_dropout(x, 0.0, training=True))
    outs.append(F.alpha_dropout(x, 1.0, training=True))
    outs.append(F.feature_alpha_dropout(x, 0.3))
    outs.append(F.feature_alpha_dropout(x, 1.0, training=True))
    outs.append(F.dropout1d(x, 0.4, training=False))
    outs.append(F.dropout1d(x[0], 1.0, training=True))
    outs.append(F.dropout2d(x.unsqueeze(0), 1.0, training=True))
    outs.append(F.dropout3d(x.unsqueeze(0), 0.0))
    outs.append(torch.feature_dropout(i, 1.0, True))
    outs.append(torch.alpha_dropout(i, 0.5, False))
    y = x.clone()
    outs.append(F.alpha_dropout(y, 1.0, True, True))
    outs.append(y)
    outs.append(F.rrelu(x))
    outs.append(F.rrelu(x, 0.1, 0.3))
    outs.append(F.rrelu(x.double(), 0.2, 0.2, training=True))
    outs.append(torch.rrelu(x, 0, 1))
    z = x.clone()
    outs.append(F.rrelu(z, 0.25, 0.5, inplace=True))
    outs.append(z)
    outs.append(F.rrelu_(x.clone(), 0.5, 0.5))
    return outs

def g(x: Tensor, i: Tensor) -> List[Tensor]:
    outs: List[Tensor] = []
    a = F.alpha_dropout(x, 0.5, training=True)
    outs.append(torch.tensor(a.size()))
    outs.append(torch.zeros(1, dtype=a.dtype))
    b = F.dropout2d(x.unsqueeze(0).double(), 0.5, training=True)
    outs.append(torch.tensor(b.size()))
    outs.append(torch.zeros(1, dtype=b.dtype))
    # a feature map is kept or dropped as a whole: each [2] row of b is 0 or 2x
    outs.append(((b == 0.0) | (b == 2.0 * x.unsqueeze(0).double())).all())
    c = F.rrelu(x, 0.1, 0.3, training=True)
    outs.append(((c == x) | ((x < 0) & (c >= 0.3 * x) & (c <= 0.1 * x))).all())
    return outs

def e_p(x: Tensor, i: Tensor) -> Tensor:
    return F.alpha_dropout(x, 1.5)
def e_p_vf(x: Tensor, i: Tensor) -> Tensor:
    return torch.feature_alpha_dropout(x, -0.5, False)
def e_1d(x: Tensor, i: Tensor) -> Tensor:
    return F.dropout1d(x[0, 0], 0.5)
def e_feat_dims(x: Tensor, i: Tensor) -> Tensor:
    return torch.feature_dropout(x[0, 0], 0.5, True)
def e_int_train(x: Tensor, i: Tensor) -> Tensor:
    return torch.alpha_dropout(i, 0.5, True)
def e_bool_train(x: Tensor, i: Tensor) -> Tensor:
    return torch.alpha_dropout(i > 0, 0.5, True)
def e_half_train(x: Tensor, i: Tensor) -> Tensor:
    return torch.feature_dropout(x.half(), 0.5, True)
def e_rrelu_bounds(x: Tensor, i: Tensor) -> Tensor:
    return F.rrelu(x, 0.5, 0.25)
def e_rrelu_int(x: Tensor, i: Tensor) -> Tensor:
    return F.rrelu(i)
def e_rrelu_half_train(x: Tensor, i: Tensor) -> Tensor:
    return F.rrelu(x.half(), training=True)
