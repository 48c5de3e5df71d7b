// CodeBuilder.cpp — Graph -> Code (see Code.h): register assignment by type, last-use moves and
// drops from Liveness, operations resolved once per node, scalar fast paths, If/Loop as jumps,
// and (CompileOptions::observe) OBSIN / OBSOUT around every op node.
#include <cstring>
#include <unordered_map>

#include "jit/ir/Graph.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/runtime/FallbackFunctions.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/Fork.h"
#include "jit/runtime/WithOps.h"
#include "jit/runtime/Liveness.h"
#include "jit/runtime/PrimOps.h"
#include "jit/runtime/ProfilingOps.h"
#include "jit/support/Error.h"

namespace tsjit::runtime {

namespace {

// aten::expand whose `implicit` argument is the constant true (see compileNode).
bool isConstantImplicitExpand(const Node& n) {
  static const Symbol kExpand = Symbol::aten("expand");
  if (n.kind() != kExpand || n.inputs().size() != 3) return false;
  const Node* c = n.input(2)->node();
  if (c->kind() != prim::Constant || c->output()->type()->kind() != TypeKind::Bool) return false;
  const IValue v = constantValue(*c);
  return v.isBool() && v.toBool();
}

struct FastOp {
  OpCode op;
  uint16_t bits;  // float ops: bit0 = first operand is int, bit1 = second is int
  bool unary;
};

const std::unordered_map<std::string, FastOp>& fastOps() {
  static const std::unordered_map<std::string, FastOp> table = [] {
    std::unordered_map<std::string, FastOp> t;
    auto intOp = [&](const char* name, OpCode op) { t[std::string("aten::") + name + ".int"] = {op, 0, false}; };
    intOp("add", OpCode::IADD);
    intOp("sub", OpCode::ISUB);
    intOp("mul", OpCode::IMUL);
    intOp("floordiv", OpCode::IFLOORDIV);
    intOp("remainder", OpCode::IREM);
    intOp("__and__", OpCode::IAND);
    intOp("__or__", OpCode::IOR);
    intOp("__xor__", OpCode::IXOR);
    intOp("__lshift__", OpCode::ISHL);
    intOp("__rshift__", OpCode::ISHR);
    intOp("lt", OpCode::ILT);
    intOp("le", OpCode::ILE);
    intOp("gt", OpCode::IGT);
    intOp("ge", OpCode::IGE);
    intOp("eq", OpCode::IEQ);
    intOp("ne", OpCode::INE);
    t["aten::neg.int"] = {OpCode::INEG, 0, true};
    t["aten::neg.float"] = {OpCode::FNEG, 0, true};
    t["aten::__not__"] = {OpCode::BNOT, 0, true};
    t["aten::__and__.bool"] = {OpCode::BAND, 0, false};
    t["aten::__or__.bool"] = {OpCode::BOR, 0, false};
    t["aten::__xor__.bool"] = {OpCode::BXOR, 0, false};
    t["aten::eq.bool"] = {OpCode::IEQ, 0, false};
    t["aten::ne.bool"] = {OpCode::INE, 0, false};
    auto floatOp = [&](const char* name, OpCode op) {
      t[std::string("aten::") + name + ".float"] = {op, 0, false};
      t[std::string("aten::") + name + ".int_float"] = {op, 1, false};
      t[std::string("aten::") + name + ".float_int"] = {op, 2, false};
    };
    floatOp("add", OpCode::FADD);
    floatOp("sub", OpCode::FSUB);
    floatOp("mul", OpCode::FMUL);
    floatOp("lt", OpCode::FLT);
    floatOp("le", OpCode::FLE);
    floatOp("gt", OpCode::FGT);
    floatOp("ge", OpCode::FGE);
    floatOp("eq", OpCode::FEQ);
    floatOp("ne", OpCode::FNE);
    t["aten::div.float"] = {OpCode::FDIV, 0, false};
    t["aten::div.int"] = {OpCode::FDIV, 3, false};
    return t;
  }();
  return table;
}

}  // namespace

class CodeBuilder {
 public:
  using Bank = Code::Bank;
  struct Loc {
    Bank bank = Bank::Boxed;
    int32_t reg = -1;
    bool isConst = false;  // Boxed: reg indexes the constant table
  };

  explicit CodeBuilder(Code& code) : c_(code) {}

