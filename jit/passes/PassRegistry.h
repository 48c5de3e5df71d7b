// PassRegistry.h — the list of graph passes, by name, with their properties.
//
// A pass is a free function `bool pass(std::shared_ptr<Graph>& graph)` returning whether it
// changed the graph. Each pass is registered once, in registerAllPasses() (PassRegistry.cpp: one
// line per pass; no static constructors), with its properties; tools look passes up by name and
// run pipelines such as "dce,cse" (`tsjit opt --passes=dce,cse`).
// Invariants: names are unique (registering a name twice is an InternalError); lookup of an
// unknown name is a CompileError listing the known names; runPipeline verifies the graph after
// every pass when TSJIT_VERIFY is on or the caller asks (a failure names the pass and the graph).
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "jit/support/Error.h"

namespace tsjit {

class Graph;

using PassFn = std::function<bool(std::shared_ptr<Graph>&)>;

struct PassProperties {
  bool needsShapes = false;           // expects complete tensor types (shape analysis ran)
  bool preservesDerivatives = false;  // keeps the graph differentiable the same way
  bool idempotent = false;            // running it twice changes nothing the second time
};

struct PassInfo {
  std::string name;
  PassFn fn;
  PassProperties properties;
  std::string description;
};

class PassRegistry {
 public:
  // The process-wide registry that registerAllPasses() fills.
  static PassRegistry& global();

  void add(PassInfo info);  // InternalError on a duplicate or empty name
  const PassInfo* find(std::string_view name) const;
  const PassInfo& lookup(std::string_view name) const;  // CompileError naming the known passes
  std::vector<std::string> names() const;               // sorted
  const std::vector<PassInfo>& passes() const { return passes_; }

  // "a,b,c" -> the passes, in order (spaces around names allowed; empty entries are errors).
  std::vector<const PassInfo*> parsePipeline(std::string_view spec) const;
  // The same, and "default" -> the default pipeline, "none" -> no pass.
  std::vector<const PassInfo*> parsePipelineOrDefault(std::string_view spec) const;

 private:
  std::vector<PassInfo> passes_;
};

// Registers every pass of jit/passes in the global registry; later calls do nothing.
void registerAllPasses();

// The default pipeline: PyTorch 1.13's graph-executor order (defined once, in PassRegistry.cpp;
// docs/passes.md gives the order and its source). The GraphExecutor runs it on the first execution
// of each specialization. defaultPipeline() registers the passes and looks the names up.
const std::vector<std::string>& defaultPipelineNames();
std::vector<const PassInfo*> defaultPipeline();

// A pass left a graph the verifier rejects: names the pass, the verifier's message and the graph.
class PassVerificationError : public CompileError {
 public:
  PassVerificationError(const std::string& pass, const std::string& problem, const std::string& graphText);
  const std::string& pass() const { return pass_; }

 private:
  std::string pass_;
};

struct PipelineOptions {
  bool verify = false;                     // verify after every pass (always on when TSJIT_VERIFY=1)
  std::ostream* printAfterEach = nullptr;  // `tsjit opt --print-after-all`
  bool printSourceLocations = true;
};

// Runs the passes in order, verifying after each (options.verify or TSJIT_VERIFY; a rejected graph
// throws PassVerificationError); true if any changed the graph. TSJIT_LOG_LEVEL=<pass name> logs
// the graph before and after that pass.
bool runPipeline(std::shared_ptr<Graph>& graph, const std::vector<const PassInfo*>& pipeline,
                 const PipelineOptions& options = {});
std::string pipelineToString(const std::vector<const PassInfo*>& pipeline);

}  // namespace tsjit
