// EmitterLoopCanonical.cpp — canonicalizeModifiedLoops: a prim::Loop that has both a trip count and
// a condition that can turn false (a `for` whose body breaks or returns after the exit transform)
// becomes a while loop with its own counter, as PyTorch 1.13 rewrites it right after the exit
// transform (before the cleanup passes), so that the python printer can write it:
//
//   loop(n, c0, xs) block(i, xs) { ...; -> (c1, xs') }
// becomes
//   cond = gt(n, 0)   [and-ed with c0 unless c0 is the constant True]
//   loop(INT64_MAX, cond, xs, 0) block(_, xs, j) { ...(i := j); j1 = add(j, 1); -> (__and__(lt(j1, n), c1), xs', j1) }
//
// The old trip-count block input stays (unused); the counter is the last carried value and the
// loop's new last output is unused.
// Invariants: only loops whose trip count is specified (not the INT64_MAX constant, or read by the
// body) and whose condition is not constant True on entry and in the body are rewritten; the
// result computes the same iterations; inner loops are rewritten before outer ones.
#include <limits>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend {

namespace {

std::optional<bool> boolConstantOf(const Value* v) {
  auto c = detail::constantValue(v);
  if (!c) return std::nullopt;
  if (auto* b = std::get_if<bool>(&c->v)) return *b;
  return std::nullopt;
}

bool isModifiedLoop(const Node* loop) {
  const Block* body = loop->blocks().at(0);
  auto trip = detail::constantValue(loop->input(0));
  auto condIn = boolConstantOf(loop->input(1));
  auto condNext = boolConstantOf(body->outputs().at(0));
  bool alwaysTrue = condIn && *condIn && condNext && *condNext;
  bool tripSpecified = !trip || !std::holds_alternative<int64_t>(trip->v) ||
                       std::get<int64_t>(trip->v) != std::numeric_limits<int64_t>::max() ||
                       body->inputs().at(0)->hasUses();
  return !alwaysTrue && tripSpecified;
}

const Symbol andOp = Symbol::aten("__and__");

Value* insertTyped(Graph& g, Symbol op, const std::vector<Value*>& in, const TypePtr& t) {
  Node* n = g.insert(op, in);
  n->output()->setType(t);
  return n->output();
}

void canonicalize(Graph& g, Node* loop) {
  Block* body = loop->blocks().at(0);
  Value* maxTrips = loop->input(0);
  Value* condIn = loop->input(1);
  {
    WithInsertPoint at(loop);
    Value* zero = g.insertConstant(int64_t{0});
    Value* cond = insertTyped(g, aten::gt, {maxTrips, zero}, BoolType::get());
    auto c = boolConstantOf(condIn);
    if (!c || !*c) cond = insertTyped(g, andOp, {cond, condIn}, BoolType::get());
    loop->replaceInput(0, g.insertConstant(std::numeric_limits<int64_t>::max()));
    loop->replaceInput(1, cond);
    loop->addInput(zero);
  }
  loop->addOutput()->setType(IntType::get());
  Value* counter = body->addInput();
  counter->setType(IntType::get());
  body->inputs().at(0)->replaceAllUsesWith(counter);
  body->inputs().at(0)->setDebugName("");  // the loop variable's name goes with its uses (as in 1.13)
  WithInsertPoint atEnd(body);
  Value* one = g.insertConstant(int64_t{1});
  Value* next = insertTyped(g, aten::add, {counter, one}, IntType::get());
  body->registerOutput(next);
  Value* inRange = insertTyped(g, aten::lt, {next, maxTrips}, BoolType::get());
  Value* cond = insertTyped(g, andOp, {inRange, body->outputs().at(0)}, BoolType::get());
  body->replaceOutput(0, cond);
}

void canonicalizeBlock(Graph& g, Block* b) {
  for (Node* n : b->nodes()) {
    for (Block* sub : n->blocks()) canonicalizeBlock(g, sub);
    if (n->kind() == prim::Loop && isModifiedLoop(n)) canonicalize(g, n);
  }
}

}  // namespace

void canonicalizeModifiedLoops(Graph& graph) {
  WithInsertPoint keep(graph.block());
  canonicalizeBlock(graph, graph.block());
}

}  // namespace tsjit::frontend
