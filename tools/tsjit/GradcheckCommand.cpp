// GradcheckCommand.cpp — `tsjit gradcheck [FORMULAS.py] [--op aten::NAME] [--against-builtin]
// [--out DIR] [--seed N] [--case CASE.ir --inputs CASE.json]`: checks gradient formulas written in
// PyTorch 1.13's symbolic_script form (jit/autodiff/Formula.h) against central finite differences
// of the reference evaluator in float64, on generated inputs (conformance/lib/GradCheck.h): first
// order on the jit and the reference, second order (the backward differentiated again) on the jit.
// Without FORMULAS.py it checks tsjit's built-in formulas. Prints one row per formula
// (op, overload, cases, worst error, first / second order), writes each failing input as a
// replayable case (DIR/<op>.<overload>.<n>.ir / .json / .txt; `--case` replays one), and exits 1 on
// any failure. --against-builtin also compares each formula's gradients with the built-in formula
// of the same overload. A formula file that does not load is an error with its place (exit 1).
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "conformance/lib/GradCheck.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/autodiff/Formula.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/support/Error.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/GraphIO.h"

namespace tsjit::tool {

namespace {

struct GradcheckOptions {
  std::string file, op, out = "results/gradcheck", caseFile, inputs;
  bool againstBuiltin = false;
  uint64_t seed = 1;
};

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  if (!out) throw CompileError("gradcheck: cannot write '" + path + "'");
}

std::string errStr(double e) {
  std::ostringstream s;
  s << std::scientific << std::setprecision(1) << e;
  return s.str();
}

// The worst difference between the formula's gradients and the built-in formula's on the cases.
std::optional<double> compareWithBuiltin(const autodiff::Formula& f, const autodiff::FormulaSet& mine, uint64_t seed) {
  const autodiff::FormulaSet& builtin = autodiff::builtinFormulas();
  if (!builtin.find(*f.overload)) return std::nullopt;
  std::mt19937 rng(static_cast<uint32_t>(seed));
  double worst = 0;
  for (const conformance::OpCase& c : conformance::opCases(*f.overload, rng)) {
    std::vector<IValue> dy = conformance::randomGradOutputs(*c.graph, c.inputs, rng);
    auto a = conformance::symbolicVjp(*c.graph, c.inputs, dy, c.wrt, conformance::GradEngine::Jit, mine);
    auto b = conformance::symbolicVjp(*c.graph, c.inputs, dy, c.wrt, conformance::GradEngine::Jit, builtin);
    for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, conformance::gradError(a[i], b[i]));
  }
  return worst;
}

int replayCase(const GradcheckOptions& o, const autodiff::FormulaSet& formulas) {
  ClassRegistry classes;
  std::shared_ptr<Graph> graph = parseIR(readFile(o.caseFile), o.caseFile, &classes);
  if (o.inputs.empty()) throw CompileError("gradcheck: --case needs --inputs CASE.json");
  std::vector<IValue> inputs = readInputs(o.inputs, &classes, "gradcheck");
  if (inputs.size() != graph->inputs().size())
    throw CompileError(str("gradcheck: the graph takes ", graph->inputs().size(), " inputs but ", inputs.size(), " were given"));
  std::vector<size_t> wrt;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].isTensor() && isFloatingType(inputs[i].toTensor().dtype())) wrt.push_back(i);
  std::mt19937 rng(static_cast<uint32_t>(o.seed));
  std::vector<IValue> dy = conformance::randomGradOutputs(*graph, inputs, rng);
  bool ok = true;
  for (auto e : {conformance::GradEngine::Jit, conformance::GradEngine::Reference}) {
    auto r = conformance::checkFirstOrder(*graph, inputs, dy, wrt, e, formulas);
    std::cout << "first order (" << conformance::toString(e) << "): "
              << (!r.checked ? "not checkable: " + r.message : r.ok ? "ok, error " + errStr(r.worstError) : "FAIL: " + r.message)
              << "\n";
    ok &= r.ok;
  }
  auto s = conformance::checkSecondOrder(*graph, inputs, wrt, conformance::GradEngine::Jit, rng, formulas);
  std::cout << "second order (jit): "
            << (!s.checked ? "not checkable: " + s.message : s.ok ? "ok, error " + errStr(s.worstError) : "FAIL: " + s.message)
            << "\n";
  ok &= !s.checked || s.ok;
  return ok ? 0 : 1;
}

