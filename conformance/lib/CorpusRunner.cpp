// CorpusRunner.cpp — judging corpus cases, the summary table and the JSON report (CorpusRunner.h).
#include "conformance/lib/CorpusRunner.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <functional>
#include <map>
#include <optional>
#include <ostream>

#include "conformance/lib/Compare.h"
#include "conformance/lib/GradExecutor.h"
#include "conformance/lib/GraphTolerance.h"
#include "conformance/lib/SourceCase.h"
#include "conformance/lib/TraceCase.h"
#include "jit/ir/IRParser.h"
#include "jit/serialization/Import.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Graph.h"
#include "jit/frontend/LibraryFunctions.h"
#include "reference/Evaluator.h"
#include "reference/FallbackFunctions.h"

namespace tsjit::conformance {

using nlohmann::json;

Engine referenceEngine() {
  // A recorded graph may call built-in library functions by name (get_enum): the reference runs
  // the frontend's TorchScript definitions of them.
  reference::setFunctionLookup(frontend::builtinLibraryFunction);
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

std::string firstLines(const std::string& s, size_t maxChars = 400) {
  std::string out = s.size() > maxChars ? s.substr(0, maxChars) + "..." : s;
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

}  // namespace

namespace {
// The recorded inlined graph, which decides the tolerance (PyTorch's ops) when a case runs from
// its source or archive; an empty Prepared (with a class registry) when it does not parse.
Prepared recordedInlinedOrEmpty(const Case& c) {
  try {
    return prepareCase(c, GraphChoice::InlinedGraph);
  } catch (const std::exception&) {
    Prepared p;
    p.classes = std::make_shared<ClassRegistry>();
    return p;
  }
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
  std::shared_ptr<void> compiled;  // keeps the compiled functions and classes alive
  if (options.archive) {
    r.fromArchive = true;
    r.graphUsed = "archive";
    try {
      p = recordedInlinedOrEmpty(c);
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
      p = recordedInlinedOrEmpty(c);
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
  if (!options.archive && options.source && isTracedSourceCase(c)) {
    // A traced case: its source is traced on its trace_inputs with this engine (the tracer), and
    // the traced graph must have the node kinds of PyTorch's trace; it then runs as any case.
    r.fromSource = true;
    r.graphUsed = "trace";
    try {
      p = prepareCase(c, GraphChoice::Graph);
      auto recorded = parseIR(c.graph, c.file, p.classes.get());
      TracedCase t = traceCase(c, [&](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
        return engine.run(*g, std::move(in));
      });
      compiled = t.program.owner;
      std::vector<std::string> got = nodeKinds(*t.trace.graph), want = nodeKinds(*recorded);
      if (got != want)
        return finish(Outcome::Failed, "the traced graph's node kinds differ from PyTorch's trace (" +
                                           std::to_string(got.size()) + " nodes vs " + std::to_string(want.size()) +
                                           ")");
      p.graph = t.trace.graph;
      p.self = t.program.self;
      p.graphUsed = "trace";
    } catch (const std::exception& e) {
      r.compileError = e.what();
      return finish(Outcome::Failed, std::string("cannot trace the source: ") + firstLines(e.what()));
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
  } catch (const std::exception& e) {
    return finish(Outcome::Failed, std::string("cannot prepare the case: ") + e.what());
  }

  // The tolerance of each output and input after the call (GraphTolerance.h), from a reference run
  // on freshly decoded inputs and a deep copy of `self`: the engine's outputs may alias the
  // module's state (a buffer or list it updated and returned), which this run must not touch
  // again. (`self` is the state after the engine's run, which moves the bounds, not the values.)
  const size_t selfOffset = p.self ? 1 : 0;
  std::optional<RunTolerances> tolCache;
  auto tolerances = [&]() -> const RunTolerances& {
    if (tolCache) return *tolCache;
    std::vector<IValue> observed;
    if (p.self) observed.push_back(deepCopyValue(*p.self));
    for (const auto& v : decodeValues(c.inputs, p.classes.get(), "inputs")) observed.push_back(copyContainers(v));
    RunTolerances t = tolerancesForRun(*p.graph, observed);
    for (auto& o : t.output) o.checkStrides = options.checkStrides;
    for (auto& o : t.inputsAfter) o.checkStrides = false;  // inputs are rebuilt with their recorded strides
    tolCache = std::move(t);
    return *tolCache;
  };
  auto inputsAfterOptions = [&](const RunTolerances& t, size_t i) {
    return i + selfOffset < t.inputsAfter.size() ? t.inputsAfter[i + selfOffset] : CompareOptions{};
  };

  // Judges one run against the recorded behaviour: "" when it passed, else why not; `raisedLine`
  // and `raisedType` get the error's last line and class when it raised. An error case passes only
  // when the class and the last line match PyTorch's and the inputs after the failed call match.
  auto judge = [&](const std::function<std::vector<IValue>()>& call, const std::vector<IValue>& caller,
                   bool& notSupported, std::string& raisedLine, std::string& raisedType) -> std::string {
    auto checkInputsAfter = [&](const char* afterWhat, const char* modifiedWhat) -> std::string {
      const RunTolerances& tol = tolerances();
      std::vector<IValue> after = c.inputsAfter ? decodeValues(*c.inputsAfter, p.classes.get(), "inputs_after")
                                                : decodeValues(c.inputs, p.classes.get(), "inputs");
      if (after.size() != caller.size()) return "inputs_after has a different number of values than inputs";
      for (size_t i = 0; i < after.size(); ++i) {
        CompareResult m = compareValues(after[i], caller[i], inputsAfterOptions(tol, i));
        if (!m) return str("input ", i, c.inputsAfter ? afterWhat : modifiedWhat, m.message);
      }
      return "";
    };
    std::vector<IValue> outs;
    try {
      outs = call();
    } catch (const reference::NotSupported& e) {
      notSupported = true;
      return firstLines(e.what());
    } catch (const InternalError& e) {
      return std::string("internal error: ") + firstLines(e.what());
    } catch (const std::exception& e) {
      std::string line = reference::pythonLastLine(e);
      if (!c.error) return "raised " + firstLines(line);
      raisedLine = line;
      raisedType = reference::pythonExceptionType(e);
      if (raisedLine != c.error->lastLine || raisedType != c.error->type)
        return str("raised ", raisedType, " / ", firstLines(raisedLine), " but PyTorch raised ", c.error->type, " / ",
                   firstLines(c.error->lastLine));
      try {  // what the call did to the inputs before it raised must match too
        return checkInputsAfter(" after the failed call: ", " was modified by the failed call: ");
      } catch (const std::exception& ex) {
        return std::string("cannot check the inputs after the error: ") + ex.what();
      }
    }
    if (c.error) return "expected an error (" + c.error->lastLine + ") but the graph returned";
    try {
      if (outs.size() != 1) return str("the graph returned ", outs.size(), " values, expected 1");
      IValue expected = decodeValue((*c.outputs)[0], p.classes.get(), "outputs[0]");
      const RunTolerances& tol = tolerances();
      if (tol.perTupleElement && expected.isTuple() && outs[0].isTuple() &&
          expected.toTupleRef().items.size() == tol.output.size() &&
          outs[0].toTupleRef().items.size() == tol.output.size()) {
        for (size_t i = 0; i < tol.output.size(); ++i) {
          CompareResult res = compareValues(expected.toTupleRef().items[i], outs[0].toTupleRef().items[i], tol.output[i]);
          if (!res)
            return str("output [", i, "]", res.message.starts_with("value") ? res.message.substr(5) : " " + res.message);
        }
      } else {
        CompareResult res = compareValues(expected, outs[0], tol.output.at(0));
        if (!res) return "output " + res.message;
      }
      return checkInputsAfter(" after the call: ", " was modified by the call: ");
    } catch (const std::exception& e) {
      return std::string("cannot check the outputs: ") + e.what();
    }
  };

  bool notSupported = false;
  std::string reason = judge([&] { return engine.run(*p.graph, std::move(engineInputs)); }, callerInputs, notSupported,
                             r.actualLastLine, r.actualType);
  if (notSupported) return finish(Outcome::NotSupported, reason);
  if (!reason.empty()) return finish(Outcome::Failed, reason);
  if (c.error) r.lastLineMatches = r.actualLastLine == c.error->lastLine && r.actualType == c.error->type;

  if (engine.session && options.runs > 0) {
    // Fresh inputs for every run: decoded again, with a fresh module object (its state may change).
    std::vector<std::shared_ptr<void>> keepAlive;
    auto fresh = [&](std::vector<IValue>& caller) {
      caller = decodeValues(c.inputs, p.classes.get(), "inputs");
      std::vector<IValue> in;
      if (p.self) {
        if (r.fromArchive) {  // a fresh module object: the archive loaded again
          auto loaded = std::make_shared<serialization::LoadedArchive>(serialization::loadArchiveFile(c.archivePath));
          keepAlive.push_back(loaded);
          in.push_back(IValue(loaded->module.object));
        } else if (r.fromSource) {
          Case scripted = c;  // a traced module is compiled as the module it traced
          if (isTracedSourceCase(c)) scripted.kind = c.tracedObject;
          SourceProgram prog = compileCaseSource(scripted);
          keepAlive.push_back(prog.owner);
          in.push_back(*prog.self);
        } else {
          Prepared q = prepareCase(c, options.graph);
          keepAlive.push_back(q.classes);
          if (!q.self) throw CorpusError(c.file + ": the recorded graph takes no module object");
          in.push_back(*q.self);
        }
      }
      for (const auto& v : caller) in.push_back(copyContainers(v));
      return in;
    };
    try {
      Engine::RunFn session = engine.session(*p.graph);
      auto judgeSession = [&](const std::string& what) -> std::string {
        std::vector<IValue> caller;
        std::vector<IValue> in = fresh(caller);
        bool ns = false;
        std::string line, type;
        std::string why = judge([&] { return session(std::move(in)); }, caller, ns, line, type);
        if (why.empty() && c.error && line != r.actualLastLine) why = "raised '" + line + "' instead of '" + r.actualLastLine + "'";
        return why.empty() ? "" : "caching: " + what + ": " + why;
      };
      for (int k = 0; k < options.runs; ++k)
        if (std::string why = judgeSession(str("run ", k + 1, " on one executor")); !why.empty())
          return finish(Outcome::Failed, why);
      // Other specializations: the session must agree with a fresh engine on them.
      auto variant = [&](const char* what, const std::function<void(IValue&)>& change) -> std::string {
        std::vector<IValue> callerA, callerB, callerC;
        std::vector<IValue> a = fresh(callerA), b = fresh(callerB), observed = fresh(callerC);
        bool any = false;
        for (auto* in : {&a, &b, &observed})
          for (IValue& v : *in)
            if (v.isTensor() && v.toTensor().defined() && isFloatingType(v.toTensor().dtype())) change(v), any = true;
        if (!any) return "";
        auto outcome = [](const std::function<std::vector<IValue>()>& f, std::vector<IValue>& outs) -> std::string {
          try {
            outs = f();
            return "";
          } catch (const std::exception& e) {
            return "raised " + reference::pythonLastLine(e);
          }
        };
        std::vector<IValue> outA, outB;
        std::string ea = outcome([&] { return session(std::move(a)); }, outA);
        std::string eb = outcome([&] { return engine.run(*p.graph, std::move(b)); }, outB);
        if (ea != eb) return str("caching: ", what, ": the executor ", ea.empty() ? "returned" : ea, ", a fresh one ",
                                 eb.empty() ? "returned" : eb);
        if (!ea.empty()) return "";
        // The executor's plan and a fresh one agree within the graph's tolerance, not bit for bit:
        // the profiling executor runs a first call unfused and later ones with fused kernels,
        // whose math (vectorized exp, tanh...) meets the ops' ULP bounds in another way.
        // Errors of approximate ops that exact arithmetic carried into a result (x - tanh(x)) are
        // accepted as in the replay: the reference's run on these inputs (GraphTolerance.h).
        const CompareOptions within = compareOptionsForGraph(*p.inlined);
        const RunTolerances seen = tolerancesForRun(*p.graph, observed);
        auto compareWithin = [&](const IValue& x, const IValue& y, const CompareOptions* observedOptions) {
          CompareOptions o = within;
          if (observedOptions) o.propagatedBound = observedOptions->propagatedBound;
          return compareValues(x, y, o);
        };
        const bool perElement = seen.perTupleElement && outA.size() == 1 && outB.size() == 1 && outA[0].isTuple() &&
                                outB[0].isTuple() && outA[0].toTupleRef().items.size() == seen.output.size() &&
                                outB[0].toTupleRef().items.size() == seen.output.size();
        if (perElement) {
          for (size_t i = 0; i < seen.output.size(); ++i)
            if (CompareResult m = compareWithin(outB[0].toTupleRef().items[i], outA[0].toTupleRef().items[i],
                                                &seen.output[i]);
                !m)
              return str("caching: ", what, ": the executor and a fresh one differ: output ", i, ": ", m.message);
          return "";
        }
        const bool single = !seen.perTupleElement && seen.output.size() == 1 && outA.size() == 1;
        for (size_t i = 0; i < outA.size() && i < outB.size(); ++i)
          if (CompareResult m = compareWithin(outB[i], outA[i], single ? &seen.output[0] : nullptr); !m)
            return str("caching: ", what, ": the executor and a fresh one differ: ", m.message);
        return "";
      };
      if (std::string why = variant("inputs requiring grad", [](IValue& v) { v.toTensor().setRequiresGrad(true); });
          !why.empty())
        return finish(Outcome::Failed, why);
      if (std::string why = variant("float64 inputs", [](IValue& v) { v = IValue(v.toTensor().to(ScalarType::Double)); });
          !why.empty())
        return finish(Outcome::Failed, why);
      // Same values in another memory layout (column-major copies of matrices and up): the guards'
      // strides fail, so the executor takes its fallback; it must agree with a fresh engine.
      if (std::string why = variant("non-contiguous inputs",
                                    [](IValue& v) {
                                      const Tensor& t = v.toTensor();
                                      if (t.dim() < 2 || t.sizes()[0] < 2 || t.sizes()[1] < 2) return;
                                      v = IValue(t.transpose(0, 1).contiguous().transpose(0, 1));
                                    });
          !why.empty())
        return finish(Outcome::Failed, why);
      if (std::string why = judgeSession("the recorded inputs after other specializations"); !why.empty())
        return finish(Outcome::Failed, why);
    } catch (const std::exception& e) {
      return finish(Outcome::Failed, std::string("caching: ") + firstLines(e.what()));
    }
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
    os << "(traced cases are traced from their source on their trace_inputs and must give PyTorch's node "
          "kinds; from graph: cases without a source, replayed from their recorded graph)\n";

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