  void build() {
    const Graph& g = *c_.graph_;
    lu_ = computeLastUses(g, [this](const Value* v) { return bankOf(v->type()) == Bank::Boxed; });
    zeroReg_ = scalarConst(0);
    for (const Value* in : g.inputs()) {
      Loc l = allocate(in);
      c_.inputKinds_.emplace_back(l.bank, l.reg);
    }
    emitDrops(lu_.dropAtStart, g.block());
    compileNodes(g.block());
    const Node* ret = g.returnNode();
    for (size_t i = 0; i < ret->numInputs(); ++i) pushValue(ret->input(i), lu_.isMove(ret, i));
    c_.numOutputs_ = ret->numInputs();
    emit(OpCode::RET, 0, 0, 0, static_cast<uint16_t>(ret->numInputs()), "return");
  }

 private:
  static Bank bankOf(const TypePtr& t) {
    switch (t->kind()) {
      case TypeKind::Int: return Bank::Int;
      case TypeKind::Float: return Bank::Float;
      case TypeKind::Bool: return Bank::Bool;
      default: return Bank::Boxed;
    }
  }
  static bool isScalar(Bank b) { return b != Bank::Boxed; }

  int32_t newScalar(int64_t init = 0) {
    c_.scalarInit_.push_back(init);
    return static_cast<int32_t>(c_.scalarInit_.size() - 1);
  }
  int32_t scalarConst(int64_t bits) { return newScalar(bits); }

  Loc allocate(const Value* v) {
    Loc l;
    l.bank = bankOf(v->type());
    l.reg = isScalar(l.bank) ? newScalar() : static_cast<int32_t>(c_.numRegs_++);
    locs_[v] = l;
    return l;
  }
  Loc locOf(const Value* v) {
    auto it = locs_.find(v);
    TSJIT_CHECK(it != locs_.end(), "value %", v->debugName(), " used before its definition");
    return it->second;
  }
  std::string name(const Value* v) { return "%" + v->debugName(); }

  size_t emit(OpCode op, int32_t a, int32_t b = 0, int32_t cc = 0, uint16_t n = 0, std::string comment = "") {
    Instruction ins;
    ins.op = op;
    ins.n = n;
    ins.a = a;
    ins.b = b;
    ins.c = cc;
    c_.instructions_.push_back(ins);
    c_.comments_.push_back(std::move(comment));
    return c_.instructions_.size() - 1;
  }
  int32_t here() const { return static_cast<int32_t>(c_.instructions_.size()); }
  void patch(size_t at, int32_t target) { c_.instructions_[at].a = target; }

  void pushLoc(Loc l, bool move, const std::string& comment) {
    if (l.isConst) emit(OpCode::LOADC, l.reg, 0, 0, 0, comment);
    else if (l.bank == Bank::Boxed) emit(move ? OpCode::MOVE : OpCode::LOAD, l.reg, 0, 0, 0, comment);
    else if (l.bank == Bank::Int) emit(OpCode::LOADI, l.reg, 0, 0, 0, comment);
    else if (l.bank == Bank::Float) emit(OpCode::LOADF, l.reg, 0, 0, 0, comment);
    else emit(OpCode::LOADB, l.reg, 0, 0, 0, comment);
  }
  void pushValue(const Value* v, bool move) { pushLoc(locOf(v), move, name(v)); }

  void storeLoc(Loc l, const std::string& comment) {
    TSJIT_CHECK(!l.isConst, "store into a constant");
    OpCode op = l.bank == Bank::Boxed ? OpCode::STORE
                : l.bank == Bank::Int ? OpCode::STOREI
                : l.bank == Bank::Float ? OpCode::STOREF
                                        : OpCode::STOREB;
    emit(op, l.reg, 0, 0, 0, comment);
  }
  // Pops the top of the stack into a fresh register for v (or discards it when v is unused).
  void storeNew(const Value* v) {
    if (!v->hasUses()) {
      emit(OpCode::POP, 0, 0, 0, 0, name(v) + " (unused)");
      return;
    }
    storeLoc(allocate(v), name(v));
  }

  // dst := src, moving when allowed; converts between banks through the stack.
  void assign(Loc src, bool move, Loc dst, const std::string& comment) {
    if (!src.isConst && src.bank == dst.bank) {
      if (src.reg == dst.reg) return;
      if (isScalar(src.bank)) emit(OpCode::ICOPY, dst.reg, src.reg, 0, 0, comment);
      else emit(move ? OpCode::MOVEREG : OpCode::COPY, dst.reg, src.reg, 0, 0, comment);
      return;
    }
    if (isScalar(src.bank) && isScalar(dst.bank) && src.bank != Bank::Float && dst.bank != Bank::Float) {
      emit(OpCode::ICOPY, dst.reg, src.reg, 0, 0, comment);
      return;
    }
    pushLoc(src, move, comment);
    storeLoc(dst, comment);
  }

