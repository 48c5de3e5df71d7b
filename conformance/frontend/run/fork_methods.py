# torch.jit.fork of methods of values: a Tensor method without arguments (x.relu) and with a
# positional and a keyword argument (x.add), a list method that reads (l.index) and one that mutates
# (l.append: the caller sees the element once the future is waited on), a str method (s.upper).
# 1.13.1 accepts all of them. Both engines; expected output recorded from PyTorch 1.13.1
# (scripts/pt113_script_run.py --inputs), not from tsjit.
# RUN: echo '[{"type":"Tensor","dtype":"float32","shape":[2],"strides":[1],"data":["0x1.0p+0","-0x1.0p+1"]},{"type":"List","elem":"int","items":[{"type":"int","value":5},{"type":"int","value":3}]},{"type":"str","value":"abC"}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"data":["0x1.0000000000000p+0","0x0.0p+0"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"data":["0x1.8000000000000p+1","-0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"int","value":1},{"elem":"int","items":[{"type":"int","value":5},{"type":"int","value":3},{"type":"int","value":7}],"type":"List"},{"type":"str","value":"ABC"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"data":["0x1.0000000000000p+0","0x0.0p+0"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"data":["0x1.8000000000000p+1","-0x1.8000000000000p+2"],"dtype":"float32","shape":[2],"strides":[1],"type":"Tensor"},{"type":"int","value":1},{"elem":"int","items":[{"type":"int","value":5},{"type":"int","value":3},{"type":"int","value":7}],"type":"List"},{"type":"str","value":"ABC"}],"type":"Tuple"}]
def f(x: Tensor, l: List[int], s: str) -> Tuple[Tensor, Tensor, int, List[int], str]:
    fut = torch.jit.fork(x.relu)
    fut2 = torch.jit.fork(x.add, x, alpha=2)
    fut3 = torch.jit.fork(l.index, 3)
    fut4 = torch.jit.fork(l.append, 7)
    fut5 = torch.jit.fork(s.upper)
    torch.jit.wait(fut4)
    return torch.jit.wait(fut), torch.jit.wait(fut2), torch.jit.wait(fut3), l, torch.jit.wait(fut5)
