// LLVMCodegen.cpp — see LLVMCodegen.h. Value representation in the generated code: compute types
// Bool = i1, Int64 = i64, Float = float, Double = double; storage types UInt8 / Int8 = i8 (Bool is
// an i8 in memory), Int16 = i16, Int32 = i32, Half = half, BFloat16 = i16 (bit pattern). Casts
// follow PyTorch's conversion (LoopIR.h) with selects around the out-of-range float -> int cases
// (the poison of an out-of-range fptosi is never selected).
#include "jit/tensorexpr/LLVMCodegen.h"

#ifndef TSJIT_LLVM

namespace tsjit::tensorexpr {
bool llvmAvailable(std::string* whyNot) {
  if (whyNot) *whyNot = "tsjit was built without LLVM (configure with -DTSJIT_LLVM=ON and llvm-14-dev installed)";
  return false;
}
const char* toString(LLVMPipeline p) { return p == LLVMPipeline::O2 ? "o2" : "short"; }
std::unique_ptr<LLVMKernel> compileLLVM(const LoopKernel&, std::string* whyNot, bool, LLVMPipeline) {
  *whyNot = "tsjit was built without LLVM (configure with -DTSJIT_LLVM=ON and llvm-14-dev installed)";
  return nullptr;
}
}  // namespace tsjit::tensorexpr

#else

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <llvm/ADT/StringMap.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/PassTimingInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Analysis/Lint.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/LoopRotation.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Vectorize/LoopVectorize.h>

#include "jit/support/Error.h"
#include "jit/support/Logging.h"
#include "jit/tensorexpr/LLVMMath.h"

namespace tsjit::tensorexpr {

namespace {

// Code generation options for every kernel (LLVM's command-line flags). The machine-instruction
// schedulers after register allocation are off: the kernels' loops run on out-of-order cores, and
// the passes cost ~10 % of a kernel's compile time (perf/README.md, compile time).
const char* const kCodegenOptions[] = {"-enable-post-misched=false", "-post-RA-scheduler=false"};

struct Jit {
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  std::unique_ptr<llvm::TargetMachine> tm;
  std::string cpu, features;
  std::mutex mutex;  // module optimization uses the shared TargetMachine
  std::string error;
};

// LLVM's command-line options, set once before the first kernel: kCodegenOptions, then
// TSJIT_LLVM_ARGS (space-separated, e.g. "-time-passes": each kernel's pass timings go to stderr;
// "--help-hidden" lists them all).
// Returns false with the reason when LLVM rejects one.
bool parseLLVMOptions(std::string* error) {
  std::vector<std::string> words{"TSJIT_LLVM_ARGS"};  // argv[0]: LLVM's messages start with it
  std::vector<std::string> user;
  if (const char* args = std::getenv("TSJIT_LLVM_ARGS")) {
    std::istringstream in(args);
    for (std::string w; in >> w;) user.push_back(w);
  }
  auto name = [](const std::string& w) { return w.substr(0, w.find('=')); };
  for (const char* o : kCodegenOptions) {  // an option given in TSJIT_LLVM_ARGS replaces its default
    bool given = false;
    for (const std::string& w : user) given = given || name(w) == name(o);
    if (!given) words.emplace_back(o);
  }
  words.insert(words.end(), user.begin(), user.end());
  std::vector<const char*> argv;
  for (auto& w : words) argv.push_back(w.c_str());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (llvm::cl::ParseCommandLineOptions(static_cast<int>(argv.size()), argv.data(), "tsjit kernels\n", &os)) return true;
  *error = os.str();
  while (!error->empty() && error->back() == '\n') error->pop_back();
  return false;
}

Jit& jit() {
  static Jit* j = [] {
    auto* j = new Jit;  // lives for the process (kernels may be destroyed during exit)
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    if (!parseLLVMOptions(&j->error)) return j;
    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) {
      j->error = llvm::toString(jtmb.takeError());
      return j;
    }
    jtmb->setCodeGenOptLevel(llvm::CodeGenOpt::Default);
    j->cpu = llvm::sys::getHostCPUName().str();
    llvm::StringMap<bool> feats;
    if (llvm::sys::getHostCPUFeatures(feats))
      for (auto& f : feats) j->features += (j->features.empty() ? "" : ",") + std::string(f.second ? "+" : "-") + f.first().str();
    auto tm = jtmb->createTargetMachine();
    if (!tm) {
      j->error = llvm::toString(tm.takeError());
      return j;
    }
    j->tm = std::move(*tm);
    auto built = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*jtmb).create();
    if (!built) {
      j->error = llvm::toString(built.takeError());
      return j;
    }
    j->lljit = std::move(*built);
    auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(j->lljit->getDataLayout().getGlobalPrefix());
    if (!gen) {
      j->error = llvm::toString(gen.takeError());
      j->lljit.reset();
      return j;
    }
    j->lljit->getMainJITDylib().addGenerator(std::move(*gen));
    return j;
  }();
  return *j;
}

