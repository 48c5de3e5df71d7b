// LoopUnrolling.cpp — the `loop_unrolling` pass (LoopUnrolling.h).
#include "jit/passes/LoopUnrolling.h"

#include <algorithm>
#include <unordered_map>

#include "jit/ir/Graph.h"
#include "jit/passes/PassUtils.h"
#include "jit/support/Logging.h"

namespace tsjit {

namespace {
using passutil::constantBool;
using passutil::constantInt;

bool isTrueConstant(const Value* v) {
  auto b = constantBool(v);
  return b && *b;
}

bool isForLoop(const Node* n) {
  if (n->kind() != prim::Loop || n->numInputs() < 2 || n->blocks().size() != 1) return false;
  const Block* body = n->blocks()[0];
  return isTrueConstant(n->input(1)) && !body->outputs().empty() && isTrueConstant(body->outputs()[0]);
}

// Executed nodes of `b` (nested blocks included, constants not), counting at most up to `limit`.
int64_t limitedBlockSize(const Block* b, int64_t limit) {
  int64_t size = 0;
  for (const Node* n : b->nodes()) {
    if (size >= limit) return limit;
    for (const Block* sub : n->blocks()) size += limitedBlockSize(sub, limit - size);
    if (n->kind() != prim::Constant) ++size;
  }
  return std::min(size, limit);
}

bool isSmallBlock(const Block* b) { return limitedBlockSize(b, kMaxBodySize + 1) <= kMaxBodySize; }

// Turns the loop counter into a carried value starting at 0 and incremented at the end of the body.
Value* replaceLoopCounter(Node* loop) {
  Graph& g = *loop->owningGraph();
  Block* body = loop->blocks()[0];
  Value* init;
  {
    WithInsertPoint guard(loop);
    init = g.insertConstant(0);
  }
  loop->insertInput(2, init);
  loop->insertOutput(0)->setType(IntType::get());
  Value* counter = body->insertInput(1)->setType(IntType::get());
  body->inputs()[0]->replaceAllUsesWith(counter);
  WithInsertPoint guard(body->returnNode());
  Value* one = g.insertConstant(1);
  Node* add = g.insert(aten::add, {counter, one});
  add->output()->setType(IntType::get());
  body->insertOutput(1, add->output());
  return init;
}

// Appends a copy of body's nodes at the end of `dest`, binding body's inputs to `inputs`; returns
// the copies of body's outputs.
std::vector<Value*> insertBlockCopy(Block* dest, const Block* body, const std::vector<Value*>& inputs) {
  Graph& g = *dest->owningGraph();
  std::unordered_map<const Value*, Value*> map;
  for (size_t i = 0; i < inputs.size(); ++i) map[body->inputs()[i]] = inputs[i];
  auto lookup = [&](Value* v) -> Value* {
    auto it = map.find(v);
    return it == map.end() ? v : it->second;  // values from outside the body stay
  };
  for (const Node* n : body->nodes()) {
    Node* c = g.createClone(n, lookup, true);
    dest->appendNode(c);
    for (size_t i = 0; i < n->numOutputs(); ++i) map[n->output(i)] = c->output(i);
  }
  std::vector<Value*> outs;
  for (Value* v : body->outputs()) outs.push_back(lookup(v));
  return outs;
}

// Fills the (empty) block `dest` with `times` copies of `body` chained through the carried values.
void repeatBody(const Block* body, int64_t times, Block* dest) {
  for (Value* in : body->inputs()) dest->addInput()->copyMetadata(in);
  std::vector<Value*> io(dest->inputs().begin(), dest->inputs().end());
  for (int64_t i = 0; i < times; ++i) {
    io[0] = dest->inputs()[0];  // the counter is unused (replaceLoopCounter ran when it was used)
    io = insertBlockCopy(dest, body, io);
  }
  if (times <= 0) io[0] = nullptr;
  for (size_t i = 0; i < io.size(); ++i) {
    if (i == 0) {
      // The continue condition: the last copy's (the constant true), or a fresh true.
      if (!io[0]) {
        WithInsertPoint guard(dest->returnNode());
        io[0] = dest->owningGraph()->insertConstant(true);
      }
    }
    dest->registerOutput(io[i]);
  }
  // Drop the now-unused continue conditions of the inner copies (constants only).
  std::vector<Node*> consts;
  for (Node* n : dest->nodes())
    if (n->kind() == prim::Constant && !n->hasUses()) consts.push_back(n);
  for (Node* n : consts) n->destroy();
}

// Replaces a loop that runs exactly its body's single copy (after repeatBody) by that copy.
void inlineBody(Node* loop) {
  Graph& g = *loop->owningGraph();
  Block* body = loop->blocks()[0];
  std::unordered_map<const Value*, Value*> map;
  for (size_t i = 2; i < loop->numInputs(); ++i) map[body->inputs()[i - 1]] = loop->input(i);
  auto lookup = [&](Value* v) -> Value* {
    auto it = map.find(v);
    return it == map.end() ? v : it->second;
  };
  for (const Node* n : body->nodes()) {
    Node* c = g.createClone(n, lookup, true);
    c->insertBefore(loop);
    for (size_t i = 0; i < n->numOutputs(); ++i) map[n->output(i)] = c->output(i);
  }
  for (size_t i = 0; i < loop->numOutputs(); ++i) loop->output(i)->replaceAllUsesWith(lookup(body->outputs()[i + 1]));
  loop->destroy();
}

void unroll(Node* loop) {
  Graph& g = *loop->owningGraph();
  Block* body = loop->blocks()[0];
  Value* counterInit = body->inputs()[0]->hasUses() ? replaceLoopCounter(loop) : nullptr;

  std::optional<int64_t> n = constantInt(loop->input(0));
  if (n && *n < kMaxBodyRepeats) {
    GRAPH_UPDATE("unrolling a loop of constant trip count ", *n, " fully");
    Block* dest = loop->addBlock();
    repeatBody(body, std::max<int64_t>(*n, 0), dest);
    loop->eraseBlock(0);
    inlineBody(loop);
    if (counterInit && !counterInit->hasUses()) counterInit->node()->destroy();  // a loop of no iteration
    return;
  }
  GRAPH_UPDATE("unrolling a loop by ", kUnrollFactor, " with an epilogue");
  Node* epilogue = g.createClone(loop, [](Value* v) { return v; }, true);
  epilogue->insertAfter(loop);
  for (size_t i = 0; i < loop->numOutputs(); ++i) {
    loop->output(i)->replaceAllUsesWith(epilogue->output(i));
    epilogue->replaceInput(i + 2, loop->output(i));
  }
  Block* dest = loop->addBlock();
  repeatBody(body, kUnrollFactor, dest);
  loop->eraseBlock(0);

  WithInsertPoint guard(loop);
  Value* trips = loop->input(0);
  Value* factor = g.insertConstant(kUnrollFactor);
  Node* q = g.insert(Symbol::aten("__round_to_zero_floordiv"), {trips, factor});
  q->output()->setType(IntType::get());
  loop->replaceInput(0, q->output());
  Node* done = g.insert(aten::mul, {q->output(), factor});
  done->output()->setType(IntType::get());
  Node* rest = g.insert(aten::sub, {trips, done->output()});
  rest->output()->setType(IntType::get());
  epilogue->replaceInput(0, rest->output());
}

bool unrollBlock(Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it;
    ++it;  // unroll() may destroy n
    for (Block* sub : n->blocks()) changed |= unrollBlock(sub);
    if (!isForLoop(n) || !isSmallBlock(n->blocks()[0])) continue;
    unroll(n);
    changed = true;
  }
  return changed;
}
}  // namespace

bool unrollLoops(std::shared_ptr<Graph>& graph) {
  return unrollBlock(graph->block());
}

}  // namespace tsjit
