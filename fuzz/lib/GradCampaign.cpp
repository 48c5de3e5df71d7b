// GradCampaign.cpp — `tsjit fuzz --target grad` (see GradCampaign.h).
#include "fuzz/lib/GradCampaign.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <sstream>

#include "conformance/lib/FiniteDifference.h"
#include "conformance/lib/ExecutorVjp.h"
#include "conformance/lib/GradCheck.h"
#include "conformance/lib/ValueClone.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/autodiff/Differentiate.h"
#include "jit/ir/IRParser.h"
#include "jit/passes/PassRegistry.h"

namespace tsjit::fuzz {
namespace {

using Shape = std::vector<int64_t>;

struct Gen {
  std::mt19937_64 rng;
  std::ostringstream body;
  std::vector<std::pair<std::string, Shape>> values;  // tensors so far
  int next = 0;
  bool controlFlow = false;

  size_t pick(size_t n) { return static_cast<size_t>(rng() % n); }
  std::string fresh() { return "%v" + std::to_string(next++); }
  std::string constant(const std::string& type, const std::string& value) {
    std::string v = fresh();
    body << "  " << v << " : " << type << " = prim::Constant[value=" << value << "]()\n";
    return v;
  }
  std::string none() {
    std::string v = fresh();
    body << "  " << v << " : NoneType = prim::Constant()\n";
    return v;
  }
  std::string ints(const Shape& s) {
    std::string t = "[";
    for (size_t i = 0; i < s.size(); ++i) t += (i ? ", " : "") + std::to_string(s[i]);
    return constant("int[]", t + "]");
  }
  std::string op(const std::string& kind, const std::vector<std::string>& args, const Shape& shape) {
    std::string v = fresh();
    body << "  " << v << " : Tensor = " << kind << "(";
    for (size_t i = 0; i < args.size(); ++i) body << (i ? ", " : "") << args[i];
    body << ")\n";
    values.emplace_back(v, shape);
    return v;
  }
  const std::pair<std::string, Shape>& any() { return values[values.size() - 1 - pick(std::min<size_t>(values.size(), 4))]; }
  const std::pair<std::string, Shape>* withShape(const Shape& s) {
    std::vector<size_t> idx;
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i].second == s) idx.push_back(i);
    return idx.empty() ? nullptr : &values[idx[pick(idx.size())]];
  }
  // A positive tensor derived from v (for log, sqrt, division).
  std::string positive(const std::pair<std::string, Shape>& v) {
    std::string t = op("aten::tanh", {v.first}, v.second);
    return op("aten::exp", {t}, v.second);
  }