class LLVMKernelImpl : public LLVMKernel {
 public:
  llvm::orc::ResourceTrackerSP tracker;
  ~LLVMKernelImpl() override {
    if (tracker) llvm::consumeError(tracker->remove());
  }
};

class Emitter {
 public:
  Emitter(llvm::LLVMContext& ctx, llvm::Module& m) : ctx_(ctx), m_(m), b_(ctx) {}

  llvm::Function* emitNest(const LoopKernel& k, const StmtPtr& nest, const std::string& name);

 private:
  llvm::Type* valueType(ScalarType t);   // register representation
  llvm::Type* memoryType(ScalarType t);  // in a buffer
  llvm::Value* expr(const ExprPtr& e);
  void stmt(const StmtPtr& s, bool outermost);
  llvm::Value* castValue(llvm::Value* v, ScalarType from, ScalarType to);
  llvm::Value* toFloat32(llvm::Value* v, ScalarType from);  // floating storage -> float
  llvm::Value* toFloating(llvm::Value* v, ScalarType from, ScalarType to);
  llvm::Value* callLibm(const char* name, llvm::Value* x);
  llvm::Value* intrinsic(Intrinsic op, const std::vector<llvm::Value*>& a, ScalarType t);
  llvm::Value* address(const BufferPtr& buf, const ExprPtr& index);

  llvm::LLVMContext& ctx_;
  llvm::Module& m_;
  llvm::IRBuilder<> b_;
  llvm::Function* fn_ = nullptr;
  std::unordered_map<const Buffer*, llvm::Value*> buffers_;
  std::unordered_map<const ExprNode*, llvm::Value*> values_;  // scalar params and loop vars (SSA)
  std::unordered_map<const ExprNode*, llvm::AllocaInst*> locals_;
  llvm::Value* begin_ = nullptr;
  llvm::Value* end_ = nullptr;
};

llvm::Type* Emitter::valueType(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return b_.getInt1Ty();
    case ScalarType::UInt8:
    case ScalarType::Int8: return b_.getInt8Ty();
    case ScalarType::Int16: return b_.getInt16Ty();
    case ScalarType::Int32: return b_.getInt32Ty();
    case ScalarType::Int64: return b_.getInt64Ty();
    case ScalarType::Half: return b_.getHalfTy();
    case ScalarType::BFloat16: return b_.getInt16Ty();
    case ScalarType::Float: return b_.getFloatTy();
    case ScalarType::Double: return b_.getDoubleTy();
    default: TSJIT_CHECK(false, "no LLVM type for ", t);
  }
  return nullptr;
}

llvm::Type* Emitter::memoryType(ScalarType t) { return t == ScalarType::Bool ? b_.getInt8Ty() : valueType(t); }

llvm::Value* Emitter::toFloat32(llvm::Value* v, ScalarType from) {
  switch (from) {
    case ScalarType::Half: return b_.CreateFPExt(v, b_.getFloatTy());
    case ScalarType::BFloat16:
      return b_.CreateBitCast(b_.CreateShl(b_.CreateZExt(v, b_.getInt32Ty()), 16), b_.getFloatTy());
    case ScalarType::Float: return v;
    case ScalarType::Double: return b_.CreateFPTrunc(v, b_.getFloatTy());
    default: TSJIT_CHECK(false, "toFloat32 of ", from);
  }
  return nullptr;
}

