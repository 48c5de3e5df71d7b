// SourceGen.h — random well-typed TorchScript programs (scalars, strings, lists; optionally tensors), for the source-level
// fuzzer (`tsjit fuzz --target source`). TorchScript is a subset of Python, so each program also
// runs under CPython, the second oracle.
//
// A program is one function `def NAME():` of top-level statements, after its definitions: up to two
// helper functions `NAME_hK(l: List[int], a: int, b: float = F, c: bool = B, s: str = S) -> R`
// (statements over their parameters, called positionally or by keyword, never from each other)
// and, without tensors, in half of the programs a class `C_NAME` (int, str and List[int]
// attributes, an updating method, a str method, __len__ / __contains__ / __getitem__). The function
// declares int, float, bool, str, List[int] and Dict[str, int] variables (and the object), then
// assignments, if/elif/else, for-range and counted while loops (nested, reassigning outer
// variables with values of their own type; for-loops may break or continue, while-loops break),
// list appends, dict and attribute writes, comprehension rebuilds, and conditional
// `raise ValueError(...)`; it returns a tuple of every top-level variable (the object's
// attributes for the object). Expressions cover integer and float arithmetic (+ - * // % / with
// Python's floor semantics, abs, min, max, int()/float() conversions, float ** with bases in
// [0, 4] and positive exponents, math.sqrt of an abs), comparisons, and/or/not, ternaries, `in`,
// len, indexing and slicing of lists and strings, str(), string concatenation and methods,
// f-strings / format / % of ints, strs and bools, sum/min/max of lists, comprehensions, helper
// calls, method calls, dict get / in / len.
// Invariants, so that a difference is a bug and never Python vs TorchScript by design: ints stay far
// from int64 overflow (factors of products are reduced mod 1000, accumulations are bounded by the
// program's size), divisors and moduli are never zero, list indices are taken modulo a length that
// is never zero, strings and lists stay short, int() only sees finite floats of small magnitude,
// str() is never applied to a float (TorchScript and Python print floats differently), and
// floats never meet `%` (TorchScript 1.13 computes float % as fmod(b + fmod(a, b), b)).
// The Python side states TorchScript's float min/max (second operand on ties of signed zeros) rather
// than avoiding every such tie (SourceCampaign.cpp).
// With `tensors`, the program also declares two float32 [2, 3] tensors t0, t1 (torch.tensor of
// literals) and v0 = t0[1], a view, and draws tensor statements: assignments of tensor expressions
// (elementwise, where, clamp, broadcasting against v0, reductions expanded back, cat/stack,
// flip, reshape, softmax, cumsum, log/exp/division making NaN and ±inf), in-place ops on t0/t1, on
// rows selected by a computed index, on a column slice and on v0 (writes through aliases), and ints,
// floats and bools read from tensors into the scalar program. Such programs are not Python without
// torch, so the campaign checks them jit vs reference in lockstep instead of against CPython.
// Statements are kept as a list so that a failing program can be reduced statement by statement.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tsjit::fuzz {

struct SourceProgram {
  std::string name;                      // the function's name
  std::vector<std::string> definitions;   // helper functions and a class, written before the function
  std::vector<std::string> declarations;  // top-level `x = literal` lines, kept by the reducer
  std::vector<std::string> statements;    // top-level statements (each may span several lines)
  std::vector<std::string> returned;      // the variables returned, in order
  bool tensors = false;                   // declares and uses tensors (see above)

  // The program's text: `def NAME():`, its body and `return (...)`.
  std::string text() const;
};

SourceProgram generateSourceProgram(uint64_t seed, const std::string& name, size_t statements = 8,
                                    bool tensors = false);

}  // namespace tsjit::fuzz
