// Lower.cpp — lowerGroup: type analysis of the group, then one loop nest per output shape (see
// Lower.h for the layout rules).
#include "jit/tensorexpr/Lower.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "jit/ir/Type.h"
#include "jit/support/Logging.h"
#include "jit/tensorexpr/LoopAccess.h"
#include "jit/tensorexpr/LowerOps.h"
#include "jit/tensorexpr/Simplify.h"

namespace tsjit::tensorexpr {

namespace {

using Shape = std::vector<int64_t>;

Shape broadcastShapes(const Shape& a, const Shape& b, const Node* n) {
  Shape out(std::max(a.size(), b.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t x = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
    const int64_t y = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
    if (x != y && x != 1 && y != 1) throw Unsupported(n->kind().toQualString() + ": shapes do not broadcast");
    out[i] = x == 1 ? y : x;
  }
  return out;
}

// What the analysis knows of a value.
struct ValueInfo {
  Operand op;      // op.expr is a placeholder during analysis
  Shape shape;     // tensors
  int input = -1;  // the group input it is, or -1
  // Reductions (aten::sum / aten::mean over the last dims of `self`): the reduced dims count,
  // keepdim, mean, and the value reduced.
  bool reduction = false;
  size_t reducedDims = 0;
  bool mean = false;
  const Value* self = nullptr;
};

bool isReductionKind(const Node* n) {
  const std::string& k = n->kind().toQualString();
  return k == "aten::sum" || k == "aten::mean";
}

// sum / mean (Tensor self, int[1]? dim, bool keepdim, ScalarType? dtype) or (self, dtype): the
// reduced dims must be the last ones of self; dtype None.
ValueInfo analyzeReduction(const Node* n, const std::vector<Operand>& ins, const std::vector<const ValueInfo*>& infos) {
  auto fail = [&](const std::string& why) -> ValueInfo { throw Unsupported(n->kind().toQualString() + ": " + why); };
  const bool mean = n->kind().toQualString() == "aten::mean";
  if (ins.empty() || !ins[0].isTensor) return fail("self is not a tensor");
  const Shape& in = infos[0]->shape;
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<int64_t> dims;
  bool keepdim = false;
  if (ins.size() == 2) {  // full reduction with dtype
    if (ins[1].what != Operand::What::None) return fail("dtype argument");
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  } else if (ins.size() == 4) {
    if (ins[3].what != Operand::What::None) return fail("dtype argument");
    if (!ins[2].intConstant) return fail("keepdim known only at run time");
    keepdim = *ins[2].intConstant != 0;
    if (ins[1].what == Operand::What::None) {
      for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
    } else if (ins[1].what == Operand::What::IntList) {
      for (int64_t d : ins[1].intList) {
        if (d < -std::max<int64_t>(rank, 1) || d >= std::max<int64_t>(rank, 1)) return fail("dim out of range");
        dims.push_back(rank == 0 ? 0 : (d < 0 ? d + rank : d));
      }
      if (dims.empty()) return fail("empty dim list");
    } else {
      return fail("dims not a constant list");
    }
  } else {
    return fail("overload");
  }
  std::sort(dims.begin(), dims.end());
  if (std::adjacent_find(dims.begin(), dims.end()) != dims.end()) return fail("repeated dim");
  if (rank == 0) return fail("0-dim self");
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] != rank - static_cast<int64_t>(dims.size()) + static_cast<int64_t>(i)) return fail("not the last dims");
  ValueInfo out;
  out.reduction = true;
  out.mean = mean;
  out.reducedDims = dims.size();
  out.self = n->input(0);
  ScalarType dt = ins[0].dtype;
  if (mean && !isFloatingType(dt)) return fail("mean of an integer tensor");
  if (!isFloatingType(dt)) dt = ScalarType::Int64;
  out.op.dtype = dt;
  out.op.expr = var("r", computeType(dt));
  out.shape.assign(in.begin(), in.end() - static_cast<int64_t>(dims.size()));
  if (keepdim) out.shape.resize(in.size(), 1);
  out.op.kind = out.shape.empty() ? OperandKind::ZeroDimTensor : OperandKind::Tensor;
  return out;
}

Operand constantOperand(const Node* n) {
  const Value* v = n->output();
  Operand o;
  o.isTensor = false;
  o.kind = OperandKind::WrappedNumber;
  switch (v->type()->kind()) {
    case TypeKind::None: o.what = Operand::What::None; return o;
    case TypeKind::Int:
      o.dtype = ScalarType::Int64;
      o.intConstant = n->i(attr::value);
      o.constant = static_cast<double>(*o.intConstant);
      o.expr = intImm(*o.intConstant);
      return o;
    case TypeKind::Bool:
      o.dtype = ScalarType::Bool;
      o.intConstant = n->i(attr::value) != 0;
      o.constant = static_cast<double>(*o.intConstant);
      o.expr = boolImm(*o.intConstant != 0);
      return o;
    case TypeKind::Float:
      o.dtype = ScalarType::Double;
      o.constant = n->f(attr::value);
      o.expr = floatImm(*o.constant, ScalarType::Double);
      return o;
    case TypeKind::List:
      if (n->hasAttribute(attr::value) && n->kindOfAttribute(attr::value) == AttributeKind::is) {
        o.what = Operand::What::IntList;
        o.intList = n->is(attr::value);
        return o;
      }
      [[fallthrough]];
    default: throw Unsupported("prim::Constant of type " + v->type()->str());
  }
}

struct Analysis {
  std::vector<GroupInput> inputs;
  std::unordered_map<const Value*, ValueInfo> values;
  std::vector<const Node*> nodes;  // lowered nodes in order
};

Analysis analyze(const Graph& g, std::vector<GroupInput> inputs) {
  Analysis a;
  a.inputs = std::move(inputs);
  for (size_t i = 0; i < g.inputs().size(); ++i) {
    const GroupInput& in = a.inputs[i];
    ValueInfo vi;
    vi.input = static_cast<int>(i);
    vi.op.dtype = in.dtype;
    vi.op.isTensor = in.isTensor;
    vi.op.kind = !in.isTensor ? OperandKind::WrappedNumber
                 : in.sizes.empty() ? OperandKind::ZeroDimTensor : OperandKind::Tensor;
    vi.op.expr = var("in" + std::to_string(i), computeType(in.dtype));
    vi.shape = in.sizes;
    a.values[g.inputs()[i]] = vi;
  }
  for (const Node* n : g.nodes()) {
    if (!n->blocks().empty()) throw Unsupported(n->kind().toQualString() + ": nodes with blocks");
    if (n->numOutputs() != 1) throw Unsupported(n->kind().toQualString() + ": several outputs");
    if (n->kind() == prim::Constant) {
      ValueInfo vi;
      vi.op = constantOperand(n);
      a.values[n->output()] = vi;
      continue;
    }
    std::vector<Operand> ins;
    std::vector<const ValueInfo*> infos;
    Shape shape;
    bool anyTensor = false;
    for (const Value* v : n->inputs()) {
      const ValueInfo& vi = a.values.at(v);
      if (vi.reduction) throw Unsupported("a reduction's result used inside the group");
      ins.push_back(vi.op);
      infos.push_back(&vi);
      if (isReductionKind(n)) continue;
      if (vi.op.isTensor) {
        shape = anyTensor ? broadcastShapes(shape, vi.shape, n) : vi.shape;
        anyTensor = true;
      }
    }
    ValueInfo out;
    if (isReductionKind(n)) {
      out = analyzeReduction(n, ins, infos);
    } else {
      if (!anyTensor) throw Unsupported(n->kind().toQualString() + ": no tensor operand");
      // type_as takes only its dtype from `other`: the result has self's shape.
      if (n->kind().toQualString() == "aten::type_as") shape = infos[0]->shape;
      out.op = lowerNode(n, ins, shape.empty());
      out.shape = shape;
    }
    // Cross-check the dtype the graph states, when it states one.
    if (const auto* tt = n->output()->type()->cast<TensorType>())
      if (tt->dtype() && *tt->dtype() != out.op.dtype)
        throw Unsupported(str(n->kind().toQualString(), ": the graph types the result ", *tt->dtype(),
                              ", PyTorch's promotion gives ", out.op.dtype));
    a.values[n->output()] = out;
    a.nodes.push_back(n);
  }
  for (const Value* v : g.outputs())
    if (!a.values.at(v).op.isTensor) throw Unsupported("a group output is not a tensor");
  return a;
}

// The nodes (in order) whose results the given outputs need.
std::vector<const Node*> slice(const Analysis& a, const std::vector<const Value*>& outs) {
  std::set<const Node*> needed;
  std::vector<const Value*> work(outs.begin(), outs.end());
  while (!work.empty()) {
    const Value* v = work.back();
    work.pop_back();
    const Node* n = v->node();
    if (n->kind() == prim::Param || n->kind() == prim::Constant || !needed.insert(n).second) continue;
    for (const Value* in : n->inputs()) work.push_back(in);
  }
  std::vector<const Node*> ordered;
  for (const Node* n : a.nodes)
    if (needed.count(n)) ordered.push_back(n);
  return ordered;
}

// Effective element strides of a buffer of `sizes` / `strides` read along `shape` (right-aligned,
// 0 where it broadcasts).
Shape effectiveStrides(const Shape& sizes, const Shape& strides, const Shape& shape) {
  Shape eff(shape.size(), 0);
  const size_t off = shape.size() - sizes.size();
  for (size_t d = off; d < shape.size(); ++d)
    eff[d] = sizes[d - off] == 1 ? 0 : strides[d - off];
  return eff;
}

struct Nest {
  Shape shape;                               // after dropping 1s and coalescing
  std::map<int, Shape> inputStrides;          // per tensor input used
  std::vector<std::pair<int, Shape>> outputStrides;  // per output stored (output index)
};

Nest planNest(const Shape& shape, const std::map<int, Shape>& inStrides, const std::vector<std::pair<int, Shape>>& outStrides) {
  // Drop dims of size 1.
  std::vector<size_t> keep;
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] != 1) keep.push_back(d);
  auto pick = [&](const Shape& s) {
    Shape r;
    for (size_t d : keep) r.push_back(s[d]);
    return r;
  };
  Nest n;
  n.shape = pick(shape);
  for (auto& [i, s] : inStrides) n.inputStrides[i] = pick(s);
  for (auto& [i, s] : outStrides) n.outputStrides.push_back({i, pick(s)});
  // Coalesce d with d + 1 (from the innermost outwards) when every buffer allows.
  for (int d = static_cast<int>(n.shape.size()) - 2; d >= 0; --d) {
    auto ok = [&](const Shape& s) { return s[d] == s[d + 1] * n.shape[d + 1]; };
    bool all = true;
    for (auto& [i, s] : n.inputStrides) all = all && ok(s);
    for (auto& [i, s] : n.outputStrides) all = all && ok(s);
    if (!all) continue;
    auto merge = [&](Shape& s) {
      s[d] = s[d + 1];
      s.erase(s.begin() + d + 1);
    };
    for (auto& [i, s] : n.inputStrides) merge(s);
    for (auto& [i, s] : n.outputStrides) merge(s);
    n.shape[d] *= n.shape[d + 1];
    n.shape.erase(n.shape.begin() + d + 1);
  }
  return n;
}

