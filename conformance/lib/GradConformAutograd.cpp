// GradConformAutograd.cpp — `tsjit conform --grad` (GradConform.h).
#include "conformance/lib/GradConformAutograd.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>

#include "conformance/lib/Compare.h"
#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/GradExecutor.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/autograd/Autograd.h"
#include "jit/autograd/Math.h"
#include "jit/ir/Graph.h"
#include "jit/kernels/AutogradHook.h"
#include "jit/runtime/GraphExecutor.h"
#include "jit/runtime/Interpreter.h"

namespace tsjit::conformance {
namespace {

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CorpusError("cannot open " + path);
  try {
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw CorpusError(path + ": " + e.what());
  }
}

// Floating tensors of v, depth first (tuple/list items in order, dict values in item order).
void flattenFloating(const IValue& v, std::vector<Tensor>& out) {
  if (v.isTensor()) {
    if (isFloatingType(v.toTensor().dtype())) out.push_back(v.toTensor());
  } else if (v.isTuple()) {
    for (const IValue& x : v.toTupleRef().items) flattenFloating(x, out);
  } else if (v.isList()) {
    for (const IValue& x : v.toListRef().items) flattenFloating(x, out);
  } else if (v.isDict()) {
    for (const auto& [k, x] : v.toDictRef().entries()) flattenFloating(x, out);
  }
}

// A copy of leaf with the same sizes and strides, recorded (the graph runs on it).
Tensor recordedCopy(const Tensor& leaf) {
  Tensor dst = Tensor::empty_strided(leaf.sizes(), leaf.strides(), leaf.dtype());
  autograd::math::callN("aten::copy_", {dst, leaf, IValue(false)});
  return dst;
}

// Converts the floating tensors of a module (recursively) to float64, as Module.double() does. A
// list attribute holding the module's own tensors (nn.LSTM / GRU / RNN's _flat_weights, which
// 1.13's RNNBase._apply rebuilds from the converted parameters) gets the converted ones.
void moduleToDouble(Object& obj) {
  std::vector<std::pair<IValue, IValue>> converted;  // (old, new)
  for (IValue& slot : obj.slots) {
    if (slot.isTensor() && isFloatingType(slot.toTensor().dtype())) {
      IValue d(slot.toTensor().to(ScalarType::Double));
      converted.emplace_back(slot, d);
      slot = d;
    } else if (slot.isObject()) {
      moduleToDouble(slot.toObjectRef());
    }
  }
  for (IValue& slot : obj.slots)
    if (slot.isList())
      for (IValue& item : slot.toListRef().items)
        for (const auto& [before, after] : converted)
          if (item.isSameIdentity(before)) item = after;
  // A module read from a recorded state holds copies in _flat_weights: rebuilt from
  // _flat_weights_names, as 1.13's _init_flat_weights does.
  std::optional<size_t> names = obj.type->findAttributeSlot("_flat_weights_names");
  std::optional<size_t> flat = obj.type->findAttributeSlot("_flat_weights");
  if (names && flat && obj.slots[*names].isList() && obj.slots[*flat].isList()) {
    std::vector<IValue>& items = obj.slots[*flat].toListRef().items;
    const std::vector<IValue>& ns = obj.slots[*names].toListRef().items;
    for (size_t i = 0; i < items.size() && i < ns.size(); ++i)
      if (std::optional<size_t> w = ns[i].isString() ? obj.type->findAttributeSlot(ns[i].toStringRef()) : std::nullopt)
        items[i] = obj.slots[*w];
  }
}

// The slot holding a qualified parameter ("proj.weight") of module `self`.
IValue* parameterSlot(Object& self, const std::string& name) {
  Object* obj = &self;
  size_t start = 0;
  for (;;) {
    size_t dot = name.find('.', start);
    std::string part = name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    std::optional<size_t> index = obj->type->findAttributeSlot(part);
    if (!index) return nullptr;
    IValue& slot = obj->slots[*index];
    if (dot == std::string::npos) return &slot;
    if (!slot.isObject()) return nullptr;
    obj = &slot.toObjectRef();
    start = dot + 1;
  }
}

CompareResult compareGradient(const IValue& expected, const Tensor& actual) {
  if (expected.isNone()) {
    if (!actual.defined()) return {};
    return {false, "expected None (the loss does not depend on it), got a gradient " + actual.describe()};
  }
  if (!actual.defined()) return {false, "expected a gradient " + expected.toTensor().describe() + ", got None"};
  CompareOptions o;
  o.tolerance = ops::Tolerance::operands(4096);
  double m = 1e-300;
  for (double x : expected.toTensor().toDoubles())
    if (std::isfinite(x)) m = std::max(m, std::abs(x));
  o.operandMagnitude = m;
  return compareValues(expected, IValue(actual), o);
}
}  // namespace

