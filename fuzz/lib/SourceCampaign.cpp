// SourceCampaign.cpp — see SourceCampaign.h. The Python side is a generated script: the batch's
// functions, then a loop printing `NAME ok CANON` or `NAME raise CLASS` per function; canon()
// there and canonical() here write the same text for the same value (floats as float.hex()).
#include "fuzz/lib/SourceCampaign.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "fuzz/lib/SourceGen.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/Kernel.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/support/Progress.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::fuzz {
namespace {

// TorchScript 1.13's float min/max are `a < b ? a : b` and `a > b ? a : b` (prim::min/max): on a
// tie of signed zeros they return the second operand where CPython returns the first. The Python
// side states that documented difference instead of the generator avoiding every such tie.
const char* const kPrelude = R"PY(
import builtins
import math
from typing import Dict, List, Optional, Tuple


def min(*args):
    if len(args) == 2 and all(isinstance(a, float) for a in args):
        return args[0] if args[0] < args[1] else args[1]
    return builtins.min(*args)


def max(*args):
    if len(args) == 2 and all(isinstance(a, float) for a in args):
        return args[0] if args[0] > args[1] else args[1]
    return builtins.max(*args)

)PY";

const char* const kHarness = R"PY(
import json


def __canon(v):
    if isinstance(v, bool):
        return "b:" + str(v)
    if isinstance(v, int):
        return "i:" + str(v)
    if isinstance(v, float):
        return "f:" + v.hex()
    if isinstance(v, str):
        return "s:" + json.dumps(v)
    if isinstance(v, list):
        return "[" + ",".join(__canon(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ",".join(__canon(x) for x in v) + ")"
    if isinstance(v, dict):
        return "{" + ",".join(__canon(k) + ":" + __canon(x) for k, x in v.items()) + "}"
    if v is None:
        return "None"
    return "?" + type(v).__name__


for __name in __NAMES:
    try:
        __r = globals()[__name]()
        print(__name, "ok", __canon(__r), flush=True)
    except Exception as __e:
        print(__name, "raise", type(__e).__name__, flush=True)
)PY";

// Python's float.hex().
std::string floatHex(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  std::string sign = std::signbit(d) ? "-" : "";
  d = std::fabs(d);
  if (d == 0) return sign + "0x0.0p+0";
  int exp = 0;
  double m = std::frexp(d, &exp);  // d = m * 2^exp, m in [0.5, 1)
  int lead = 1;
  exp -= 1;
  m *= 2;  // [1, 2)
  if (exp < -1022) {  // subnormal: 0x0.<frac>p-1022
    m = std::ldexp(d, 1022);
    lead = 0;
    exp = -1022;
  }
  uint64_t frac = static_cast<uint64_t>(std::ldexp(m - lead, 52));
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s0x%d.%013llxp%+d", sign.c_str(), lead, static_cast<unsigned long long>(frac), exp);
  return buf;
}

std::string canonical(const IValue& v) {
  if (v.isBool()) return std::string("b:") + (v.toBool() ? "True" : "False");
  if (v.isInt()) return "i:" + std::to_string(v.toInt());
  if (v.isDouble()) return "f:" + floatHex(v.toDouble());
  if (v.isString()) return "s:" + nlohmann::json(v.toStringRef()).dump();
  if (v.isNone()) return "None";
  auto items = [&](const std::vector<IValue>& xs, char open, char close) {
    std::string s(1, open);
    for (size_t i = 0; i < xs.size(); ++i) s += (i ? "," : "") + canonical(xs[i]);
    return s + close;
  };
  if (v.isList()) return items(v.toListRef().items, '[', ']');
  if (v.isTuple()) return items(v.toTupleRef().items, '(', ')');
  if (v.isDict()) {  // insertion order, as CPython's dicts
    std::string s = "{";
    bool first = true;
    for (const auto& [k, x] : v.toDictRef().entries()) {
      s += (first ? "" : ",") + canonical(k) + ":" + canonical(x);
      first = false;
    }
    return s + "}";
  }
  return "?" + v.type()->str();
}

// "builtins.ValueError" -> "ValueError".
std::string lastComponent(const std::string& cls) {
  size_t dot = cls.rfind('.');
  return dot == std::string::npos ? cls : cls.substr(dot + 1);
}

std::string readAll(FILE* f) {
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  return out;
}

// Runs `names` (functions of `source`) in one python3 process: name -> outcome.
std::map<std::string, SourceOutcome> runPython(const std::string& source, const std::vector<std::string>& names,
                                               const std::string& python) {
  std::string dir = std::filesystem::temp_directory_path().string();
  std::string path = dir + "/tsjit-source-" + std::to_string(::getpid()) + ".py";
  {
    std::ofstream f(path);
    f << kPrelude << source << "\n__NAMES = [";
    for (size_t i = 0; i < names.size(); ++i) f << (i ? ", " : "") << '"' << names[i] << '"';
    f << "]\n" << kHarness;
  }
  std::string cmd = "timeout 120 " + python + " " + path + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("source fuzzer: cannot start " + python);
  std::string out = readAll(p);
  int status = ::pclose(p);
  std::filesystem::remove(path);
  std::map<std::string, SourceOutcome> results;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    size_t a = line.find(' '), b = a == std::string::npos ? a : line.find(' ', a + 1);
    if (b == std::string::npos) continue;
    SourceOutcome o;
    o.raised = line.compare(a + 1, b - a - 1, "raise") == 0;
    o.value = line.substr(b + 1);
    results[line.substr(0, a)] = o;
  }
  if (results.size() != names.size())
    throw std::runtime_error("source fuzzer: " + python + " ran " + std::to_string(results.size()) + " of " +
                             std::to_string(names.size()) + " functions (exit status " + std::to_string(status) +
                             "):\n" + out.substr(0, 2000));
  return results;
}

