// PassRegistry.cpp — registry storage, lookup with helpful errors, pipelines, and
// registerAllPasses(): the one place passes are listed.
#include "jit/passes/PassRegistry.h"

#include <algorithm>
#include <mutex>
#include <ostream>

#include "jit/ir/Graph.h"
#include "jit/ir/Verifier.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/DecomposeOps.h"
#include "jit/passes/Inline.h"
#include "jit/passes/LoopUnrolling.h"
#include "jit/passes/LowerTuples.h"
#include "jit/passes/ShapePropagation.h"
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
    r.add({"remove_mutation", removeMutation, {.needsShapes = true, .idempotent = true}, "in-place ops on private fresh tensors to functional ops"});
    r.add({"canonicalize", canonicalize, {.preservesDerivatives = true, .idempotent = true}, "renumbers values in program order"});
    r.add({"batch_mm", batchMatmuls, {.needsShapes = true}, "trees of added mm's and mm's sharing an operand batched into one mm"});
    // -- end of alias-aware passes --
    // -- passes-harness helper: calls, loops, tuples, decompositions, shapes --
    r.add({"inline", inlineCalls, {.preservesDerivatives = true, .idempotent = true},
           "replaces prim::CallMethod / prim::CallFunction by the callee's graph (1.13 Inline)"});
    r.add({"loop_unrolling", unrollLoops, {.preservesDerivatives = true},
           "unrolls small for-loops: fully below 64 constant trips, else by 8 with an epilogue (1.13 UnrollLoops)"});
    r.add({"lower_tuples", lowerSimpleTuples, {.preservesDerivatives = true, .idempotent = true},
           "replaces reads of a TupleConstruct by its elements (1.13 LowerSimpleTuples)"});
    r.add({"decompose_ops", decomposeOps, {.preservesDerivatives = true, .idempotent = true},
           "addmm with beta = alpha = 1 to mm + add (1.13 DecomposeOps)"});
    r.add({"shape_propagation", propagateShapes, {.preservesDerivatives = true, .idempotent = true},
           "tensor types (dtype, sizes, requires_grad) from the input types (1.13 PropagateInputShapes)"});
    // -- end passes-harness --
  });
}

PassVerificationError::PassVerificationError(const std::string& pass, const std::string& problem,
                                             const std::string& graphText)
    : CompileError(str("pass '", pass, "' left an invalid graph: ", problem, "\ngraph after '", pass, "':\n",
                       graphText)),
      pass_(pass) {}

bool runPipeline(std::shared_ptr<Graph>& graph, const std::vector<const PassInfo*>& pipeline,
                 const PipelineOptions& options) {
  bool changed = false;
  for (const PassInfo* p : pipeline) {
    // TSJIT_LOG_LEVEL=<pass name> dumps the graph before and after that pass (the pass's own
    // file name, e.g. LoopUnrolling, enables its GRAPH_UPDATE / GRAPH_DEBUG lines).
    bool log = isLogEnabled(p->name, LogLevel::GRAPH_DUMP);
    if (log) emitLog(p->name, 0, LogLevel::GRAPH_DUMP, str("before ", p->name, ":\n", *graph));
    bool c = p->fn(graph);
    if (log) emitLog(p->name, 0, LogLevel::GRAPH_DUMP, str("after ", p->name, (c ? " (changed)" : " (unchanged)"), ":\n", *graph));
    if (options.printAfterEach)
      *options.printAfterEach << "// ----- after " << p->name << (c ? " (changed)" : " (unchanged)") << " -----\n"
                              << graph->toString(options.printSourceLocations);
    if (options.verify || verifierEnabled()) {
      try {
        verify(*graph);
      } catch (const InternalError& e) {
        throw PassVerificationError(p->name, e.what(), graph->toString(false));
      }
    }
    changed |= c;
  }
  return changed;
}

const std::vector<std::string>& defaultPipelineNames() {
  // PyTorch 1.13's legacy GraphExecutor (graph_executor.cpp: GraphExecutorImpl::compileSpec,
  // runRequiredPasses, runOptimization, runNondiffOptimization), the executor that specializes on
  // an ArgumentSpec as tsjit's does. docs/passes.md lists the order with its source.
  static const std::vector<std::string> names = {
      // Phase 0: inline, then clean up
      "inline",
      "lower_tuples",
      "constant_pooling",          // ConstantPooling
      // Phase 1: runRequiredPasses
      "canonicalize",              // CanonicalizeOps
      "dce",                       // EliminateDeadCode
      // Phase 2: propagate the ArgumentSpec through the graph
      "constant_propagation",      // ConstantPropagation
      "shape_propagation",
      // Phase 3: runOptimization
      "dce",                       // EliminateDeadCode
      "cse",                       // EliminateCommonSubexpression
      "peephole",                  // PeepholeOptimize
      "constant_propagation",      // ConstantPropagation
      "constant_pooling",          // ConstantPooling
      "loop_unrolling",
      // (1.13 runs the next three only when loops were unrolled; they do nothing otherwise)
      "remove_mutation",           // RemoveListMutation
      "peephole",                  // PeepholeOptimize
      "constant_propagation",      // ConstantPropagation
      "cse",                       // EliminateCommonSubexpression
      "dce",                       // EliminateDeadCode
      "batch_mm",                  // BatchMM
      // Phase 5: runNondiffOptimization
      "decompose_ops",
      "lower_tuples",
      "batch_mm",                  // BatchMM
      // final clean-up
      "dce",                       // EliminateDeadCode
  };
  return names;
}

std::vector<const PassInfo*> defaultPipeline() {
  registerAllPasses();
  std::vector<const PassInfo*> out;
  for (const std::string& n : defaultPipelineNames()) out.push_back(&PassRegistry::global().lookup(n));
  return out;
}

std::vector<const PassInfo*> PassRegistry::parsePipelineOrDefault(std::string_view spec) const {
  if (spec == "default") {
    std::vector<const PassInfo*> out;
    for (const std::string& n : defaultPipelineNames()) out.push_back(&lookup(n));
    return out;
  }
  if (spec == "none") return {};
  return parsePipeline(spec);
}

std::string pipelineToString(const std::vector<const PassInfo*>& pipeline) {
  std::string out;
  for (const PassInfo* p : pipeline) out += (out.empty() ? "" : ",") + p->name;
  return out;
}

}  // namespace tsjit
