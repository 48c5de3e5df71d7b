// Code.h — a Graph compiled for the interpreter: a linear instruction list over registers.
//
// Registers. Every Value of the graph (and of its nested blocks) gets one register. Values whose
// static type is int, float or bool live UNBOXED in the scalar bank (int64 slots; floats stored by
// bit pattern, bools as 0/1); every other value lives in the IValue bank. Constants are not
// registers of the IValue bank: scalar constants are pre-set in the scalar bank's initial image,
// other constants are loaded from the constant table.
//
// Instructions (see OpCode) either move values between the banks and the interpreter's single
// operand stack (LOAD copies a register, MOVE moves it out on the value's last use, STORE pops into
// a register), call an operation resolved ONCE at compile time (OP: ops::resolveOverload(node) ->
// OptimizedKernel), run a fused scalar fast path reading and writing the scalar bank directly
// (IADD dst, a, b ...), or steer control flow (JMP, JF, LOOP). DROP clears a register whose last
// use depends on control flow (a value used in one branch of an If is dropped at the start of the
// other; a value used inside a loop body is dropped after the loop).
//
// Observation (CompileOptions::observe, off by default): every op node — each node compiled to an OP
// or a scalar fast path — is bracketed by OBSIN (its inputs are on the stack or in scalar
// registers, about to be consumed) and OBSOUT (its outputs are on the stack / in their register).
// An InterpreterState with an ExecutionObserver (Interpreter.h) reports them; without one they do
// nothing. Code compiled without `observe` contains no such instruction, so the normal loop pays
// nothing for the feature.
//
// Invariants: a Code never changes after compile(); it may be run by several InterpreterStates
// at once (call-site caches are internally synchronized). A node without an optimized kernel makes
// compile() throw UnsupportedOperator ("operator X has no optimized kernel").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "jit/ir/Function.h"
#include "jit/ir/IValue.h"
#include "jit/kernels/Kernel.h"

namespace tsjit {
class Graph;
class Node;
}  // namespace tsjit

namespace tsjit::runtime {

// The graph uses something the JIT cannot run (no optimized kernel, an opaque constant, an
// unresolvable call). `feature` names the missing piece ("aten::foo.bar").
// A TorchScript `raise` / failed `assert` (prim::RaiseException(msg, cls)). cls is the qualified
// Python class the graph names ("builtins.ValueError"), or "" when it passed None (assert).
class ScriptRaise : public RuntimeError {
 public:
  ScriptRaise(std::string message, std::string cls)
      : RuntimeError(message, cls.empty() ? "RuntimeError" : cls), message_(std::move(message)), cls_(std::move(cls)) {}
  const std::string& scriptMessage() const { return message_; }
  const std::string& cls() const { return cls_; }

 private:
  std::string message_;
  std::string cls_;
};

class UnsupportedOperator : public std::runtime_error {
 public:
  UnsupportedOperator(const std::string& what, std::string feature)
      : std::runtime_error(what), feature_(std::move(feature)) {}
  const std::string& feature() const { return feature_; }

