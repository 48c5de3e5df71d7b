// SaveCommand.cpp — `tsjit save IN.pt OUT.pt`: loads an archive (jit/serialization/Import.h) and
// writes it again (Export.h): data.pkl and constants.pkl re-pickled from the loaded values, the
// code printed by the python printer (methods as compiled), 64-byte-aligned stored members, the
// folder named after OUT's stem. A bad IN is one `error:` line naming the member and offset, exit
// 1, and OUT is not touched.
// `tsjit save IN.py OUT.pt --state STATE.json [--entry Class]`: compiles the module class of IN.py
// (jit/frontend) against the state in STATE.json — a module_state object as the corpus records it
// (FORMAT.md section 6), or a whole case document, whose archive_code then serves as library code
// (nn.Linear and the like) — and saves it; the version record is what the printed ops need.
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "conformance/lib/SourceCase.h"
#include "jit/frontend/Emitter.h"
#include "jit/serialization/Export.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/GraphIO.h"

namespace tsjit::tool {

namespace {

struct SaveOptions {
  std::string in, out, state, entry;
};

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A module compiled from source, as the exporter takes it.
serialization::LoadedArchive compileSourceModule(const SaveOptions& o) {
  std::string source = readFile(o.in);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(readFile(o.state));
  } catch (const nlohmann::json::exception& e) {
    throw CompileError("save: " + o.state + ": not JSON: " + e.what());
  }
  frontend::CompileOptions opts;
  opts.pythonTorchModule = true;  // a Python module's source
  const nlohmann::json* state = &doc;
  if (doc.is_object() && doc.contains("module_state")) {
    state = &doc["module_state"];
    if (doc.contains("archive_code") && doc["archive_code"].is_object())
      for (const auto& [path, text] : doc["archive_code"].items())
        if (text.is_string()) opts.libraryCode[path] = text.get<std::string>();
  }
  serialization::LoadedArchive la;
  la.file = o.in;
  auto classes = std::make_shared<ClassRegistry>();
  try {
    la.desc = conformance::decodeModuleDesc(*state, *classes);
  } catch (const std::exception& e) {
    throw CompileError("save: " + o.state + ": " + e.what());
  }
  std::string entry = o.entry;
  if (entry.empty()) entry = la.desc->qualifiedName.substr(la.desc->qualifiedName.rfind('.') + 1);
  la.module = frontend::compileModule(source, entry, *la.desc, opts, o.in);
  // Library classes (a case's archive_code) declare their Final constants in an order the state
  // (sorted by name) does not keep: print them in the library's order.
  try {
    la.classes = serialization::parseArchiveClasses(opts.libraryCode);
  } catch (const CompileError&) {
    la.classes.clear();
  }
  la.owner = std::make_shared<std::pair<std::shared_ptr<void>, std::shared_ptr<ClassRegistry>>>(la.module.unit, classes);
  return la;
}

int runSave(const SaveOptions& o) {
  if (o.in.empty() || o.out.empty()) throw CompileError("save: usage: tsjit save IN.pt OUT.pt");
  if (endsWith(o.in, ".py")) {
    if (o.state.empty()) throw CompileError("save: a .py module needs its state: --state STATE.json");
    serialization::LoadedArchive la = compileSourceModule(o);
    serialization::saveArchiveFile(la, o.out);
    std::cerr << "saved " << o.out << "\n";
    return 0;
  }
  if (!endsWith(o.in, ".pt")) throw CompileError("save: IN must be a .pt archive or a .py module (with --state)");
  if (!o.state.empty()) throw CompileError("save: --state is for a .py module");
  serialization::LoadedArchive la = serialization::loadArchiveFile(o.in, methodRunner("jit"));
  serialization::saveArchiveFile(la, o.out);
  std::cerr << "saved " << o.out << "\n";
  return 0;
}

}  // namespace

void setupSaveCommand(CLI::App& app, int& exitCode) {
  auto opts = std::make_shared<SaveOptions>();
  CLI::App* sub = app.add_subcommand("save", "Write a .pt archive as PyTorch 1.13 does: a loaded archive again, or a .py module with its state");
  sub->add_option("in", opts->in, "the archive to load, or a .py module (with --state)");
  sub->add_option("out", opts->out, "the archive to write");
  sub->add_option("--state", opts->state,
                  "a .py module's state: a module_state JSON object (corpus FORMAT.md section 6) or a corpus "
                  "case document (its archive_code is then library code)");
  sub->add_option("--entry", opts->entry, "the module class of the .py file (default: the state's class name)");
  sub->callback([opts, &exitCode] { exitCode = runSave(*opts); });
}

}  // namespace tsjit::tool