// Floating or integer value of dtype `from` to a floating dtype `to`.
llvm::Value* Emitter::toFloating(llvm::Value* v, ScalarType from, ScalarType to) {
  if (!isFloatingType(from)) {
    // Integers (and bool) go through the widest integer, then to double or float as C++ does;
    // Half / BFloat16 are reached through float (ScalarConvert: To(static_cast<float>(w))).
    llvm::Value* w = from == ScalarType::Bool || from == ScalarType::UInt8 ? b_.CreateZExt(v, b_.getInt64Ty())
                                                                            : b_.CreateSExt(v, b_.getInt64Ty());
    if (from == ScalarType::Int64) w = v;
    if (to == ScalarType::Double) return b_.CreateSIToFP(w, b_.getDoubleTy());
    llvm::Value* f = b_.CreateSIToFP(w, b_.getFloatTy());
    return toFloating(f, ScalarType::Float, to);
  }
  if (to == ScalarType::Double) return from == ScalarType::Double ? v : b_.CreateFPExt(toFloat32(v, from), b_.getDoubleTy());
  llvm::Value* f = toFloat32(v, from);
  if (to == ScalarType::Float) return f;
  if (to == ScalarType::Half) return b_.CreateFPTrunc(f, b_.getHalfTy());
  // BFloat16: round to nearest even on the bits; NaN -> quiet NaN (Half.cpp's rule).
  llvm::Value* u = b_.CreateBitCast(f, b_.getInt32Ty());
  llvm::Value* lsb = b_.CreateAnd(b_.CreateLShr(u, 16), b_.getInt32(1));
  llvm::Value* rounded = b_.CreateLShr(b_.CreateAdd(u, b_.CreateAdd(b_.getInt32(0x7FFF), lsb)), 16);
  llvm::Value* nan = b_.CreateOr(b_.CreateLShr(u, 16), b_.getInt32(0x40));
  llvm::Value* isNan = b_.CreateICmpUGT(b_.CreateAnd(u, b_.getInt32(0x7FFFFFFF)), b_.getInt32(0x7F800000));
  return b_.CreateTrunc(b_.CreateSelect(isNan, nan, rounded), b_.getInt16Ty());
}

llvm::Value* Emitter::castValue(llvm::Value* v, ScalarType from, ScalarType to) {
  if (from == to) return v;
  if (to == ScalarType::Bool) {
    if (isFloatingType(from)) {
      llvm::Value* f = from == ScalarType::Double ? v : toFloat32(v, from);
      return b_.CreateFCmpUNE(f, llvm::ConstantFP::get(f->getType(), 0.0));
    }
    return b_.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
  }
  if (isFloatingType(to)) return toFloating(v, from, to);
  llvm::Type* target = valueType(to);
  if (isFloatingType(from)) {
    llvm::Value* d = toFloating(v, from, ScalarType::Double);
    const bool wide = to == ScalarType::Int64;
    const double lo = wide ? -9223372036854775808.0 : -2147483648.0;
    const double hi = wide ? 9223372036854775808.0 : 2147483648.0;
    llvm::Type* it = wide ? b_.getInt64Ty() : b_.getInt32Ty();
    llvm::Value* inRange = b_.CreateAnd(b_.CreateFCmpOGE(d, llvm::ConstantFP::get(b_.getDoubleTy(), lo)),
                                        b_.CreateFCmpOLT(d, llvm::ConstantFP::get(b_.getDoubleTy(), hi)));
    llvm::Value* conv = b_.CreateFPToSI(b_.CreateSelect(inRange, d, llvm::ConstantFP::get(b_.getDoubleTy(), 0.0)), it);
    llvm::Value* minV = wide ? b_.getInt64(std::numeric_limits<int64_t>::min()) : b_.getInt32(std::numeric_limits<int32_t>::min());
    llvm::Value* r = b_.CreateSelect(inRange, conv, minV);
    return b_.CreateSExtOrTrunc(r, target);
  }
  // integer -> integer: widen (zero for bool / uint8) or wrap.
  const bool unsignedSrc = from == ScalarType::Bool || from == ScalarType::UInt8;
  return unsignedSrc ? b_.CreateZExtOrTrunc(v, target) : b_.CreateSExtOrTrunc(v, target);
}

llvm::Value* Emitter::callLibm(const char* name, llvm::Value* x) {
  llvm::FunctionCallee f = m_.getOrInsertFunction(name, llvm::FunctionType::get(b_.getDoubleTy(), {b_.getDoubleTy()}, false));
  if (auto* fn = llvm::dyn_cast<llvm::Function>(f.getCallee())) {
    // Pure and always returning: an unused call is dead under any pipeline (without willreturn
    // only O2's library-function attributes made it deletable).
    fn->setDoesNotAccessMemory();
    fn->setDoesNotThrow();
    fn->addFnAttr(llvm::Attribute::WillReturn);
  }
  return b_.CreateCall(f, {x});
}