 private:
  std::string feature_;
};

#define TSJIT_FORALL_OPCODES(_)                                                           \
  /* stack <-> registers */                                                               \
  _(LOAD) _(MOVE) _(LOADI) _(LOADF) _(LOADB) _(LOADC) _(STORE) _(STOREI) _(STOREF)        \
  _(STOREB) _(POP) _(DROP)                                                                \
  /* register to register (a = dst, b = src) */                                           \
  _(COPY) _(MOVEREG) _(ICOPY)                                                             \
  /* calls */                                                                             \
  /* OP a = operation, b = its output count (checked), n = its input count */             \
  _(OP) _(CALLM) _(CALLF)                                                         \
  /* control flow: JMP a = target; JF a = target, b = scalar cond register */             \
  _(JMP) _(JF) _(LOOPTEST) _(RET)                                                          \
  /* int fast paths: a = dst, b, c = scalar registers */                                  \
  _(IADD) _(ISUB) _(IMUL) _(IFLOORDIV) _(IREM) _(INEG) _(IAND) _(IOR) _(IXOR) _(ISHL)     \
  _(ISHR) _(ILT) _(ILE) _(IGT) _(IGE) _(IEQ) _(INE) _(INC)                                \
  /* float fast paths: n bit0 = b holds an int, bit1 = c holds an int */                  \
  _(FADD) _(FSUB) _(FMUL) _(FDIV) _(FLT) _(FLE) _(FGT) _(FGE) _(FEQ) _(FNE) _(FNEG)       \
  /* bool */                                                                              \
  _(BNOT) _(BAND) _(BOR) _(BXOR)                                                          \
  /* observation (CompileOptions::observe): a = observe site; OBSIN n = inputs on the stack, */ \
  /* OBSOUT b = outputs on the stack (sites of fast paths read scalar registers instead) */    \
  _(OBSIN) _(OBSOUT)

enum class OpCode : uint8_t {
#define TSJIT_OPCODE_ENUM(name) name,
  TSJIT_FORALL_OPCODES(TSJIT_OPCODE_ENUM)
#undef TSJIT_OPCODE_ENUM
};
const char* toString(OpCode op);

struct Instruction {
  OpCode op;
  uint8_t flags = 0;
  uint16_t n = 0;  // number of stack inputs (OP / CALLM / CALLF / PRIM), or operand-kind bits
  int32_t a = 0;
  int32_t b = 0;
  int32_t c = 0;
};
static_assert(sizeof(Instruction) == 16);

class Code;
class ProfilingRecord;

// Call-site cache of CALLM / CALLF: the callee's Code, compiled once per Function (graph).
struct CallSite {
  std::string methodName;  // CALLM
  std::string description;
  mutable std::mutex mutex;
  mutable const Function* fn = nullptr;
  mutable std::shared_ptr<Graph> graph;  // keeps the graph alive while cached
  mutable std::shared_ptr<const Code> code;
};

// Options of compile(): how `prim::Constant[name="f"]` Function constants resolve.
struct CompileOptions {
  std::function<Function*(const std::string& name)> resolveFunction;
  // Emit OBSIN / OBSOUT around every op node (see the header comment).
  bool observe = false;
  // observe: the node an observer is told about for a node of the compiled graph (GraphExecutor
  // maps its private copy back to the graph it was given); nodes not in the map report themselves.
  std::shared_ptr<const std::unordered_map<const Node*, const Node*>> nodeOrigins;
  // prim::profile nodes record into this (the profiling executor, ProfilingOps.h); without one
  // they only pass their value through.
  std::shared_ptr<ProfilingRecord> profiling;
  // How prim::FallbackGraph subgraphs are compiled (the profiling executor profiles and specializes
  // them again); unset: the interpreter runs them.
  std::function<kernels::Operation(std::shared_ptr<Graph>)> compileFallback;
};

class Code {
 public:
  // Compiles `graph` (kept alive by the Code). Throws UnsupportedOperator (see above) and
  // CompileError for malformed graphs.
  static std::shared_ptr<const Code> compile(std::shared_ptr<Graph> graph, const CompileOptions& options = {});

  const Graph& graph() const { return *graph_; }
  const std::vector<Instruction>& instructions() const { return instructions_; }
  size_t numRegisters() const { return numRegs_; }
  size_t numScalarRegisters() const { return scalarInit_.size(); }
  size_t numInputs() const { return inputKinds_.size(); }
  size_t numOutputs() const { return numOutputs_; }
  // Human-readable listing: one instruction per line, "  12 MOVE r3   # %x.1", kernels by name.
  std::string dump() const;
  // Whether the Code was compiled with CompileOptions::observe.
  bool observed() const { return options_.observe; }

 private:
  friend class CodeBuilder;
  friend class InterpreterState;
  enum class Bank : uint8_t { Boxed, Int, Float, Bool };
  // OBSIN / OBSOUT a -> observeSites_[a]: the node to report, and for scalar fast paths the
  // registers holding its inputs and its output (OP nodes: empty, values are on the stack).
  struct ObserveSite {
    const Node* node = nullptr;
    bool fromRegisters = false;
    std::vector<std::pair<Bank, int32_t>> inputs, outputs;
  };

  std::shared_ptr<Graph> graph_;
  std::vector<Instruction> instructions_;
  std::vector<std::string> comments_;           // per instruction (dump)
  std::vector<kernels::Operation> operations_;  // OP a -> operations_[a] (kernels and prim ops)
  std::vector<std::string> operationNames_;
  std::vector<const ops::OpOverload*> operationOverloads_;  // OP a -> its overload (null: prim op)
  std::vector<std::shared_ptr<Function>> unresolvedFunctions_;  // Function constants with no graph
  std::vector<IValue> constants_;               // LOADC a -> constants_[a]
  std::vector<std::unique_ptr<CallSite>> callSites_;
  std::vector<ObserveSite> observeSites_;
  std::vector<int64_t> scalarInit_;             // initial image of the scalar bank
  size_t numRegs_ = 0;                          // IValue bank size
  std::vector<std::pair<Bank, int32_t>> inputKinds_;  // graph input i -> (bank, register)
  size_t numOutputs_ = 0;
  CompileOptions options_;
};

}  // namespace tsjit::runtime