int runGradcheck(const GradcheckOptions& o) {
  std::unique_ptr<autodiff::FormulaSet> own;
  const autodiff::FormulaSet* formulas = &autodiff::builtinFormulas();
  if (!o.file.empty()) {
    own = std::make_unique<autodiff::FormulaSet>();
    own->setFallback(&autodiff::builtinFormulas());  // ops of the backward not in the file
    own->load(readFile(o.file), o.file);
    formulas = own.get();
  }
  if (!o.caseFile.empty()) return replayCase(o, *formulas);
  size_t rows = 0, failed = 0, written = 0;
  std::cout << std::left << std::setw(22) << "op" << std::setw(16) << "overload" << std::setw(7) << "cases"
            << std::setw(13) << "worst error" << std::setw(13) << "first order" << std::setw(14) << "second order";
  if (o.againstBuiltin) std::cout << "vs built-in";
  std::cout << "\n";
  std::vector<std::string> details;
  for (const auto& f : formulas->all()) {
    if (!o.op.empty() && f->overload->op().name() != o.op && f->overload->qualifiedName() != o.op) continue;
    ++rows;
    conformance::FormulaReport rep = conformance::checkFormula(*f, *formulas, o.seed);
    std::string vsBuiltin;
    bool builtinOk = true;
    if (o.againstBuiltin) {
      std::optional<double> d = compareWithBuiltin(*f, *formulas, o.seed);
      vsBuiltin = d ? errStr(*d) : "no built-in";
      if (d && !(*d <= 1e-6)) {
        builtinOk = false;
        vsBuiltin += " DIFFERS";
      }
    }
    const std::string second = rep.secondOrderOk ? (*rep.secondOrderOk ? "pass" : "FAIL") : "n/a";
    std::cout << std::left << std::setw(22) << rep.op << std::setw(16) << (rep.overload.empty() ? "-" : rep.overload)
              << std::setw(7) << rep.cases << std::setw(13) << errStr(rep.worstError) << std::setw(13)
              << (rep.firstOrderOk ? "pass" : "FAIL") << std::setw(14) << second << vsBuiltin << "\n";
    if (!rep.secondOrderOk && !rep.secondOrderNote.empty())
      details.push_back(rep.op + "." + rep.overload + ": second order not checkable: " + rep.secondOrderNote);
    if (!rep.ok() || !builtinOk) ++failed;
    if (rep.cases == 0) details.push_back(rep.op + "." + rep.overload + ": no generated case (arguments the generator cannot choose)");
    for (const std::string& line : rep.failures) details.push_back("FAIL " + line);
    for (size_t i = 0; i < rep.failingCases.size(); ++i) {
      std::filesystem::create_directories(o.out);
      const std::string stem = o.out + "/" + rep.op.substr(6) + "." + (rep.overload.empty() ? "default" : rep.overload) +
                               "." + std::to_string(i);
      const conformance::OpCase& c = rep.failingCases[i];
      writeText(stem + ".ir", c.graph->toString(false));
      writeText(stem + ".json", conformance::encodeValues(c.inputs).dump(1) + "\n");
      writeText(stem + ".txt", c.description + "\nreplay: tsjit gradcheck " + o.file + " --case " + stem + ".ir --inputs " +
                                   stem + ".json\n" + (i < rep.failures.size() ? rep.failures[i] : "") + "\n");
      ++written;
    }
  }
  if (rows == 0) throw CompileError("gradcheck: no formula" + (o.op.empty() ? std::string() : " for " + o.op));
  for (const std::string& d : details) std::cout << d << "\n";
  std::cout << "gradcheck: " << (rows - failed) << "/" << rows << " formulas passed";
  if (written) std::cout << "; " << written << " failing cases written to " << o.out << "/";
  std::cout << "\n";
  return failed ? 1 : 0;
}

}  // namespace

void setupGradcheckCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<GradcheckOptions>();
  CLI::App* sub = app.add_subcommand("gradcheck", "Check gradient formulas (symbolic_script form) against finite differences");
  sub->add_option("file", opts->file, "formula file (.py, 1.13's symbolic_script form); default: the built-in formulas");
  sub->add_option("--op", opts->op, "check only this op (aten::mul) or overload (aten::mul.Tensor)");
  sub->add_flag("--against-builtin", opts->againstBuiltin, "also compare with tsjit's built-in formula of each overload");
  sub->add_option("--out", opts->out, "where failing cases are written (default results/gradcheck)");
  sub->add_option("--seed", opts->seed, "seed of the generated inputs (default 1)");
  sub->add_option("--case", opts->caseFile, "replay one written case (.ir) instead of generating");
  sub->add_option("--inputs", opts->inputs, "the case's inputs (.json) for --case");
  sub->callback([opts, &exitCode] { exitCode = runGradcheck(*opts); });
}

}  // namespace tsjit::tool