llvm::Value* Emitter::intrinsic(Intrinsic op, const std::vector<llvm::Value*>& a, ScalarType t) {
  llvm::Value* x = a[0];
  const bool f32 = t == ScalarType::Float;
  if (t == ScalarType::Int64) {
    llvm::Value* neg = b_.CreateSub(b_.getInt64(0), x);
    if (op == Intrinsic::Neg) return neg;
    return b_.CreateSelect(b_.CreateICmpSLT(x, b_.getInt64(0)), neg, x);
  }
  auto viaDouble = [&](const char* name) {
    if (!f32) return callLibm(name, x);
    return b_.CreateFPTrunc(callLibm(name, b_.CreateFPExt(x, b_.getDoubleTy())), b_.getFloatTy());
  };
  llvm::Type* ty = x->getType();
  switch (op) {
    case Intrinsic::Exp: return f32 ? llvmmath::expF(b_, x) : callLibm("exp", x);
    case Intrinsic::Log: return f32 ? llvmmath::logF(b_, x) : callLibm("log", x);
    case Intrinsic::Tanh: return f32 ? llvmmath::tanhF(b_, x) : callLibm("tanh", x);
    case Intrinsic::Sigmoid:
      if (f32) return llvmmath::sigmoidF(b_, x);
      return b_.CreateFDiv(llvm::ConstantFP::get(ty, 1.0),
                           b_.CreateFAdd(llvm::ConstantFP::get(ty, 1.0), callLibm("exp", b_.CreateFNeg(x))));
    // sqrt(x) as copysign(sqrt(x), x): the same value (sqrt(-0) = -0; a NaN keeps x's sign, like
    // the x86 default NaN of a negative x), but LLVM 14 can no longer take it for non-negative:
    // it did, so 1 / sqrt(-0.0) = -inf was judged >= 0 and `r < -3 ? -3 : r` folded to r.
    case Intrinsic::Sqrt:
      return b_.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, b_.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, x), x);
    case Intrinsic::Rsqrt:
      return b_.CreateFDiv(llvm::ConstantFP::get(ty, 1.0),
                           b_.CreateBinaryIntrinsic(llvm::Intrinsic::copysign,
                                                    b_.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, x), x));
    case Intrinsic::Abs: return b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
    case Intrinsic::Neg: return b_.CreateFNeg(x);
    case Intrinsic::Floor: return b_.CreateUnaryIntrinsic(llvm::Intrinsic::floor, x);
    case Intrinsic::Ceil: return b_.CreateUnaryIntrinsic(llvm::Intrinsic::ceil, x);
    case Intrinsic::Trunc: return b_.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, x);
    case Intrinsic::Round: return b_.CreateUnaryIntrinsic(llvm::Intrinsic::rint, x);
    case Intrinsic::Sin: return viaDouble("sin");
    case Intrinsic::Cos: return viaDouble("cos");
    case Intrinsic::Log2: return viaDouble("log2");
    case Intrinsic::Log10: return viaDouble("log10");
    case Intrinsic::Log1p: return viaDouble("log1p");
    case Intrinsic::Expm1: return viaDouble("expm1");
    case Intrinsic::Erf: return viaDouble("erf");
    case Intrinsic::IsNan: return b_.CreateFCmpUNO(x, x);
    case Intrinsic::Pow: {
      const char* name = f32 ? "powf" : "pow";
      llvm::FunctionCallee f = m_.getOrInsertFunction(name, llvm::FunctionType::get(ty, {ty, ty}, false));
      return b_.CreateCall(f, {x, a[1]});
    }
    case Intrinsic::Fma: return b_.CreateIntrinsic(llvm::Intrinsic::fma, {ty}, {x, a[1], a[2]});
  }
  return nullptr;
}

llvm::Value* Emitter::address(const BufferPtr& buf, const ExprPtr& index) {
  return b_.CreateInBoundsGEP(memoryType(buf->dtype), buffers_.at(buf.get()), expr(index));
}

