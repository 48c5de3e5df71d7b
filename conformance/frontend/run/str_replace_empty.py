# str.replace as TorchScript 1.13 computes it, which is not Python for an empty old string: 1.13
# searches again just after each insertion, so "abc".replace("", "-", 2) is "--abc" (Python:
# "-a-bc"); without a count 1.13 never stops (std::bad_alloc), which tsjit reports as an error.
# Expected values recorded from PyTorch 1.13 (scripts/pt113_script_run.py), not from tsjit.
# RUN: echo '[{"type":"int","value":2}]' > %t.a.json
# RUN: for e in jit reference; do tsjit run %s --inputs %t.a.json --engine $e --entry f 2>&1 | tr -d ' \n'; echo; done | FileCheck %s
# RUN: for e in jit reference; do not tsjit run %s --inputs %t.a.json --engine $e --entry g 2>&1; done | FileCheck %s --check-prefix=ERR
# CHECK: [{"items":[{"type":"str","value":"--abc"},{"type":"str","value":"abc"},{"type":"str","value":"xyxy"},{"type":"str","value":"bbbba"},{"type":"str","value":"ac"},{"type":"str","value":"a--b--c"}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"type":"str","value":"--abc"},{"type":"str","value":"abc"},{"type":"str","value":"xyxy"},{"type":"str","value":"bbbba"},{"type":"str","value":"ac"},{"type":"str","value":"a--b--c"}],"type":"Tuple"}]
# ERR: error: RuntimeError: str.replace("", new) without a count never ends
# ERR: error: RuntimeError: str.replace("", new) without a count never ends
def f(x: int) -> Tuple[str, str, str, str, str, str]:
    s = "abc"
    return (s.replace("", "-", 2), s.replace("", "", x), "".replace("", "xy", x), "aaa".replace("a", "bb", 2),
            s.replace("b", ""), "a-b-c".replace("-", "--"))


def g(x: int) -> str:
    return "abc".replace("", "-")
