// GradCases.cpp — generated inputs for checking one overload's gradient formula (opCases in
// GradCheck.h). Arguments are chosen from the schema: Tensor arguments get float64 tensors in
// several layouts (same shape, broadcast against smaller shapes and 0-dim, a transposed strided
// input, an expanded input), shape arguments (dim, keepdim, size, dims...) values valid for those
// shapes, Scalars a non-trivial value, other defaulted arguments their default.
// Values avoid the finite-difference step around kinks and stay in each op's domain: positive for
// log/sqrt/pow/div denominators, and near but never at 0 for relu/abs/clamp-like ops.
#include <algorithm>
#include <optional>
#include <set>
#include <variant>
#include <sstream>

#include "conformance/lib/GradCheck.h"
#include "conformance/lib/ValueClone.h"
#include "jit/ir/Graph.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"

namespace tsjit::conformance {
namespace {

using Shape = std::vector<int64_t>;

Literal lit(bool b) { return Literal{b}; }
Literal lit(int64_t i) { return Literal{i}; }
Literal lit(double d) { return Literal{d}; }
Literal lit(std::string s) { return Literal{std::move(s)}; }
Literal litNone() { return Literal{Literal::None{}}; }
Literal litInts(const std::vector<int64_t>& v) {
  Literal::List l;
  for (int64_t x : v) l.elems.push_back(lit(x));
  l.annotation = ListType::create(IntType::get());
  return Literal{l};
}
// A schema default as a constant, or nullopt for kinds this generator does not spell.
std::optional<Literal> fromDefault(const DefaultValue& d) {
  if (std::holds_alternative<std::monostate>(d)) return litNone();
  if (auto* b = std::get_if<bool>(&d)) return lit(*b);
  if (auto* i = std::get_if<int64_t>(&d)) return lit(*i);
  if (auto* f = std::get_if<double>(&d)) return lit(*f);
  if (auto* s = std::get_if<std::string>(&d)) return lit(*s);
  if (auto* l = std::get_if<std::vector<int64_t>>(&d)) return litInts(*l);
  return std::nullopt;
}

bool positiveDomain(const std::string& op) {
  static const std::set<std::string> ops = {"aten::log", "aten::sqrt", "aten::rsqrt", "aten::reciprocal",
                                            "aten::pow", "aten::log1p", "aten::div", "aten::log2", "aten::log10", "aten::addcdiv"};
  return ops.count(op) > 0;
}
bool hasKinkAtZero(const std::string& op) {
  static const std::set<std::string> ops = {"aten::relu", "aten::abs", "aten::leaky_relu", "aten::hardtanh",
                                            "aten::clamp"};
  return ops.count(op) > 0;
}

std::string shapeStr(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

Tensor randomTensor(const Shape& shape, const std::string& op, std::mt19937& rng) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> v(static_cast<size_t>(n));
  for (size_t i = 0; i < v.size(); ++i) {
    double x = u(rng);
    if (positiveDomain(op)) {
      x = 0.5 + std::abs(x);  // [0.5, 1.5]
    } else if (hasKinkAtZero(op) && i % 3 == 0) {
      x = (x < 0 ? -1 : 1) * (0.01 + 0.01 * std::abs(x));  // near the kink at 0, 1e4 steps away
    } else {
      x = (x < 0 ? -1 : 1) * (0.1 + 1.9 * std::abs(x));  // |x| in [0.1, 2]
    }
    v[i] = x;
  }
  return Tensor::fromDoubles(v, shape, ScalarType::Double);
}

struct ArgPlan {
  // Per tensor argument (in order), its shape; layout: 0 contiguous, 1 transposed, 2 expanded.
  std::vector<Shape> shapes;
  std::vector<int> layouts;
  std::string note;
};

// Shapes for the tensor arguments of `op` (n of them).
std::vector<ArgPlan> tensorPlans(const std::string& op, size_t n) {
  if (op == "aten::mm") return {{{{2, 3}, {3, 4}}, {0, 0}, ""}, {{{3, 2}, {2, 2}}, {1, 0}, "transposed self"}};
  if (op == "aten::addmm")
    return {{{{2, 4}, {2, 3}, {3, 4}}, {0, 0, 0}, ""}, {{{4}, {2, 3}, {3, 4}}, {0, 0, 0}, "broadcast self"}};
  if (op == "aten::linear")
    return {{{{2, 3}, {4, 3}, {4}}, {0, 0, 0}, ""}, {{{2, 5, 3}, {4, 3}, {4}}, {0, 0, 0}, "3-d input"}};
  if (op == "aten::t" || op == "aten::transpose") return {{{{2, 3}}, {0}, ""}, {{{3, 2}}, {1}, "strided"}};
  if (op == "aten::matmul")
    return {ArgPlan{{Shape{2, 3}, Shape{3, 4}}, {0, 0}, "2-d"}, ArgPlan{{Shape{3}, Shape{3, 4}}, {0, 0}, "1-d self"},
            ArgPlan{{Shape{2, 3}, Shape{3}}, {0, 0}, "1-d other"}, ArgPlan{{Shape{3}, Shape{3}}, {0, 0}, "1-d both"},
            ArgPlan{{Shape{2, 2, 3}, Shape{3, 4}}, {0, 0}, "batched"},
            ArgPlan{{Shape{2, 1, 2, 3}, Shape{3, 3, 2}}, {0, 0}, "broadcast batch"}};
  if (op == "aten::layer_norm")
    return {ArgPlan{{Shape{2, 3}, Shape{3}, Shape{3}}, {0, 0, 0}, ""},
            ArgPlan{{Shape{2, 2, 3}, Shape{2, 3}, Shape{2, 3}}, {0, 0, 0}, "2 dims"}};
  if (op == "aten::squeeze") return {{{{2, 1, 3}}, {0}, ""}};
  if (op == "aten::linalg_inv") return {{{{3, 3}}, {0}, ""}, {{{3, 3}}, {1}, "transposed"}, {{{2, 3, 3}}, {0}, "batched"}};
  if (op == "aten::_convolution")
    return {{{{2, 3, 5, 5}, {4, 3, 3, 3}, {4}}, {0, 0, 0}, "2-d"},
            {{{1, 4, 5, 4}, {4, 2, 2, 3}, {4}}, {0, 0, 0}, "2-d, 2 groups"},
            {{{2, 2, 7}, {3, 2, 3}, {3}}, {0, 0, 0}, "1-d"}};
  if (op == "aten::embedding") return {{{{4, 3}, {2, 3}}, {0, 0}, ""}, {{{4, 3}, {2, 3}}, {1, 0}, "strided weight"}};
  if (op == "aten::expand") return {{{{3, 1}}, {0}, ""}};
  if (op == "aten::permute") return {{{{2, 3, 4}}, {0}, ""}};
  if (op == "aten::softmax" || op == "aten::log_softmax") return {{{{2, 3}}, {0}, ""}, {{{3, 2}}, {1}, "strided"}};
  std::vector<ArgPlan> plans;
  plans.push_back({std::vector<Shape>(n, Shape{2, 3}), std::vector<int>(n, 0), "same shape"});
  if (n >= 2) {
    ArgPlan b{std::vector<Shape>(n, Shape{2, 3}), std::vector<int>(n, 0), "broadcast"};
    b.shapes[1] = Shape{3};
    if (n >= 3) b.shapes[2] = Shape{2, 1};
    plans.push_back(b);
    ArgPlan s{std::vector<Shape>(n, Shape{2, 3}), std::vector<int>(n, 0), "broadcast self, 0-dim last"};
    s.shapes[0] = Shape{2, 1};
    s.shapes[n - 1] = Shape{};
    plans.push_back(s);
  }
  ArgPlan t{std::vector<Shape>(n, Shape{2, 3}), std::vector<int>(n, 0), "strided and expanded"};
  t.layouts[0] = 1;
  if (n >= 2) t.layouts[1] = 2;
  plans.push_back(t);
  if (n == 1) plans.push_back({{Shape{4}}, {0}, "1-d"});
  return plans;
}

Tensor layoutTensor(const Shape& shape, int layout, const std::string& op, std::mt19937& rng) {
  if (layout == 1 && shape.size() == 2) return randomTensor({shape[1], shape[0]}, op, rng).transpose(0, 1);
  if (layout == 2 && shape.size() == 2) return randomTensor({1, shape[1]}, op, rng).expand(shape);
  return randomTensor(shape, op, rng);
}

// Alternatives for a non-tensor argument; the first is the "main" choice.
std::vector<Literal> argChoices(const std::string& op, const Argument& a, const Shape& self) {
  const std::string& name = a.name;
  const int64_t rank = static_cast<int64_t>(self.size());
  auto intList = [](std::vector<int64_t> v) { return litInts(v); };
  if (name == "dim" && a.type()->str().find("int[]") != std::string::npos) {
    std::vector<Literal> out = {intList({1}), intList({-1, 0})};
    if (a.type()->kind() == TypeKind::Optional) out.push_back(litNone());
    return out;
  }
  if (name == "memory_format") return {lit(int64_t{0})};
  if (name == "dim") {
    if (op == "aten::index_select") return {lit(int64_t{1}), lit(int64_t{-1})};
    if (op == "aten::unsqueeze") return {lit(int64_t{0}), lit(int64_t{-1})};
    if (op == "aten::squeeze") return {lit(int64_t{1})};
    return {lit(int64_t{1}), lit(int64_t{0})};
  }
  if (name == "index") return {lit(int64_t{1}), lit(int64_t{-1})};
  if (name == "start" && op == "aten::narrow") return {lit(int64_t{1}), lit(int64_t{-2})};
  if (name == "length") return {lit(int64_t{1})};
  if (name == "start") return {lit(int64_t{1}), litNone(), lit(int64_t{-2})};
  if (name == "end") return {litNone(), lit(int64_t{2}), lit(int64_t{-1})};
  if (name == "step") return {lit(int64_t{1}), lit(int64_t{2})};
  if (name == "keepdim") return {lit(false), lit(true)};
  if (name == "dim0") return {lit(int64_t{0})};
  if (name == "dim1") return {lit(int64_t{rank > 1 ? 1 : 0})};
  if (name == "size" && op == "aten::view") return {intList({3, 2}), intList({-1})};
  if (name == "shape") return {intList({3, 2}), intList({-1})};
  if (name == "size" && op == "aten::expand") return {intList({2, 3, 4}), intList({3, 5})};
  if (name == "size" && op == "aten::sum_to_size") return {intList({3}), intList({2, 1}), intList({1, 3}), intList({2, 3})};
  if (name == "size" && op == "aten::_grad_sum_to_size") return {intList({3}), intList({2, 1}), litNone()};
  if (name == "normalized_shape") return {intList(self.size() == 3 ? std::vector<int64_t>{2, 3} : std::vector<int64_t>{3})};
  if (name == "dims" && op == "aten::flip") return {intList({0}), intList({-1, 0})};
  if (name == "repeats") {
    std::vector<int64_t> tiles(static_cast<size_t>(rank), 1), lead(static_cast<size_t>(rank) + 1, 2);
    if (rank > 0) tiles[0] = 2;
    if (rank > 1) tiles[static_cast<size_t>(rank) - 1] = 3;
    return {intList(rank > 0 ? tiles : std::vector<int64_t>{2}), intList(lead)};
  }
  // embedding: a padding row without gradient and scale_grad_by_freq are PyTorch conventions, not
  // derivatives (finite differences disagree by design): only the plain embedding is checked here;
  // the padding row is checked against PyTorch's recorded gradient (conform --grad, nn_embedding).
  if (op == "aten::_convolution") {
    // 2-d or 1-d by the input's rank; the grouped plan is the one with 4 input channels.
    const size_t spatial = self.size() >= 2 ? self.size() - 2 : 1;
    auto same = [&](int64_t v) { return intList(std::vector<int64_t>(spatial, v)); };
    if (name == "stride") return {same(1), same(2)};
    if (name == "padding") return {same(0), same(1)};
    if (name == "dilation") return {same(1), same(2)};
    if (name == "output_padding") return {same(0)};
    if (name == "transposed" || name == "benchmark" || name == "deterministic") return {lit(false)};
    if (name == "cudnn_enabled" || name == "allow_tf32") return {lit(true)};
    if (name == "groups") return {lit(int64_t{self.size() > 1 && self[1] == 4 ? 2 : 1})};
  }
  if (name == "padding_idx") return {lit(int64_t{-1})};
  if (name == "scale_grad_by_freq") return {lit(false)};
  if (name == "sparse") return {lit(false)};
  if (name == "p") return {lit(0.3)};
  if (name == "train") return {lit(false)};  // training draws a random mask: not reproducible
  if (name == "eps") return {lit(1e-5)};
  if (name == "dims") return {intList({2, 0, 1})};
  if (name == "implicit") return {lit(false)};
  if (name == "approximate") return {lit(std::string("none"))};
  if (name == "dtype") return {litNone()};
  if (name == "exponent") return {lit(1.7), lit(int64_t{3})};
  if (name == "min" || name == "min_val") return {lit(-0.5), litNone()};
  if (name == "max" || name == "max_val") return {lit(0.8), litNone()};
  if (a.type()->kind() == TypeKind::Number || a.type()->kind() == TypeKind::Float) {
    if (name == "alpha" || name == "beta") return {lit(0.7), lit(int64_t{1})};
    if (name == "negative_slope") return {lit(0.05)};
    return {lit(0.6)};
  }
  if (a.defaultValue) return {};  // the schema default (left as a missing constant: see below)
  return {};
}

}  // namespace

std::vector<OpCase> opCases(const ops::OpOverload& overload, std::mt19937& rng) {
  const std::string op = overload.op().name();
  const FunctionSchema& schema = overload.schema();
  std::vector<size_t> tensorArgs;
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    const TypePtr& t = schema.arguments()[i].type();
    if (t->kind() == TypeKind::Tensor ||
        (t->kind() == TypeKind::Optional && t->str().rfind("Tensor", 0) == 0))
      tensorArgs.push_back(i);
  }
  std::vector<OpCase> cases;
  for (const ArgPlan& plan : tensorPlans(op, tensorArgs.size())) {
    // Non-tensor choices: one case per alternative of each argument (others at their main choice).
    const Shape self = plan.shapes.empty() ? Shape{} : plan.shapes[0];
    std::vector<std::vector<Literal>> choices(schema.arguments().size());
    for (size_t i = 0; i < schema.arguments().size(); ++i)
      if (std::find(tensorArgs.begin(), tensorArgs.end(), i) == tensorArgs.end())
        choices[i] = argChoices(op, schema.arguments()[i], self);
    std::vector<std::vector<size_t>> picks = {std::vector<size_t>(choices.size(), 0)};
    for (size_t i = 0; i < choices.size(); ++i)
      for (size_t k = 1; k < choices[i].size(); ++k) {
        std::vector<size_t> p(choices.size(), 0);
        p[i] = k;
        picks.push_back(p);
      }
    for (const auto& pick : picks) {
      OpCase c;
      c.graph = std::make_shared<Graph>();
      Graph& g = *c.graph;
      std::vector<Value*> args;
      std::ostringstream desc;
      desc << overload.qualifiedName() << " " << plan.note;
      size_t t = 0;
      bool skip = false;
      for (size_t i = 0; i < schema.arguments().size(); ++i) {
        const Argument& a = schema.arguments()[i];
        if (std::find(tensorArgs.begin(), tensorArgs.end(), i) != tensorArgs.end()) {
          Value* in = g.addInput(a.name);
          in->setType(TensorType::get());
          args.push_back(in);
          const Shape& shape = plan.shapes.at(t);
          if (a.name == "indices" && op == "aten::embedding") {
            // rows of a 4-row weight, 1 (a padding_idx choice) and 2 repeated
            c.inputs.emplace_back(Tensor::fromInt64s({2, 0, 1, 2, 1, 3}, {2, 3}));
          } else if (op == "aten::linalg_inv") {
            // well conditioned: 5 I added to each matrix (|off-diagonal| <= 2)
            Tensor m = layoutTensor(shape, plan.layouts.at(t), op, rng);
            std::vector<double> v = m.contiguous().toDoubles();
            const int64_t k = shape.back();
            for (size_t e = 0; e < v.size(); ++e)
              if ((e / static_cast<size_t>(k)) % static_cast<size_t>(k) == e % static_cast<size_t>(k)) v[e] += 5;
            c.inputs.emplace_back(Tensor::fromDoubles(v, shape, ScalarType::Double));
            c.wrt.push_back(c.inputs.size() - 1);
          } else if (a.name == "index" && op == "aten::index_select") {
            // indices into dim 1 (size 3), one repeated: gradients must accumulate
            c.inputs.emplace_back(Tensor::fromInt64s({2, 0, 2, 1}, {4}));
          } else if (a.name == "condition") {
            Tensor r = randomTensor(shape, op, rng);
            std::vector<double> v = r.toDoubles();
            for (double& x : v) x = x > 0 ? 1 : 0;
            c.inputs.emplace_back(Tensor::fromDoubles(v, shape, ScalarType::Bool));
          } else {
            c.inputs.emplace_back(layoutTensor(shape, plan.layouts.at(t), op, rng));
            c.wrt.push_back(c.inputs.size() - 1);
          }
          desc << " " << a.name << shapeStr(shape) << (plan.layouts.at(t) == 1 ? "T" : plan.layouts.at(t) == 2 ? "E" : "");
          ++t;
          continue;
        }
        const std::vector<Literal>& ch = choices[i];
        std::optional<Literal> value;
        if (!ch.empty()) value = ch[pick[i]];
        else if (a.defaultValue) value = fromDefault(*a.defaultValue);
        if (!value) {
          skip = true;  // an argument this generator cannot choose
          break;
        }
        args.push_back(g.insertConstant(*value));
        if (!ch.empty()) {
          std::ostringstream v;
          if (const double* d = std::get_if<double>(&value->v)) v << *d;  // 0.7, not 0.69999999999999996
          else v << formatLiteral(*value);
          desc << " " << a.name << "=" << v.str();
        }
      }
      if (skip) continue;
      Node* n = g.insert(overload.op().kind(), args);
      n->output()->setType(TensorType::get());
      g.registerOutput(n->output());
      c.description = desc.str();
      // Arguments this generator chose that the op rejects for these shapes: not a case.
      try {
        reference::registerAllKernels();
        reference::evaluate(g, cloneValues(c.inputs));
      } catch (const std::exception&) {
        continue;
      }
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

}  // namespace tsjit::conformance
