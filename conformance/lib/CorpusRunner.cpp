// CorpusRunner.cpp — judging corpus cases, the summary table and the JSON report (CorpusRunner.h).
#include "conformance/lib/CorpusRunner.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <map>
#include <ostream>

#include "conformance/lib/Compare.h"
#include "conformance/lib/SourceCase.h"
#include "jit/serialization/Import.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Graph.h"
#include "reference/Evaluator.h"

namespace tsjit::conformance {

using nlohmann::json;

Engine referenceEngine() {
  return {"reference", [](const Graph& g, std::vector<IValue> inputs) {
            reference::Evaluator ev;  // default options: warnings silenced
            return ev.run(g, std::move(inputs));
          }};
}

const char* toString(Outcome o) {
  switch (o) {
    case Outcome::Passed: return "passed";
    case Outcome::Failed: return "failed";
    case Outcome::NotSupported: return "not yet supported";
  }
  return "?";
}

namespace {

void maxNumel(const IValue& v, int64_t& n, int depth = 0) {
  if (depth > 32) return;
  if (v.isTensor()) n = std::max(n, v.toTensor().numel());
  else if (v.isList()) for (const auto& x : v.toListRef().items) maxNumel(x, n, depth + 1);
  else if (v.isTuple()) for (const auto& x : v.toTupleRef().items) maxNumel(x, n, depth + 1);
  else if (v.isDict()) for (const auto& e : v.toDictRef().entries()) maxNumel(e.second, n, depth + 1);
  else if (v.isObject()) for (const auto& x : v.toObjectRef().slots) maxNumel(x, n, depth + 1);
}

std::string firstLines(const std::string& s, size_t maxChars = 400) {
  std::string out = s.size() > maxChars ? s.substr(0, maxChars) + "..." : s;
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

}  // namespace

CaseResult runCase(const Case& c, const Engine& engine, const RunnerOptions& options) {
  auto start = std::chrono::steady_clock::now();
  CaseResult r;
  r.name = c.name;
  r.category = c.category;
  r.file = c.file;
  r.errorCase = c.error.has_value();
  if (c.error) r.expectedLastLine = c.error->lastLine, r.expectedType = c.error->type;
  auto finish = [&](Outcome o, std::string reason) {
    r.outcome = o;
    r.reason = std::move(reason);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  };

  Prepared p;
  std::vector<IValue> callerInputs, engineInputs;
  CompareOptions cmp;
  std::shared_ptr<void> compiled;  // keeps the compiled functions and classes alive
  if (options.archive) {
    r.fromArchive = true;
    r.graphUsed = "archive";
    try {
      try {
        p = prepareCase(c, GraphChoice::InlinedGraph);
      } catch (const std::exception&) {
        p = Prepared{};
        p.classes = std::make_shared<ClassRegistry>();
      }
      if (c.archivePath.empty()) throw CompileError(c.file + ": the case names no archive");
      auto loaded = std::make_shared<serialization::LoadedArchive>(serialization::loadArchiveFile(c.archivePath));
      compiled = loaded;
      p.graph = loaded->forwardGraph();
      p.self = IValue(loaded->module.object);
      if (!p.inlined) p.inlined = p.graph;
      p.graphUsed = "archive";
    } catch (const std::exception& e) {
      r.compileError = e.what();
      return finish(Outcome::Failed, std::string("cannot load the archive: ") + firstLines(e.what()));
    }
  } else if (options.source && hasSource(c)) {
    r.fromSource = true;
    r.graphUsed = "source";
    try {
      // The recorded inlined graph still decides the tolerance (PyTorch's ops); when it does not
      // parse, the compiled graph does.
      try {
        p = prepareCase(c, GraphChoice::InlinedGraph);
      } catch (const std::exception&) {
        p = Prepared{};
        p.classes = std::make_shared<ClassRegistry>();
      }
      SourceProgram prog = compileCaseSource(c);
      compiled = prog.owner;
      p.graph = prog.graph;
      p.self = prog.self;
      if (!p.inlined) p.inlined = prog.graph;
      p.graphUsed = "source";
    } catch (const CompileError& e) {
      r.compileError = e.what();
      std::string where = e.range().valid() ? str(" (", e.range().source()->filename(), ":", e.range().line(), ":",
                                                  e.range().column(), ")")
                                            : "";
      return finish(Outcome::Failed, "compile error: " + firstLines(e.message()) + where);
    } catch (const std::exception& e) {
      r.compileError = e.what();
      return finish(Outcome::Failed, std::string("cannot compile the source: ") + firstLines(e.what()));
    }
  }
  try {
    if (!r.fromSource && !r.fromArchive) {
      p = prepareCase(c, options.graph);
      r.graphUsed = p.graphUsed;
      if (options.source) r.graphUsed += " (" + c.kind + ": no source)";
    }
    callerInputs = decodeValues(c.inputs, p.classes.get(), "inputs");
    if (p.self) engineInputs.push_back(*p.self);
    for (const auto& v : callerInputs) engineInputs.push_back(copyContainers(v));
    cmp = compareOptionsForGraph(*p.inlined);
    int64_t n = 1;
    for (const auto& v : engineInputs) maxNumel(v, n);
    cmp.reductionTerms = n;
    cmp.operandMagnitude = std::max(cmp.operandMagnitude, operandMagnitude(engineInputs));
    cmp.checkStrides = options.checkStrides;
  } catch (const std::exception& e) {
    return finish(Outcome::Failed, std::string("cannot prepare the case: ") + e.what());
  }

  std::vector<IValue> outs;
  try {
    outs = engine.run(*p.graph, std::move(engineInputs));
  } catch (const reference::NotSupported& e) {
    return finish(Outcome::NotSupported, firstLines(e.what()));
  } catch (const InternalError& e) {
    return finish(Outcome::Failed, std::string("internal error: ") + firstLines(e.what()));
  } catch (const std::exception& e) {
    std::string line = reference::pythonLastLine(e);
    if (!c.error) return finish(Outcome::Failed, "raised " + firstLines(line));
    r.actualLastLine = line;
    r.actualType = reference::pythonExceptionType(e);
    r.lastLineMatches = line == c.error->lastLine && r.actualType == c.error->type;
    return finish(Outcome::Passed, "");
  }
  if (c.error) return finish(Outcome::Failed, "expected an error (" + c.error->lastLine + ") but the graph returned");

  try {
    if (outs.size() != 1) return finish(Outcome::Failed, str("the graph returned ", outs.size(), " values, expected 1"));
    IValue expected = decodeValue((*c.outputs)[0], p.classes.get(), "outputs[0]");
    CompareResult res = compareValues(expected, outs[0], cmp);
    if (!res) return finish(Outcome::Failed, "output " + res.message);
    std::vector<IValue> after = c.inputsAfter ? decodeValues(*c.inputsAfter, p.classes.get(), "inputs_after")
                                              : decodeValues(c.inputs, p.classes.get(), "inputs");
    if (after.size() != callerInputs.size())
      return finish(Outcome::Failed, "inputs_after has a different number of values than inputs");
    CompareOptions exactish = cmp;
    exactish.checkStrides = false;  // inputs are rebuilt with their recorded strides anyway
    for (size_t i = 0; i < after.size(); ++i) {
      CompareResult m = compareValues(after[i], callerInputs[i], exactish);
      if (!m)
        return finish(Outcome::Failed, str("input ", i, c.inputsAfter ? " after the call: " : " was modified by the call: ",
                                           m.message));
    }
  } catch (const std::exception& e) {
    return finish(Outcome::Failed, std::string("cannot check the outputs: ") + e.what());
  }
  return finish(Outcome::Passed, "");
}

CaseResult runCaseFile(const std::string& path, const Engine& engine, const RunnerOptions& options) {
  Case c;
  try {
    c = readCase(path);
  } catch (const std::exception& e) {
    CaseResult r;
    r.name = std::filesystem::path(path).stem().string();
    r.file = path;
    r.outcome = Outcome::Failed;
    r.reason = std::string("corrupt case file: ") + e.what();
    return r;
  }
  return runCase(c, engine, options);
}

size_t Summary::passed() const {
  return std::count_if(results.begin(), results.end(), [](const CaseResult& r) { return r.outcome == Outcome::Passed; });
}
size_t Summary::failed() const {
  return std::count_if(results.begin(), results.end(), [](const CaseResult& r) { return r.outcome == Outcome::Failed; });
}
size_t Summary::notSupported() const {
  return std::count_if(results.begin(), results.end(),
                       [](const CaseResult& r) { return r.outcome == Outcome::NotSupported; });
}

void printSummary(std::ostream& os, const Summary& s, bool verbose) {
  struct Row {
    size_t cases = 0, passed = 0, failed = 0, unsupported = 0, compileErrors = 0, fromGraph = 0;
  };
  std::map<std::string, Row> rows;
  Row total;
  for (const auto& r : s.results) {
    for (Row* row : {&rows[r.category], &total}) {
      row->cases++;
      if (r.outcome == Outcome::Passed) row->passed++;
      else if (r.outcome == Outcome::Failed) row->failed++;
      else row->unsupported++;
      if (!r.compileError.empty()) row->compileErrors++;
      if (!r.fromSource) row->fromGraph++;
    }
  }
  os << "engine: " << s.engine << "   graph: " << (s.archive ? std::string("archive (.pt)") : s.graph)
     << (s.source ? "   from: source" : "") << "\n\n";
  os << std::left << std::setw(22) << "category" << std::right << std::setw(7) << "cases" << std::setw(8) << "passed"
     << std::setw(8) << "failed" << std::setw(20) << "not yet supported";
  if (s.source) os << std::setw(13) << "compile err" << std::setw(12) << "from graph";
  os << "\n";
  auto line = [&](const std::string& name, const Row& r) {
    os << std::left << std::setw(22) << name << std::right << std::setw(7) << r.cases << std::setw(8) << r.passed
       << std::setw(8) << r.failed << std::setw(20) << r.unsupported;
    if (s.source) os << std::setw(13) << r.compileErrors << std::setw(12) << r.fromGraph;
    os << "\n";
  };
  for (const auto& [cat, row] : rows) line(cat, row);
  os << std::string(s.source ? 90 : 65, '-') << "\n";
  line("total", total);
  if (s.source)
    os << "(from graph: traced cases have no source; they are replayed from their recorded graph and count "
          "as such)\n";

  auto list = [&](Outcome o, const char* title) {
    bool any = false;
    for (const auto& r : s.results) {
      if (r.outcome != o) continue;
      if (!any) os << "\n" << title << ":\n";
      any = true;
      os << "  " << r.name << ": " << r.reason << "\n";
      if (verbose) os << "      graph used: " << r.graphUsed << "\n";
    }
  };
  list(Outcome::Failed, "failures");
  list(Outcome::NotSupported, "not yet supported");
  bool anyMismatch = false;
  for (const auto& r : s.results) {
    if (!r.errorCase || r.outcome != Outcome::Passed || r.lastLineMatches) continue;
    if (!anyMismatch) os << "\nerror cases whose message differs from PyTorch's (still passed: an error was raised):\n";
    anyMismatch = true;
    os << "  " << r.name << ":\n      expected: " << r.expectedType << " / " << r.expectedLastLine
       << "\n      got:      " << r.actualType << " / " << r.actualLastLine << "\n";
  }
  if (verbose) {
    bool anyCompile = false;
    for (const auto& r : s.results) {
      if (r.compileError.empty()) continue;
      if (!anyCompile) os << "\ncompile errors:\n";
      anyCompile = true;
      os << "  " << r.name << ":\n";
      std::string msg = r.compileError;
      size_t pos = 0;
      while (pos <= msg.size()) {
        size_t nl = msg.find('\n', pos);
        if (nl == std::string::npos) nl = msg.size();
        if (nl > pos) os << "      " << msg.substr(pos, nl - pos) << "\n";
        pos = nl + 1;
      }
    }
    os << "\ngraphs used:\n";
    for (const auto& r : s.results) os << "  " << r.name << ": " << r.graphUsed << "\n";
  }
  os << "\n" << total.passed << " passed, " << total.failed << " failed, " << total.unsupported
     << " not yet supported (of " << total.cases << " cases)\n";
}

json summaryJson(const Summary& s) {
  json failed = json::array(), unsupported = json::array(), results = json::array(), compileErrors = json::array();
  for (const auto& r : s.results) {
    if (r.outcome == Outcome::Failed) failed.push_back({{"name", r.name}, {"reason", r.reason}});
    if (r.outcome == Outcome::NotSupported) unsupported.push_back({{"name", r.name}, {"reason", r.reason}});
    json jr = {{"name", r.name},           {"category", r.category}, {"outcome", toString(r.outcome)},
               {"graph_used", r.graphUsed}, {"seconds", r.seconds}};
    if (!r.reason.empty()) jr["reason"] = r.reason;
    if (s.source) jr["from_source"] = r.fromSource;
    if (s.archive && !r.compileError.empty()) jr["load_error"] = r.compileError;
    if (!r.compileError.empty()) {
      jr["compile_error"] = r.compileError;
      compileErrors.push_back({{"name", r.name}, {"message", r.compileError}});
    }
    if (r.errorCase) {
      jr["expected_last_line"] = r.expectedLastLine;
      jr["actual_last_line"] = r.actualLastLine;
      jr["expected_type"] = r.expectedType;
      jr["actual_type"] = r.actualType;
      jr["last_line_matches"] = r.lastLineMatches;
    }
    results.push_back(std::move(jr));
  }
  json out = {{"engine", s.engine},
              {"graph", s.graph},
              {"cases", s.results.size()},
              {"passed", s.passed()},
              {"failed", std::move(failed)},
              {"not_supported", std::move(unsupported)},
              {"results", std::move(results)}};
  if (s.archive) out["archive"] = true;
  if (s.source) {
    out["source"] = true;
    out["compile_errors"] = std::move(compileErrors);
  }
  return out;
}

}  // namespace tsjit::conformance
