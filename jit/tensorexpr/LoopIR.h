// LoopIR.h — the tensor-expression loop IR of the fuser: buffers, scalar expressions (immediates,
// variables, loads, arithmetic, comparisons, casts, selects, intrinsics) and statements (blocks,
// counted loops, stores, local variables). A fusion group is lowered to one LoopKernel
// (Lower.h); the backends (Interpreter, LLVM, CUDA C) all consume this IR.
//
// Invariants:
//   * Nodes are immutable and shared (ExprPtr / StmtPtr); transformations build new trees.
//   * Every expression has a dtype. Arithmetic (BinOp) and intrinsics only compute in Bool, Int64,
//     Float or Double, with operands of the node's dtype; the 16-bit floats and the narrow integers
//     appear only as buffer element types, reached through Load / Store and Cast.
//   * A Cast has PyTorch's conversion semantics (jit/tensor/ScalarConvert.h): to bool is != 0,
//     floating -> int64 gives INT64_MIN out of range, floating -> narrower ints goes through a
//     32-bit conversion (INT32_MIN out of range) then wraps, double -> half rounds through float.
//   * Index expressions are Int64 and count elements (not bytes) from the buffer's data pointer.
//   * Loop bounds are Int64 expressions; a loop runs var = start, start+1, ..., stop-1.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jit/tensor/ScalarType.h"

namespace tsjit::tensorexpr {

enum class ExprKind { IntImm, FloatImm, Var, Load, Binary, Compare, Cast, Select, Intrinsic };

enum class BinOp { Add, Sub, Mul, Div, Mod, Max, Min, And, Or, Xor };
// Div of integers truncates toward zero; Mod of integers has the dividend's sign (C semantics;
// lowerings build Python's floor semantics from these). Max / Min of floats propagate NaN.
enum class CmpOp { EQ, NE, LT, LE, GT, GE };
// Intrinsics of floating operands (Float or Double) unless noted. Abs and Neg also take Int64.
enum class Intrinsic {
  Exp, Log, Tanh, Sigmoid, Sqrt, Rsqrt, Abs, Neg, Floor, Ceil, Trunc, Round, Sin, Cos,
  Log2, Log10, Log1p, Expm1, Erf, IsNan, Pow, Fma,  // IsNan -> Bool; Pow binary; Fma(a, b, c) = a * b + c rounded once
};

const char* toString(BinOp op);
const char* toString(CmpOp op);
const char* toString(Intrinsic op);

struct Buffer {
  std::string name;
  ScalarType dtype = ScalarType::Float;
  std::vector<int64_t> sizes;    // logical shape (informative: indices are precomputed)
  std::vector<int64_t> strides;  // element strides
  bool isOutput = false;
};
using BufferPtr = std::shared_ptr<const Buffer>;

struct ExprNode;
using ExprPtr = std::shared_ptr<const ExprNode>;

struct ExprNode {
  ExprKind kind;
  ScalarType dtype;
  int64_t intValue = 0;   // IntImm (Bool immediates are IntImm 0/1 of dtype Bool)
  double floatValue = 0;  // FloatImm
  std::string name;       // Var
  int op = 0;             // BinOp / CmpOp / Intrinsic
  BufferPtr buffer;       // Load
  std::vector<ExprPtr> operands;  // Load: {index}; Select: {cond, a, b}; others their inputs

  bool isImm() const { return kind == ExprKind::IntImm || kind == ExprKind::FloatImm; }
  bool isIntImm(int64_t v) const { return kind == ExprKind::IntImm && intValue == v; }
};

// ---- expression builders (check the typing invariants; InternalError on misuse) ----
ExprPtr intImm(int64_t v, ScalarType dtype = ScalarType::Int64);
ExprPtr boolImm(bool v);
ExprPtr floatImm(double v, ScalarType dtype = ScalarType::Float);
ExprPtr var(const std::string& name, ScalarType dtype);
ExprPtr load(BufferPtr buffer, ExprPtr index);
ExprPtr binary(BinOp op, ExprPtr a, ExprPtr b);
ExprPtr compare(CmpOp op, ExprPtr a, ExprPtr b);
ExprPtr cast(ScalarType to, ExprPtr x);  // identity when x already has dtype `to`
ExprPtr select(ExprPtr cond, ExprPtr a, ExprPtr b);
ExprPtr intrinsic(Intrinsic op, std::vector<ExprPtr> args);
// The Bool / Int64 / Float / Double type arithmetic on a value of dtype t is done in.
ScalarType computeType(ScalarType t);

enum class StmtKind { Block, For, Store, Let, Assign };

struct StmtNode;
using StmtPtr = std::shared_ptr<const StmtNode>;

struct LoopOptions {
  bool vectorize = false;  // the innermost loop over unit-stride accesses
  bool parallel = false;   // an outer loop whose iterations are independent
};

struct StmtNode {
  StmtKind kind;
  ExprPtr var;    // For: the loop variable; Let / Assign: the local variable
  ExprPtr start;  // For
  ExprPtr stop;   // For
  ExprPtr value;  // Store / Let / Assign
  ExprPtr index;  // Store
  BufferPtr buffer;  // Store
  std::vector<StmtPtr> body;  // Block: its statements; For: the loop body
  LoopOptions options;        // For
};

StmtPtr block(std::vector<StmtPtr> stmts);
StmtPtr forLoop(ExprPtr loopVar, ExprPtr start, ExprPtr stop, std::vector<StmtPtr> body,
                LoopOptions options = {});
StmtPtr store(BufferPtr buffer, ExprPtr index, ExprPtr value);  // value cast to the buffer's dtype
StmtPtr let(ExprPtr localVar, ExprPtr value);
StmtPtr assign(ExprPtr localVar, ExprPtr value);

// A kernel's parameter: a buffer (its data pointer) or a runtime scalar (Int64 / Double / Bool).
struct KernelParam {
  BufferPtr buffer;  // set for buffers
  ExprPtr scalar;    // the Var, set for scalars
};

struct LoopKernel {
  std::string name;
  std::vector<KernelParam> params;  // inputs in the group's order, then the outputs
  StmtPtr body;
};

// The printer: one statement per line, two-space indentation, e.g.
//   for i0 in 0..16 vectorize {
//     out0[i0] = float(sigmoid(in0[i0 * 1]) * 0.5f)
//   }
std::string toString(const ExprPtr& e);
std::string toString(const StmtPtr& s, int indent = 0);
std::string toString(const LoopKernel& k);

}  // namespace tsjit::tensorexpr
