# aten::lstm / gru / rnn_tanh / rnn_relu and the gru / rnn_tanh / rnn_relu cells called directly (jit/kernels/NNRnn.cpp,
# reference/kernels/NNRnn.cpp): result shapes and strides (batch_first returns a transposed view), and
# 1.13's errors in its order: hidden-state count, parameter count, bidirectional pairing, stacked
# sizes, empty sequence, the cells' size checks, then what the composed ops raise (dims, dtypes,
# bias broadcast). Recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py); values are
# checked by the recorded corpus cases mod_rnn_zoo, mod_rnn_grad and nn_rnn_packed.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2,3,3],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8]},{"type":"Tensor","dtype":"float32","shape":[1,3,2],"data":[0.1,-0.2,0.3,-0.4,0.5,-0.6]},{"type":"Tensor","dtype":"float32","shape":[6,3],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8]},{"type":"Tensor","dtype":"float32","shape":[8,3],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,0.1,0.2,0.3,0.4,0.5,0.6]},{"type":"Tensor","dtype":"float32","shape":[8],"data":[0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8]}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry shapes --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":2},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":6},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":6}],"type":"List"}],"type":"List"}]
# CHECK-NEXT: [{"elem":"List[int]","items":[{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":2},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":6},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":6},{"type":"int","value":2},{"type":"int","value":1}],"type":"List"},{"elem":"int","items":[{"type":"int","value":1},{"type":"int","value":3},{"type":"int","value":2}],"type":"List"},{"elem":"int","items":[{"type":"int","value":3},{"type":"int","value":6}],"type":"List"}],"type":"List"}]
# RUN: for e in jit reference; do for f in e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 e11 e12 e13 e14 e15; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1; done; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: lstm expects two hidden states
# ERR-NEXT: error: RuntimeError: got an incorrect number of RNN parameters
# ERR-NEXT: error: RuntimeError: Odd number of params or hiddens given to a bidirectional RNN
# ERR-NEXT: error: RuntimeError: Expected more hidden states in stacked_rnn
# ERR-NEXT: error: RuntimeError: Expected more hidden states in stacked_rnn
# ERR-NEXT: error: RuntimeError: Expected sequence length to be larger than 0 in RNN
# ERR-NEXT: error: RuntimeError: input has inconsistent input_size: got 1 expected 3
# ERR-NEXT: error: RuntimeError: Input batch size 3 doesn't match hidden0 batch size 1
# ERR-NEXT: error: RuntimeError: hidden0 has inconsistent hidden_size: got 2, expected 3
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
# ERR-NEXT: error: RuntimeError: expected scalar type Double but found Float
# ERR-NEXT: error: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: error: RuntimeError: expected scalar type Double but found Float
# ERR-NEXT: error: RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [3, 2].  Tensor sizes: [3]
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
# ERR-NEXT: error: RuntimeError: lstm expects two hidden states
# ERR-NEXT: error: RuntimeError: got an incorrect number of RNN parameters
# ERR-NEXT: error: RuntimeError: Odd number of params or hiddens given to a bidirectional RNN
# ERR-NEXT: error: RuntimeError: Expected more hidden states in stacked_rnn
# ERR-NEXT: error: RuntimeError: Expected more hidden states in stacked_rnn
# ERR-NEXT: error: RuntimeError: Expected sequence length to be larger than 0 in RNN
# ERR-NEXT: error: RuntimeError: input has inconsistent input_size: got 1 expected 3
# ERR-NEXT: error: RuntimeError: Input batch size 3 doesn't match hidden0 batch size 1
# ERR-NEXT: error: RuntimeError: hidden0 has inconsistent hidden_size: got 2, expected 3
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
# ERR-NEXT: error: RuntimeError: expected scalar type Double but found Float
# ERR-NEXT: error: RuntimeError: result type Float can't be cast to the desired output type Long
# ERR-NEXT: error: RuntimeError: expected scalar type Double but found Float
# ERR-NEXT: error: RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [3, 2].  Tensor sizes: [3]
# ERR-NEXT: error: RuntimeError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
def shapes(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> List[List[int]]:
    out: List[List[int]] = []
    y, hy, cy = torch.lstm(x, [h, h], [w4, w4[:, :2], b, b], True, 1, 0.0, False, False, False)
    out += [y.shape, y.stride(), hy.shape, cy.stride()]
    y, hy, cy = torch.lstm(x.transpose(0, 1), [h, h], [w4, w4[:, :2], b, b], True, 1, 0.0, False, False, True)
    out += [y.shape, y.stride(), hy.shape, cy.stride()]
    g, gh = torch.gru(x, h, [w3, w3[:, :2]], False, 1, 0.0, False, False, False)
    out += [g.shape, g.stride(), gh.shape]
    r = torch.rnn_tanh_cell(x[0], h[0], w3, w3[:, :2])
    out += [r.shape]
    return out

def e1(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.lstm(x, [h], [w4, w4[:, :2], b, b], True, 1, 0.0, False, False, True)[0]
def e2(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.lstm(x, [h, h], [w4, w4[:, :2], b], True, 1, 0.0, False, False, True)[0]
def e3(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru(x, h, [w3, w3[:, :2]], False, 1, 0.0, False, True, False)[0]
def e4(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru(x, torch.cat([h, h]), [w3, w3[:, :2]], False, 1, 0.0, False, False, False)[0]
def e5(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru(x, h, [w3, w3[:, :2]], False, 2, 0.0, False, False, False)[0]
def e6(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.rnn_relu(x[:0], h, [w3[:2], w3[:2, :2]], False, 1, 0.0, False, False, False)[0]
def e7(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru_cell(x[0, :, :1], h[0], w3, w3[:, :2])
def e8(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru_cell(x[0], h[0, :1], w3, w3[:, :2])
def e9(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.rnn_tanh_cell(x[0], h[0], w3, w3)
def e10(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.rnn_relu_cell(x[0, 0], h[0], w3, w3[:, :2])
def e11(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru_cell(x[0].double(), h[0], w3, w3[:, :2])
def e12(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru_cell(x[0].long(), h[0].long(), w3.long(), w3[:, :2].long())
def e13(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.lstm(x.double(), [h, h], [w4, w4[:, :2], b, b], True, 1, 0.0, False, False, True)[0]
def e14(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.rnn_relu_cell(x[0], h[0], w3[:2], w3[:2, :2], b[:3], None)
def e15(x: Tensor, h: Tensor, w3: Tensor, w4: Tensor, b: Tensor) -> Tensor:
    return torch.gru(x[0], h, [w3, w3[:, :2]], False, 1, 0.0, False, False, False)[0]
