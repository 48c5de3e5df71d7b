# F.embedding_bag (sum / mean / max, offsets or 2-D input, include_last_offset, padding_idx,
# per_sample_weights, int32 indices, float64 weights) records aten::embedding_bag as 1.13 does; all four
# results of torch.embedding_bag (offset2bag, bag_size, max_indices as 1.13 fills them); F.bilinear
# (batched, 1-D, no bias, integer, promoting bias); and their errors. Expected outputs recorded on
# python3-torch 1.13.1 (scripts/pt113_script_run.py). Not covered: include_last_offset with a last
# offset short of the input's end (1.13 writes past its bag_size buffer there).
# RUN: echo '[{"type": "Tensor", "dtype": "float32", "shape": [5, 3], "data": [0.5, -1.0, 2.0, 0.25, 3.0, -0.5, 1.5, 0.0, -2.0, 4.0, 1.0, 0.75, -1.5, 2.5, 0.125]}, {"type": "Tensor", "dtype": "int64", "shape": [6], "data": [1, 2, 4, 4, 0, 3]}, {"type": "Tensor", "dtype": "int64", "shape": [4], "data": [0, 2, 2, 5]}, {"type": "Tensor", "dtype": "float32", "shape": [6], "data": [0.5, 2.0, -1.0, 1.5, 0.25, 3.0]}, {"type": "Tensor", "dtype": "float32", "shape": [2, 3], "data": [0.5, -1.0, 0.25, 2.0, 0.5, 1.0]}, {"type": "Tensor", "dtype": "float32", "shape": [2, 2], "data": [1.0, 2.0, 0.5, -0.5]}, {"type": "Tensor", "dtype": "float32", "shape": [2, 3, 2], "data": [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75]}, {"type": "Tensor", "dtype": "float32", "shape": [2], "data": [1.0, -1.0]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n' | sed 's/"strides":\[[0-9,]*\],//g'; echo; done | FileCheck %s
# CHECK: [{"elem":"Tensor","items":[{"data":["0x1.c000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.4000000000000p+1","0x1.0000000000000p+2","0x1.2000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.c000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.8000000000000p+0","0x1.4000000000000p+2","0x1.8000000000000p+1"],"dtype":"float32","shape":[3,3],"type":"Tensor"},{"data":["0x1.c000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.0000000000000p-2","0x1.6000000000000p+2","-0x1.3000000000000p+1","0x1.8000000000000p+1","0x1.4000000000000p+1","0x1.7000000000000p+1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.aaaaaa0000000p-1","0x1.5555560000000p+0","0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.8000000000000p-2","0x1.4000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[3,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.5555560000000p-4","0x1.d555560000000p+0","-0x1.9555560000000p-1","0x1.0000000000000p+0","0x1.aaaaaa0000000p-1","0x1.eaaaaa0000000p-1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","0x1.4000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+2","0x1.4000000000000p+1","0x1.0000000000000p+1"],"dtype":"float32","shape":[3,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","0x1.0000000000000p-3","0x1.0000000000000p+2","0x1.4000000000000p+1","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.9000000000000p+1","0x1.8000000000000p+0","-0x1.1000000000000p+2","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.4000000000000p-1","0x1.0000000000000p+0","0x1.2000000000000p-1","0x1.8000000000000p+3","0x1.8000000000000p+1","0x1.2000000000000p+1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.9000000000000p+1","0x1.8000000000000p+0","-0x1.1000000000000p+2","0x1.8400000000000p+3","0x1.6000000000000p+1","0x1.6000000000000p+1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.aaaaaaaaaaaabp-1","0x1.5555555555555p+0","0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float64","shape":[4,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","0x1.4000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":[0,0,2,2,2,3],"dtype":"int64","shape":[6],"type":"Tensor"},{"data":[2,0,3,1],"dtype":"int64","shape":[4],"type":"Tensor"},{"data":[2,1,1,0,0,0,0,4,0,3,3,3],"dtype":"int64","shape":[4,3],"type":"Tensor"},{"data":[0,0,2,2,2,3],"dtype":"int64","shape":[6],"type":"Tensor"},{"data":[1,0,3,1],"dtype":"int64","shape":[4],"type":"Tensor"},{"data":["0x1.0000000000000p-3","-0x1.8000000000000p+1","0x1.2000000000000p-1","-0x1.7000000000000p+0"],"dtype":"float32","shape":[2,2],"type":"Tensor"},{"data":["-0x1.c000000000000p-1","-0x1.0000000000000p+1","-0x1.c000000000000p-2","-0x1.c000000000000p-2"],"dtype":"float32","shape":[2,2],"type":"Tensor"},{"data":["0x1.0000000000000p-3","-0x1.8000000000000p+1"],"dtype":"float32","shape":[2],"type":"Tensor"},{"data":["0x1.0000000000000p-3","-0x1.8000000000000p+1","0x1.2000000000000p-1","-0x1.7000000000000p+0"],"dtype":"float64","shape":[1,2,2],"type":"Tensor"},{"data":[0,-6,0,0],"dtype":"int64","shape":[2,2],"type":"Tensor"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"Tensor","items":[{"data":["0x1.c000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.4000000000000p+1","0x1.0000000000000p+2","0x1.2000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.c000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.8000000000000p+0","0x1.4000000000000p+2","0x1.8000000000000p+1"],"dtype":"float32","shape":[3,3],"type":"Tensor"},{"data":["0x1.c000000000000p+0","0x1.8000000000000p+1","-0x1.4000000000000p+1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.0000000000000p-2","0x1.6000000000000p+2","-0x1.3000000000000p+1","0x1.8000000000000p+1","0x1.4000000000000p+1","0x1.7000000000000p+1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.aaaaaa0000000p-1","0x1.5555560000000p+0","0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.8000000000000p-2","0x1.4000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[3,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.5555560000000p-4","0x1.d555560000000p+0","-0x1.9555560000000p-1","0x1.0000000000000p+0","0x1.aaaaaa0000000p-1","0x1.eaaaaa0000000p-1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","0x1.4000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p+2","0x1.4000000000000p+1","0x1.0000000000000p+1"],"dtype":"float32","shape":[3,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","-0x1.0000000000000p+0","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","0x1.0000000000000p-3","0x1.0000000000000p+2","0x1.4000000000000p+1","0x1.0000000000000p+1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.9000000000000p+1","0x1.8000000000000p+0","-0x1.1000000000000p+2","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.4000000000000p-1","0x1.0000000000000p+0","0x1.2000000000000p-1","0x1.8000000000000p+3","0x1.8000000000000p+1","0x1.2000000000000p+1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":["0x1.9000000000000p+1","0x1.8000000000000p+0","-0x1.1000000000000p+2","0x1.8400000000000p+3","0x1.6000000000000p+1","0x1.6000000000000p+1"],"dtype":"float32","shape":[2,3],"type":"Tensor"},{"data":["0x1.c000000000000p-1","0x1.8000000000000p+0","-0x1.4000000000000p+0","0x0.0p+0","0x0.0p+0","0x0.0p+0","-0x1.aaaaaaaaaaaabp-1","0x1.5555555555555p+0","0x1.8000000000000p-1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float64","shape":[4,3],"type":"Tensor"},{"data":["0x1.8000000000000p+0","0x1.8000000000000p+1","-0x1.0000000000000p-1","0x0.0p+0","0x0.0p+0","0x0.0p+0","0x1.0000000000000p-1","0x1.4000000000000p+1","0x1.0000000000000p+1","0x1.0000000000000p+2","0x1.0000000000000p+0","0x1.8000000000000p-1"],"dtype":"float32","shape":[4,3],"type":"Tensor"},{"data":[0,0,2,2,2,3],"dtype":"int64","shape":[6],"type":"Tensor"},{"data":[2,0,3,1],"dtype":"int64","shape":[4],"type":"Tensor"},{"data":[2,1,1,0,0,0,0,4,0,3,3,3],"dtype":"int64","shape":[4,3],"type":"Tensor"},{"data":[0,0,2,2,2,3],"dtype":"int64","shape":[6],"type":"Tensor"},{"data":[1,0,3,1],"dtype":"int64","shape":[4],"type":"Tensor"},{"data":["0x1.0000000000000p-3","-0x1.8000000000000p+1","0x1.2000000000000p-1","-0x1.7000000000000p+0"],"dtype":"float32","shape":[2,2],"type":"Tensor"},{"data":["-0x1.c000000000000p-1","-0x1.0000000000000p+1","-0x1.c000000000000p-2","-0x1.c000000000000p-2"],"dtype":"float32","shape":[2,2],"type":"Tensor"},{"data":["0x1.0000000000000p-3","-0x1.8000000000000p+1"],"dtype":"float32","shape":[2],"type":"Tensor"},{"data":["0x1.0000000000000p-3","-0x1.8000000000000p+1","0x1.2000000000000p-1","-0x1.7000000000000p+0"],"dtype":"float64","shape":[1,2,2],"type":"Tensor"},{"data":[0,-6,0,0],"dtype":"int64","shape":[2,2],"type":"Tensor"}],"type":"List"}]
# RUN: for e in jit reference; do for fn in e_bag_mode e_bag_2d_off e_bag_no_off e_bag_3d e_bag_psw_mode e_bag_psw_shape e_bag_psw_dtype e_bag_oob e_bag_off0 e_bag_offn e_bag_idx_float e_bag_w_int e_bag_pad e_bag_max_sparse e_bl_dims e_bl_batch e_bl_in1 e_bl_in2 e_bl_bias e_bl_dtype e_bl_half; do not tsjit run %s --entry $fn --inputs %t.json --engine $e 2>&1 | grep -v Warning; done; done | FileCheck %s --check-prefix=ERR
# ERR: ValueError: mode has to be one of sum, mean or max
# ERR-NEXT: ValueError: if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type <unknown>
# ERR-NEXT: ValueError: offsets has to be a 1D Tensor but got None
# ERR-NEXT: ValueError: input has to be 1D or 2D Tensor, but got Tensor of dimension 3
# ERR-NEXT: NotImplementedError: embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='mean'). Please open a feature request on GitHub.
# ERR-NEXT: ValueError: embedding_bag: If per_sample_weights ([4]) is not None, then it must have the same shape as the input ([6])
# ERR-NEXT: RuntimeError: Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 'per_sample_weights'; but type torch.FloatTensor does not equal torch.DoubleTensor (while checking arguments for embedding_bag)
# ERR-NEXT: RuntimeError: embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be 5
# ERR-NEXT: RuntimeError: [ torch.LongTensor{} ]
# ERR-NEXT: RuntimeError: offsets[-1] can not be greater than input's length 6 but got offsets[-1] of 15
# ERR-NEXT: ValueError: if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type <unknown>
# ERR-NEXT: RuntimeError: Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, Double; but got torch.LongTensor instead (while checking arguments for embedding_bag)
# ERR-NEXT: RuntimeError: padding_idx must be within the number of embeddings, -5 through 4, but got 9
# ERR-NEXT: ValueError: max mode does not support sparse weights
# ERR-NEXT: RuntimeError: bilinear(): input dimensions do not match: got 2 and 1
# ERR-NEXT: RuntimeError: bilinear(): input batch dimensions do not match at dim 0: got 2 and 1
# ERR-NEXT: RuntimeError: bilinear(): input1 size does not match weight size: got 2 but expected 3
# ERR-NEXT: RuntimeError: bilinear(): input2 size does not match weight size: got 1 but expected 2
# ERR-NEXT: RuntimeError: bilinear(): bias size does not match weight size: got 6 but expected 2
# ERR-NEXT: RuntimeError: expected scalar type Double but found Float
# ERR-NEXT: RuntimeError: "bmm" not implemented for 'Half'
# ERR-NEXT: ValueError: mode has to be one of sum, mean or max
# ERR-NEXT: ValueError: if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type <unknown>
# ERR-NEXT: ValueError: offsets has to be a 1D Tensor but got None
# ERR-NEXT: ValueError: input has to be 1D or 2D Tensor, but got Tensor of dimension 3
# ERR-NEXT: NotImplementedError: embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='mean'). Please open a feature request on GitHub.
# ERR-NEXT: ValueError: embedding_bag: If per_sample_weights ([4]) is not None, then it must have the same shape as the input ([6])
# ERR-NEXT: RuntimeError: Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 'per_sample_weights'; but type torch.FloatTensor does not equal torch.DoubleTensor (while checking arguments for embedding_bag)
# ERR-NEXT: RuntimeError: embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be 5
# ERR-NEXT: RuntimeError: [ torch.LongTensor{} ]
# ERR-NEXT: RuntimeError: offsets[-1] can not be greater than input's length 6 but got offsets[-1] of 15
# ERR-NEXT: ValueError: if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type <unknown>
# ERR-NEXT: RuntimeError: Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, Double; but got torch.LongTensor instead (while checking arguments for embedding_bag)
# ERR-NEXT: RuntimeError: padding_idx must be within the number of embeddings, -5 through 4, but got 9
# ERR-NEXT: ValueError: max mode does not support sparse weights
# ERR-NEXT: RuntimeError: bilinear(): input dimensions do not match: got 2 and 1
# ERR-NEXT: RuntimeError: bilinear(): input batch dimensions do not match at dim 0: got 2 and 1
# ERR-NEXT: RuntimeError: bilinear(): input1 size does not match weight size: got 2 but expected 3
# ERR-NEXT: RuntimeError: bilinear(): input2 size does not match weight size: got 1 but expected 2
# ERR-NEXT: RuntimeError: bilinear(): bias size does not match weight size: got 6 but expected 2
# ERR-NEXT: RuntimeError: expected scalar type Double but found Float
# ERR-NEXT: RuntimeError: "bmm" not implemented for 'Half'
def f(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> List[Tensor]:
    outs: List[Tensor] = []
    for mode in ["sum", "mean", "max"]:
        outs.append(F.embedding_bag(idx, w, off, mode=mode))
        outs.append(F.embedding_bag(idx, w, torch.tensor([0, 2, 2, 6]), mode=mode, include_last_offset=True))
        outs.append(F.embedding_bag(idx, w, off, mode=mode, padding_idx=4))
        outs.append(F.embedding_bag(idx.view(2, 3), w, mode=mode))
    outs.append(F.embedding_bag(idx, w, off, mode="sum", per_sample_weights=psw))
    outs.append(F.embedding_bag(idx.view(2, 3), w, mode="sum", per_sample_weights=psw.view(2, 3), padding_idx=-1))
    outs.append(F.embedding_bag(idx.int(), w.double(), off.int(), mode="mean"))
    r = torch.embedding_bag(w, idx, off, False, 2, False, None, False)
    outs.append(r[0])
    outs.append(r[1])
    outs.append(r[2])
    outs.append(r[3])
    r2 = torch.embedding_bag(w, idx, off, False, 1, False, None, False, 1)
    outs.append(r2[1])
    outs.append(r2[2])
    outs.append(F.bilinear(a, b, W, bias))
    outs.append(F.bilinear(a, b, W))
    outs.append(F.bilinear(a[0], b[0], W, bias))
    outs.append(F.bilinear(a.unsqueeze(0), b.unsqueeze(0), W, bias.double()))
    outs.append(F.bilinear(a.long(), b.long(), W.long(), None))
    return outs

def e_bag_mode(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off, mode="min")
def e_bag_2d_off(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx.view(2, 3), w, off)
def e_bag_no_off(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w)
def e_bag_3d(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx.view(1, 2, 3), w)
def e_bag_psw_mode(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off, mode="mean", per_sample_weights=psw)
def e_bag_psw_shape(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off, mode="sum", per_sample_weights=psw[:4])
def e_bag_psw_dtype(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off, mode="sum", per_sample_weights=psw.double())
def e_bag_oob(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx + 3, w, off, mode="max")
def e_bag_off0(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off + 1)
def e_bag_offn(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off * 3)
def e_bag_idx_float(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx.float(), w.long(), off)
def e_bag_w_int(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w.long(), off)
def e_bag_pad(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off, padding_idx=9)
def e_bag_max_sparse(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.embedding_bag(idx, w, off, mode="max", sparse=True)
def e_bl_dims(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a, b[0], W, bias)
def e_bl_batch(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a, b[:1], W, bias)
def e_bl_in1(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a[:, :2], b, W, bias)
def e_bl_in2(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a, b[:, :1], W, bias)
def e_bl_bias(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a, b, W, psw)
def e_bl_dtype(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a.double(), b, W, bias)
def e_bl_half(w: Tensor, idx: Tensor, off: Tensor, psw: Tensor, a: Tensor, b: Tensor, W: Tensor, bias: Tensor) -> Tensor:
    return F.bilinear(a.half(), b.half(), W.half(), bias.half())