  void step() {
    const auto v = any();
    switch (pick(12)) {
      case 0: {
        static const char* smooth[] = {"aten::tanh", "aten::sigmoid", "aten::sin", "aten::cos", "aten::erf",
                                       "aten::silu", "aten::square", "aten::neg"};
        op(smooth[pick(8)], {v.first}, v.second);
        break;
      }
      case 1: {
        static const char* pos[] = {"aten::log", "aten::sqrt", "aten::rsqrt", "aten::reciprocal"};
        std::string p = positive(v);
        op(pos[pick(4)], {p}, v.second);
        break;
      }
      case 2: {  // broadcasting binary op against a smaller shape
        static const Shape others[] = {{2, 3}, {3}, {2, 1}, {}};
        const Shape target = v.second.size() == 2 && v.second[0] == 2 && v.second[1] == 3 ? others[pick(4)] : v.second;
        const auto* w = withShape(target);
        if (!w) break;
        const Shape out = v.second;
        switch (pick(5)) {
          case 0: op("aten::add", {v.first, w->first, constant("float", "0.5")}, out); break;
          case 1: op("aten::sub", {w->first, v.first, constant("int", "1")}, out); break;
          case 2: op("aten::mul", {v.first, w->first}, out); break;
          case 3: op("aten::div", {v.first, positive(*w)}, out); break;
          default: op("aten::addcmul", {v.first, v.first, w->first, constant("float", "0.3")}, out); break;
        }
        break;
      }
      case 3: {
        if (v.second == Shape{2, 3}) {
          const auto* w = withShape({3, 3});
          if (w) op(pick(2) ? "aten::mm" : "aten::matmul", {v.first, w->first}, {2, 3});
        } else if (v.second == Shape{3, 3}) {
          const auto* b = withShape({3});
          if (b) op("aten::linear", {v.first, v.first, b->first}, {3, 3});
        }
        break;
      }
      case 4: {
        if (v.second.size() != 2) break;
        const int64_t d = static_cast<int64_t>(pick(2));
        const bool keep = pick(2);
        Shape out = v.second;
        if (keep) out[static_cast<size_t>(d)] = 1;
        else out.erase(out.begin() + d);
        op(pick(2) ? "aten::sum" : "aten::mean",
           {v.first, ints({d}), constant("bool", keep ? "1" : "0"), none()}, out);
        break;
      }
      case 5: {
        if (v.second.empty()) break;
        op(pick(2) ? "aten::softmax" : "aten::log_softmax", {v.first, constant("int", "-1"), none()}, v.second);
        break;
      }
      case 6: {
        if (v.second.size() == 2) {
          std::string t = op("aten::t", {v.first}, {v.second[1], v.second[0]});
          (void)t;
        } else if (v.second.size() == 1) {
          op("aten::unsqueeze", {v.first, constant("int", "0")}, {1, v.second[0]});
        }
        break;
      }
      case 7: {  // an If on the int input choosing a scale (control flow on ints)
        std::string c = fresh(), k = fresh();
        std::string three = constant("int", "3"), two = constant("int", "2"), m = constant("int", "-1");
        body << "  " << c << " : bool = aten::gt(%n, " << three << ")\n";
        body << "  " << k << " : int = prim::If(" << c << ")\n    block0():\n      -> (" << two
             << ")\n    block1():\n      -> (" << m << ")\n";
        op("aten::mul", {v.first, k}, v.second);
        controlFlow = true;
        break;
      }
      case 8: {  // a constant-trip loop carrying a tensor (unrolled by the pipeline)
        std::string trip = constant("int", std::to_string(1 + pick(3))), yes = constant("bool", "1");
        std::string half = constant("float", "0.5");
        std::string out = fresh(), i = fresh(), acc = fresh(), a = fresh(), b = fresh();
        body << "  " << out << " : Tensor = prim::Loop(" << trip << ", " << yes << ", " << v.first << ")\n"
             << "    block0(" << i << " : int, " << acc << " : Tensor):\n"
             << "      " << a << " : Tensor = aten::tanh(" << acc << ")\n"
             << "      " << b << " : Tensor = aten::mul(" << a << ", " << half << ")\n"
             << "      -> (" << yes << ", " << b << ")\n";
        values.emplace_back(out, v.second);
        controlFlow = true;
        break;
      }
      case 9: {
        if (v.second == Shape{2, 3}) op("aten::reshape", {v.first, ints({3, 2})}, {3, 2});
        else if (v.second == Shape{3}) op("aten::expand", {v.first, ints({2, 3}), constant("bool", "0")}, {2, 3});
        else if (v.second == Shape{2, 1}) op("aten::expand", {v.first, ints({2, 3}), constant("bool", "0")}, {2, 3});
        break;
      }
      case 10: {
        if (v.second.size() == 2) op("aten::transpose", {v.first, constant("int", "0"), constant("int", "1")},
                                     {v.second[1], v.second[0]});
        break;
      }
      default: {
        const auto* w = withShape(v.second);
        if (w) op("aten::lerp", {v.first, w->first, constant("float", "0.25")}, v.second);
        break;
      }
    }
  }
};

bool hasControlFlow(const Graph& g) {
  for (const Node* n : g.nodes())
    if (!n->blocks().empty()) return true;
  return false;
}

std::shared_ptr<Graph> prepared(const Graph& g, const std::vector<IValue>& inputs) {
  std::shared_ptr<Graph> p = g.copy();
  for (size_t i = 0; i < inputs.size() && i < p->inputs().size(); ++i) {
    if (!inputs[i].isTensor()) continue;
    const Tensor t = inputs[i].toTensor();
    p->inputs()[i]->setType(TensorType::create(t.dtype(), Device(), TensorType::Dims(t.sizes().size(), std::nullopt),
                                               std::nullopt, false));
  }
  registerAllPasses();
  runPipeline(p, defaultPipeline());
  return p;
}

}  // namespace