std::string describe(const SourceOutcome& o) {
  if (!o.compiled) return "compile error: " + o.value;
  return o.raised ? "raised " + o.value : "returned " + o.value;
}

// "" when the three agree, else the kind of disagreement.
std::string disagreement(const SourceOutcome& py, const SourceOutcome& ref, const SourceOutcome& jit) {
  if (!ref.compiled || !jit.compiled) return "compile";
  auto same = [](const SourceOutcome& a, const SourceOutcome& b) { return a.raised == b.raised && a.value == b.value; };
  if (same(py, ref) && same(py, jit)) return "";
  bool raiseKind = py.raised || ref.raised || jit.raised;
  std::string who = !same(py, ref) && !same(py, jit) ? "both" : !same(py, ref) ? "reference" : "jit";
  return std::string(raiseKind ? "raise" : "value") + " (" + who + ")";
}

struct Judged {
  std::string kind;
  std::string message;
};

const PropertyEngines& tensorEnginesOf(const SourceCampaignOptions& o) {
  static const PropertyEngines kDefault = jitVsReference(PropertyMode::Lockstep);
  return o.tensorEngines ? *o.tensorEngines : kDefault;
}

Judged judgeTensor(const std::string& text, const std::string& name, const PropertyEngines& engines,
                   PropertyResult* result = nullptr) {
  Judged j;
  j.kind = checkTensorSource(text, name, engines, j.message, result);
  return j;
}

Judged judge(const SourceProgram& p, const SourceOutcome& py) {
  std::string text = p.text();
  SourceOutcome ref = runSourceOnTsjit(text, p.name, false);
  SourceOutcome jit = ref.compiled ? runSourceOnTsjit(text, p.name, true) : ref;
  Judged j;
  j.kind = disagreement(py, ref, jit);
  if (!j.kind.empty())
    j.message = "CPython:   " + describe(py) + "\nreference: " + describe(ref) + "\njit:       " + describe(jit);
  return j;
}

// Deletes top-level statements (then declarations' uses cannot be removed: declarations stay)
// while the same kind of disagreement remains.
SourceProgram reduce(SourceProgram p, const std::string& kind, const SourceCampaignOptions& o, size_t budget) {
  bool progress = true;
  while (progress && budget > 0) {
    progress = false;
    for (size_t i = p.statements.size(); i-- > 0 && budget > 0;) {
      SourceProgram q = p;
      q.statements.erase(q.statements.begin() + static_cast<long>(i));
      --budget;
      std::string got = q.tensors ? judgeTensor(q.text(), q.name, tensorEnginesOf(o)).kind
                                  : judge(q, runPython(q.text(), {q.name}, o.python).at(q.name)).kind;
      if (got == kind) {
        p = std::move(q);
        progress = true;
      }
    }
  }
  return p;
}

// The lines reduceLines keeps: the definitions before the function, its def line and declarations.
size_t headerLines(const SourceProgram& p) {
  const std::string text = p.text();
  size_t def = text.find("def " + p.name + "():\n");
  return static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<long>(def), '\n')) + 1 +
         p.declarations.size();
}