ExprPtr linearIndex(const std::vector<ExprPtr>& idx, const Shape& strides) {
  ExprPtr e = intImm(0);
  for (size_t d = 0; d < idx.size(); ++d)
    if (strides[d] != 0) e = binary(BinOp::Add, e, binary(BinOp::Mul, idx[d], intImm(strides[d])));
  return simplify(e);
}

}  // namespace

std::optional<std::vector<GroupInput>> groupInputs(const Graph& g, std::string* whyNot) {
  std::vector<GroupInput> inputs;
  for (const Value* v : g.inputs()) {
    GroupInput in;
    const Type& t = *v->type();
    if (const auto* tt = t.cast<TensorType>()) {
      // PyTorch prints a complete 0-dim type without sizes: `Float(requires_grad=0, device=cpu)`.
      const bool zeroDim = tt->dtype() && tt->device() && !tt->sizes() && !tt->strides();
      if (zeroDim) {
        in.dtype = *tt->dtype();
        in.device = *tt->device();
        inputs.push_back(std::move(in));
        continue;
      }
      if (!tt->dtype() || !tt->sizes() || !tt->strides() || !tt->device()) {
        *whyNot = "input %" + v->debugName() + " has an incomplete type " + t.str();
        return std::nullopt;
      }
      in.dtype = *tt->dtype();
      in.device = *tt->device();
      for (const auto& s : *tt->sizes()) {
        if (!s) return *whyNot = "input %" + v->debugName() + " has an unknown size", std::nullopt;
        in.sizes.push_back(*s);
      }
      for (const auto& s : *tt->strides()) {
        if (!s) return *whyNot = "input %" + v->debugName() + " has an unknown stride", std::nullopt;
        in.strides.push_back(*s);
      }
    } else if (t.kind() == TypeKind::Int) {
      in.isTensor = false;
      in.dtype = ScalarType::Int64;
    } else if (t.kind() == TypeKind::Float) {
      in.isTensor = false;
      in.dtype = ScalarType::Double;
    } else if (t.kind() == TypeKind::Bool) {
      in.isTensor = false;
      in.dtype = ScalarType::Bool;
    } else {
      *whyNot = "input %" + v->debugName() + " of type " + t.str();
      return std::nullopt;
    }
    inputs.push_back(std::move(in));
  }
  return inputs;
}

