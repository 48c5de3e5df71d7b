// CorpusReplay.cpp — the corpus replay loop (CorpusReplay.h).
#include "conformance/lib/CorpusReplay.h"

#include <algorithm>
#include <filesystem>

#include "jit/support/Error.h"
#include "jit/support/Progress.h"

namespace tsjit::conformance {

namespace fs = std::filesystem;

std::vector<std::string> selectCaseFiles(const ReplayRequest& request, std::string* resolvedDir) {
  std::string dir = defaultCorpusDir(request.corpusDir);
  if (resolvedDir) *resolvedDir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw CompileError("no corpus folder at '" + dir + "' (give one with --corpus DIR or TSJIT_CORPUS)");
  std::vector<std::string> files = listCaseFiles(dir);
  if (request.cases.empty()) return files;
  std::vector<std::string> picked;
  for (const auto& name : request.cases) {
    auto it = std::find_if(files.begin(), files.end(), [&](const std::string& f) { return fs::path(f).stem() == name; });
    if (it == files.end()) throw CompileError("no case named '" + name + "' in " + dir);
    picked.push_back(*it);
  }
  return picked;
}

Summary replayCorpus(const ReplayRequest& request, const Engine& engine, ProgressReporter* progress) {
  std::vector<std::string> files = selectCaseFiles(request);
  Summary s;
  s.engine = engine.name;
  s.source = request.source;
  s.archive = request.archive;
  s.graph = request.graphs.size() > 1 ? "both" : toString(request.graphs.empty() ? GraphChoice::Graph : request.graphs[0]);
  size_t total = files.size() * request.graphs.size(), done = 0;
  for (const auto& f : files) {
    for (GraphChoice choice : request.graphs) {
      ++done;
      if (progress) progress->step(done, total, fs::path(f).stem().string());
      RunnerOptions ro;
      ro.graph = choice;
      ro.source = request.source;
      ro.archive = request.archive;
      ro.checkStrides = request.checkStrides;
      ro.runs = request.runs;
      CaseResult r = runCaseFile(f, engine, ro);
      if (request.graphs.size() > 1) r.name += choice == GraphChoice::Graph ? " [graph]" : " [inlined_graph]";
      s.results.push_back(std::move(r));
    }
  }
  if (progress) progress->clear();
  return s;
}

}  // namespace tsjit::conformance
