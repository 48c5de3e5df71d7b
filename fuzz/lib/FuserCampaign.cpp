// FuserCampaign.cpp — the fused engine for the lockstep property, the campaign loop, failure
// reduction and the summary (see FuserCampaign.h).
#include "fuzz/lib/FuserCampaign.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>

#include "conformance/lib/Compare.h"
#include "conformance/lib/GraphTolerance.h"
#include "conformance/lib/ValueCodec.h"
#include "fuzz/lib/Reducer.h"
#include "jit/ir/Type.h"
#include "jit/kernels/Kernel.h"
#include "jit/ops/OpTable.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/Interpreter.h"
#include "jit/support/Progress.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensorexpr/Kernel.h"
#include "reference/Evaluator.h"

namespace tsjit::fuzz {

namespace {

using tensorexpr::Backend;

IValue constantValue(const Node& n) {
  const Value* v = n.output();
  switch (v->type()->kind()) {
    case TypeKind::Int: return IValue(n.i(attr::value));
    case TypeKind::Bool: return IValue(n.i(attr::value) != 0);
    case TypeKind::Float: return IValue(n.f(attr::value));
    case TypeKind::List:
      if (n.hasAttribute(attr::value) && n.kindOfAttribute(attr::value) == AttributeKind::is) {
        std::vector<IValue> items;
        for (int64_t i : n.is(attr::value)) items.emplace_back(i);
        return makeList(IntType::get(), std::move(items));
      }
      return IValue();
    default: return IValue();
  }
}

// What the fused engine saw on its last run (the campaign reads it after checkGraph).
struct FusedRunInfo {
  bool compiled = false;
  std::string refusal;
  double compileMs = 0;
};

}  // namespace

std::shared_ptr<Graph> specializeToInputs(const Graph& graph, const std::vector<IValue>& inputs) {
  auto g = graph.copy();
  for (size_t i = 0; i < inputs.size() && i < g->inputs().size(); ++i) {
    if (!inputs[i].isTensor()) continue;
    Tensor t = inputs[i].toTensor();
    TensorType::Dims sizes, strides;
    for (int64_t s : t.sizes()) sizes.push_back(s);
    for (int64_t s : t.strides()) strides.push_back(s);
    g->inputs()[i]->setType(TensorType::create(t.dtype(), t.device(), sizes, strides, false));
  }
  return g;
}

namespace {

PropertyEngines fusedEngines(Backend backend, std::shared_ptr<FusedRunInfo> info) {
  PropertyEngines e = jitVsReference(PropertyMode::Lockstep);
  e.actualName = std::string("fused (") + tensorexpr::toString(backend) + ")";
  ObservedEngineFn fallback = e.observed;
  e.observed = [backend, info, fallback](const std::shared_ptr<Graph>& g, std::vector<IValue> in,
                                          runtime::ExecutionObserver& obs) -> std::vector<IValue> {
    kernels::registerAllKernels();
    auto spec = specializeToInputs(*g, in);
    auto all = spec->copy();
    const size_t nOut = all->outputs().size();
    std::vector<const Node*> ops;  // op nodes of g, in order
    for (const Node* n : g->nodes())
      if (reference::isOpNode(*n)) ops.push_back(n);
    for (Node* n : all->nodes())
      if (reference::isOpNode(*n)) all->registerOutput(n->output());
    std::string why;
    auto kernelAll = tensorexpr::compileFusionGroup(*all, backend, &why);
    auto kernel = kernelAll ? tensorexpr::compileFusionGroup(*spec, backend, &why) : nullptr;
    if (info) {
      info->compiled = kernel != nullptr;
      info->refusal = kernel ? "" : why;
      info->compileMs = kernel && !kernel->cacheHit() ? kernel->compileMs() + kernelAll->compileMs() : 0;
    }
    if (!kernel) return fallback(g, std::move(in), obs);  // the unfused fallback
    std::vector<IValue> vals = kernelAll->call(in);
    // Report every op node with its fused inputs and output.
    std::unordered_map<const Value*, IValue> env;
    for (size_t i = 0; i < g->inputs().size(); ++i) env[g->inputs()[i]] = in[i];
    size_t k = 0;
    for (const Node* n : g->nodes()) {
      if (n->kind() == prim::Constant) {
        env[n->output()] = constantValue(*n);
        continue;
      }
      TSJIT_CHECK(reference::isOpNode(*n), "fused engine: a non-op node in a fusion group");
      std::vector<IValue> ins;
      for (const Value* v : n->inputs()) ins.push_back(env.at(v));
      obs.beforeOp(*n, ins.data(), ins.size());
      const IValue& out = vals.at(nOut + k++);
      obs.afterOp(*n, &out, 1);
      env[n->output()] = out;
    }
    return kernel->call(std::move(in));
  };
  return e;
}

std::string shortReason(const std::string& why) {
  std::string s = why.substr(0, why.find(':') == std::string::npos ? 60 : std::min<size_t>(why.size(), 60));
  return s;
}

// Whether every op the value depends on is exact (the op table's Tolerance::exact()).
bool exactSlice(const Value* v) {
  std::vector<const Value*> work{v};
  std::set<const Node*> seen;
  while (!work.empty()) {
    const Node* n = work.back()->node();
    work.pop_back();
    if (n->kind() == prim::Param || n->kind() == prim::Constant || !seen.insert(n).second) continue;
    const ops::OpInfo* op = ops::findOp(n->kind());
    if (!op || op->tolerance().kind != ops::Tolerance::Kind::Exact) return false;
    for (const Value* in : n->inputs()) work.push_back(in);
  }
  return true;
}

// Unfused jit vs fused end to end (FuserCampaign.h, check 2). Empty when they agree: same dtypes
// and shapes always; values bit for bit where the output depends on exact ops only. Where a ULP
// op or a reduction is upstream, the per-op differences the lockstep check allows may compound
// along the chain (cos then x * x: 1 ulp becomes 3), so the values are judged by the lockstep
// check alone.
std::string compareWithUnfused(const FuserCase& c, const std::vector<IValue>& fused, bool* bitIdentical) {
  std::vector<IValue> unfused;
  try {
    runtime::ExecutorOptions o;
    o.pipeline = "none";
    runtime::GraphExecutor ex(c.graph, o);
    unfused = ex.call(cloneValues(c.inputs));
  } catch (const std::exception& e) {
    return std::string("the unfused jit raised where the fused kernel returned: ") + e.what();
  }
  if (unfused.size() != fused.size()) return "different numbers of outputs";
  *bitIdentical = true;
  for (size_t i = 0; i < fused.size(); ++i) {
    conformance::CompareOptions exact;
    exact.tolerance = ops::Tolerance::exact();
    auto r = conformance::compareValues(unfused[i], fused[i], exact);
    if (r) continue;
    *bitIdentical = false;
    const Tensor u = unfused[i].toTensor(), f = fused[i].toTensor();
    if (u.dtype() != f.dtype() || u.sizes() != f.sizes())
      return "output " + std::to_string(i) + ": " + u.describe() + " unfused, " + f.describe() + " fused";
    if (exactSlice(c.graph->outputs()[i]))
      return "output " + std::to_string(i) + " (exact ops only) differs from the unfused jit: " + r.message;
  }
  return "";
}

void writeFailure(const std::string& dir, const std::string& stem, const Graph& g, const std::vector<IValue>& inputs,
                  const std::string& note, FuserFailure& f) {
  std::filesystem::create_directories(dir);
  f.irPath = dir + "/" + stem + ".ir";
  f.jsonPath = dir + "/" + stem + ".json";
  f.notePath = dir + "/" + stem + ".txt";
  std::ofstream(f.irPath) << g.toString(false);
  std::ofstream(f.jsonPath) << conformance::encodeValues(inputs).dump(1) << "\n";
  std::ofstream(f.notePath) << note << "\n";
}

}  // namespace

PropertyEngines fusedVsReference(int backend) {
  return fusedEngines(backend == 2 ? Backend::CUDA : backend == 1 ? Backend::Interpreted : Backend::LLVM, nullptr);
}

FuserCampaignResult runFuserCampaign(const FuserCampaignOptions& o) {
  kernels::registerAllKernels();
  FuserCampaignResult r;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  std::unique_ptr<ProgressReporter> progress;
  if (o.progress) progress = std::make_unique<ProgressReporter>(*o.progress, "fuzz fuser", ProgressReporter::styleFor(2), 10.0);
  auto info = std::make_shared<FusedRunInfo>();
  PropertyEngines llvm = fusedEngines(tensorexpr::backendAvailable(Backend::LLVM) ? Backend::LLVM : Backend::Interpreted, info);
  PropertyEngines interp = fusedEngines(Backend::Interpreted, nullptr);
  for (uint64_t i = 0;; ++i) {
    if (o.maxCases >= 0 && static_cast<int64_t>(i) >= o.maxCases) break;
    if (o.seconds > 0 && elapsed() >= o.seconds) break;
    if (r.failures.size() >= o.maxFailures) break;
    // Bounded memory: compiled kernels of earlier cases are not reused.
    if (i % 256 == 0) tensorexpr::clearKernelCache();
    if (!o.shard.owns(i)) continue;
    FuserCase c = generateFuserCase(o.seed, i);
    ++r.cases;
    auto makeInputs = [&c] { return cloneValues(c.inputs); };
    PropertyResult pr = checkGraph(c.graph, makeInputs, llvm);
    r.nodesChecked += pr.opsChecked;
    std::string failure;
    if (!pr.passed) failure = pr.message;
    if (info->compiled) {
      ++r.compiled;
      r.compileMsTotal += info->compileMs;
      for (const Node* n : c.graph->nodes())
        if (n->kind() != prim::Constant) ++r.opCounts[n->kind().toQualString()];
      for (const IValue& v : c.inputs)
        if (v.isTensor()) ++r.dtypeCounts[dtypeName(v.toTensor().dtype())];
      for (const std::string& f : c.features) ++r.features[f];
    } else {
      ++r.refused;
      ++r.refusedReasons[shortReason(info->refusal)];
    }
    if (pr.bothRaised) ++r.bothRaised;
    if (failure.empty() && info->compiled && !pr.bothRaised) {
      bool same = false;
      std::vector<IValue> fused;
      try {
        fused = llvm.observed ? [&] {
          struct Null : runtime::ExecutionObserver {
            void beforeOp(const Node&, const IValue*, size_t) override {}
            void afterOp(const Node&, const IValue*, size_t) override {}
          } null;
          return llvm.observed(c.graph, cloneValues(c.inputs), null);
        }()
                              : std::vector<IValue>{};
        failure = compareWithUnfused(c, fused, &same);
      } catch (const std::exception& e) {
        failure = std::string("the fused kernel raised: ") + e.what();
      }
      if (same) ++r.bitIdentical;
    }
    if (failure.empty() && info->compiled && i % 4 == 0) {
      ++r.interpretedChecks;
      PropertyResult ir = checkGraph(c.graph, makeInputs, interp);
      if (!ir.passed) failure = "loop-IR interpreter: " + ir.message;
    }
    if (!failure.empty()) {
      FuserFailure f;
      f.caseIndex = i;
      f.message = failure;
      ReduceOptions ro;
      ro.engines = llvm;
      ro.maxRuns = o.maxShrinkRuns;
      ReduceResult red = reduceCase(*c.graph, c.inputs, ro);
      const Graph& g = red.reproduced ? *red.graph : *c.graph;
      if (red.reproduced) f.signature = red.signature.str();
      const std::vector<IValue>& in = red.reproduced ? red.inputs : c.inputs;
      f.originalNodes = countAllNodes(*c.graph);
      f.nodes = countAllNodes(g);
      std::ostringstream note;
      note << "tsjit fuzz --target fuser --seed " << o.seed << ", case " << i << "\n" << failure << "\n";
      if (red.reproduced) note << "reduced (" << red.signature.str() << "): " << red.reduced.message << "\n";
      note << "original graph:\n" << c.graph->toString(false);
      writeFailure(o.outDir, "fuser-" + std::to_string(o.seed) + "-" + std::to_string(i), g, in, note.str(), f);
      r.failures.push_back(f);
    }
    if (progress) {
      std::ostringstream line;
      line << r.cases << " cases, " << r.compiled << " fused, " << r.refused << " refused, " << r.failures.size()
           << " failures, " << std::fixed << std::setprecision(0) << elapsed() << " s";
      progress->update(line.str());
    }
  }
  if (progress) progress->clear();
  r.seconds = elapsed();
  return r;
}

void printFuserCampaignSummary(std::ostream& os, const FuserCampaignResult& r, const FuserCampaignOptions& o) {
  os << "fuzz --target fuser --seed " << o.seed << ": " << r.cases << " cases in " << std::fixed << std::setprecision(1)
     << r.seconds << " s (" << std::setprecision(0) << (r.seconds > 0 ? r.cases / r.seconds : 0) << " cases/s)\n";
  os << "  fused (LLVM): " << r.compiled << " cases, " << r.nodesChecked << " node executions checked in lockstep, "
     << r.bitIdentical << " bit-identical to the unfused jit; loop-IR interpreter re-checked " << r.interpretedChecks << "\n";
  if (r.compiled)
    os << "  mean compile time per case (two kernels: all nodes exposed + the group): " << std::setprecision(2)
       << r.compileMsTotal / r.compiled << " ms\n";
  os << "  refused by the lowering (unfused fallback ran): " << r.refused << " (both engines raised: " << r.bothRaised << ")\n";
  for (auto& [why, n] : r.refusedReasons) os << "    " << std::setw(6) << n << "  " << why << "\n";
  os << "  fused op kinds:";
  for (auto& [k, n] : r.opCounts) os << " " << k.substr(6) << "=" << n;
  os << "\n  input dtypes:";
  for (auto& [k, n] : r.dtypeCounts) os << " " << k << "=" << n;
  os << "\n  features:";
  for (auto& [k, n] : r.features) os << " " << k << "=" << n;
  os << "\n";
  if (r.failures.empty()) {
    os << "no mismatch\n";
    return;
  }
  os << r.failures.size() << " failure(s):\n";
  for (const FuserFailure& f : r.failures)
    os << "  case " << f.caseIndex << ": " << f.message.substr(0, 400) << "\n    reduced " << f.originalNodes << " -> "
       << f.nodes << " nodes: " << f.irPath << " (inputs " << f.jsonPath << ")\n";
}

}  // namespace tsjit::fuzz