std::string gradCaseText(uint64_t seed, uint64_t index, int maxSteps) {
  Gen g;
  g.rng.seed(seed * 1000003ULL + index);
  g.values = {{"%x", {2, 3}}, {"%y", {3}}, {"%w", {3, 3}}, {"%s", {2, 1}}};
  const int steps = 3 + static_cast<int>(g.pick(static_cast<size_t>(std::max(1, maxSteps - 2))));
  for (int i = 0; i < steps; ++i) g.step();
  std::ostringstream out;
  out << "graph(%x : Tensor,\n      %y : Tensor,\n      %w : Tensor,\n      %s : Tensor,\n      %n : int):\n"
      << g.body.str();
  const size_t numOut = 1 + g.pick(2);
  out << "  return (";
  for (size_t i = 0; i < numOut && i < g.values.size(); ++i) out << (i ? ", " : "") << g.values[g.values.size() - 1 - i].first;
  out << ")\n";
  return out.str();
}

std::vector<IValue> gradCaseInputs(uint64_t seed, uint64_t index) {
  std::mt19937_64 rng(seed * 7919ULL + index);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  auto tensor = [&](const Shape& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    std::vector<double> v(static_cast<size_t>(n));
    for (double& x : v) x = u(rng);
    return IValue(Tensor::fromDoubles(v, s, ScalarType::Double));
  };
  return {tensor({2, 3}), tensor({3}), tensor({3, 3}), tensor({2, 1}), IValue(static_cast<int64_t>(rng() % 8))};
}

std::string checkGraphGradient(const Graph& g, const std::vector<IValue>& inputs, double tolerance,
                               bool* notDifferentiable, double* worst) {
  *notDifferentiable = false;
  std::shared_ptr<Graph> p = prepared(g, inputs);
  std::vector<size_t> wrt;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].isTensor()) wrt.push_back(i);
  std::mt19937 rng(17);
  std::vector<IValue> dy = conformance::randomGradOutputs(g, inputs, rng);
  const std::vector<Tensor> fd = conformance::referenceVjp(g, inputs, dy, wrt);
  // The JIT's executors as a user runs them (DifferentiableGraphs + autograd): on every graph,
  // differentiable symbolically or not.
  for (bool legacy : {false, true}) {
    const std::vector<Tensor> got = conformance::executorVjp(g, inputs, dy, wrt, legacy);
    for (size_t i = 0; i < wrt.size(); ++i) {
      const double e = conformance::gradError(got[i], fd[i]);
      *worst = std::max(*worst, e);
      if (!(e <= tolerance))
        return std::string(legacy ? "GraphExecutor" : "profiling executor") + " (DifferentiableGraphs + autograd): d/d input " +
               std::to_string(wrt[i]) + ": error " + std::to_string(e) + " > " + std::to_string(tolerance);
    }
  }
  for (auto engine : {conformance::GradEngine::Jit, conformance::GradEngine::Reference}) {
    std::vector<Tensor> sym;
    try {
      sym = conformance::symbolicVjp(*p, inputs, dy, wrt, engine);
    } catch (const autodiff::NotDifferentiable& e) {
      *notDifferentiable = true;
      return e.what();
    }
    for (size_t i = 0; i < wrt.size(); ++i) {
      const double e = conformance::gradError(sym[i], fd[i]);
      *worst = std::max(*worst, e);
      if (!(e <= tolerance))
        return std::string(conformance::toString(engine)) + ": d/d input " + std::to_string(wrt[i]) + ": error " +
               std::to_string(e) + " > " + std::to_string(tolerance);
    }
  }
  return "";
}