llvm::Value* Emitter::expr(const ExprPtr& e) {
  switch (e->kind) {
    case ExprKind::IntImm: return llvm::ConstantInt::get(valueType(e->dtype), e->intValue, true);
    case ExprKind::FloatImm: return llvm::ConstantFP::get(valueType(e->dtype), e->floatValue);
    case ExprKind::Var: {
      if (auto it = values_.find(e.get()); it != values_.end()) return it->second;
      auto it = locals_.find(e.get());
      TSJIT_CHECK(it != locals_.end(), "LLVM codegen: unbound variable ", e->name);
      return b_.CreateLoad(valueType(e->dtype), it->second);
    }
    case ExprKind::Load: {
      llvm::Value* v = b_.CreateLoad(memoryType(e->dtype), address(e->buffer, e->operands[0]));
      return e->dtype == ScalarType::Bool ? b_.CreateICmpNE(v, b_.getInt8(0)) : v;
    }
    case ExprKind::Binary: {
      llvm::Value* a = expr(e->operands[0]);
      llvm::Value* c = expr(e->operands[1]);
      const auto op = static_cast<BinOp>(e->op);
      if (isFloatingType(e->dtype)) {
        switch (op) {
          case BinOp::Add: return b_.CreateFAdd(a, c);
          case BinOp::Sub: return b_.CreateFSub(a, c);
          case BinOp::Mul: return b_.CreateFMul(a, c);
          case BinOp::Div:
            // x / ±0.0 is exactly x * ±inf (NaN for x = 0 or NaN, ±inf with the product's sign
            // otherwise). The multiply keeps LLVM 14's InstCombine from misjudging the sign:
            // its cannotBeOrderedLessThanZero takes x / -0.0 for >= 0 when x is (uitofp i1 -> 1
            // / -0.0 = -inf), so `q < -3 ? -3 : q` was folded to q (fuzz fuser seed 3 case 2156).
            if (auto* k = llvm::dyn_cast<llvm::ConstantFP>(c); k && k->isZero())
              return b_.CreateFMul(a, llvm::ConstantFP::getInfinity(c->getType(), k->isNegative()));
            return b_.CreateFDiv(a, c);
          case BinOp::Mod: return b_.CreateFRem(a, c);
          case BinOp::Max:
          case BinOp::Min: {
            llvm::Value* anyNan = b_.CreateFCmpUNO(a, c);
            llvm::Value* pick = op == BinOp::Max ? b_.CreateFCmpOGT(a, c) : b_.CreateFCmpOLT(a, c);
            return b_.CreateSelect(anyNan, llvm::ConstantFP::getNaN(a->getType()), b_.CreateSelect(pick, a, c));
          }
          default: TSJIT_CHECK(false, "bitwise op on floats");
        }
      }
      switch (op) {
        case BinOp::Add: return e->dtype == ScalarType::Bool ? b_.CreateOr(a, c) : b_.CreateAdd(a, c);
        case BinOp::Sub: return e->dtype == ScalarType::Bool ? b_.CreateXor(a, c) : b_.CreateSub(a, c);
        case BinOp::Mul: return e->dtype == ScalarType::Bool ? b_.CreateAnd(a, c) : b_.CreateMul(a, c);
        case BinOp::Div:
        case BinOp::Mod: {
          // INT64_MIN / -1 wraps (Eval.h); the divisor -1 is replaced to avoid the trap.
          llvm::Value* minusOne = b_.CreateICmpEQ(c, llvm::ConstantInt::get(c->getType(), -1, true));
          llvm::Value* safe = b_.CreateSelect(minusOne, llvm::ConstantInt::get(c->getType(), 1), c);
          if (op == BinOp::Div) return b_.CreateSelect(minusOne, b_.CreateSub(llvm::ConstantInt::get(a->getType(), 0), a), b_.CreateSDiv(a, safe));
          return b_.CreateSelect(minusOne, llvm::ConstantInt::get(a->getType(), 0), b_.CreateSRem(a, safe));
        }
        case BinOp::Max: return b_.CreateSelect(b_.CreateICmpSGT(a, c), a, c);
        case BinOp::Min: return b_.CreateSelect(b_.CreateICmpSLT(a, c), a, c);
        case BinOp::And: return b_.CreateAnd(a, c);
        case BinOp::Or: return b_.CreateOr(a, c);
        case BinOp::Xor: return b_.CreateXor(a, c);
      }
      return nullptr;
    }
    case ExprKind::Compare: {
      llvm::Value* a = expr(e->operands[0]);
      llvm::Value* c = expr(e->operands[1]);
      const auto op = static_cast<CmpOp>(e->op);
      if (isFloatingType(e->operands[0]->dtype)) {
        static const llvm::CmpInst::Predicate preds[] = {llvm::CmpInst::FCMP_OEQ, llvm::CmpInst::FCMP_UNE,
                                                         llvm::CmpInst::FCMP_OLT, llvm::CmpInst::FCMP_OLE,
                                                         llvm::CmpInst::FCMP_OGT, llvm::CmpInst::FCMP_OGE};
        return b_.CreateFCmp(preds[static_cast<int>(op)], a, c);
      }
      const bool isBool = e->operands[0]->dtype == ScalarType::Bool;
      static const llvm::CmpInst::Predicate spreds[] = {llvm::CmpInst::ICMP_EQ, llvm::CmpInst::ICMP_NE,
                                                        llvm::CmpInst::ICMP_SLT, llvm::CmpInst::ICMP_SLE,
                                                        llvm::CmpInst::ICMP_SGT, llvm::CmpInst::ICMP_SGE};
      static const llvm::CmpInst::Predicate upreds[] = {llvm::CmpInst::ICMP_EQ, llvm::CmpInst::ICMP_NE,
                                                        llvm::CmpInst::ICMP_ULT, llvm::CmpInst::ICMP_ULE,
                                                        llvm::CmpInst::ICMP_UGT, llvm::CmpInst::ICMP_UGE};
      return b_.CreateICmp((isBool ? upreds : spreds)[static_cast<int>(op)], a, c);
    }
    case ExprKind::Cast: return castValue(expr(e->operands[0]), e->operands[0]->dtype, e->dtype);
    case ExprKind::Select: {
      llvm::Value* c = expr(e->operands[0]);
      llvm::Value* x = expr(e->operands[1]);
      llvm::Value* y = expr(e->operands[2]);
      return b_.CreateSelect(c, x, y);
    }
    case ExprKind::Intrinsic: {
      std::vector<llvm::Value*> args;
      for (const auto& o : e->operands) args.push_back(expr(o));
      return intrinsic(static_cast<Intrinsic>(e->op), args, e->operands[0]->dtype);
    }
  }
  return nullptr;
}