size_t indentOf(const std::string& line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// Then line by line, nested statements included: deletes a line together with the block it opens
// (the lines after it that are indented deeper), or an `if`/`elif`/`else` header alone with its
// block dedented into place, as long as CPython still accepts the text and the same kind of
// disagreement remains. `keep` leading lines (the def and the declarations) and the return stay.
std::string reduceLines(const std::string& text, const std::string& name, size_t keep, const std::string& kind,
                        const SourceCampaignOptions& o, bool tensors, size_t budget) {
  const std::string& python = o.python;
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  auto join = [](const std::vector<std::string>& ls) {
    std::string t;
    for (const auto& l : ls) t += l + "\n";
    return t;
  };
  auto stillFails = [&](const std::vector<std::string>& ls) {
    std::string t = join(ls);
    if (tensors) {
      std::string message;  // a text tsjit does not compile is a "compile" kind: rejected below
      return checkTensorSource(t, name, tensorEnginesOf(o), message) == kind;
    }
    try {
      SourceOutcome py = runSourceOnPython(t, name, python);
      SourceOutcome ref = runSourceOnTsjit(t, name, false);
      SourceOutcome jit = ref.compiled ? runSourceOnTsjit(t, name, true) : ref;
      return disagreement(py, ref, jit) == kind;
    } catch (const std::exception&) {
      return false;  // CPython rejected the text (e.g. an empty block)
    }
  };
  bool progress = true;
  while (progress && budget > 0) {
    progress = false;
    for (size_t i = lines.size() - 1; i-- > keep && budget > 0;) {
      if (i >= lines.size() - 1) continue;  // the return line
      size_t end = i + 1;
      while (end < lines.size() - 1 && indentOf(lines[end]) > indentOf(lines[i])) ++end;
      std::vector<std::vector<std::string>> candidates;
      std::vector<std::string> dropped = lines;
      dropped.erase(dropped.begin() + static_cast<long>(i), dropped.begin() + static_cast<long>(end));
      candidates.push_back(std::move(dropped));
      if (end > i + 1) {  // the header alone: its block moves up one level
        std::vector<std::string> flat = lines;
        for (size_t k = i + 1; k < end; ++k) flat[k] = flat[k].substr(std::min<size_t>(4, indentOf(flat[k])));
        flat.erase(flat.begin() + static_cast<long>(i));
        candidates.push_back(std::move(flat));
      }
      for (auto& c : candidates) {
        if (budget == 0) break;
        --budget;
        if (stillFails(c)) {
          lines = std::move(c);
          progress = true;
          break;
        }
      }
    }
  }
  return join(lines);
}

}  // namespace

SourceOutcome runSourceOnPython(const std::string& text, const std::string& name, const std::string& python) {
  return runPython(text, {name}, python).at(name);
}

SourceOutcome runSourceOnTsjit(const std::string& text, const std::string& name, bool jit) {
  SourceOutcome o;
  std::shared_ptr<Graph> graph;
  std::shared_ptr<frontend::CompilationUnit> unit;
  try {
    graph = frontend::compileScriptEntry(text, name + ".py", name, /*inlineCalls=*/true, &unit);
  } catch (const std::exception& e) {
    o.compiled = false;
    o.value = e.what();
    return o;
  }
  try {
    std::vector<IValue> out;
    if (jit) {
      kernels::registerAllKernels();
      runtime::GraphExecutor ex(graph);
      out = ex.call({});
    } else {
      reference::registerAllKernels();
      out = reference::evaluate(*graph, {});
    }
    o.value = out.size() == 1 ? canonical(out[0]) : "?outputs";
  } catch (const runtime::ScriptRaise& e) {
    o.raised = true;
    o.value = lastComponent(e.cls().empty() ? "RuntimeError" : e.cls());
  } catch (const reference::ScriptException& e) {
    o.raised = true;
    o.value = lastComponent(e.cls().empty() ? "RuntimeError" : e.cls());
  } catch (const std::exception& e) {
    o.raised = true;
    std::string what = e.what();
    o.value = "RuntimeError(" + what.substr(0, what.find('\n')) + ")";
  }
  return o;
}

std::string checkTensorSource(const std::string& text, const std::string& name, const PropertyEngines& engines,
                              std::string& message, PropertyResult* result) {
  std::shared_ptr<Graph> graph;
  std::shared_ptr<frontend::CompilationUnit> unit;  // owns the class methods the graph calls
  try {
    graph = frontend::compileScriptEntry(text, name + ".py", name, /*inlineCalls=*/true, &unit);
  } catch (const std::exception& e) {
    message = std::string("compile error: ") + e.what();
    return "compile";
  }
  kernels::registerAllKernels();
  reference::registerAllKernels();
  PropertyResult r = checkGraph(graph, [] { return std::vector<IValue>{}; }, engines);
  if (result) *result = r;
  if (r.passed) return "";
  message = r.message;
  return "lockstep (" + (r.node ? std::string(r.node->kind().toQualString()) : std::string("outputs")) + ")";
}

// Whether the program of campaign index `index` has tensors: a fixed share, drawn from the index.
bool hasTensors(const SourceCampaignOptions& o, size_t index) {
  if (o.tensorShare <= 0) return false;
  std::mt19937_64 g(o.seed * 7919ULL + index);
  return std::uniform_real_distribution<double>(0, 1)(g) < o.tensorShare;
}