  void emitDrops(const std::unordered_map<const Block*, std::vector<const Value*>>& m, const Block* b) {
    auto it = m.find(b);
    if (it == m.end()) return;
    for (const Value* v : it->second) dropValue(v);
  }
  void dropValue(const Value* v) {
    auto it = locs_.find(v);
    if (it == locs_.end() || it->second.isConst || it->second.bank != Bank::Boxed) return;
    emit(OpCode::DROP, it->second.reg, 0, 0, 0, name(v));
  }

  void compileNodes(const Block* b) {
    for (const Node* n : b->nodes()) {
      compileNode(n);
      auto it = lu_.dropAfter.find(n);
      if (it != lu_.dropAfter.end())
        for (const Value* v : it->second) dropValue(v);
    }
  }

  void compileNode(const Node* n) {
    switch (n->kind()) {
      case prim::Constant: return compileConstant(n);
      case prim::If: return compileIf(n);
      case prim::Loop: return compileLoop(n);
      case prim::Uninitialized: {
        Loc l;
        l.bank = bankOf(n->output()->type());
        if (isScalar(l.bank)) l.reg = zeroReg_;
        else l = boxedConst(IValue::uninitialized());
        locs_[n->output()] = l;
        return;
      }
      case prim::unchecked_cast:
      case prim::unchecked_unwrap_optional: {
        if (!n->output()->hasUses()) return;
        Loc dst = allocate(n->output());
        assign(locOf(n->input(0)), lu_.isMove(n, 0), dst, name(n->output()) + " = cast");
        return;
      }
      case prim::CallMethod:
      case prim::CallFunction: return compileCall(n);
      default: break;
    }
    if (isConstantImplicitExpand(*n)) {
      // 1.13 removes `aten::expand(x, size, implicit=True)` (a constant true) before running any
      // graph, optimized or not (RemoveExpands in its required passes): the node is x itself
      // (python3-torch 1.13.1: a [2] tensor "expanded" to [1, 2] that way stays [2]).
      if (!n->output()->hasUses()) return;
      Loc dst = allocate(n->output());
      assign(locOf(n->input(0)), lu_.isMove(n, 0), dst, name(n->output()) + " = implicit expand");
      return;
    }
    kernels::Operation op;
    std::string opName = n->kind().toQualString();
    const ops::OpOverload* overload = nullptr;
    if (auto p = primOperation(*n)) {
      op = std::move(*p);
    } else if (auto q = profilingOperation(*n, c_.options_)) {
      op = std::move(*q);
    } else if (auto q = forkOperation(*n, c_.options_)) {
      op = std::move(*q);
    } else if (auto q = withOperation(*n, c_.options_)) {
      op = std::move(*q);
    } else {
      const ops::OpOverload* ov = ops::resolveOverload(*n);
      if (!ov) {
        const ops::OpInfo* info = ops::findOp(n->kind());
        if (!info)
          throw UnsupportedOperator(str("operator ", opName, " is not declared in the op table"), opName);
        if (info->isSpecial())
          throw UnsupportedOperator(str("operator ", opName, " is not supported by the interpreter"), opName);
        throw UnsupportedOperator(str("operator ", opName, ": no overload matches the node ", n->str()), opName);
      }
      opName = ov->qualifiedName();
      if (tryFast(n, opName)) return;
      const kernels::OptimizedKernel* k = kernels::findKernel(*ov);
      if (!k) throw UnsupportedOperator(str("operator ", opName, " has no optimized kernel"), opName);
      op = k->run;
      overload = ov;
    }
    for (size_t i = 0; i < n->numInputs(); ++i) pushValue(n->input(i), lu_.isMove(n, i));
    c_.operations_.push_back(std::move(op));
    c_.operationNames_.push_back(opName);
    c_.operationOverloads_.push_back(overload);
    int32_t site = observeSite(n);
    if (site >= 0) emit(OpCode::OBSIN, site, 0, 0, static_cast<uint16_t>(n->numInputs()), "observe inputs");
    // b = the node's output count: the interpreter checks the kernel pushed exactly that many.
    emit(OpCode::OP, static_cast<int32_t>(c_.operations_.size() - 1), static_cast<int32_t>(n->numOutputs()), 0,
         static_cast<uint16_t>(n->numInputs()), opName);
    if (site >= 0) emit(OpCode::OBSOUT, site, static_cast<int32_t>(n->numOutputs()), 0, 0, "observe outputs");
    storeOutputs(n);
  }

