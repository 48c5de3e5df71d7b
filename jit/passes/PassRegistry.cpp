// PassRegistry.cpp — registry storage, lookup with helpful errors, pipelines, and
// registerAllPasses(): the one place passes are listed.
#include "jit/passes/PassRegistry.h"

#include <algorithm>
#include <mutex>

#include "jit/ir/Graph.h"
#include "jit/ir/Verifier.h"
#include "jit/passes/CorePasses.h"
#include "jit/support/Error.h"
#include "jit/support/Logging.h"

namespace tsjit {

PassRegistry& PassRegistry::global() {
  static PassRegistry registry;
  return registry;
}

void PassRegistry::add(PassInfo info) {
  TSJIT_CHECK(!info.name.empty(), "a pass needs a name");
  TSJIT_CHECK(info.fn, "pass '", info.name, "' has no function");
  TSJIT_CHECK(!find(info.name), "pass '", info.name, "' is registered twice");
  passes_.push_back(std::move(info));
}

const PassInfo* PassRegistry::find(std::string_view name) const {
  for (const PassInfo& p : passes_)
    if (p.name == name) return &p;
  return nullptr;
}

std::vector<std::string> PassRegistry::names() const {
  std::vector<std::string> out;
  for (const PassInfo& p : passes_) out.push_back(p.name);
  std::sort(out.begin(), out.end());
  return out;
}

const PassInfo& PassRegistry::lookup(std::string_view name) const {
  if (const PassInfo* p = find(name)) return *p;
  std::string known;
  for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
  throw CompileError(str("unknown pass '", name, "'; known passes: ", known.empty() ? "(none registered)" : known));
}

std::vector<const PassInfo*> PassRegistry::parsePipeline(std::string_view spec) const {
  std::vector<const PassInfo*> out;
  if (spec.find_first_not_of(" \t") == std::string_view::npos) return out;
  size_t start = 0;
  while (true) {
    size_t comma = spec.find(',', start);
    std::string_view item = spec.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    size_t b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
    if (b == std::string_view::npos) throw CompileError(str("empty pass name in pipeline '", spec, "'"));
    out.push_back(&lookup(item.substr(b, e - b + 1)));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

void registerAllPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    // One line per pass: name, function, properties, description.
    PassRegistry& r = PassRegistry::global();
    // -- alias-aware passes (jit/passes/CorePasses.h) --
    r.add({"dce", eliminateDeadCode, {.preservesDerivatives = true, .idempotent = true}, "dead code elimination, side effects and mutation aware"});
    r.add({"cse", eliminateCommonSubexpression, {.preservesDerivatives = true, .idempotent = true}, "common subexpression elimination, alias aware"});
    r.add({"constant_propagation", propagateConstants, {.idempotent = true}, "folds pure deterministic nodes on constants with the jit's kernels; prunes constant If/Loop"});
    r.add({"constant_pooling", poolConstants, {.preservesDerivatives = true, .idempotent = true}, "one node per distinct constant, hoisted to the graph top"});
    r.add({"peephole", peepholeOptimize, {.preservesDerivatives = true}, "facts from types (sizes, dims, dtypes, None tests), len of list literals, exact int identities"});
    r.add({"remove_mutation", removeMutation, {.idempotent = true}, "in-place ops on private fresh tensors to functional ops"});
    r.add({"canonicalize", canonicalize, {.preservesDerivatives = true, .idempotent = true}, "renumbers values in program order"});
    r.add({"batch_mm", batchMatmuls, {}, "trees of added mm's and mm's sharing an operand batched into one mm"});
    // -- end of alias-aware passes --
  });
}

bool runPipeline(std::shared_ptr<Graph>& graph, const std::vector<const PassInfo*>& pipeline) {
  bool changed = false;
  for (const PassInfo* p : pipeline) {
    bool c = p->fn(graph);
    GRAPH_DUMP("after pass ", p->name, (c ? " (changed)" : " (unchanged)"), ":\n", *graph);
    verifyIfEnabled(*graph, "pass " + p->name);
    changed |= c;
  }
  return changed;
}

std::string pipelineToString(const std::vector<const PassInfo*>& pipeline) {
  std::string out;
  for (const PassInfo* p : pipeline) out += (out.empty() ? "" : ",") + p->name;
  return out;
}

}  // namespace tsjit
