# Python complex numbers (1.13's `complex`): literals (2j, 0.5 - 1.5j folded to one constant as 1.13
# folds them), + - * / with complex, float and int operands, == / !=, unary minus, sum of a list,
# dict keys, str() in 1.13's spelling (0.+1.j, -nan-nanj), and the math functions of the builtin
# list. Expected strings recorded on python3-torch 1.13.1 (torch.jit.script of these functions,
# x = 2.0). The jit computes as 1.13 (c10's textbook division, the C++ library's complex
# functions) and equals it character for character; the reference (its own formulas in double)
# equals it for the exact operations, and builtin_calls_test compares its math results with the
# jit's under the complex rule (conformance/lib/Compare.cpp).
# RUN: echo '[{"type":"float","value":"0x1.0000000000000p+1"}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e --entry exact_ops; done | FileCheck %s --check-prefix=EXACT
# EXACT: "value": "1.5-0.5j 0.+1.j 0.-0.5j [0.5-1.5j] 2.+0.25j 2.5-1.25j -1.5-1.75j 1.375-2.875j 0.15384615384615385-0.76923076923076927j -0.5+1.5j False True 1.5-1.5j 1.25-3.75j 1.5+1.5j 2.5-1.25j -nan-nanj False True True 1.5811388300841898 5"
# EXACT: "value": "1.5-0.5j 0.+1.j 0.-0.5j [0.5-1.5j] 2.+0.25j 2.5-1.25j -1.5-1.75j 1.375-2.875j 0.15384615384615385-0.76923076923076927j -0.5+1.5j False True 1.5-1.5j 1.25-3.75j 1.5+1.5j 2.5-1.25j -nan-nanj False True True 1.5811388300841898 5"
# RUN: tsjit run %s --inputs %t.json --engine jit --entry math_ops | FileCheck %s --check-prefix=MATH
# MATH: "value": "0.11662592901934636-1.644591201830844j 0.45814536593707755-1.2490457723982544j 1.0200830432087846-0.73523425861564329j 1.1278052468056998-1.8686185191826468j 2.1247991277429961-0.25514922181365163j -2.4808567903468632-2.3486841233930376j -2.-1.5j 0.7162440799296137-1.2194238057237448j 0.1989700043360188-0.54245368659714688j 0.32717749354189513-1.8401102354974215j 0.6609640474436812-1.8019921416822866j 0.17941238577625351+0.48913357774853417j inf-infj 0.27348729014155682-1.2264568712514059j 0.14694666622552977-1.0172219678978514j 0.079324454803956695-0.94437298642262146j 2.0644336567607149+1.0208309495976966j 0.036860823712804462-1.1248012470579227j"
# complex(re, im) / complex(x): aten::Complex on ints, floats, bools and a one-element tensor (1.13's strings).
# RUN: echo '[{"type":"float","value":"0x1.8000000000000p+0"},{"type":"int","value":3},{"type":"Tensor","dtype":"float32","shape":[],"data":["0x1.0000000000000p-1"]}]' > %t.conv.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.conv.json --engine $e --entry conversions | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=CONV
# CONV: "1.5+2.j"},{"type":"str","value":"3.+1.5j"},{"type":"str","value":"1.+3.j"},{"type":"str","value":"1.5+0.j"},{"type":"str","value":"0.5+1.5j"},{"type":"str","value":"1.5+2.j"},{"type":"str","value":"3.+0.j"}]
# CONV: "1.5+2.j"},{"type":"str","value":"3.+1.5j"},{"type":"str","value":"1.+3.j"},{"type":"str","value":"1.5+0.j"},{"type":"str","value":"0.5+1.5j"},{"type":"str","value":"1.5+2.j"},{"type":"str","value":"3.+0.j"}]
# Results as values: the complex encoding of `tsjit run` ([real, imag] as floats), both engines.
# RUN: for e in jit reference; do tsjit run %s --inputs %t.json --engine $e --entry values | tr -d ' \n'; echo; done | FileCheck %s --check-prefix=VALUES
# VALUES: [{"items":[{"type":"complex","value":["0x1.0000000000000p-1","-0x1.8000000000000p+0"]},{"elem":"complex","items":[{"type":"complex","value":["0x1.0000000000000p+1","0x1.0000000000000p-2"]}],"type":"List"}],"type":"Tuple"}]
# VALUES-NEXT: [{"items":[{"type":"complex","value":["0x1.0000000000000p-1","-0x1.8000000000000p+0"]},{"elem":"complex","items":[{"type":"complex","value":["0x1.0000000000000p+1","0x1.0000000000000p-2"]}],"type":"List"}],"type":"Tuple"}]
# The graph keeps 1.13's constant spelling, and the IR parser reads it back.
# RUN: tsjit opt %s --entry folded | FileCheck %s --check-prefix=IR
# IR-DAG: complex = prim::Constant[value=0.5-1.5j]()
# IR-DAG: complex = prim::Constant[value=0.-2.j]()
# RUN: tsjit opt %s --entry folded > %t.ir && for e in jit reference; do tsjit run %t.ir --inputs %t.json --engine $e; done | FileCheck %s --check-prefix=FOLDED
# FOLDED: "value": "1.-3.j 0.-2.j"
# FOLDED: "value": "1.-3.j 0.-2.j"
def exact_ops(x: float) -> str:
    a = 0.5 - 1.5j
    b = complex_of(x)
    d = a * 2j + (0.5 - 1.5j) - x
    out = [str(d), str(1j), str(-0.5j), str([a]), str(b), str(a + b), str(a - b), str(a * b), str(a / b), str(-a),
           str(a == b), str(a != b), str(1 + a), str(a * 2.5), str(2 - a), str(sum([a, b])), str(a / 0j),
           str(torch.isnan(a)), str(torch.isinf(a * 1e308 * 10.0)), str(torch.isfinite(a)), str(abs(a))]
    k = {a: 1, b: 2}
    k[a] = 3
    out.append(str(k[a] + k[b]))
    return " ".join(out)

def complex_of(x: float) -> complex:
    return x + 0.25j

def math_ops(x: float) -> str:
    a = 0.5 - 1.5j
    b = complex_of(x)
    out = [str(torch.exp(a)), str(torch.log(a)), str(torch.sqrt(a)), str(torch.sin(a)), str(torch.tanh(a)),
           str(torch.pow(a, b)), str(torch.pow(a, x)), str(torch.pow(x, a)), str(torch.log10(a)), str(torch.log(a, b)),
           str(torch.log(a, x)), str(torch.log(x, a)), str(torch.log(a, 1)), str(torch.asin(a)), str(torch.atanh(a)),
           str(torch.tan(a)), str(torch.cos(a)), str(torch.sinh(a))]
    return " ".join(out)

def values(x: float) -> Tuple[complex, List[complex]]:
    return 0.5 - 1.5j, [complex_of(x)]

def folded(x: float) -> str:
    a = 0.5 - 1.5j
    return str(a * x) + " " + str(-2j)

def conversions(x: float, n: int, t: Tensor) -> List[str]:
    return [str(complex(x, 2.0)), str(complex(n, x)), str(complex(True, n)), str(complex(x)), str(complex(t, x)),
            str(complex(1.5 + 2j)), str(complex(n))]
