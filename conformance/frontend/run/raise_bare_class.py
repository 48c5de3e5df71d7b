# `raise IndexError` (the class, not called) raises a plain RuntimeError with an empty message in
# 1.13 (prim::RaiseException with no class name); `raise IndexError()` keeps its class. Recorded on
# python3-torch 1.13.1.
# RUN: echo '[{"type":"int","value":1}]' > %t.json
# RUN: for e in jit reference; do for f in bare called formatted bare_exception; do not tsjit run %s --entry $f --inputs %t.json --engine $e 2>&1 | tail -1; done; done | FileCheck %s
# CHECK: error: Error: RuntimeError:
# CHECK-NEXT: error: Error: builtins.IndexError:
# CHECK-NEXT: error: Error: builtins.ValueError: bad 1
# CHECK-NEXT: error: Error: RuntimeError:
# CHECK-NEXT: error: Error: RuntimeError:
# CHECK-NEXT: error: Error: builtins.IndexError:
# CHECK-NEXT: error: Error: builtins.ValueError: bad 1
# CHECK-NEXT: error: Error: RuntimeError:


def bare(n: int) -> int:
    if n > 0:
        raise IndexError
    return n


def called(n: int) -> int:
    if n > 0:
        raise IndexError()
    return n


def formatted(n: int) -> int:
    if n > 0:
        raise ValueError("bad {}".format(n))
    return n


def bare_exception(n: int) -> int:
    if n > 0:
        raise Exception
    return n