SourceCampaignResult runSourceCampaign(const SourceCampaignOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  SourceCampaignResult r;
  std::unique_ptr<ProgressReporter> progress;
  if (options.progress)
    progress = std::make_unique<ProgressReporter>(*options.progress, "fuzz source",
                                                  ProgressReporter::styleFor(STDERR_FILENO));
  size_t index = 0;
  while (true) {
    if (options.seconds > 0 && elapsed() >= options.seconds) break;
    if (options.maxPrograms > 0 && r.programs >= options.maxPrograms) break;
    if (r.failures.size() >= options.maxFailures) break;
    size_t n = options.batch;
    // a short budget gets small batches, so that the campaign ends near its time
    if (options.seconds > 0) n = std::min(n, std::max<size_t>(5, static_cast<size_t>(options.seconds * 4)));
    if (options.maxPrograms > 0) n = std::min(n, options.maxPrograms - r.programs);
    std::vector<SourceProgram> batch;
    std::string source;
    std::vector<std::string> names;
    for (size_t k = 0; k < n; ++k, ++index) {
      batch.push_back(generateSourceProgram(options.seed * 1000003ULL + index, "f" + std::to_string(index),
                                            options.statements, hasTensors(options, index)));
      if (!options.plantedStatement.empty()) {
        auto& st = batch.back().statements;
        st.insert(st.begin() + static_cast<long>(index % (st.size() + 1)), "    " + options.plantedStatement + "\n");
      }
      if (batch.back().tensors) {
        if (!options.saveProgramsDir.empty()) {
          std::filesystem::create_directories(options.saveProgramsDir);
          std::ofstream(options.saveProgramsDir + "/" + batch.back().name + ".py") << batch.back().text();
        }
        continue;
      }
      source += batch.back().text() + "\n\n";
      names.push_back(batch.back().name);
    }
    std::map<std::string, SourceOutcome> py;
    if (!names.empty()) py = runPython(source, names, options.python);
    for (const SourceProgram& p : batch) {
      ++r.programs;
      r.statementsRun += p.statements.size();
      Judged j;
      SourceOutcome pyOut;
      if (p.tensors) {
        ++r.tensorPrograms;
        PropertyResult pr;
        j = judgeTensor(p.text(), p.name, tensorEnginesOf(options), &pr);
        r.opsChecked += pr.opsChecked;
        if (pr.passed && pr.bothRaised) ++r.tensorRaised;
      } else {
        pyOut = py.at(p.name);
        if (pyOut.raised) ++r.pythonRaised;
        j = judge(p, pyOut);
      }
      if (j.kind.empty() || r.failures.size() >= options.maxFailures) continue;
      SourceFailure f;
      f.kind = j.kind;
      f.message = j.message;
      f.program = p.text();
      SourceProgram small = reduce(p, j.kind, options, 200);
      f.reduced = reduceLines(small.text(), small.name, headerLines(small), j.kind, options, p.tensors, 300);
      Judged again;
      if (p.tensors) {
        again = judgeTensor(f.reduced, small.name, tensorEnginesOf(options));
      } else {
        SourceOutcome pyAgain = runSourceOnPython(f.reduced, small.name, options.python);
        SourceOutcome refAgain = runSourceOnTsjit(f.reduced, small.name, false);
        SourceOutcome jitAgain = refAgain.compiled ? runSourceOnTsjit(f.reduced, small.name, true) : refAgain;
        again = {disagreement(pyAgain, refAgain, jitAgain), "CPython:   " + describe(pyAgain) +
                                                                "\nreference: " + describe(refAgain) +
                                                                "\njit:       " + describe(jitAgain)};
      }
      std::filesystem::create_directories(options.outDir);
      f.path = options.outDir + "/source-" + std::to_string(options.seed) + "-" + std::to_string(r.failures.size()) + ".py";
      std::ofstream out(f.path);
      out << "# tsjit fuzz --target source --seed " << options.seed << ": " << again.kind << "\n";
      std::istringstream msg(again.message);
      for (std::string line; std::getline(msg, line);) out << "# " << line << "\n";
      out << "# the function (reduced by statements and lines, " << p.statements.size() << " top-level statements before); "
          << "the original follows, commented out\n"
          << f.reduced << "\n";
      std::istringstream orig(f.program);
      for (std::string line; std::getline(orig, line);) out << "# " << line << "\n";
      r.failures.push_back(std::move(f));
    }
    if (progress)
      progress->update("programs " + std::to_string(r.programs) + "  " +
                       std::to_string(static_cast<int>(r.programs / std::max(elapsed(), 1e-9))) + "/s  failures " +
                       std::to_string(r.failures.size()));
  }
  if (progress) progress->clear();
  r.seconds = elapsed();
  return r;
}

}  // namespace tsjit::fuzz
