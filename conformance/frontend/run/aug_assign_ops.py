# Augmented assignment as 1.13 emits it (its getAugOp): tensors and lists take add_/sub_/mul_/div_
# and fmod_ for %= (C's sign: -7 %= 4 is -3), but the out-of-place bitwise_and/or/xor and
# __lshift__ for &= |= ^= <<= (the name is rebound; on a subscript t[0] &= m writes nothing) and
# the in-place __irshift__ for >>=; numbers take fmod for %= (a float: int -7 %= 3 is -1.0) and
# pow for **=; //= and @= do not compile. Values recorded on python3-torch 1.13.1
# (scripts/pt113_script_run.py).
# RUN: echo '[{"type": "int", "value": -7}, {"type": "int", "value": 3}]' > %t.i.json
# RUN: echo '[{"type": "float", "value": -7.5}, {"type": "float", "value": 2.0}]' > %t.f.json
# RUN: echo '[{"type": "Tensor", "dtype": "int64", "shape": [4], "data": [-7, 5, 3, 12]}, {"type": "Tensor", "dtype": "int64", "shape": [4], "data": [2, 3, -2, 5]}]' > %t.t.json
# RUN: echo '[{"type": "Tensor", "dtype": "int64", "shape": [4], "data": [-7, 5, 3, 12]}]' > %t.t1.json
# RUN: echo '[{"type": "List", "elem": "float", "items": [{"type": "float", "value": -7.5}, {"type": "float", "value": 3.0}]}]' > %t.l.json
# RUN: echo '[{"type": "Dict", "key": "str", "value": "int", "items": [[{"type": "str", "value": "a"}, {"type": "int", "value": 3}]]}]' > %t.d.json
# RUN: for e in jit reference; do tsjit run %s --entry aug_int --inputs %t.i.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry aug_float --inputs %t.f.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=NUM
# NUM: [{"items":[{"type":"float","value":"-0x1.0000000000000p+0"},{"type":"float","value":"-0x1.5700000000000p+8"},{"type":"int","value":-28},{"type":"int","value":-4},{"type":"int","value":1},{"type":"int","value":-5},{"type":"int","value":-6}],"type":"Tuple"}]
# NUM-NEXT: [{"items":[{"type":"float","value":"-0x1.8000000000000p+0"},{"type":"float","value":"0x1.c200000000000p+5"},{"type":"float","value":"-0x1.e000000000000p+1"},{"type":"float","value":"-0x1.3000000000000p+3"}],"type":"Tuple"}]
# NUM-NEXT: [{"items":[{"type":"float","value":"-0x1.0000000000000p+0"},{"type":"float","value":"-0x1.5700000000000p+8"},{"type":"int","value":-28},{"type":"int","value":-4},{"type":"int","value":1},{"type":"int","value":-5},{"type":"int","value":-6}],"type":"Tuple"}]
# NUM-NEXT: [{"items":[{"type":"float","value":"-0x1.8000000000000p+0"},{"type":"float","value":"0x1.c200000000000p+5"},{"type":"float","value":"-0x1.e000000000000p+1"},{"type":"float","value":"-0x1.3000000000000p+3"}],"type":"Tuple"}]
# RUN: for e in jit reference; do tsjit run %s --entry aug_tensor --inputs %t.t.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry sub_tensor --inputs %t.t1.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry sub_list --inputs %t.l.json --engine $e | tr -d ' \n'; echo; tsjit run %s --entry sub_dict --inputs %t.d.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=TEN
# TEN: [{"items":[{"data":[-1,2,1,2],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[49,25,9,144],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-14,10,6,24],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-4,2,1,6],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[0,1,2,4],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-5,7,-1,13],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-5,6,-3,9],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# TEN-NEXT: [{"items":[{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,1,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,1,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# TEN-NEXT: [{"elem":"float","items":[{"type":"float","value":"-0x1.c000000000000p+1"},{"type":"float","value":"0x1.2000000000000p+3"}],"type":"List"}]
# TEN-NEXT: [{"items":{{\[\[}}"a",{"type":"int","value":13}]],"key":"str","type":"Dict","value":"int"}]
# TEN-NEXT: [{"items":[{"data":[-1,2,1,2],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[49,25,9,144],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-14,10,6,24],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-4,2,1,6],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[0,1,2,4],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-5,7,-1,13],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-5,6,-3,9],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# TEN-NEXT: [{"items":[{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,1,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,1,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"},{"data":[-7,5,3,12],"dtype":"int64","shape":[4],"strides":[1],"type":"Tensor"}],"type":"Tuple"}]
# TEN-NEXT: [{"elem":"float","items":[{"type":"float","value":"-0x1.c000000000000p+1"},{"type":"float","value":"0x1.2000000000000p+3"}],"type":"List"}]
# TEN-NEXT: [{"items":{{\[\[}}"a",{"type":"int","value":13}]],"key":"str","type":"Dict","value":"int"}]
# RUN: not tsjit run %s --entry floordiv --inputs %t.i.json 2>&1 | FileCheck %s --check-prefix=FLOORDIV
# FLOORDIV: unsupported kind of augumented assignment: FloorDiv
# RUN: not tsjit run %s --entry matmul --inputs %t.t.json 2>&1 | FileCheck %s --check-prefix=MATMUL
# MATMUL: unsupported kind of augumented assignment: MatMult
import torch
from torch import Tensor
from typing import Dict, List, Tuple

def aug_int(a: int, b: int) -> Tuple[float, float, int, int, int, int, int]:
    m = a
    m %= b
    p = a
    p **= b
    l = a
    l <<= 2
    r = a
    r >>= 1
    x = a
    x &= b
    o = a
    o |= b
    e = a
    e ^= b
    return m, p, l, r, x, o, e


def aug_float(a: float, b: float) -> Tuple[float, float, float, float]:
    m = a
    m %= b
    p = a
    p **= b
    d = a
    d /= b
    s = a
    s -= b
    return m, p, d, s


def aug_tensor(t: Tensor, u: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor]:
    m = t.clone()
    m %= u
    p = t.clone()
    p **= 2
    l = t.clone()
    l <<= 1
    r = t.clone()
    r >>= 1
    x = t.clone()
    x &= u
    o = t.clone()
    o |= u
    e = t.clone()
    e ^= u
    return m, p, l, r, x, o, e, t


def sub_tensor(t: Tensor) -> Tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    a = t.clone()
    a[0] &= 6
    b = t.clone()
    b[1] %= 4
    c = t.clone()
    c[1:] <<= 1
    d = t.clone()
    d[2] >>= 1
    e = t.clone()
    e[0] **= 2
    return a, b, c, d, e


def sub_list(l: List[float]) -> List[float]:
    l[0] %= 4.0
    l[1] **= 2.0
    return l


def sub_dict(d: Dict[str, int]) -> Dict[str, int]:
    d["a"] <<= 2
    d["a"] ^= 1
    return d


def floordiv(a: int, b: int) -> int:
    a //= b
    return a


def matmul(t: Tensor, u: Tensor) -> Tensor:
    t @= u
    return t
