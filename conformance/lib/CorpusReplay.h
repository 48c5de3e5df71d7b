// CorpusReplay.h — replays a whole corpus folder (or some of its cases) through one engine: the
// loop behind `tsjit conform` and the conformance steps of `tsjit check`.
//
// Every case file is run once per graph choice (ReplayRequest::graphs); with more than one choice
// the result names get " [graph]" / " [inlined_graph]" appended. A progress reporter, when given,
// sees "[done/total] case" per run and is cleared at the end. Errors in the request (unknown case
// name, missing corpus folder) throw CompileError with the folder; a corrupt case file is a failed
// result, never an exception (CorpusRunner.h).
#pragma once

#include <string>
#include <vector>

#include "conformance/lib/CorpusRunner.h"

namespace tsjit {
class ProgressReporter;
}

namespace tsjit::conformance {

struct ReplayRequest {
  std::string corpusDir;           // "" = defaultCorpusDir()
  std::vector<std::string> cases;  // case names (file stems); empty = every case
  std::vector<GraphChoice> graphs = {GraphChoice::Graph};
  bool source = false;             // RunnerOptions::source
  bool archive = false;            // RunnerOptions::archive
  bool checkStrides = true;        // RunnerOptions::checkStrides
  int runs = 2;                    // RunnerOptions::runs
};

// The case files a request names, in corpus order; throws CompileError for an unknown name or a
// corpus folder that does not exist.
std::vector<std::string> selectCaseFiles(const ReplayRequest& request, std::string* resolvedDir = nullptr);

Summary replayCorpus(const ReplayRequest& request, const Engine& engine, ProgressReporter* progress = nullptr);

}  // namespace tsjit::conformance
