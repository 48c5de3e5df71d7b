// GradConform.cpp — `tsjit conform --grad --engine symbolic` (see GradConform.h).
#include "conformance/lib/GradConform.h"

#include <cmath>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "conformance/lib/Compare.h"
#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/GradCheck.h"
#include "conformance/lib/ValueClone.h"
#include "conformance/lib/ValueCodec.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"
#include "jit/autodiff/Differentiate.h"
#include "jit/passes/LowerTuples.h"
#include "jit/passes/PassRegistry.h"

namespace tsjit::conformance {

const char* toString(GradCaseResult::Status s) {
  switch (s) {
    case GradCaseResult::Status::Pass: return "pass";
    case GradCaseResult::Status::Fail: return "FAIL";
    case GradCaseResult::Status::NotSupported: return "not supported";
  }
  return "?";
}

size_t GradConformSummary::passed() const {
  size_t n = 0;
  for (const auto& c : cases) n += c.status == GradCaseResult::Status::Pass;
  return n;
}

namespace {

// The returned tuple becomes one graph output per element (grad_weights are per element).
void flattenOutputTuple(Graph& g) {
  if (g.outputs().size() != 1 || g.outputs()[0]->node()->kind() != prim::TupleConstruct) return;
  Node* t = g.outputs()[0]->node();
  g.eraseOutput(0);
  for (Value* v : t->inputs()) g.registerOutput(v);
}

// "cell.weight_ih" for prim::GetAttr chains from the graph's first input, else "".
std::string attrPath(const Value* v, const Value* self) {
  if (v == self) return "";
  const Node* n = v->node();
  if (n->kind() != prim::GetAttr) return "?";
  std::string base = attrPath(n->input(0), self);
  if (base == "?") return base;
  return base.empty() ? n->s(attr::name) : base + "." + n->s(attr::name);
}

IValue attrValue(const IValue& self, const std::string& path) {
  IValue cur = self;
  size_t start = 0;
  while (start <= path.size()) {
    size_t dot = path.find('.', start);
    std::string name = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    cur = cur.toObjectRef().attr(name);
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return cur;
}

// Lifts the tensor attributes named in `params` into new graph inputs (appended); returns the
// input index of each param in order.
// Every prim::GetAttr of `b` and its nested blocks, in program order (collected first: the callers
// rewrite uses while they walk the list).
std::vector<Node*> getAttrNodes(Block& b) {
  std::vector<Node*> out;
  for (Node* n : b.nodes()) {
    if (n->kind() == prim::GetAttr) out.push_back(n);
    for (Block* inner : n->blocks())
      for (Node* m : getAttrNodes(*inner)) out.push_back(m);
  }
  return out;
}

std::vector<size_t> liftParameters(Graph& g, const IValue& self, const std::vector<std::string>& params,
                                   std::vector<IValue>& inputs) {
  std::map<std::string, Value*> lifted;
  std::vector<size_t> indices;
  for (const std::string& p : params) {
    Value* in = g.addInput();
    in->setType(TensorType::get());
    lifted[p] = in;
    indices.push_back(g.inputs().size() - 1);
    IValue v = attrValue(self, p);
    inputs.push_back(v.isTensor() ? IValue(v.toTensor().to(ScalarType::Double)) : v);
  }
  for (Node* n : getAttrNodes(*g.block())) {
    auto it = lifted.find(attrPath(n->output(), g.inputs()[0]));
    if (it != lifted.end()) n->output()->replaceAllUsesWith(it->second);
  }
  return indices;
}

// Module attributes that are not tensors (flags, sizes, None for an absent bias) become constants,
// as torch.jit.freeze does, so that branches on them fold.
void freezeScalarAttributes(Graph& g, const IValue& self) {
  for (Node* n : getAttrNodes(*g.block())) {
    const std::string path = attrPath(n->output(), g.inputs()[0]);
    if (path.empty() || path == "?") continue;
    IValue v = attrValue(self, path);
    Literal lit;
    if (v.isNone()) lit = Literal{Literal::None{}};
    else if (v.isBool()) lit = Literal{v.toBool()};
    else if (v.isInt()) lit = Literal{v.toInt()};
    else if (v.isDouble()) lit = Literal{v.toDouble()};
    else continue;
    WithInsertPoint guard(n);
    Value* c = g.insertConstant(lit);
    n->output()->replaceAllUsesWith(c);
  }
}

GradCaseResult runCase(const std::string& file) {
  GradCaseResult r;
  std::ifstream in(file);
  nlohmann::json doc = nlohmann::json::parse(in);
  r.name = doc.value("name", file);
  r.gradCheck = doc.contains("grad_check") && doc["grad_check"].is_boolean() ? doc["grad_check"].get<bool>() : false;
  Case c = parseCase(doc, file);
  Prepared prep = prepareCase(c, GraphChoice::InlinedGraph);
  std::shared_ptr<Graph> g = prep.graph->copy();
  std::vector<IValue> inputs = decodeValues(doc["grad_inputs"], prep.classes.get());
  std::vector<size_t> wrt;
  const size_t offset = prep.self ? 1 : 0;  // module graphs take self first
  if (prep.self) inputs.insert(inputs.begin(), *prep.self);
  for (const auto& a : doc["grad_args"]) wrt.push_back(a.get<size_t>() + offset);
  std::vector<std::string> params;
  std::vector<IValue> expectedParamGrads;
  if (doc.contains("param_grads") && prep.self) {
    for (const auto& pg : doc["param_grads"]) {
      params.push_back(pg[0].get<std::string>());
      expectedParamGrads.push_back(decodeValue(pg[1], prep.classes.get()));
    }
  }
  if (!params.empty()) {
    std::vector<size_t> idx = liftParameters(*g, *prep.self, params, inputs);
    wrt.insert(wrt.end(), idx.begin(), idx.end());
  }
  if (prep.self) freezeScalarAttributes(*g, *prep.self);
  // Inputs typed with their dtype and rank (the jit's ArgumentSpec specialization), then the jit's
  // default pipeline (1.13 differentiates the specialized, optimized graph): branches on a tensor's
  // rank or on a frozen module flag fold away.
  for (size_t i = 0; i < inputs.size() && i < g->inputs().size(); ++i) {
    if (!inputs[i].isTensor() || g->inputs()[i]->type()->kind() != TypeKind::Tensor) continue;
    const Tensor t = inputs[i].toTensor();
    g->inputs()[i]->setType(TensorType::create(t.dtype(), Device(), TensorType::Dims(t.sizes().size(), std::nullopt),
                                               std::nullopt, false));
  }
  registerAllPasses();
  runPipeline(g, defaultPipeline());
  flattenOutputTuple(*g);
  lowerSimpleTuples(g);
  // grad_weights: one per floating-point tensor of the output, in flattened order.
  std::vector<IValue> weights;
  for (const auto& w : doc["grad_weights"]) weights.push_back(decodeValue(w, prep.classes.get()));
  reference::registerAllKernels();
  std::vector<IValue> outs = reference::evaluate(*g, cloneValues(inputs));
  std::vector<IValue> gradOutputs;
  size_t nextWeight = 0;
  for (const IValue& o : outs) {
    if (o.isTensor() && isFloatingType(o.toTensor().dtype())) {
      gradOutputs.push_back(nextWeight < weights.size() ? weights[nextWeight] : IValue());
      ++nextWeight;
    } else if (o.isList() || o.isTuple() || o.isDict()) {
      r.status = GradCaseResult::Status::NotSupported;
      r.message = "an output is a container (list, tuple or dict) of tensors";
      return r;
    } else {
      gradOutputs.emplace_back();
    }
  }
  if (nextWeight != weights.size()) {
    r.status = GradCaseResult::Status::Fail;
    r.message = "the outputs hold " + std::to_string(nextWeight) + " floating tensors, grad_weights " +
                std::to_string(weights.size());
    return r;
  }
  std::vector<Tensor> got;
  try {
    got = symbolicVjp(*g, inputs, gradOutputs, wrt, GradEngine::Jit);
  } catch (const autodiff::NotDifferentiable& e) {
    r.status = GradCaseResult::Status::NotSupported;
    r.message = e.what();
    return r;
  }
  std::vector<IValue> expected;
  for (const auto& a : doc["grad_args"]) expected.push_back(decodeValue(doc["grads"][a.get<size_t>()], prep.classes.get()));
  for (const IValue& v : expectedParamGrads) expected.push_back(v);
  r.status = GradCaseResult::Status::Pass;
  for (size_t i = 0; i < expected.size(); ++i) {
    ++r.gradients;
    if (!expected[i].isTensor()) continue;  // PyTorch recorded no gradient (None)
    CompareOptions opts;
    opts.tolerance = ops::Tolerance::operands(1024);
    double m = 1;
    for (double x : expected[i].toTensor().to(ScalarType::Double).toDoubles()) m = std::max(m, std::fabs(x));
    opts.operandMagnitude = m;
    CompareResult cr = compareValues(expected[i], IValue(got[i].to(expected[i].toTensor().dtype())), opts);
    if (!cr.ok) {
      r.status = GradCaseResult::Status::Fail;
      r.message = (i < wrt.size() - params.size() ? "d/d input " + std::to_string(wrt[i] - offset)
                                                   : "d/d " + params[i - (wrt.size() - params.size())]) +
                  ": " + cr.message;
      return r;
    }
  }
  return r;
}

}  // namespace

GradConformSummary gradConformJit(const std::string& corpusDir, const std::string& filter) {
  GradConformSummary s;
  for (const std::string& file : listCaseFiles(corpusDir)) {
    nlohmann::json doc;
    {
      std::ifstream in(file);
      doc = nlohmann::json::parse(in);
    }
    if (!doc.contains("grads")) continue;
    const std::string name = doc.value("name", file);
    if (!filter.empty() && name.rfind(filter, 0) != 0) continue;
    try {
      s.cases.push_back(runCase(file));
    } catch (const std::exception& e) {
      GradCaseResult r;
      r.name = name;
      r.gradCheck = doc.contains("grad_check") && doc["grad_check"].is_boolean() && doc["grad_check"].get<bool>();
      r.status = GradCaseResult::Status::Fail;
      r.message = e.what();
      s.cases.push_back(r);
    }
  }
  return s;
}

}  // namespace tsjit::conformance
