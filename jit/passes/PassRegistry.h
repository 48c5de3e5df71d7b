// PassRegistry.h — the list of graph passes, by name, with their properties.
//
// A pass is a free function `bool pass(std::shared_ptr<Graph>& graph)` returning whether it
// changed the graph. Each pass is registered once, in registerAllPasses() (PassRegistry.cpp: one
// line per pass; no static constructors), with its properties; tools look passes up by name and
// run pipelines such as "dce,cse" (`tsjit opt --passes=dce,cse`).
// Invariants: names are unique (registering a name twice is an InternalError); lookup of an
// unknown name is a CompileError listing the known names; runPipeline verifies the graph after
// every pass when TSJIT_VERIFY is on.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

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

 private:
  std::vector<PassInfo> passes_;
};

// Registers every pass of jit/passes in the global registry; later calls do nothing.
void registerAllPasses();

// Runs the passes in order, verifying after each (TSJIT_VERIFY); true if any changed the graph.
bool runPipeline(std::shared_ptr<Graph>& graph, const std::vector<const PassInfo*>& pipeline);
std::string pipelineToString(const std::vector<const PassInfo*>& pipeline);

}  // namespace tsjit
