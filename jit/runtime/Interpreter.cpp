// Interpreter.cpp — the instruction loop of InterpreterState (Interpreter.h, Code.h), and the
// reports of observed Code to an ExecutionObserver.
// Scalar fast paths follow TorchScript's int64 semantics: wrapping + - *, Python floor division
// and remainder (sign of the divisor); a zero divisor raises "division by 0" for // (PyTorch
// 1.13's message) and Python's ZeroDivisionError message for % (where PyTorch 1.13 dies of SIGFPE).
#include "jit/runtime/Interpreter.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/runtime/WithOps.h"
#include "jit/support/Error.h"

namespace tsjit::runtime {

namespace {

thread_local size_t callDepth = 0;
constexpr size_t kMaxCallDepth = 200;

inline double asF(int64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}
inline int64_t fromF(double d) {
  int64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}
inline int64_t unboxInt(const IValue& v) {
  if (v.isInt()) return v.toInt();
  if (v.isBool()) return v.toBool() ? 1 : 0;
  if (v.isUninitialized() || v.isNone()) return 0;
  return v.toInt();  // InternalError naming the tag
}
inline int64_t unboxFloat(const IValue& v) {
  if (v.isDouble()) return fromF(v.toDouble());
  if (v.isInt()) return fromF(static_cast<double>(v.toInt()));
  if (v.isUninitialized() || v.isNone()) return 0;
  return fromF(v.toDouble());
}
inline int64_t unboxBool(const IValue& v) {
  if (v.isBool()) return v.toBool() ? 1 : 0;
  if (v.isInt()) return v.toInt() != 0;
  if (v.isUninitialized() || v.isNone()) return 0;
  return v.toBool();
}
inline int64_t wrapAdd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
inline int64_t wrapSub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
inline int64_t wrapMul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }

[[noreturn]] void zeroDivision() { throw RuntimeError("ZeroDivisionError: integer division or modulo by zero"); }

inline int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0) throw RuntimeError("division by 0");  // PyTorch 1.13's floordiv(int64_t, int64_t)
  if (b == -1) return wrapSub(0, a);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
inline int64_t pyRem(int64_t a, int64_t b) {
  if (b == 0) zeroDivision();
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

}  // namespace

InterpreterState::InterpreterState(std::shared_ptr<const Code> code) : code_(std::move(code)) {}

std::vector<IValue> InterpreterState::call(std::vector<IValue> inputs) {
  if (inputs.size() != code_->numInputs())
    throw CompileError(str("expected ", code_->numInputs(), " inputs but got ", inputs.size()));
  Stack st = std::move(inputs);
  run(st);
  return st;
}

void InterpreterState::run(Stack& stack) {
  struct Cleanup {
    InterpreterState& s;
    ~Cleanup() {
      for (auto& r : s.regs_) r = IValue();
      s.stack_.clear();
    }
  } cleanup{*this};
  size_t entered = enteredDepth();
  try {
    execute(stack);
  } catch (...) {
    // `with` blocks this run entered and did not leave: their __exit__ runs before the error
    // propagates (WithOps.h).
    if (enteredDepth() > entered) exitEnteredDownTo(entered);
    throw;
  }
}

void InterpreterState::invoke(const CallSite& site, const Function& fn, Stack& st, size_t numInputs) {
  if (!fn.graph())
    throw UnsupportedOperator(str("prim::CallFunction: the function '", fn.qualifiedName(), "' has no graph"),
                              "prim::CallFunction " + fn.qualifiedName());
  std::shared_ptr<const Code> callee;
  {
    std::lock_guard<std::mutex> lock(site.mutex);
    if (site.fn != &fn || site.graph != fn.graph() || !site.code) {
      site.code = Code::compile(fn.graph(), code_->options_);
      site.fn = &fn;
      site.graph = fn.graph();
    }
    callee = site.code;
  }
  if (callee->numInputs() != numInputs)
    throw CompileError(str("call of ", fn.qualifiedName(), " with ", numInputs, " arguments; it takes ",
                           callee->numInputs()));
  if (callDepth >= kMaxCallDepth) throw RuntimeError("maximum recursion depth exceeded");
  ++callDepth;
  struct Depth {
    ~Depth() { --callDepth; }
  } depthGuard;
  InterpreterState state(std::move(callee));
  state.observer_ = observer_;
  state.run(st);
}