GradEngine autogradEngine() {
  autograd::initialize();
  return {"autograd", [](const std::shared_ptr<Graph>& g, std::vector<IValue> inputs) {
            // The interpreter on the graph as recorded: no passes, so every gradient comes from the
            // per-op derivatives.
            runtime::ExecutorOptions options;
            options.pipeline = "none";
            runtime::GraphExecutor ex(g->copy(), options);
            return ex.call(std::move(inputs));
          }};
}

size_t GradSummary::passed() const {
  size_t n = 0;
  for (const auto& r : results) n += r.outcome == Outcome::Passed;
  return n;
}
size_t GradSummary::failed() const { return results.size() - passed(); }

bool caseHasGradients(const std::string& path) {
  try {
    nlohmann::json doc = readJson(path);
    return doc.contains("grads") || doc.contains("param_grads");
  } catch (const std::exception&) {
    return true;  // a corrupt file is reported as a failed case
  }
}

AutogradCaseResult runGradCase(const std::string& path, const GradEngine& engine) {
  AutogradCaseResult r;
  r.name = std::filesystem::path(path).stem().string();
  auto t0 = std::chrono::steady_clock::now();
  kernels::GradModeGuard gradMode(true);
  try {
    nlohmann::json doc = readJson(path);
    Case c = parseCase(doc, path);
    r.name = c.name;
    r.category = c.category;
    if (doc.contains("grad_check") && doc["grad_check"].is_boolean()) r.gradCheck = doc["grad_check"].get<bool>();
    Prepared p = prepareCase(c, GraphChoice::Graph);
    std::vector<IValue> inputs = decodeValues(doc.at("grad_inputs"), p.classes.get(), "grad_inputs");
    std::vector<size_t> gradArgs;
    if (doc.contains("grad_args"))
      for (const auto& a : doc["grad_args"]) gradArgs.push_back(a.get<size_t>());

    std::vector<std::pair<std::string, Tensor>> leaves;  // name, leaf
    std::vector<IValue> expected;
    std::vector<IValue> runInputs;
    std::vector<Tensor> harnessCopies;  // their CopyBackwards are the harness's, not the graph's
    IValue self;
    if (p.self) {
      self = *p.self;
      moduleToDouble(self.toObjectRef());
    }
    if (doc.contains("param_grads")) {
      if (!p.self) throw CorpusError("param_grads on a case without a module");
      for (const auto& entry : doc["param_grads"]) {
        std::string name = entry.at(0).get<std::string>();
        IValue* slot = parameterSlot(self.toObjectRef(), name);
        if (!slot || !slot->isTensor()) throw CorpusError("param_grads names '" + name + "', not a tensor attribute");
        Tensor leaf = slot->toTensor();
        leaf.setRequiresGrad(true);
        leaves.emplace_back("param " + name, leaf);
        expected.push_back(decodeValue(entry.at(1), p.classes.get(), "param_grads." + name));
      }
    }
    std::vector<IValue> recordedGrads;
    if (doc.contains("grads")) recordedGrads = decodeValues(doc["grads"], p.classes.get(), "grads");
    for (size_t i : gradArgs) {
      if (i >= inputs.size() || !inputs[i].isTensor()) throw CorpusError("grad_args names input " + std::to_string(i) + ", not a tensor");
      Tensor leaf = inputs[i].toTensor();
      leaf.setRequiresGrad(true);
      leaves.emplace_back("input " + std::to_string(i), leaf);
      expected.push_back(i < recordedGrads.size() ? recordedGrads[i] : IValue());
      inputs[i] = IValue(recordedCopy(leaf));
      harnessCopies.push_back(inputs[i].toTensor());
    }
    if (p.self) runInputs.push_back(self);
    for (auto& v : inputs) runInputs.push_back(v);

    std::vector<IValue> outputs = engine.run(p.graph, std::move(runInputs));
    std::vector<Tensor> flat;
    for (const IValue& o : outputs) flattenFloating(o, flat);
    std::vector<IValue> weights = decodeValues(doc.at("grad_weights"), p.classes.get(), "grad_weights");
    if (weights.size() != flat.size())
      throw CorpusError("the outputs hold " + std::to_string(flat.size()) + " floating tensors but grad_weights has " +
                        std::to_string(weights.size()));
    std::vector<Tensor> roots, rootGrads;
    for (size_t k = 0; k < flat.size(); ++k)
      if (flat[k].requiresGrad()) {
        roots.push_back(flat[k]);
        rootGrads.push_back(weights[k].toTensor().to(flat[k].dtype()));
      }
    GradNodeCounts counts = countGradNodes(roots, harnessCopies);
    r.symbolicNodes = counts.symbolicNodes;
    r.differentiableGraphs = counts.differentiableGraphs;
    r.autogradNodes = counts.autogradNodes;
    if (!roots.empty()) autograd::backward(roots, rootGrads);
    std::string failures;
    for (size_t i = 0; i < leaves.size(); ++i) {
      CompareResult cr = compareGradient(expected[i], autograd::gradOf(leaves[i].second));
      ++r.gradientsCompared;
      if (!cr.ok) failures += (failures.empty() ? "" : "; ") + leaves[i].first + ": " + cr.message;
    }
    r.outcome = failures.empty() ? Outcome::Passed : Outcome::Failed;
    r.reason = failures;
  } catch (const std::exception& e) {
    r.outcome = Outcome::Failed;
    r.reason = e.what();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

GradSummary runGradCorpus(const std::string& corpusDir, const GradEngine& engine, const std::vector<std::string>& cases) {
  GradSummary s;
  s.engine = engine.name;
  for (const std::string& f : listCaseFiles(corpusDir)) {
    std::string stem = std::filesystem::path(f).stem().string();
    if (!cases.empty() && std::find(cases.begin(), cases.end(), stem) == cases.end()) continue;
    if (!caseHasGradients(f)) continue;
    s.results.push_back(runGradCase(f, engine));
  }
  return s;
}

void printGradSummary(std::ostream& os, const GradSummary& s, bool verbose) {
  os << "gradients (engine " << s.engine << "): " << s.results.size() << " cases with recorded gradients\n";
  size_t symbolic = 0, graphs = 0, recorded = 0, mixed = 0, symbolicOnly = 0;
  for (const auto& r : s.results) {
    symbolic += r.symbolicNodes;
    graphs += r.differentiableGraphs;
    recorded += r.autogradNodes;
    mixed += r.symbolicNodes && r.autogradNodes;
    symbolicOnly += r.symbolicNodes && !r.autogradNodes;
    std::string reason = r.reason;
    if (!verbose && reason.size() > 300) reason = reason.substr(0, 297) + "...";
    os << "  " << (r.outcome == Outcome::Passed ? "PASS " : "FAIL ") << r.name << "  [symbolic " << r.symbolicNodes
       << " nodes in " << r.differentiableGraphs << " DifferentiableGraphs | autograd " << r.autogradNodes << " nodes]";
    if (!reason.empty()) os << ": " << reason;
    os << "\n";
  }
  os << "nodes: " << symbolic << " under symbolic autodiff (in " << graphs << " DifferentiableGraphs), " << recorded
     << " under autograd; cases: " << symbolicOnly << " symbolic only, " << mixed << " mixed, "
     << (s.results.size() - symbolicOnly - mixed) << " autograd only\n";
  std::vector<const AutogradCaseResult*> unchecked;
  for (const auto& r : s.results)
    if (r.gradCheck && !*r.gradCheck) unchecked.push_back(&r);
  if (!unchecked.empty()) {
    os << "grad_check false (PyTorch's gradcheck rejects its own gradient; compared with the recorded values):\n";
    for (const auto* r : unchecked)
      os << "  " << r->name << ": " << (r->outcome == Outcome::Passed ? "passed" : "failed") << "\n";
  }
  os << "grad: " << s.passed() << "/" << s.results.size() << " passed\n";
}

nlohmann::json gradSummaryJson(const GradSummary& s) {
  nlohmann::json j;
  j["engine"] = s.engine;
  j["cases"] = s.results.size();
  j["passed"] = s.passed();
  nlohmann::json results = nlohmann::json::array();
  for (const auto& r : s.results) {
    nlohmann::json e{{"name", r.name}, {"category", r.category}, {"outcome", toString(r.outcome)},
                     {"gradients_compared", r.gradientsCompared}, {"seconds", r.seconds},
                     {"symbolic_nodes", r.symbolicNodes}, {"differentiable_graphs", r.differentiableGraphs},
                     {"autograd_nodes", r.autogradNodes}};
    if (!r.reason.empty()) e["reason"] = r.reason;
    e["grad_check"] = r.gradCheck ? nlohmann::json(*r.gradCheck) : nlohmann::json(nullptr);
    results.push_back(e);
  }
  j["results"] = results;
  return j;
}

std::vector<Tensor> autogradVjp(const Graph& graph, const std::vector<IValue>& inputs,
                                const std::vector<IValue>& gradOutputs, const std::vector<size_t>& wrt) {
  autograd::initialize();
  kernels::GradModeGuard gradMode(true);
  std::vector<IValue> run = inputs;
  std::vector<Tensor> leaves;
  for (size_t i : wrt) {
    TSJIT_CHECK(i < run.size() && run[i].isTensor(), "autogradVjp: input ", i, " is not a tensor");
    Tensor leaf = run[i].toTensor().detach();
    if (isFloatingType(leaf.dtype())) leaf.setRequiresGrad(true);
    leaves.push_back(leaf);
    // The graph sees a copy with the same layout; a self-overlapping (expanded) leaf, which cannot
    // be copied into, is passed itself.
    bool copyable = isFloatingType(leaf.dtype()) && leaf.isNonOverlappingAndDense();
    run[i] = copyable ? IValue(recordedCopy(leaf)) : IValue(leaf);
  }
  std::vector<IValue> outputs = runtime::runGraph(graph.copy(), std::move(run));
  std::vector<Tensor> flat, flatGrads;
  for (const IValue& o : outputs) flattenFloating(o, flat);
  for (const IValue& g : gradOutputs) flattenFloating(g, flatGrads);
  return gradientsOfLeaves(flat, flatGrads, leaves).grads;
}

LeafGradients gradientsOfLeaves(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradOutputs,
                                const std::vector<Tensor>& leaves) {
  LeafGradients r;
  std::vector<Tensor> rootGrads;
  for (size_t k = 0; k < outputs.size() && k < gradOutputs.size(); ++k)
    if (outputs[k].defined() && outputs[k].requiresGrad()) {
      r.roots.push_back(outputs[k]);
      rootGrads.push_back(gradOutputs[k].to(outputs[k].dtype()));
    }
  r.grads.resize(leaves.size());
  std::vector<Tensor> differentiable;
  std::vector<size_t> at;
  for (size_t i = 0; i < leaves.size(); ++i)
    if (leaves[i].requiresGrad()) {
      differentiable.push_back(leaves[i]);
      at.push_back(i);
    }
  if (r.roots.empty() || differentiable.empty()) return r;
  std::vector<Tensor> gs = autograd::grad(r.roots, rootGrads, differentiable, false, true);
  for (size_t k = 0; k < at.size(); ++k) r.grads[at[k]] = gs[k];
  return r;
}

}  // namespace tsjit::conformance
