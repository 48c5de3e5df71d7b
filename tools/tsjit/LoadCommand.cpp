// LoadCommand.cpp — `tsjit load FILE.pt [--inputs X.json] [--engine jit|reference] [--no-code]`:
// loads a torch.jit.save archive (jit/serialization/Import.h) and prints its module tree (class,
// parameters, buffers, attributes, constants, submodules, methods) and its code files. With
// --inputs, it then runs `forward` on them and prints the outputs as `tsjit run` does (a JSON
// list in the corpus value encoding); a program error prints `error: <Python's last line>`.
// A bad archive prints one `error:` line naming the member and offset and exits 1.
#include <iostream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Graph.h"
#include "jit/serialization/Import.h"
#include "reference/Evaluator.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/GraphIO.h"
#include "tools/tsjit/JitEngine.h"

namespace tsjit::tool {

namespace {

struct LoadOptions {
  std::string file;
  std::string inputs;
  std::string engine = "jit";
  bool noCode = false;
};

std::string describeValue(const IValue& v) {
  if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    std::ostringstream os;
    os << irName(t.dtype()) << "[";
    for (size_t i = 0; i < t.sizes().size(); ++i) os << (i ? ", " : "") << t.sizes()[i];
    os << "]";
    if (t.requiresGrad()) os << " requires_grad";
    return os.str();
  }
  std::ostringstream os;
  os << v;
  std::string s = os.str();
  return s.size() > 100 ? s.substr(0, 97) + "..." : s;
}

void printTree(std::ostream& os, const frontend::ModuleDesc& d, const frontend::ModuleInfo& info, int indent,
               std::set<const frontend::ModuleDesc*>& seen) {
  std::string pad(indent, ' ');
  os << d.qualifiedName;
  if (!seen.insert(&d).second) {
    os << " (shared, shown above)\n";
    return;
  }
  os << "\n";
  for (const auto& a : d.attributes) {
    using K = frontend::ModuleAttrDesc::Kind;
    const char* kind = a.kind == K::Parameter ? "parameter" : a.kind == K::Buffer ? "buffer"
                       : a.kind == K::Module  ? "module"
                                              : "attribute";
    os << pad << "  " << kind << " " << a.name << " : " << a.type;
    if (a.kind == K::Module) {
      os << " = ";
      auto it = info.submodules.find(a.name);
      if (it != info.submodules.end()) printTree(os, *a.module, *it->second, indent + 4, seen);
      else os << "?\n";
      continue;
    }
    os << " = " << describeValue(a.value) << "\n";
  }
  for (const auto& c : d.constants) os << pad << "  constant " << c.name << " : " << c.type << " = " << describeValue(c.value) << "\n";
  for (const auto& m : info.type->methods()) os << pad << "  method " << m->qualifiedName() << "\n";
}

int runLoad(const LoadOptions& o) {
  if (o.file.empty()) throw CompileError("load: no archive given (usage: tsjit load FILE.pt [--inputs X.json])");
  if (o.engine != "jit" && o.engine != "reference")
    throw CompileError("load: engine '" + o.engine + "' is not available (available: jit, reference)");
  serialization::LoadedArchive la = serialization::loadArchiveFile(o.file, methodRunner(o.engine));
  std::ostream& os = o.inputs.empty() ? std::cout : std::cerr;
  os << "archive " << o.file << ": folder '" << la.root << "', version " << la.version << ", "
     << la.code.size() << " code files, " << la.constants.size() << " tensor constants";
  if (la.setStateCalls) os << ", " << la.setStateCalls << " objects restored by __setstate__";
  os << "\n";
  std::set<const frontend::ModuleDesc*> seen;
  os << "module ";
  printTree(os, *la.desc, *la.module.info, 0, seen);
  if (!o.noCode) {
    for (const auto& [path, text] : la.code) {
      os << "\n--- " << path << " ---\n" << text;
      if (!text.empty() && text.back() != '\n') os << "\n";
    }
  }
  if (o.inputs.empty()) return 0;

  ClassRegistry classes;
  std::vector<IValue> inputs = readInputs(o.inputs, &classes, "load");
  auto graph = la.forwardGraph();
  if (inputs.size() + 1 != graph->inputs().size())
    throw CompileError(str("load: forward takes ", graph->inputs().size() - 1, " inputs but ", inputs.size(),
                           " were given"));
  inputs.insert(inputs.begin(), IValue(la.module.object));
  return runAndPrintOutputs(graph, std::move(inputs), o.engine, "load");
}

}  // namespace

void setupLoadCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<LoadOptions>();
  CLI::App* sub = app.add_subcommand("load", "Load a torch.jit.save archive (.pt), print its modules and code, "
                                              "optionally run forward");
  sub->add_option("file", opts->file, "the .pt archive");
  sub->add_option("--inputs", opts->inputs,
                  "run forward on these inputs (JSON list in the corpus value encoding, or a case file) and "
                  "print the outputs (the module listing then goes to stderr)");
  sub->add_option("--engine", opts->engine, "engine for --inputs: jit (default) or reference");
  sub->add_flag("--no-code", opts->noCode, "do not print the code files");
  sub->callback([opts, &exitCode] { exitCode = runLoad(*opts); });
}

}  // namespace tsjit::tool
