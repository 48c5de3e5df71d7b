# String formatting as PyTorch 1.13 lowers it: `fmt % value` and `fmt % (a, b)` to aten::percentFormat
# (%d %i %f %e %c %s %%), f-strings and str.format to aten::format.
# Expected output recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":3},{"type":"float","value":"0x1.4p+0"},{"type":"str","value":"hi"}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"type":"str","value":"3items"},{"type":"str","value":"hiand1.25"},{"type":"str","value":"1.250000|1.250000e+00|7|A"},{"type":"str","value":"n=3,x=1.25,s=hi"},{"type":"str","value":"3+3=6"},{"type":"str","value":"100%[1,2]"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"str","value":"3items"},{"type":"str","value":"hiand1.25"},{"type":"str","value":"1.250000|1.250000e+00|7|A"},{"type":"str","value":"n=3,x=1.25,s=hi"},{"type":"str","value":"3+3=6"},{"type":"str","value":"100%[1,2]"}],"type":"Tuple"}]
def f(n: int, x: float, s: str) -> Tuple[str, str, str, str, str, str]:
    a = "%d items" % n
    b = "%s and %s" % (s, x)
    c = "%f|%e|%i|%c" % (x, x, 7.9, 65)
    d = f"n={n}, x={x}, s={s}"
    e = "{} + {} = {}".format(n, n, n + n)
    g = "100%% %s" % [1, 2]
    return a, b, c, d, e, g