// OBSIN / OBSOUT (Code.h): not inlined into the loop; Code compiled without observe never gets here.
[[gnu::noinline]] void InterpreterState::observe(const Instruction& ins) {
  if (!observer_) return;
  const Code::ObserveSite& site = code_->observeSites_[static_cast<size_t>(ins.a)];
  bool before = ins.op == OpCode::OBSIN;
  if (site.fromRegisters) {
    const auto& locs = before ? site.inputs : site.outputs;
    IValue vals[2];
    size_t n = std::min<size_t>(locs.size(), 2);
    for (size_t i = 0; i < n; ++i) {
      int64_t bits = scalars_[static_cast<size_t>(locs[i].second)];
      switch (locs[i].first) {
        case Code::Bank::Int: vals[i] = IValue(bits); break;
        case Code::Bank::Float: vals[i] = IValue(asF(bits)); break;
        case Code::Bank::Bool: vals[i] = IValue(bits != 0); break;
        case Code::Bank::Boxed: vals[i] = regs_[static_cast<size_t>(locs[i].second)]; break;
      }
    }
    if (before) observer_->beforeOp(*site.node, vals, n);
    else observer_->afterOp(*site.node, vals, n);
    return;
  }
  size_t n = before ? ins.n : static_cast<size_t>(ins.b);
  TSJIT_CHECK(stack_.size() >= n, "interpreter: observe site with fewer values on the stack than expected");
  const IValue* values = stack_.data() + (stack_.size() - n);
  if (before) observer_->beforeOp(*site.node, values, n);
  else observer_->afterOp(*site.node, values, n);
}

