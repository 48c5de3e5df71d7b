// Program.cpp — the RapidCheck generator of program descriptions and the construction of concrete
// inputs from InputSpecs (see Program.h). buildCase() lives in Builder.cpp.
#include "fuzz/lib/Program.h"

#include <ostream>

namespace tsjit::fuzz {

StepKind stepKind(const Step& s) {
  switch (s.kind % 16) {
    case 12: return StepKind::IfBegin;
    case 13: return StepKind::Else;
    case 14: return StepKind::LoopBegin;
    case 15: return StepKind::End;
    default: return StepKind::Op;
  }
}

std::ostream& operator<<(std::ostream& os, const ProgramDesc& d) {
  os << "ProgramDesc{seed=" << d.dataSeed << ", steps=[";
  for (size_t i = 0; i < d.steps.size(); ++i) {
    const Step& s = d.steps[i];
    os << (i ? ", " : "") << "{" << int(s.kind) << "," << s.op << ",[";
    for (size_t j = 0; j < s.c.size(); ++j) os << (j ? "," : "") << s.c[j];
    os << "]}";
  }
  return os << "]}";
}

namespace {

rc::Gen<Step> genStep() {
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange<int>(0, 16), rc::gen::arbitrary<uint16_t>(),
                                     rc::gen::container<std::vector<uint16_t>>(kChoicesPerStep,
                                                                                rc::gen::arbitrary<uint16_t>())),
                      [](const std::tuple<int, uint16_t, std::vector<uint16_t>>& t) {
                        Step s;
                        s.kind = static_cast<uint8_t>(std::get<0>(t));
                        s.op = std::get<1>(t);
                        const auto& c = std::get<2>(t);
                        for (size_t i = 0; i < kChoicesPerStep && i < c.size(); ++i) s.c[i] = c[i];
                        return s;
                      });
}

uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

rc::Gen<ProgramDesc> genProgram(const GenOptions& options) {
  int maxSteps = options.maxSteps;
  auto steps = rc::gen::withSize([maxSteps](int size) {
    int len = std::max(1, size * maxSteps / 100);
    // Elements always at full size: choices range over all uint16 values.
    return rc::gen::resize(len, rc::gen::container<std::vector<Step>>(rc::gen::resize(100, genStep())));
  });
  return rc::gen::map(rc::gen::tuple(steps, rc::gen::noShrink(rc::gen::arbitrary<uint64_t>())),
                      [](const std::tuple<std::vector<Step>, uint64_t>& t) {
                        ProgramDesc d;
                        d.steps = std::get<0>(t);
                        d.dataSeed = std::get<1>(t);
                        return d;
                      });
}

const char* toString(InputLayout l) {
  switch (l) {
    case InputLayout::Contiguous: return "contiguous";
    case InputLayout::Transposed: return "transposed";
    case InputLayout::Sliced: return "sliced";
    case InputLayout::Expanded: return "expanded";
  }
  return "?";
}

IValue makeInput(const InputSpec& spec) {
  switch (spec.kind) {
    case InputSpec::Kind::Int: return IValue(spec.intValue);
    case InputSpec::Kind::Float: return IValue(spec.floatValue);
    case InputSpec::Kind::Bool: return IValue(spec.boolValue);
    case InputSpec::Kind::Tensor: break;
  }
  const std::vector<int64_t>& shape = spec.shape;
  int64_t rank = static_cast<int64_t>(shape.size());
  Tensor t;
  switch (spec.layout) {
    case InputLayout::Contiguous: t = Tensor::empty(shape, spec.dtype); break;
    case InputLayout::Transposed: {
      std::vector<int64_t> s = shape;
      std::swap(s[rank - 1], s[rank - 2]);
      t = Tensor::empty(s, spec.dtype).transpose(rank - 1, rank - 2);
      break;
    }
    case InputLayout::Sliced: {
      std::vector<int64_t> s = shape;
      s[spec.layoutDim] = s[spec.layoutDim] * 2 + 1;
      Tensor base = Tensor::zeros(s, spec.dtype);
      t = base.slice(spec.layoutDim, 1, std::nullopt, 2);
      break;
    }
    case InputLayout::Expanded: {
      std::vector<int64_t> s = shape;
      s[spec.layoutDim] = 1;
      t = Tensor::empty(s, spec.dtype).expand(shape);
      break;
    }
  }
  uint64_t state = spec.seed;
  int64_t n = t.numel();
  ScalarType dt = spec.dtype;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = splitmix(state);
    if (dt == ScalarType::Bool) {
      t.setInt64(i, static_cast<int64_t>(r & 1));
    } else if (dt == ScalarType::UInt8) {
      t.setInt64(i, static_cast<int64_t>(r % 16));
    } else if (isIntegralType(dt, false)) {
      t.setInt64(i, static_cast<int64_t>(r % 15) - 5);
    } else {
      double u = static_cast<double>(r >> 11) * 0x1.0p-53;  // [0, 1)
      t.setDouble(i, -3.0 + 6.0 * u);
    }
  }
  return IValue(t);
}

std::vector<IValue> GeneratedCase::makeInputs() const {
  std::vector<IValue> out;
  out.reserve(inputs.size());
  for (const InputSpec& s : inputs) out.push_back(makeInput(s));
  return out;
}

}  // namespace tsjit::fuzz