  // A new observe site for op node n (CompileOptions::observe), or -1 when not observing.
  int32_t observeSite(const Node* n) {
    if (!c_.options_.observe) return -1;
    Code::ObserveSite site;
    site.node = n;
    if (const auto& origins = c_.options_.nodeOrigins) {
      auto it = origins->find(n);
      if (it != origins->end()) site.node = it->second;
    }
    c_.observeSites_.push_back(std::move(site));
    return static_cast<int32_t>(c_.observeSites_.size() - 1);
  }

  void storeOutputs(const Node* n) {
    for (size_t i = n->numOutputs(); i-- > 0;) storeNew(n->output(i));
  }

  bool tryFast(const Node* n, const std::string& overloadName) {
    auto it = fastOps().find(overloadName);
    if (it == fastOps().end() || n->numOutputs() != 1) return false;
    const FastOp& f = it->second;
    size_t arity = f.unary ? 1 : 2;
    if (n->numInputs() != arity) return false;
    for (size_t i = 0; i < arity; ++i)
      if (!isScalar(locOf(n->input(i)).bank)) return false;
    if (!isScalar(bankOf(n->output()->type()))) return false;
    Loc out = allocate(n->output());
    int32_t b = locOf(n->input(0)).reg, cc = f.unary ? 0 : locOf(n->input(1)).reg;
    int32_t site = observeSite(n);
    if (site >= 0) {
      Code::ObserveSite& s = c_.observeSites_[static_cast<size_t>(site)];
      s.fromRegisters = true;
      for (size_t i = 0; i < arity; ++i) s.inputs.emplace_back(locOf(n->input(i)).bank, locOf(n->input(i)).reg);
      s.outputs.emplace_back(out.bank, out.reg);
      emit(OpCode::OBSIN, site, 0, 0, 0, "observe inputs");
    }
    emit(f.op, out.reg, b, cc, f.bits, name(n->output()) + " = " + overloadName);
    if (site >= 0) emit(OpCode::OBSOUT, site, 0, 0, 0, "observe outputs");
    return true;
  }

  Loc boxedConst(IValue v) {
    c_.constants_.push_back(std::move(v));
    Loc l;
    l.bank = Bank::Boxed;
    l.isConst = true;
    l.reg = static_cast<int32_t>(c_.constants_.size() - 1);
    return l;
  }

  void compileConstant(const Node* n) {
    const Value* out = n->output();
    if (out->type()->kind() == TypeKind::Function) {
      Function* fn = nullptr;
      std::string fname = n->hasAttribute(attr::name) ? n->s(attr::name) : "";
      if (c_.options_.resolveFunction) fn = c_.options_.resolveFunction(fname);
      if (!fn) fn = resolveFallbackFunction(fname);
      if (!fn) {
        unresolved_.push_back(std::make_shared<Function>(fname, nullptr));
        fn = unresolved_.back().get();
        c_.unresolvedFunctions_.push_back(unresolved_.back());
      }
      locs_[out] = boxedConst(IValue::fromFunction(fn));
      return;
    }
    IValue v = constantValue(*n);
    Bank b = bankOf(out->type());
    if (isScalar(b)) {
      int64_t bits = 0;
      if (b == Bank::Float) {
        double d = v.isDouble() ? v.toDouble() : static_cast<double>(v.isInt() ? v.toInt() : v.toBool());
        std::memcpy(&bits, &d, sizeof bits);
      } else {
        bits = v.isBool() ? (v.toBool() ? 1 : 0) : v.toInt();
      }
      locs_[out] = Loc{b, scalarConst(bits), false};
      return;
    }
    locs_[out] = boxedConst(std::move(v));
  }

  void compileIf(const Node* n) {
    Loc cond = locOf(n->input(0));
    if (!isScalar(cond.bank)) {
      Loc tmp{Bank::Bool, newScalar(), false};
      assign(cond, false, tmp, "if condition");
      cond = tmp;
    }
    std::vector<Loc> outs;
    for (const Value* o : n->outputs()) outs.push_back(allocate(o));
    size_t jf = emit(OpCode::JF, 0, cond.reg, 0, 0, "if " + name(n->input(0)));
    std::vector<size_t> jumpsToEnd;
    for (size_t bi = 0; bi < n->blocks().size(); ++bi) {
      const Block* b = n->blocks()[bi];
      if (bi == 1) patch(jf, here());
      emitDrops(lu_.dropAtStart, b);
      compileNodes(b);
      const Node* ret = b->returnNode();
      for (size_t i = 0; i < ret->numInputs(); ++i) {
        bool move = lu_.isMove(ret, i);
        if (!n->output(i)->hasUses()) {
          if (move) dropValue(ret->input(i));
          continue;
        }
        assign(locOf(ret->input(i)), move, outs[i], name(n->output(i)) + " = block output");
      }
      if (bi == 0) jumpsToEnd.push_back(emit(OpCode::JMP, 0, 0, 0, 0, "end if"));
    }
    if (n->blocks().size() < 2) patch(jf, here());
    for (size_t j : jumpsToEnd) patch(j, here());
  }

