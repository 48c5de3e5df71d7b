# list(range(...)) builds the list in a loop over the range (what 1.13 emits); math.X is limited to the
# math functions python3-torch 1.13.1 maps to builtins (math.hypot / trunc / log2 are "currently not
# supported" there). Recorded with scripts/pt113_script_run.py.
# RUN: echo '[{"type":"int","value":5}]' > %t.json
# RUN: for e in jit reference; do for f in list_range list_range_step math_ok; do tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tr -d ' \n'; echo; done; done | FileCheck %s
# CHECK: [{"elem":"int","items":[{"type":"int","value":0},{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":4}],"type":"List"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":5},{"type":"int","value":3},{"type":"int","value":1},{"type":"int","value":7}],"type":"List"}]
# CHECK-NEXT: [{"type":"float","value":"0x1.2000000000000p+5"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":0},{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3},{"type":"int","value":4}],"type":"List"}]
# CHECK-NEXT: [{"elem":"int","items":[{"type":"int","value":5},{"type":"int","value":3},{"type":"int","value":1},{"type":"int","value":7}],"type":"List"}]
# CHECK-NEXT: [{"type":"float","value":"0x1.2000000000000p+5"}]
# RUN: for f in math_hypot math_trunc math_log2; do not tsjit run %s --entry $f --inputs %t.json > %t.$f.out 2>&1; head -1 %t.$f.out; done | FileCheck %s --check-prefix=CERR
# CERR: error: Python builtin <built-in function hypot> is currently not supported in Torchscript
# CERR-NEXT: error: Python builtin <built-in function trunc> is currently not supported in Torchscript
# CERR-NEXT: error: Python builtin <built-in function log2> is currently not supported in Torchscript
def list_range(n: int) -> List[int]:
    return list(range(n))
def list_range_step(n: int) -> List[int]:
    x = list(range(n, 0, -2))
    x.append(7)
    return x
def math_ok(n: int) -> float:
    return math.sqrt(4.0) + math.gamma(3.0) + math.fmod(7.0, 3.0) + math.ldexp(1.0, n) + math.copysign(1.0, -0.0)
def math_hypot(n: int) -> float:
    return math.hypot(3.0, 4.0)
def math_trunc(n: int) -> int:
    return math.trunc(2.5)
def math_log2(n: int) -> float:
    return math.log2(8.0)