void Emitter::stmt(const StmtPtr& s, bool outermost) {
  switch (s->kind) {
    case StmtKind::Block:
      for (const auto& c : s->body) stmt(c, false);
      return;
    case StmtKind::Store: {
      llvm::Value* v = expr(s->value);
      if (s->buffer->dtype == ScalarType::Bool) v = b_.CreateZExt(v, b_.getInt8Ty());
      b_.CreateStore(v, address(s->buffer, s->index));
      return;
    }
    case StmtKind::Let:
    case StmtKind::Assign: {
      llvm::Value* v = expr(s->value);
      auto it = locals_.find(s->var.get());
      if (it == locals_.end()) {
        llvm::IRBuilder<> entry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
        it = locals_.emplace(s->var.get(), entry.CreateAlloca(valueType(s->var->dtype))).first;
      }
      b_.CreateStore(v, it->second);
      return;
    }
    case StmtKind::For: {
      // Only a parallel outermost loop runs the caller's [begin, end); every other loop has its
      // constant bounds, so the vectorizer knows the trip count (no scalar remainder loop when
      // the vector width divides it: about half the machine code to generate).
      const bool split = outermost && s->options.parallel;
      llvm::Value* start = split ? begin_ : expr(s->start);
      llvm::Value* stop = split ? end_ : expr(s->stop);
      llvm::BasicBlock* pre = b_.GetInsertBlock();
      llvm::BasicBlock* header = llvm::BasicBlock::Create(ctx_, "loop", fn_);
      llvm::BasicBlock* body = llvm::BasicBlock::Create(ctx_, "body", fn_);
      llvm::BasicBlock* exit = llvm::BasicBlock::Create(ctx_, "exit", fn_);
      b_.CreateBr(header);
      b_.SetInsertPoint(header);
      llvm::PHINode* iv = b_.CreatePHI(b_.getInt64Ty(), 2, s->var->name);
      iv->addIncoming(start, pre);
      b_.CreateCondBr(b_.CreateICmpSLT(iv, stop), body, exit);
      b_.SetInsertPoint(body);
      values_[s->var.get()] = iv;
      for (const auto& c : s->body) stmt(c, false);
      llvm::Value* next = b_.CreateAdd(iv, b_.getInt64(1), "", true, true);
      llvm::BranchInst* back = b_.CreateBr(header);
      iv->addIncoming(next, b_.GetInsertBlock());
      // The loop vectorizer of the O2 pipeline widens innermost loops by its cost model; forcing
      // it (llvm.loop.vectorize.enable) only adds warnings for loops with libm calls.
      (void)back;
      b_.SetInsertPoint(exit);
      return;
    }
  }
}

