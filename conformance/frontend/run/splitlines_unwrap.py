# str.splitlines with 1.13's TorchScript behaviour (unlike CPython: every byte of \n \r \v \f \x1c-\x1e
# ends a line, so "\r\n" ends two, and keepends=True returns each break as an item of its own), the
# tensor properties is_cuda / is_nested (prim::is_cuda, prim::is_nested) and
# torch.jit._unwrap_optional (aten::_unwrap_optional: the value, or "Unwrapping null optional").
# Recorded on python3-torch 1.13.1 (scripts/pt113_script_run.py); both engines.
# RUN: echo '[{"type":"str","value":"x\ny\r\nz\u000bw\u001cq\n\n"},{"type":"Tensor","dtype":"float32","shape":[1],"data":[1.0]},{"type":"int","value":3}]' > %t.json
# RUN: for e in jit reference; do tsjit run %s --entry f --inputs %t.json --engine $e | tr -d ' \n'; echo; done | FileCheck %s
# CHECK: [{"items":[{"elem":"str","items":[{"type":"str","value":"x"},{"type":"str","value":"y"},{"type":"str","value":""},{"type":"str","value":"z"},{"type":"str","value":"w"},{"type":"str","value":"q"},{"type":"str","value":""}],"type":"List"},{"elem":"str","items":[{"type":"str","value":"x"},{"type":"str","value":"\n"},{"type":"str","value":"y"},{"type":"str","value":"\r"},{"type":"str","value":""},{"type":"str","value":"\n"},{"type":"str","value":"z"},{"type":"str","value":"\u000b"},{"type":"str","value":"w"},{"type":"str","value":"\u001c"},{"type":"str","value":"q"},{"type":"str","value":"\n"},{"type":"str","value":""},{"type":"str","value":"\n"}],"type":"List"},{"elem":"str","items":[{"type":"str","value":"a"},{"type":"str","value":"\n"},{"type":"str","value":""},{"type":"str","value":"\n"},{"type":"str","value":"b"},{"type":"str","value":"\r"},{"type":"str","value":""},{"type":"str","value":"\n"}],"type":"List"},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"int","value":4}],"type":"Tuple"}]
# CHECK-NEXT: [{"items":[{"elem":"str","items":[{"type":"str","value":"x"},{"type":"str","value":"y"},{"type":"str","value":""},{"type":"str","value":"z"},{"type":"str","value":"w"},{"type":"str","value":"q"},{"type":"str","value":""}],"type":"List"},{"elem":"str","items":[{"type":"str","value":"x"},{"type":"str","value":"\n"},{"type":"str","value":"y"},{"type":"str","value":"\r"},{"type":"str","value":""},{"type":"str","value":"\n"},{"type":"str","value":"z"},{"type":"str","value":"\u000b"},{"type":"str","value":"w"},{"type":"str","value":"\u001c"},{"type":"str","value":"q"},{"type":"str","value":"\n"},{"type":"str","value":""},{"type":"str","value":"\n"}],"type":"List"},{"elem":"str","items":[{"type":"str","value":"a"},{"type":"str","value":"\n"},{"type":"str","value":""},{"type":"str","value":"\n"},{"type":"str","value":"b"},{"type":"str","value":"\r"},{"type":"str","value":""},{"type":"str","value":"\n"}],"type":"List"},{"type":"bool","value":false},{"type":"bool","value":false},{"type":"int","value":4}],"type":"Tuple"}]
# RUN: for e in jit reference; do not tsjit run %s --entry e1 --inputs %t.json --engine $e 2>&1; done | FileCheck %s --check-prefix=ERR
# ERR: error: RuntimeError: Unwrapping null optional
# ERR-NEXT: error: RuntimeError: Unwrapping null optional
def f(s: str, x: Tensor, o: Optional[int]) -> Tuple[List[str], List[str], List[str], bool, bool, int]:
    return s.splitlines(), s.splitlines(True), "a\n\nb\r\n".splitlines(keepends=True), x.is_cuda, x.is_nested, torch.jit._unwrap_optional(o) + 1

def e1(s: str, x: Tensor, o: Optional[int]) -> int:
    p: Optional[int] = None
    if o is not None and o > 5:
        p = o
    return torch.jit._unwrap_optional(p)
