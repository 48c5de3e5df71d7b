// Program.cpp — the RapidCheck generator of program descriptions and the construction of concrete
// inputs from InputSpecs (see Program.h). buildCase() lives in Builder.cpp.
#include "fuzz/lib/Program.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>

namespace tsjit::fuzz {

// Kinds 0-11 are Op steps, so that a kind shrinking towards 0 becomes the simplest step.
StepKind stepKind(const Step& s) {
  switch (s.kind % kStepKinds) {
    case 12: return StepKind::IfBegin;
    case 13: return StepKind::Else;
    case 14: return StepKind::LoopBegin;
    case 15: return StepKind::End;
    case 16: return StepKind::InPlace;
    case 17: return StepKind::List;
    case 18: return StepKind::DataLoop;
    case 19: return StepKind::Raise;
    case 20: return StepKind::InPlace;
    case 21: return StepKind::List;
    default: return StepKind::Op;
  }
}

const char* featureName(uint32_t bit) {
  switch (bit) {
    case kFeatInPlace: return "in-place";
    case kFeatLists: return "lists";
    case kFeatDataLoop: return "data loops";
    case kFeatDataIf: return "data branches";
    case kFeatRaise: return "raise";
    case kFeatSpecial: return "special values";
    case kFeatShapes: return "shapes";
  }
  return "?";
}

const char* hitName(uint32_t hit) {
  static const char* const kNames[kNumHits] = {
      "in-place op on an alias", "  on a graph input", "  on a view", "  on a clone", "  read through an expanded view",
      "list op", "  list-returning op", "  list mutation", "  list mutation in a loop", "  size-0 list member",
      "  tuple", "data-dependent loop", "  carried values moving between slots", "branch on data", "raise path",
      "special values", "empty tensor", "0-dim tensor", "rank 5-6 tensor", "non-contiguous input", "expanded input",
      "control flow"};
  return hit < kNumHits ? kNames[hit] : "?";
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
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange<int>(0, kStepKinds), rc::gen::arbitrary<uint16_t>(),
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
  uint32_t allowed = options.features;
  bool swarmOps = options.swarmOps;
  auto steps = rc::gen::withSize([maxSteps](int size) {
    int len = std::max(1, size * maxSteps / 100);
    // Elements always at full size: choices range over all uint16 values.
    return rc::gen::resize(len, rc::gen::container<std::vector<Step>>(rc::gen::resize(100, genStep())));
  });
  // The swarm draw is part of the case (not shrunk: a failure keeps the features it needs).
  return rc::gen::map(rc::gen::tuple(steps, rc::gen::noShrink(rc::gen::arbitrary<uint64_t>()),
                                     rc::gen::noShrink(rc::gen::arbitrary<uint64_t>())),
                      [allowed, swarmOps](const std::tuple<std::vector<Step>, uint64_t, uint64_t>& t) {
                        ProgramDesc d;
                        d.steps = std::get<0>(t);
                        d.dataSeed = std::get<1>(t);
                        uint64_t swarm = std::get<2>(t);
                        d.features = 0;
                        for (uint32_t bit = 1; bit < kAllFeatures; bit <<= 1)
                          if ((allowed & bit) && ((swarm >> (2 * __builtin_ctz(bit))) & 3) != 0) d.features |= bit;
                        uint32_t subset = static_cast<uint32_t>(swarm >> 32);
                        d.opSubset = swarmOps && (subset & 1) ? (subset | 1) : 0;
                        return d;
                      });
}

// A special value of dtype `dt` for element i (r: the element's random bits).
static void setSpecial(Tensor& t, int64_t i, ScalarType dt, uint64_t r) {
  uint32_t k = static_cast<uint32_t>((r >> 8) % 16);
  if (isFloatingType(dt)) {
    const double inf = std::numeric_limits<double>::infinity();
    // The smallest positive subnormal and the largest finite value of the dtype.
    double denorm = dt == ScalarType::Double ? 4.9406564584124654e-324
                    : dt == ScalarType::Float ? 1.4012984643248171e-45
                    : dt == ScalarType::Half  ? 5.9604644775390625e-08
                                              : 9.183549615799121e-41;
    double big = dt == ScalarType::Double ? 1.0e300 : dt == ScalarType::Float ? 3.0e38 : dt == ScalarType::Half ? 65504.0 : 3.0e38;
    // Values whose rounding to an integer or to the dtype is a tie: 2.5, -0.5, 1 + half an ulp of Half.
    const double ties[] = {0.5, -0.5, 2.5, -1.5, 1.00048828125, 2049.0};
    double v = 0;
    switch (k) {
      case 0: case 1: v = std::numeric_limits<double>::quiet_NaN(); break;
      case 2: v = inf; break;
      case 3: v = -inf; break;
      case 4: case 5: v = -0.0; break;
      case 6: v = denorm * static_cast<double>(1 + (r >> 20) % 3); break;
      case 7: v = -denorm; break;
      case 8: case 9: case 10: v = ties[(r >> 24) % 6]; break;
      case 11: v = big; break;
      case 12: v = -big; break;
      case 13: v = big / 3.0; break;
      case 14: v = 0.0; break;
      default: v = 1.0e6; break;
    }
    t.setDouble(i, v);
    return;
  }
  // Integers: the extremes of the dtype (int32 / int64 never their minimum, whose negation and
  // division by -1 trap in C++ as in PyTorch), 0 and -1.
  int64_t lo = 0, hi = 0;
  switch (dt) {
    case ScalarType::UInt8: lo = 0, hi = 255; break;
    case ScalarType::Int8: lo = -128, hi = 127; break;
    case ScalarType::Int16: lo = -32768, hi = 32767; break;
    case ScalarType::Int32: lo = -2147483647, hi = 2147483647; break;
    default: lo = -std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::max(); break;
  }
  const int64_t vals[] = {hi, lo, hi - 1, lo + 1, 0, dt == ScalarType::UInt8 ? 1 : -1, hi / 2 + 1, std::max(lo, lo / 2 - 1)};
  t.setInt64(i, vals[k % 8]);
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
    if (spec.special && dt != ScalarType::Bool && (r >> 61) < spec.special) {
      setSpecial(t, i, dt, r);
      continue;
    }
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