llvm::Function* Emitter::emitNest(const LoopKernel& k, const StmtPtr& nest, const std::string& name) {
  llvm::Type* ptr = b_.getInt8PtrTy();
  // The worker: every parameter separately, buffers noalias (outputs are fresh allocations and
  // inputs are only read), then begin / end.
  std::vector<llvm::Type*> params;
  for (const KernelParam& p : k.params)
    params.push_back(p.buffer ? static_cast<llvm::Type*>(llvm::PointerType::getUnqual(memoryType(p.buffer->dtype)))
                              : valueType(p.scalar->dtype));
  params.push_back(b_.getInt64Ty());
  params.push_back(b_.getInt64Ty());
  auto* workerTy = llvm::FunctionType::get(b_.getVoidTy(), params, false);
  fn_ = llvm::Function::Create(workerTy, llvm::Function::InternalLinkage, name + "_body", m_);
  fn_->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx_, "entry", fn_);
  b_.SetInsertPoint(entry);
  for (size_t i = 0; i < k.params.size(); ++i) {
    llvm::Argument* arg = fn_->getArg(i);
    if (k.params[i].buffer) {
      arg->addAttr(llvm::Attribute::NoAlias);
      buffers_[k.params[i].buffer.get()] = arg;
    } else {
      values_[k.params[i].scalar.get()] = arg;
    }
  }
  begin_ = fn_->getArg(k.params.size());
  end_ = fn_->getArg(k.params.size() + 1);
  stmt(nest, nest->kind == StmtKind::For);
  b_.CreateRetVoid();
  llvm::Function* worker = fn_;

  // The entry point with the uniform ABI (LLVMCodegen.h).
  auto* entryTy = llvm::FunctionType::get(b_.getVoidTy(), {llvm::PointerType::getUnqual(ptr), b_.getInt64Ty()->getPointerTo(),
                                                           b_.getDoubleTy()->getPointerTo(), b_.getInt64Ty(), b_.getInt64Ty()},
                                          false);
  llvm::Function* f = llvm::Function::Create(entryTy, llvm::Function::ExternalLinkage, name, m_);
  b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_, "entry", f));
  std::vector<llvm::Value*> args;
  for (size_t i = 0; i < k.params.size(); ++i) {
    const KernelParam& p = k.params[i];
    if (p.buffer) {
      llvm::Value* slot = b_.CreateConstGEP1_64(ptr, f->getArg(0), i);
      llvm::Value* raw = b_.CreateLoad(ptr, slot);
      args.push_back(b_.CreateBitCast(raw, llvm::PointerType::getUnqual(memoryType(p.buffer->dtype))));
    } else if (p.scalar->dtype == ScalarType::Double) {
      args.push_back(b_.CreateLoad(b_.getDoubleTy(), b_.CreateConstGEP1_64(b_.getDoubleTy(), f->getArg(2), i)));
    } else {
      llvm::Value* v = b_.CreateLoad(b_.getInt64Ty(), b_.CreateConstGEP1_64(b_.getInt64Ty(), f->getArg(1), i));
      args.push_back(p.scalar->dtype == ScalarType::Bool ? b_.CreateICmpNE(v, b_.getInt64(0)) : v);
    }
  }
  args.push_back(f->getArg(3));
  args.push_back(f->getArg(4));
  b_.CreateCall(worker, args);
  b_.CreateRetVoid();
  values_.clear();
  locals_.clear();
  buffers_.clear();
  return f;
}

std::string printModule(const llvm::Module& m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.print(os, nullptr);
  return os.str();
}

// The function pipeline for a kernel module, picked for what the emitter produces (straight-line
// element math in loop nests, `let` locals in allocas, noalias buffers): locals to SSA, common
// subexpressions, loops rotated (the vectorizer wants the exit at the latch) with invariant loads
// and scalar math hoisted, the innermost loops vectorized (its cost model picks the width), then
// one clean-up.
void addShortPipeline(llvm::ModulePassManager& mpm) {
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::SROAPass());
  fpm.addPass(llvm::EarlyCSEPass(/*UseMemorySSA=*/false));
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  llvm::LoopPassManager lpm;
  lpm.addPass(llvm::LoopRotatePass());
  lpm.addPass(llvm::LICMPass());
  fpm.addPass(llvm::createFunctionToLoopPassAdaptor(std::move(lpm), /*UseMemorySSA=*/true));
  fpm.addPass(llvm::LoopVectorizePass());
  fpm.addPass(llvm::EarlyCSEPass(/*UseMemorySSA=*/false));
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
}

// TSJIT_LLVM_PIPELINE=o2|short overrides the pipeline of every kernel (experiments, the fuzzer).
LLVMPipeline pipelineFromEnv(LLVMPipeline requested) {
  const char* env = std::getenv("TSJIT_LLVM_PIPELINE");
  if (!env || !*env) return requested;
  const std::string v = env;
  if (v == "o2" || v == "O2") return LLVMPipeline::O2;
  if (v == "short") return LLVMPipeline::Short;
  TSJIT_CHECK(false, "TSJIT_LLVM_PIPELINE=", v, ": expected o2 or short");
  return requested;
}

void optimize(llvm::Module& m, llvm::TargetMachine* tm, LLVMPipeline pipeline) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  // The short pipeline vectorizes without an epilogue loop (the main vector loop and a scalar
  // remainder; a third copy of the body costs compile time only). The option is global: set under
  // the Jit mutex for each module.
  if (auto* opt = llvm::cl::getRegisteredOptions().lookup("enable-epilogue-vectorization"))
    *static_cast<llvm::cl::opt<bool>*>(opt) = pipeline == LLVMPipeline::O2;  // LoopVectorize.cpp's cl::opt<bool>
  llvm::ModulePassManager mpm;
  if (pipeline == LLVMPipeline::O2) {
    mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  } else {
    addShortPipeline(mpm);
  }
  mpm.run(m, mam);
}

