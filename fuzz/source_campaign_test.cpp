// source_campaign_test.cpp — the source-level fuzzer (fuzz/lib/SourceCampaign.h): CPython and both
// tsjit engines write values the same canonical way (floats as float.hex(), incl. -0.0, the
// smallest subnormal 2^-1074 and 2^1000; expected texts worked out from the IEEE layouts); a known TorchScript-vs-CPython difference is caught, classified and reduced;
// a bounded fixed-seed campaign finds no disagreement; tensor programs agree in lockstep, and a jit
// kernel off by 1e-3 relative (sigmoid, perturbed through the observer) is caught and reduced.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/lib/SourceCampaign.h"
#include "fuzz/lib/SourceGen.h"
#include "jit/runtime/Interpreter.h"

using namespace tsjit::fuzz;

namespace {

std::string tempDir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("tsjit-source-test-" + name);
  std::filesystem::remove_all(dir);
  return dir.string();
}

std::string describeFailures(const SourceCampaignResult& r) {
  std::ostringstream os;
  for (const auto& f : r.failures) os << f.kind << ": " << f.path << "\n" << f.message << "\n";
  return os.str();
}

}  // namespace

TEST(SourceCampaign, CanonicalValuesAgreeWithCPython) {
  const std::string program = R"PY(def g():
    a = 0.1
    b = -0.0
    c = 5e-324
    d = 1.0715086071862673e+301
    e = [1, -2, 3]
    m: Dict[str, int] = {"z": 1, "a": -2}
    m["b"] = 3
    return (a, b, c, d, -d, 7 // -2, -7 % 3, "q\"uo\\te", e[0:2], True, 2 / 3, m)
)PY";
  SourceOutcome py = runSourceOnPython(program, "g");
  ASSERT_FALSE(py.raised) << py.value;
  EXPECT_EQ(py.value,
            "(f:0x1.999999999999ap-4,f:-0x0.0p+0,f:0x0.0000000000001p-1022,f:0x1.0000000000000p+1000,"
            "f:-0x1.0000000000000p+1000,i:-4,i:2,s:\"q\\\"uo\\\\te\",[i:1,i:-2],b:True,f:0x1.5555555555555p-1,"
            "{s:\"z\":i:1,s:\"a\":i:-2,s:\"b\":i:3})");
  for (bool jit : {false, true}) {
    SourceOutcome ts = runSourceOnTsjit(program, "g", jit);
    ASSERT_TRUE(ts.compiled) << ts.value;
    EXPECT_EQ(ts.value, py.value) << (jit ? "jit" : "reference");
  }
}

TEST(SourceCampaign, RaisesCompareByExceptionClass) {
  const std::string program = "def g():\n    x = 3\n    if x > 2:\n        raise ValueError(\"big\")\n    return x\n";
  SourceOutcome py = runSourceOnPython(program, "g");
  EXPECT_TRUE(py.raised);
  EXPECT_EQ(py.value, "ValueError");
  for (bool jit : {false, true}) {
    SourceOutcome ts = runSourceOnTsjit(program, "g", jit);
    EXPECT_TRUE(ts.raised);
    EXPECT_EQ(ts.value, "ValueError");
  }
}

TEST(SourceCampaign, ADifferenceFromCPythonIsSeen) {
  // TorchScript 1.13's float % is fmod(b + fmod(a, b), b) (checked on python3-torch 1.13):
  // 0.1 % 1000.0 is 0.10000000000002274 there and 0.1 in CPython. The generator never writes it;
  // the oracle must still see it when a program does.
  const std::string program = "def g():\n    return 0.1 % 1000.0\n";
  SourceOutcome py = runSourceOnPython(program, "g");
  SourceOutcome ref = runSourceOnTsjit(program, "g", false);
  SourceOutcome jit = runSourceOnTsjit(program, "g", true);
  EXPECT_EQ(py.value, "f:0x1.999999999999ap-4");
  EXPECT_EQ(ref.value, "f:0x1.999999999a000p-4");
  EXPECT_EQ(jit.value, ref.value);
}

TEST(SourceCampaign, GeneratedProgramsAreDeterministicAndVaried) {
  SourceProgram a = generateSourceProgram(7, "f"), b = generateSourceProgram(7, "f"), c = generateSourceProgram(8, "f");
  EXPECT_EQ(a.text(), b.text());
  EXPECT_NE(a.text(), c.text());
  EXPECT_EQ(a.statements.size(), 8u);
  EXPECT_NE(a.text().find("return (i0, i1, f0, f1, b0, s0, l0, d0"), std::string::npos) << a.text();
}

// Over a few dozen seeds the generator writes every construct it knows: helpers called with
// keywords, the class (its methods and magic methods used), dict writes and reads, comprehensions,
// f-strings, format, %, powers, continue.
TEST(SourceCampaign, GeneratedProgramsCoverHelpersClassesDictsAndFormats) {
  std::string all;
  for (uint64_t seed = 0; seed < 60; ++seed) all += generateSourceProgram(seed, "f" + std::to_string(seed), 12).text();
  for (const char* want : {"_h0(l: List[int], a: int, b: float = ", "_h0(l0, ", "class C_f", "self.items.append",
                           ".bump(", ".label(", "len(o0)", " in o0)", "o0[", "d0[", "d0.get(", " in d0)",
                           "for w_ in ", "f\"<{", "\"{} and {} = {}!\".format(", "(\"%d-%s:\" % (", " ** ",
                           "math.sqrt(", "continue\n", "return (i0, i1, f0, f1, b0, s0, l0, d0, o0.n, o0.s, o0.items"})
    EXPECT_NE(all.find(want), std::string::npos) << "no generated program has " << want;
  // a helper called with keywords
  EXPECT_NE(all.find(", s="), std::string::npos);
}

