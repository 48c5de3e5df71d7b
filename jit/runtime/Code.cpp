// Code.cpp — opcode names and the Code listing (Code::dump).
#include "jit/runtime/Code.h"

#include <iomanip>
#include <sstream>

namespace tsjit::runtime {

const char* toString(OpCode op) {
  switch (op) {
#define TSJIT_OPCODE_NAME(name) \
  case OpCode::name: return #name;
    TSJIT_FORALL_OPCODES(TSJIT_OPCODE_NAME)
#undef TSJIT_OPCODE_NAME
  }
  return "?";
}

std::string Code::dump() const {
  std::ostringstream os;
  os << "code: " << inputKinds_.size() << " inputs, " << numOutputs_ << " outputs, " << numRegs_
     << " registers, " << scalarInit_.size() << " scalar registers, " << constants_.size() << " constants\n";
  for (size_t i = 0; i < inputKinds_.size(); ++i) {
    auto [bank, reg] = inputKinds_[i];
    os << "  input " << i << " -> " << (bank == Bank::Boxed ? "r" : "s") << reg << "\n";
  }
  for (size_t i = 0; i < instructions_.size(); ++i) {
    const Instruction& ins = instructions_[i];
    os << std::setw(5) << i << "  " << std::left << std::setw(9) << toString(ins.op) << std::right;
    switch (ins.op) {
      case OpCode::LOAD:
      case OpCode::MOVE:
      case OpCode::STORE:
      case OpCode::DROP: os << " r" << ins.a; break;
      case OpCode::LOADI:
      case OpCode::LOADF:
      case OpCode::LOADB:
      case OpCode::STOREI:
      case OpCode::STOREF:
      case OpCode::STOREB:
      case OpCode::INC: os << " s" << ins.a; break;
      case OpCode::LOADC: os << " c" << ins.a; break;
      case OpCode::POP: break;
      case OpCode::COPY:
      case OpCode::MOVEREG: os << " r" << ins.a << ", r" << ins.b; break;
      case OpCode::ICOPY: os << " s" << ins.a << ", s" << ins.b; break;
      case OpCode::OP: os << " " << operationNames_[ins.a] << " (" << ins.n << " inputs)"; break;
      case OpCode::CALLM:
      case OpCode::CALLF: os << " site" << ins.a << " (" << ins.n << " inputs)"; break;
      case OpCode::JMP: os << " @" << ins.a; break;
      case OpCode::JF: os << " s" << ins.b << ", @" << ins.a; break;
      case OpCode::LOOPTEST: os << " s" << ins.b << ", s" << ins.c << " < s" << ins.c + 1 << ", @" << ins.a; break;
      case OpCode::RET: os << " " << ins.n; break;
      case OpCode::OBSIN:
      case OpCode::OBSOUT: {
        const ObserveSite& site = observeSites_[ins.a];
        os << " site" << ins.a << (site.fromRegisters ? " (registers)" : "");
        if (!site.fromRegisters) os << " (" << (ins.op == OpCode::OBSIN ? ins.n : ins.b) << " values)";
        break;
      }
      case OpCode::INEG:
      case OpCode::FNEG:
      case OpCode::BNOT: os << " s" << ins.a << ", s" << ins.b; break;
      default: os << " s" << ins.a << ", s" << ins.b << ", s" << ins.c; break;
    }
    if (!comments_[i].empty()) os << "   # " << comments_[i];
    os << "\n";
  }
  return os.str();
}

}  // namespace tsjit::runtime