// TSJIT_LLVM_LINT=1: LLVM's Lint (undefined behaviour it can prove: null / misaligned / out of an
// alloca accesses, division by zero, ...) on the module before and after optimization; its
// findings go to stderr.
bool lintRequested() {
  static const bool on = [] {
    const char* env = std::getenv("TSJIT_LLVM_LINT");
    return env && *env && std::string(env) != "0";
  }();
  return on;
}

}  // namespace

const char* toString(LLVMPipeline p) { return p == LLVMPipeline::O2 ? "o2" : "short"; }

bool llvmAvailable(std::string* whyNot) {
  if (jit().lljit) return true;
  if (whyNot) *whyNot = "LLVM backend unavailable: " + jit().error;
  return false;
}

std::unique_ptr<LLVMKernel> compileLLVM(const LoopKernel& k, std::string* whyNot, bool keepIR, LLVMPipeline pipeline) {
  Jit& j = jit();
  pipeline = pipelineFromEnv(pipeline);
  if (!j.lljit) {
    *whyNot = "LLVM JIT unavailable: " + j.error;
    return nullptr;
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto tEmitted = t0, tOptimized = t0;
  static std::atomic<uint64_t> counter{0};
  const std::string base = "tsjit_" + k.name + "_" + std::to_string(counter++);
  auto ctx = std::make_unique<llvm::LLVMContext>();
  // Optimization remarks and warnings go nowhere (the IR is logged on request instead).
  ctx->setDiagnosticHandlerCallBack([](const llvm::DiagnosticInfo&, void*) {}, nullptr);
  auto m = std::make_unique<llvm::Module>(base, *ctx);
  m->setDataLayout(j.lljit->getDataLayout());
  m->setTargetTriple(j.tm->getTargetTriple().str());
  std::vector<std::string> names;
  Emitter em(*ctx, *m);
  for (size_t n = 0; n < k.body->body.size(); ++n) {
    names.push_back(base + "_nest" + std::to_string(n));
    em.emitNest(k, k.body->body[n], names.back());
  }
  for (llvm::Function& f : *m) {
    if (f.isDeclaration()) continue;
    f.addFnAttr("target-cpu", j.cpu);
    f.addFnAttr("target-features", j.features);
    // Full-width vectors where the CPU has AVX-512 (LLVM prefers 256 bits on Intel by default).
    if (j.features.find("+avx512f") != std::string::npos) f.addFnAttr("prefer-vector-width", "512");
  }
  auto result = std::make_unique<LLVMKernelImpl>();
  std::string verifyErrors;
  llvm::raw_string_ostream verifyOs(verifyErrors);
  TSJIT_CHECK(!llvm::verifyModule(*m, &verifyOs), "LLVM codegen produced an invalid module: ", verifyOs.str(), "\n",
              printModule(*m));
  if (keepIR) result->unoptimizedIR = printModule(*m);
  GRAPH_UPDATE("LLVM IR of ", k.name, " before optimization:\n", keepIR ? result->unoptimizedIR : printModule(*m));
  if (lintRequested()) llvm::lintModule(*m);
  {
    std::lock_guard<std::mutex> lock(j.mutex);
    tEmitted = std::chrono::steady_clock::now();
    optimize(*m, j.tm.get(), pipeline);
    tOptimized = std::chrono::steady_clock::now();
  }
  if (lintRequested()) llvm::lintModule(*m);
  if (keepIR || isLogEnabled(__FILE__, LogLevel::GRAPH_DUMP)) {
    result->optimizedIR = printModule(*m);
    GRAPH_DUMP("LLVM IR of ", k.name, " after optimization:\n", result->optimizedIR);
  }
  result->tracker = j.lljit->getMainJITDylib().createResourceTracker();
  if (auto err = j.lljit->addIRModule(result->tracker, llvm::orc::ThreadSafeModule(std::move(m), std::move(ctx)))) {
    *whyNot = "LLVM: " + llvm::toString(std::move(err));
    return nullptr;
  }
  for (const std::string& name : names) {
    auto sym = j.lljit->lookup(name);
    if (!sym) {
      *whyNot = "LLVM: " + llvm::toString(sym.takeError());
      return nullptr;
    }
    result->nests.push_back(reinterpret_cast<NestFn>(sym->getAddress()));
  }
  const auto tDone = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  result->compileMs = ms(t0, tDone);
  if (llvm::TimePassesIsEnabled) llvm::reportAndResetTimings(&llvm::errs());
  GRAPH_DEBUG("LLVM compile of ", k.name, " (", toString(pipeline), "): IR ", ms(t0, tEmitted), " ms, passes ",
              ms(tEmitted, tOptimized), " ms, machine code ", ms(tOptimized, tDone), " ms");
  return result;
}

}  // namespace tsjit::tensorexpr

#endif