namespace {

// Greedy reduction: drop outputs, then bypass nodes (uses of a node's tensor output go to one of
// its tensor inputs), while the check still fails.
std::shared_ptr<Graph> reduce(std::shared_ptr<Graph> g, const std::vector<IValue>& inputs, double tol) {
  auto fails = [&](const Graph& c) {
    try {
      c.lint();
      bool nd = false;
      double w = 0;
      return !checkGraphGradient(c, inputs, tol, &nd, &w).empty() && !nd;
    } catch (const std::exception&) {
      return false;
    }
  };
  bool progress = true;
  while (progress) {
    progress = false;
    for (size_t o = 0; g->outputs().size() > 1 && o < g->outputs().size(); ++o) {
      auto c = g->copy();
      c->eraseOutput(o);
      if (fails(*c)) { g = c; progress = true; break; }
    }
    std::vector<size_t> positions;
    size_t k = 0;
    for (Node* n : g->nodes()) {
      (void)n;
      positions.push_back(k++);
    }
    for (size_t pos = positions.size(); pos-- > 0;) {
      auto c = g->copy();
      Node* n = nullptr;
      size_t i = 0;
      for (Node* m : c->nodes())
        if (i++ == pos) n = m;
      if (!n || n->numOutputs() != 1 || n->output()->type()->kind() != TypeKind::Tensor) continue;
      Value* repl = nullptr;
      for (Value* in : n->inputs())
        if (in->type()->kind() == TypeKind::Tensor) { repl = in; break; }
      if (!repl) continue;
      n->output()->replaceAllUsesWith(repl);
      n->destroy();
      if (fails(*c)) { g = c; progress = true; break; }
    }
  }
  return g;
}

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
}

}  // namespace

GradCampaignResult runGradCampaign(const GradCampaignOptions& o) {
  GradCampaignResult r;
  const auto start = std::chrono::steady_clock::now();
  for (uint64_t i = 0;; ++i) {
    if (o.maxCases >= 0 && static_cast<int64_t>(i) >= o.maxCases) break;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (o.seconds > 0 && elapsed >= o.seconds) break;
    if (o.maxCases < 0 && o.seconds <= 0) break;
    if (r.failures.size() >= o.maxFailures) break;
    if (!o.shard.owns(i)) continue;
    const std::string text = gradCaseText(o.seed, i, o.maxSteps);
    std::shared_ptr<Graph> g = parseIR(text, "grad-case");
    std::vector<IValue> inputs = gradCaseInputs(o.seed, i);
    ++r.cases;
    r.withControlFlow += hasControlFlow(*g);
    bool nd = false;
    std::string why;
    try {
      why = checkGraphGradient(*g, inputs, o.tolerance, &nd, &r.worstError);
    } catch (const std::exception& e) {
      why = std::string("error: ") + e.what();
    }
    if (nd) {
      ++r.notDifferentiable;
      if (r.notDifferentiableReasons.size() < 3) r.notDifferentiableReasons.push_back(why);
      continue;
    }
    ++r.checked;
    r.gradients += 4;
    if (why.empty()) {
      if (o.progress && r.cases % 200 == 0)
        *o.progress << "grad fuzz: " << r.cases << " cases, " << r.checked << " checked\n";
      continue;
    }
    std::shared_ptr<Graph> small = reduce(g, inputs, o.tolerance);
    std::filesystem::create_directories(o.outDir);
    const std::string stem = o.outDir + "/grad-" + std::to_string(o.seed) + "-" + std::to_string(i);
    writeFile(stem + ".ir", small->toString(false));
    writeFile(stem + ".json", conformance::encodeValues(inputs).dump(1) + "\n");
    writeFile(stem + ".txt", "tsjit fuzz --target grad --seed " + std::to_string(o.seed) + ", case " +
                                 std::to_string(i) + "\n" + why + "\noriginal graph:\n" + text);
    r.failures.push_back("case " + std::to_string(i) + ": " + why + " (" + stem + ".ir)");
  }
  return r;
}

void printGradCampaignSummary(std::ostream& out, const GradCampaignResult& r, const GradCampaignOptions& o) {
  out << "grad fuzz (seed " << o.seed << "): " << r.cases << " graphs, " << r.checked
      << " checked against reference finite differences (symbolic autodiff on the jit and the reference; both executors with DifferentiableGraphs + autograd), " << r.notDifferentiable
      << " not differentiable (skipped), " << r.withControlFlow << " with control flow; worst error " << r.worstError
      << "; " << r.failures.size() << " mismatches\n";
  for (const std::string& why : r.notDifferentiableReasons) out << "  not differentiable: " << why << "\n";
  for (const std::string& f : r.failures) out << "  MISMATCH " << f << "\n";
}

}  // namespace tsjit::fuzz