TEST(SourceCampaign, BoundedCampaignFindsNoDisagreement) {
  SourceCampaignOptions o;
  o.maxPrograms = 150;
  o.seed = 1;
  o.outDir = tempDir("campaign");
  SourceCampaignResult r = runSourceCampaign(o);
  EXPECT_EQ(r.programs, 150u);
  EXPECT_TRUE(r.failures.empty()) << describeFailures(r);
  // the programs run to their end often enough to compare values, not only exceptions
  EXPECT_LT(r.pythonRaised, r.programs / 2);
}

TEST(SourceCampaign, APlantedDifferenceIsFoundAndReducedToAFewLines) {
  SourceCampaignOptions o;
  o.maxPrograms = 3;
  o.seed = 11;
  o.maxFailures = 1;
  o.outDir = tempDir("planted");
  o.plantedStatement = "f0 = f0 + 0.1 % 1000.0";  // TorchScript's float % is not CPython's
  SourceCampaignResult r = runSourceCampaign(o);
  ASSERT_EQ(r.failures.size(), 1u);
  const SourceFailure& f = r.failures[0];
  EXPECT_TRUE(f.kind == "value (both)" || f.kind == "raise (both)") << f.kind << "\n" << f.message;
  EXPECT_NE(f.reduced.find("0.1 % 1000.0"), std::string::npos) << f.reduced;
  // def + 8 or 9 declarations + the planted line + return: everything else was removed (the helpers
  // and the class written before the def stay)
  const size_t def = f.reduced.rfind("\ndef ");  // the function comes after the definitions
  const std::string body = def == std::string::npos ? f.reduced : f.reduced.substr(def + 1);
  size_t lines = static_cast<size_t>(std::count(body.begin(), body.end(), '\n'));
  EXPECT_LE(lines, 12u) << f.reduced;
  std::ifstream written(f.path);
  std::string text((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("# CPython:"), std::string::npos) << text;
}

namespace {

// A jit whose sigmoid is off by 1e-3 relative: the lockstep observer is handed perturbed copies
// of aten::sigmoid's outputs, as if the kernel had computed them.
class PerturbSigmoid : public tsjit::runtime::ExecutionObserver {
 public:
  explicit PerturbSigmoid(tsjit::runtime::ExecutionObserver& inner) : inner_(inner) {}
  void beforeOp(const tsjit::Node& n, const tsjit::IValue* in, size_t k) override { inner_.beforeOp(n, in, k); }
  void afterOp(const tsjit::Node& n, const tsjit::IValue* out, size_t k) override {
    if (n.kind() != tsjit::Symbol::aten("sigmoid")) return inner_.afterOp(n, out, k);
    std::vector<tsjit::IValue> changed(out, out + k);
    for (auto& v : changed)
      if (v.isTensor() && v.toTensor().dtype() == tsjit::ScalarType::Float) {
        tsjit::Tensor t = v.toTensor().clone(tsjit::MemoryFormat::Contiguous);
        float* d = t.dataPtr<float>();
        for (int64_t i = 0; i < t.numel(); ++i) d[i] *= 1.001f;
        v = tsjit::IValue(t);
      }
    inner_.afterOp(n, changed.data(), k);
  }

 private:
  tsjit::runtime::ExecutionObserver& inner_;
};

}  // namespace

TEST(SourceCampaign, TensorProgramsRunInLockstepAndAgree) {
  SourceCampaignOptions o;
  o.maxPrograms = 60;
  o.seed = 3;
  o.tensorShare = 1.0;
  o.outDir = tempDir("tensors");
  SourceCampaignResult r = runSourceCampaign(o);
  EXPECT_EQ(r.tensorPrograms, 60u);
  EXPECT_GT(r.opsChecked, 60u * 10);  // tensor and scalar op nodes compared one by one
  EXPECT_TRUE(r.failures.empty()) << describeFailures(r);
  SourceProgram p = generateSourceProgram(5, "f", 8, true);
  EXPECT_TRUE(p.tensors);
  EXPECT_NE(p.text().find("v0 = t0[1]"), std::string::npos) << p.text();
}

TEST(SourceCampaign, AKernelOffByATenthOfAPercentIsCaughtInLockstepAndReduced) {
  SourceCampaignOptions o;
  o.maxPrograms = 200;
  o.seed = 3;
  o.tensorShare = 1.0;
  o.maxFailures = 1;
  o.outDir = tempDir("faulty");
  PropertyEngines faulty = jitVsReference(PropertyMode::Lockstep);
  ObservedEngineFn real = faulty.observed;
  faulty.observed = [real](const std::shared_ptr<tsjit::Graph>& g, std::vector<tsjit::IValue> in,
                           tsjit::runtime::ExecutionObserver& obs) {
    PerturbSigmoid wrapped(obs);
    return real(g, std::move(in), wrapped);
  };
  o.tensorEngines = faulty;
  SourceCampaignResult r = runSourceCampaign(o);
  ASSERT_EQ(r.failures.size(), 1u);
  const SourceFailure& f = r.failures[0];
  EXPECT_EQ(f.kind, "lockstep (aten::sigmoid)") << f.message;
  EXPECT_NE(f.reduced.find("sigmoid"), std::string::npos) << f.reduced;
  // the reduced function: the def, the declarations, a few statements and the return
  EXPECT_LT(std::count(f.reduced.begin(), f.reduced.end(), '\n'), std::count(f.program.begin(), f.program.end(), '\n'))
      << f.reduced;
}