  void compileLoop(const Node* n) {
    const Block* body = n->blocks().at(0);
    // Counter K and its limit K + 1 are adjacent scalar registers.
    int32_t k = newScalar();
    int32_t limit = newScalar();
    TSJIT_CHECK(limit == k + 1, "loop registers must be adjacent");
    Loc limitLoc{Bank::Int, limit, false};
    assign(locOf(n->input(0)), false, limitLoc, "loop max trip count");
    emit(OpCode::ICOPY, k, zeroReg_, 0, 0, "loop counter = 0");
    Loc cond{Bank::Bool, newScalar(), false};
    assign(locOf(n->input(1)), false, cond, "loop condition");
    std::vector<Loc> params;
    for (size_t i = 0; i < body->inputs().size(); ++i) params.push_back(allocate(body->inputs()[i]));
    for (size_t j = 2; j < n->numInputs(); ++j)
      assign(locOf(n->input(j)), lu_.isMove(n, j), params.at(j - 1), name(body->inputs()[j - 1]) + " = loop input");
    int32_t head = here();
    size_t test = emit(OpCode::LOOPTEST, 0, cond.reg, k, 0, "loop test");
    if (body->inputs()[0]->hasUses()) emit(OpCode::ICOPY, params[0].reg, k, 0, 0, name(body->inputs()[0]) + " = counter");
    emitDrops(lu_.dropAtStart, body);
    compileNodes(body);
    const Node* ret = body->returnNode();
    assign(locOf(ret->input(0)), false, cond, "loop condition");
    bool conflict = false;
    for (size_t j = 1; j < ret->numInputs(); ++j)
      for (size_t m = 1; m < body->inputs().size(); ++m)
        if (ret->input(j) == body->inputs()[m] && m != j) conflict = true;
    if (!conflict) {
      for (size_t j = 1; j < ret->numInputs(); ++j)
        assign(locOf(ret->input(j)), lu_.isMove(ret, j), params[j], name(body->inputs()[j]) + " = carried");
    } else {
      for (size_t j = 1; j < ret->numInputs(); ++j) pushValue(ret->input(j), lu_.isMove(ret, j));
      for (size_t j = ret->numInputs(); j-- > 1;) storeLoc(params[j], name(body->inputs()[j]) + " = carried");
    }
    emit(OpCode::INC, k, 0, 0, 0, "loop counter += 1");
    emit(OpCode::JMP, head, 0, 0, 0, "loop back");
    patch(test, here());
    for (size_t j = 0; j < n->numOutputs(); ++j) {
      if (!n->output(j)->hasUses()) {
        if (params[j + 1].bank == Bank::Boxed) emit(OpCode::DROP, params[j + 1].reg, 0, 0, 0, "unused loop output");
        continue;
      }
      Loc out = allocate(n->output(j));
      assign(params[j + 1], true, out, name(n->output(j)) + " = loop output");
    }
  }

  void compileCall(const Node* n) {
    auto site = std::make_unique<CallSite>();
    OpCode op = OpCode::CALLF;
    if (n->kind() == prim::CallMethod) {
      op = OpCode::CALLM;
      site->methodName = n->s(attr::name);
      site->description = "method " + site->methodName;
    } else {
      site->description = "function";
    }
    for (size_t i = 0; i < n->numInputs(); ++i) pushValue(n->input(i), lu_.isMove(n, i));
    c_.callSites_.push_back(std::move(site));
    emit(op, static_cast<int32_t>(c_.callSites_.size() - 1), static_cast<int32_t>(n->numOutputs()), 0,
         static_cast<uint16_t>(n->numInputs()), c_.callSites_.back()->description);
    storeOutputs(n);
  }

  Code& c_;
  LastUses lu_;
  std::unordered_map<const Value*, Loc> locs_;
  int32_t zeroReg_ = 0;
  std::vector<std::shared_ptr<Function>> unresolved_;
};

std::shared_ptr<const Code> Code::compile(std::shared_ptr<Graph> graph, const CompileOptions& options) {
  TSJIT_CHECK(graph, "compile: null graph");
  kernels::registerAllKernels();
  auto code = std::shared_ptr<Code>(new Code());
  code->graph_ = std::move(graph);
  code->options_ = options;
  CodeBuilder(*code).build();
  return code;
}

}  // namespace tsjit::runtime