std::optional<LoweredGroup> lowerGroup(const Graph& g, std::string* whyNot, const LowerOptions& options) {
  auto inputs = groupInputs(g, whyNot);
  if (!inputs) return std::nullopt;
  try {
    Analysis a = analyze(g, *inputs);
    LoweredGroup out;
    out.inputs = a.inputs;
    LoopKernel& k = out.kernel;
    k.name = "fused";
    std::vector<BufferPtr> inBuffers(a.inputs.size());
    std::vector<ExprPtr> inScalars(a.inputs.size());
    for (size_t i = 0; i < a.inputs.size(); ++i) {
      const GroupInput& in = a.inputs[i];
      KernelParam p;
      if (in.isTensor) {
        auto b = std::make_shared<Buffer>();
        b->name = "in" + std::to_string(i);
        b->dtype = in.dtype;
        b->sizes = in.sizes;
        b->strides = in.strides;
        p.buffer = inBuffers[i] = b;
      } else {
        p.scalar = inScalars[i] = var("s" + std::to_string(i), in.dtype);
      }
      k.params.push_back(p);
    }
    std::vector<BufferPtr> outBuffers;
    for (size_t o = 0; o < g.outputs().size(); ++o) {
      const ValueInfo& vi = a.values.at(g.outputs()[o]);
      auto b = std::make_shared<Buffer>();
      b->name = "out" + std::to_string(o);
      b->dtype = vi.op.dtype;
      b->sizes = vi.shape;
      b->strides.assign(vi.shape.size(), 1);
      for (int d = static_cast<int>(vi.shape.size()) - 2; d >= 0; --d)
        b->strides[d] = b->strides[d + 1] * std::max<int64_t>(vi.shape[d + 1], 1);
      b->isOutput = true;
      outBuffers.push_back(b);
      k.params.push_back(KernelParam{b, nullptr});
      out.outputs.push_back(GroupOutput{vi.op.dtype, vi.shape});
    }
    // One nest per distinct output shape.
    std::map<Shape, std::vector<int>> byShape;
    std::vector<int> reductions;
    for (size_t o = 0; o < g.outputs().size(); ++o) {
      if (a.values.at(g.outputs()[o]).reduction)
        reductions.push_back(static_cast<int>(o));
      else
        byShape[out.outputs[o].sizes].push_back(static_cast<int>(o));
    }
    for (const Node* n : a.nodes)
      if (a.values.at(n->output()).reduction)
        for (const Use& u : n->output()->uses())
          if (u.user->kind() != prim::Return) throw Unsupported("a reduction's result used inside the group");
    std::vector<StmtPtr> nests;
    int tempCounter = 0;
    for (const auto& [shape, outIdx] : byShape) {
      int64_t numel = 1;
      for (int64_t s : shape) numel *= s;
      if (numel == 0) continue;
      std::vector<const Value*> outs;
      for (int o : outIdx) outs.push_back(g.outputs()[o]);
      std::vector<const Node*> nodes = slice(a, outs);
      // The tensor inputs the nest reads.
      std::map<int, Shape> inStrides;
      auto noteInput = [&](const Value* v) {
        const ValueInfo& vi = a.values.at(v);
        if (vi.input >= 0 && vi.op.isTensor)
          inStrides[vi.input] = effectiveStrides(a.inputs[vi.input].sizes, a.inputs[vi.input].strides, shape);
      };
      for (const Node* n : nodes)
        for (const Value* v : n->inputs()) noteInput(v);
      for (const Value* v : outs) noteInput(v);
      std::vector<std::pair<int, Shape>> outStrides;
      for (int o : outIdx) outStrides.push_back({o, effectiveStrides(shape, outBuffers[o]->strides, shape)});
      Nest nest = planNest(shape, inStrides, outStrides);
      const size_t rank = nest.shape.size();
      std::vector<ExprPtr> idx;
      for (size_t d = 0; d < rank; ++d) idx.push_back(var("i" + std::to_string(d), ScalarType::Int64));
      // The body: lets for the nodes, stores for the outputs.
      std::vector<StmtPtr> body;
      std::unordered_map<const Value*, ExprPtr> exprs;
      auto operandOf = [&](const Value* v) {
        Operand o = a.values.at(v).op;
        const ValueInfo& vi = a.values.at(v);
        if (vi.input >= 0) {
          o.expr = a.inputs[vi.input].isTensor
                       ? cast(computeType(o.dtype), load(inBuffers[vi.input], linearIndex(idx, nest.inputStrides.at(vi.input))))
                       : inScalars[vi.input];
        } else if (auto it = exprs.find(v); it != exprs.end()) {
          o.expr = it->second;
        }
        return o;
      };
      for (const Node* n : nodes) {
        std::vector<Operand> ins;
        for (const Value* v : n->inputs()) ins.push_back(operandOf(v));
        const ValueInfo& vi = a.values.at(n->output());
        Operand r = lowerNode(n, ins, vi.shape.empty());
        ExprPtr t = var("t" + std::to_string(tempCounter++), r.expr->dtype);
        body.push_back(let(t, simplify(r.expr)));
        exprs[n->output()] = t;
      }
      for (size_t j = 0; j < outIdx.size(); ++j)
        body.push_back(store(outBuffers[outIdx[j]], linearIndex(idx, nest.outputStrides[j].second), operandOf(outs[j]).expr));
      if (rank == 0) {
        nests.push_back(block(std::move(body)));
        out.nestTripCounts.push_back(1);
        continue;
      }
      for (int d = static_cast<int>(rank) - 1; d >= 0; --d) {
        LoopOptions lo;
        lo.vectorize = d == static_cast<int>(rank) - 1;
        lo.parallel = d == 0 && numel >= options.parallelThreshold && nest.shape[0] > 1;
        body = {forLoop(idx[d], intImm(0), intImm(nest.shape[d]), std::move(body), lo)};
      }
      nests.push_back(body[0]);
      out.nestTripCounts.push_back(nest.shape[0]);
    }
    for (int o : reductions) {
      const ValueInfo& ri = a.values.at(g.outputs()[o]);
      const Shape full = a.values.at(ri.self).shape;
      const size_t rank = full.size(), kept = rank - ri.reducedDims;
      int64_t keptNumel = 1, reducedNumel = 1;
      for (size_t d = 0; d < rank; ++d) (d < kept ? keptNumel : reducedNumel) *= full[d];
      if (keptNumel == 0) continue;
      std::vector<const Node*> nodes = slice(a, {ri.self});
      std::vector<ExprPtr> idx;
      for (size_t d = 0; d < rank; ++d) idx.push_back(var("i" + std::to_string(d), ScalarType::Int64));
      std::unordered_map<const Value*, ExprPtr> exprs;
      auto operandOf = [&](const Value* v) {
        Operand op = a.values.at(v).op;
        const ValueInfo& vi = a.values.at(v);
        if (vi.input >= 0) {
          const GroupInput& in = a.inputs[vi.input];
          op.expr = in.isTensor ? cast(computeType(op.dtype),
                                       load(inBuffers[vi.input], linearIndex(idx, effectiveStrides(in.sizes, in.strides, full))))
                                : inScalars[vi.input];
        } else if (auto it = exprs.find(v); it != exprs.end()) {
          op.expr = it->second;
        }
        return op;
      };
      std::vector<StmtPtr> inner;
      for (const Node* n : nodes) {
        std::vector<Operand> ins;
        for (const Value* v : n->inputs()) ins.push_back(operandOf(v));
        Operand r = lowerNode(n, ins, a.values.at(n->output()).shape.empty());
        ExprPtr t = var("t" + std::to_string(tempCounter++), r.expr->dtype);
        inner.push_back(let(t, simplify(r.expr)));
        exprs[n->output()] = t;
      }
      // Accumulate in double (floating) or int64, round once when storing.
      const ScalarType acc = isFloatingType(ri.op.dtype) ? ScalarType::Double : ScalarType::Int64;
      ExprPtr accVar = var("acc" + std::to_string(tempCounter++), acc);
      Operand self = operandOf(ri.self);
      inner.push_back(assign(accVar, binary(BinOp::Add, accVar, simplify(cast(acc, self.expr)))));
      for (size_t d = rank; d-- > kept;) inner = {forLoop(idx[d], intImm(0), intImm(full[d]), std::move(inner))};
      ExprPtr result = accVar;
      if (ri.mean) result = binary(BinOp::Div, accVar, floatImm(static_cast<double>(reducedNumel), ScalarType::Double));
      Shape outStrides(kept, 0);
      for (size_t d = 0; d < kept; ++d) outStrides[d] = outBuffers[o]->strides[d];
      std::vector<ExprPtr> keptIdx(idx.begin(), idx.begin() + kept);
      std::vector<StmtPtr> body = {let(accVar, acc == ScalarType::Double ? floatImm(0, acc) : intImm(0))};
      for (auto& st : inner) body.push_back(st);
      body.push_back(store(outBuffers[o], linearIndex(keptIdx, outStrides), result));
      if (kept == 0) {
        nests.push_back(block(std::move(body)));
        out.nestTripCounts.push_back(1);
        continue;
      }
      for (size_t d = kept; d-- > 0;) {
        LoopOptions lo;
        lo.parallel = d == 0 && keptNumel * reducedNumel >= options.parallelThreshold && full[0] > 1;
        body = {forLoop(idx[d], intImm(0), intImm(full[d]), std::move(body), lo)};
      }
      nests.push_back(body[0]);
      out.nestTripCounts.push_back(full[0]);
    }
    // Lets of values nothing reads go (aten::type_as reads only its other's dtype: that slice may
    // load from tensors of another shape, even empty ones), then every access is proven in bounds
    // (LoopAccess.h): backends evaluate lets eagerly.
    k.body = removeDeadLets(block(std::move(nests)));
    checkAccessesInBounds(k);
    GRAPH_DUMP("loop IR of the fusion group:\n", toString(k));
    return out;
  } catch (const Unsupported& e) {
    *whyNot = e.what();
    return std::nullopt;
  }
}

}  // namespace tsjit::tensorexpr