void InterpreterState::execute(Stack& caller) {
  const Code& c = *code_;
  scalars_.assign(c.scalarInit_.begin(), c.scalarInit_.end());
  if (regs_.size() < c.numRegs_) regs_.resize(c.numRegs_);
  int64_t* S = scalars_.data();
  IValue* R = regs_.data();
  Stack& st = stack_;

  size_t nin = c.inputKinds_.size();
  TSJIT_CHECK(caller.size() >= nin, "interpreter: the stack holds fewer values than the code's inputs");
  size_t base = caller.size() - nin;
  for (size_t i = 0; i < nin; ++i) {
    auto [bank, reg] = c.inputKinds_[i];
    IValue& v = caller[base + i];
    switch (bank) {
      case Code::Bank::Boxed: R[reg] = std::move(v); break;
      case Code::Bank::Int: S[reg] = unboxInt(v); break;
      case Code::Bank::Float: S[reg] = unboxFloat(v); break;
      case Code::Bank::Bool: S[reg] = unboxBool(v); break;
    }
  }
  caller.resize(base);

  const Instruction* code = c.instructions_.data();
  const Instruction* pc = code;
  for (;;) {
    const Instruction& ins = *pc++;
    switch (ins.op) {
      case OpCode::LOAD: st.push_back(R[ins.a]); break;
      case OpCode::MOVE: st.push_back(std::move(R[ins.a])); break;
      case OpCode::LOADI: st.emplace_back(S[ins.a]); break;
      case OpCode::LOADF: st.emplace_back(asF(S[ins.a])); break;
      case OpCode::LOADB: st.emplace_back(S[ins.a] != 0); break;
      case OpCode::LOADC: st.push_back(c.constants_[ins.a]); break;
      case OpCode::STORE: R[ins.a] = std::move(st.back()); st.pop_back(); break;
      case OpCode::STOREI: S[ins.a] = unboxInt(st.back()); st.pop_back(); break;
      case OpCode::STOREF: S[ins.a] = unboxFloat(st.back()); st.pop_back(); break;
      case OpCode::STOREB: S[ins.a] = unboxBool(st.back()); st.pop_back(); break;
      case OpCode::POP: st.pop_back(); break;
      case OpCode::DROP: R[ins.a] = IValue(); break;
      case OpCode::COPY: R[ins.a] = R[ins.b]; break;
      case OpCode::MOVEREG: R[ins.a] = std::move(R[ins.b]); break;
      case OpCode::ICOPY: S[ins.a] = S[ins.b]; break;
      case OpCode::OP: {
        // Kernel protocol (jit/kernels/Kernel.h): pop ins.n inputs, push exactly ins.b outputs. A
        // kernel breaking it would make the STOREs below pop the wrong values (or an empty stack).
        size_t below = st.size() - ins.n;  // stack size without the inputs
        // The one autograd test of the default path (jit/kernels/AutogradHook.h).
        if (anyTensorRequiresGrad()) [[unlikely]]
          kernels::runOperation(c.operationOverloads_[ins.a], c.operations_[ins.a], st, ins.n);
        else
          c.operations_[ins.a](st, ins.n);
        TSJIT_CHECK(st.size() == below + static_cast<size_t>(ins.b), "interpreter: operation ",
                    c.operationNames_[ins.a], " pushed ", static_cast<int64_t>(st.size()) - static_cast<int64_t>(below),
                    " values instead of its ", ins.b, " outputs");
        break;
      }
      case OpCode::CALLM: {
        const CallSite& site = *c.callSites_[ins.a];
        const IValue& self = st[st.size() - ins.n];
        Function* fn = self.toObjectRef().type->findMethod(site.methodName);
        if (!fn)
          throw UnsupportedOperator(str("prim::CallMethod: ", self.toObjectRef().type->qualifiedName(),
                                        " has no method '", site.methodName, "'"),
                                    "prim::CallMethod " + site.methodName);
        invoke(site, *fn, st, ins.n);
        break;
      }
      case OpCode::CALLF: {
        const CallSite& site = *c.callSites_[ins.a];
        size_t at = st.size() - ins.n;
        Function* fn = st[at].toFunction();
        st.erase(st.begin() + static_cast<std::ptrdiff_t>(at));
        invoke(site, *fn, st, ins.n - 1u);
        break;
      }
      case OpCode::JMP: pc = code + ins.a; break;
      case OpCode::JF:
        if (!S[ins.b]) pc = code + ins.a;
        break;
      case OpCode::LOOPTEST:
        if (!(S[ins.b] && S[ins.c] < S[ins.c + 1])) pc = code + ins.a;
        break;
      case OpCode::INC: ++S[ins.a]; break;
      case OpCode::RET: {
        size_t n = ins.n;
        for (size_t i = st.size() - n; i < st.size(); ++i) caller.push_back(std::move(st[i]));
        st.resize(st.size() - n);
        return;
      }
      case OpCode::IADD: S[ins.a] = wrapAdd(S[ins.b], S[ins.c]); break;
      case OpCode::ISUB: S[ins.a] = wrapSub(S[ins.b], S[ins.c]); break;
      case OpCode::IMUL: S[ins.a] = wrapMul(S[ins.b], S[ins.c]); break;
      case OpCode::IFLOORDIV: S[ins.a] = floorDiv(S[ins.b], S[ins.c]); break;
      case OpCode::IREM: S[ins.a] = pyRem(S[ins.b], S[ins.c]); break;
      case OpCode::INEG: S[ins.a] = wrapSub(0, S[ins.b]); break;
      case OpCode::IAND: S[ins.a] = S[ins.b] & S[ins.c]; break;
      case OpCode::IOR: S[ins.a] = S[ins.b] | S[ins.c]; break;
      case OpCode::IXOR: S[ins.a] = S[ins.b] ^ S[ins.c]; break;
      // 1.13 shifts as x86 does: the count taken mod 64 (1 << -1 is 1 << 63, 1 << 64 is 1).
      case OpCode::ISHL: S[ins.a] = static_cast<int64_t>(static_cast<uint64_t>(S[ins.b]) << (S[ins.c] & 63)); break;
      case OpCode::ISHR: S[ins.a] = S[ins.b] >> (S[ins.c] & 63); break;
      case OpCode::ILT: S[ins.a] = S[ins.b] < S[ins.c]; break;
      case OpCode::ILE: S[ins.a] = S[ins.b] <= S[ins.c]; break;
      case OpCode::IGT: S[ins.a] = S[ins.b] > S[ins.c]; break;
      case OpCode::IGE: S[ins.a] = S[ins.b] >= S[ins.c]; break;
      case OpCode::IEQ: S[ins.a] = S[ins.b] == S[ins.c]; break;
      case OpCode::INE: S[ins.a] = S[ins.b] != S[ins.c]; break;
#define TSJIT_FLOAT_OPERANDS                                                                  \
  double x = (ins.n & 1) ? static_cast<double>(S[ins.b]) : asF(S[ins.b]);                   \
  double y = (ins.n & 2) ? static_cast<double>(S[ins.c]) : asF(S[ins.c]);
      case OpCode::FADD: { TSJIT_FLOAT_OPERANDS S[ins.a] = fromF(x + y); break; }
      case OpCode::FSUB: { TSJIT_FLOAT_OPERANDS S[ins.a] = fromF(x - y); break; }
      case OpCode::FMUL: { TSJIT_FLOAT_OPERANDS S[ins.a] = fromF(x * y); break; }
      // TorchScript's `/` never raises: x / 0 is inf, -inf or nan (PyTorch 1.13's aten::div.float).
      case OpCode::FDIV: { TSJIT_FLOAT_OPERANDS S[ins.a] = fromF(x / y); break; }
      case OpCode::FLT: { TSJIT_FLOAT_OPERANDS S[ins.a] = x < y; break; }
      case OpCode::FLE: { TSJIT_FLOAT_OPERANDS S[ins.a] = x <= y; break; }
      case OpCode::FGT: { TSJIT_FLOAT_OPERANDS S[ins.a] = x > y; break; }
      case OpCode::FGE: { TSJIT_FLOAT_OPERANDS S[ins.a] = x >= y; break; }
      case OpCode::FEQ: { TSJIT_FLOAT_OPERANDS S[ins.a] = x == y; break; }
      case OpCode::FNE: { TSJIT_FLOAT_OPERANDS S[ins.a] = x != y; break; }
#undef TSJIT_FLOAT_OPERANDS
      case OpCode::FNEG: S[ins.a] = fromF(-asF(S[ins.b])); break;
      case OpCode::BNOT: S[ins.a] = !S[ins.b]; break;
      case OpCode::BAND: S[ins.a] = S[ins.b] && S[ins.c]; break;
      case OpCode::BOR: S[ins.a] = S[ins.b] || S[ins.c]; break;
      case OpCode::BXOR: S[ins.a] = (S[ins.b] != 0) != (S[ins.c] != 0); break;
      case OpCode::OBSIN:
      case OpCode::OBSOUT: observe(ins); break;
    }
  }
}

std::vector<IValue> runGraph(std::shared_ptr<Graph> graph, std::vector<IValue> inputs, const CompileOptions& options) {
  InterpreterState state(Code::compile(std::move(graph), options));
  return state.call(std::move(inputs));
}

}  // namespace tsjit::runtime
