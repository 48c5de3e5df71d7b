// EmitterInline.cpp — inlining of prim::CallFunction (what PyTorch's inlined_graph shows) and the
// script-file entry point used by `tsjit run FILE.py`.
// Invariant: the inlined graph lints; callee graphs are never modified (their nodes are cloned).
#include <unordered_map>

#include "jit/frontend/EmitterImpl.h"
#include "jit/frontend/Parser.h"

namespace tsjit::frontend {

namespace {

Symbol forkKind() {
  static const Symbol kFork = Symbol::prim("fork");
  return kFork;
}

bool inlineBlock(Block* b, const CompilationUnit& cu) {
  bool changed = false;
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  for (Node* n : nodes) {
    for (Block* sub : n->blocks()) changed |= inlineBlock(sub, cu);
    if (n->kind() == forkKind() && n->hasAttribute(attr::Subgraph)) {
      // A fork's body (a graph attribute, shared with the callee's own graph): inlined in a copy.
      std::shared_ptr<Graph> body = n->g(attr::Subgraph)->copy();
      if (inlineBlock(body->block(), cu)) {
        inlineFunctionCalls(*body, cu);
        n->g_(attr::Subgraph, body);
        changed = true;
      }
      continue;
    }
    if (n->kind() != prim::CallFunction) continue;
    Node* fnConst = n->input(0)->node();
    if (fnConst->kind() != prim::Constant || !fnConst->hasAttribute(attr::name)) continue;
    Function* callee = cu.findCallee(fnConst->s(attr::name));
    if (!callee) continue;
    Graph& g = *n->owningGraph();
    const Graph& cg = *callee->graph();
    std::unordered_map<Value*, Value*> map;
    for (size_t i = 0; i < cg.inputs().size(); ++i) map[cg.inputs()[i]] = n->input(i + 1);
    auto lookup = [&](Value* v) { return map.at(v); };
    for (Node* cn : cg.nodes()) {
      Node* copy = g.createClone(cn, lookup, true);
      copy->insertBefore(n);
      for (size_t i = 0; i < cn->numOutputs(); ++i) map[cn->output(i)] = copy->output(i);
    }
    n->output()->replaceAllUsesWith(map.at(cg.outputs()[0]));
    n->destroy();
    changed = true;
  }
  return changed;
}
}  // namespace

void inlineFunctionCalls(Graph& graph, const CompilationUnit& cu) {
  for (int i = 0; i < 100 && inlineBlock(graph.block(), cu); ++i) {
  }
  eliminateDeadCode(graph);
  graph.lint();
}

std::shared_ptr<Graph> compileScriptEntry(const std::string& source, const std::string& filename,
                                          const std::string& entry, bool inlineCalls,
                                          std::shared_ptr<CompilationUnit>* owner,
                                          std::vector<std::optional<Literal>>* defaults) {
  std::string name = entry;
  if (name.empty()) {
    Module m = parseSource(source, filename);
    for (auto s : m.statements())
      if (s.kind() == Kind::Def) name = Def(s.get()).name().name();
    if (name.empty()) throw CompileError("no function definition in " + filename);
  }
  CompileOptions options;
  options.pythonTorchModule = true;  // user Python source
  auto cu = compileFunctions(source, name, options, filename);
  auto graph = cu->findFunction(name)->graph()->copy();
  if (inlineCalls) inlineFunctionCalls(*graph, *cu);
  if (owner) *owner = cu;
  if (defaults) *defaults = cu->findFunction(name)->signature().defaults;
  return graph;
}

}  // namespace tsjit::frontend
