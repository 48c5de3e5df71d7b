// Graph.cpp — Value (names, uses), Block (inputs/outputs, node list, cloning), Graph (node and
// block ownership, creation, insertion point, constants, deep copy) and WithInsertPoint.
// Ownership: Graph::allNodes_/allBlocks_ hold every live node/block; freeNode/freeBlock are the
// only places IR objects are deleted.
#include <algorithm>
#include <limits>

#include "jit/ir/Graph.h"
#include "jit/ir/Verifier.h"

namespace tsjit {

// ---------------------------------------------------------------------------------------------
// Value

Value::Value(Node* node, size_t offset) : node_(node), offset_(offset), type_(TensorType::get()) {}

Graph* Value::owningGraph() const { return node_->owningGraph(); }

void Value::setUnique(size_t id) {
  unique_ = id;
  owningGraph()->reserveValueIds(id);
}

std::string Value::debugName() const { return hasDebugName() ? uniqueName_ : std::to_string(unique_); }

bool Value::isValidName(std::string_view name) {
  if (name.empty()) return true;  // clears the name
  // Pure numbers are reserved for value ids.
  return !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Value* Value::setDebugName(const std::string& name) {
  TSJIT_CHECK(isValidName(name), "invalid debug name '", name, "' (pure numbers are reserved for ids)");
  Graph* g = owningGraph();
  auto& names = g->uniqueNames_;
  if (hasDebugName()) {
    names.erase(uniqueName_);
    uniqueName_.clear();
  }
  if (name.empty()) return this;
  auto owner = names.find(name);
  if (owner != names.end()) {
    // Rename the previous owner to base.N, N past every suffix used for this base so far.
    size_t suffix = 1;
    std::string base = name;
    size_t dot = name.find_last_of('.');
    if (dot != std::string::npos && dot + 1 < name.size() &&
        name.find_first_not_of("0123456789", dot + 1) == std::string::npos && name.size() - dot - 1 < 18) {
      suffix = std::stoull(name.substr(dot + 1));
      base = name.substr(0, dot);
    }
    auto it = g->nameBaseSuffix_.find(base);
    if (it != g->nameBaseSuffix_.end()) suffix = std::max(suffix, it->second + 1);
    std::string replacement;
    do {
      replacement = base + "." + std::to_string(suffix++);
    } while (names.count(replacement));
    g->nameBaseSuffix_[base] = suffix;
    owner->second->setDebugName(replacement);
  }
  names[name] = this;
  uniqueName_ = name;
  return this;
}

Value* Value::setType(TypePtr type) {
  TSJIT_CHECK(type != nullptr, "null type for %", debugName());
  type_ = std::move(type);
  return this;
}

void Value::replaceAllUsesWith(Value* newValue) {
  TSJIT_CHECK(newValue != this, "replacing %", debugName(), " with itself");
  while (!uses_.empty()) {
    Use u = uses_.back();
    u.user->replaceInput(u.offset, newValue);
  }
}

void Value::replaceAllUsesAfterNodeWith(const Node* node, Value* newValue) {
  std::vector<Use> targets;
  for (const Use& u : uses_) {
    // A use inside a nested block of a node after `node` counts: walk up to node's block.
    if (u.user->isAfter(node)) targets.push_back(u);
  }
  for (const Use& u : targets) u.user->replaceInput(u.offset, newValue);
}

Value* Value::copyMetadata(const Value* from) {
  setType(from->type());
  // A copy: when `from` owns the name, setDebugName renames it, which would change a referenced
  // string under our feet (both values then claimed the renamed name).
  if (from->hasDebugName()) setDebugName(std::string(from->uniqueName_));
  return this;
}

// ---------------------------------------------------------------------------------------------
// Node iteration

NodeIterator& NodeIterator::operator++() {
  cur_ = reverse_ ? cur_->prev() : cur_->next();
  return *this;
}

NodeIterator NodeRange::begin() const { return NodeIterator(reverse_ ? sentinel_->prev() : sentinel_->next(), reverse_); }

// ---------------------------------------------------------------------------------------------
// Block

Block::Block(Graph* graph, Node* owningNode) : graph_(graph), owningNode_(owningNode) {
  param_ = graph->newNode(prim::Param);
  return_ = graph->newNode(prim::Return);
  param_->owningBlock_ = this;
  return_->owningBlock_ = this;
  return_->next_ = return_->prev_ = return_;
  param_->topoPosition_ = std::numeric_limits<int64_t>::min();
  return_->topoPosition_ = std::numeric_limits<int64_t>::max();
}

Value* Block::addInput(const std::string& name) { return insertInput(param_->numOutputs(), name); }

Value* Block::insertInput(size_t i, const std::string& name) {
  Value* v = param_->insertOutput(i);
  if (!name.empty()) v->setDebugName(name);
  return v;
}

void Block::eraseInput(size_t i) { param_->eraseOutput(i); }

size_t Block::registerOutput(Value* v) {
  return_->addInput(v);
  return return_->numInputs() - 1;
}

void Block::insertOutput(size_t i, Value* v) { return_->insertInput(i, v); }
void Block::eraseOutput(size_t i) { return_->removeInput(i); }
void Block::replaceOutput(size_t i, Value* v) { return_->replaceInput(i, v); }

Node* Block::appendNode(Node* n) { return n->insertBefore(return_); }
Node* Block::prependNode(Node* n) { return n->insertBefore(return_->next_); }

void Block::cloneFrom(const Block* src, const std::function<Value*(Value*)>& valueMap) {
  std::unordered_map<const Value*, Value*> local;
  auto env = [&](Value* v) -> Value* {
    auto it = local.find(v);
    if (it != local.end()) return it->second;
    Value* mapped = valueMap(v);
    TSJIT_CHECK(mapped, "cloneFrom: no value for %", v->debugName());
    return mapped;
  };
  for (Value* in : src->inputs()) local[in] = addInput()->copyMetadata(in);
  for (Node* n : src->nodes()) {
    Node* c = graph_->createClone(n, env);
    appendNode(c);
    for (size_t i = 0; i < n->numOutputs(); ++i) local[n->output(i)] = c->output(i);
  }
  for (Value* out : src->outputs()) registerOutput(env(out));
}

void Block::destroyContents() {
  return_->removeAllInputs();
  while (return_->prev_ != return_) {
    Node* n = return_->prev_;
    n->destroy();
  }
  graph_->freeNode(return_);
  graph_->freeNode(param_);
  return_ = param_ = nullptr;
}

// ---------------------------------------------------------------------------------------------
// Graph

Graph::Graph() {
  block_ = newBlock(nullptr);
  insertBefore_ = block_->returnNode();
}

Graph::~Graph() {
  // Delete without use-list bookkeeping: everything goes.
  for (const Node* n : allNodes_) delete const_cast<Node*>(n);
  for (const Block* b : allBlocks_) delete const_cast<Block*>(b);
}

Block* Graph::newBlock(Node* owningNode) {
  Block* b = new Block(this, owningNode);
  allBlocks_.insert(b);
  return b;
}

Node* Graph::newNode(Symbol kind) {
  Node* n = new Node(this, kind);
  allNodes_.insert(n);
  return n;
}

void Graph::freeNode(Node* n) {
  TSJIT_CHECK(allNodes_.erase(n) == 1, "freeing a node the graph does not own");
  if (insertBefore_ == n) insertBefore_ = block_->returnNode();
  delete n;
}

void Graph::freeBlock(Block* b) {
  TSJIT_CHECK(allBlocks_.erase(b) == 1, "freeing a block the graph does not own");
  delete b;
}

Node* Graph::create(Symbol kind, size_t numOutputs) {
  Node* n = newNode(kind);
  for (size_t i = 0; i < numOutputs; ++i) n->addOutput();
  return n;
}

Node* Graph::create(Symbol kind, const std::vector<Value*>& inputs, size_t numOutputs) {
  Node* n = create(kind, numOutputs);
  for (Value* v : inputs) n->addInput(v);
  return n;
}

Node* Graph::createClone(const Node* n, const std::function<Value*(Value*)>& valueMap, bool copyBlocks) {
  Node* c = create(n->kind(), 0);
  for (Value* out : n->outputs()) c->addOutput()->copyMetadata(out);
  c->copyAttributes(*n);
  c->setSourceRange(n->sourceRange());
  c->setSourceLocation(n->sourceLocation());
  c->setScope(n->scope());
  for (Value* in : n->inputs()) {
    Value* mapped = valueMap(in);
    TSJIT_CHECK(mapped, "createClone: no value for %", in->debugName());
    c->addInput(mapped);
  }
  if (copyBlocks)
    for (const Block* b : n->blocks()) c->addBlock()->cloneFrom(b, valueMap);
  return c;
}

Node* Graph::createConstant(const Literal& value) {
  Node* n = create(prim::Constant, 1);
  Value* out = n->output();
  const auto& v = value.v;
  if (std::holds_alternative<Literal::None>(v)) {
    out->setType(NoneType::get());
  } else if (auto* b = std::get_if<bool>(&v)) {
    n->i_(attr::value, *b ? 1 : 0);
    out->setType(BoolType::get());
  } else if (auto* i = std::get_if<int64_t>(&v)) {
    n->i_(attr::value, *i);
    out->setType(IntType::get());
  } else if (auto* d = std::get_if<double>(&v)) {
    n->f_(attr::value, *d);
    out->setType(FloatType::get());
  } else if (auto* s = std::get_if<std::string>(&v)) {
    n->s_(attr::value, *s);
    out->setType(StringType::get());
  } else if (auto* e = std::get_if<Literal::Enum>(&v)) {
    n->ival_(attr::value, value);
    out->setType(e->type);
  } else if (std::holds_alternative<std::complex<double>>(v)) {
    n->ival_(attr::value, value);
    out->setType(ComplexType::get());
  } else {
    const auto* list = std::get_if<Literal::List>(&v);
    auto all = [&](auto pred) { return list && std::all_of(list->elems.begin(), list->elems.end(), pred); };
    if (list && !list->elems.empty() && all([](const Literal& e) { return std::holds_alternative<int64_t>(e.v); })) {
      std::vector<int64_t> xs;
      for (const auto& e : list->elems) xs.push_back(std::get<int64_t>(e.v));
      n->is_(attr::value, xs);
      out->setType(ListType::ofInts());
    } else if (list && !list->elems.empty() &&
               all([](const Literal& e) { return std::holds_alternative<double>(e.v); })) {
      std::vector<double> xs;
      for (const auto& e : list->elems) xs.push_back(std::get<double>(e.v));
      n->fs_(attr::value, xs);
      out->setType(ListType::ofFloats());
    } else {
      n->ival_(attr::value, value);
      out->setType(AnyType::get());  // the caller refines the type of a structured constant
    }
  }
  return n;
}

Node* Graph::createConstant(const TensorConstant& value) {
  Node* n = create(prim::Constant, 1);
  n->t_(attr::value, value);
  n->output()->setType(TensorType::create(value.dtype, Device(), std::nullopt, std::nullopt, false));
  return n;
}

void Graph::setInsertPoint(Node* n) {
  TSJIT_CHECK(n && n->owningGraph() == this, "insertion point belongs to another graph");
  TSJIT_CHECK(n->inBlockList() || n->kind() == prim::Return, "insertion point is not in a block");
  insertBefore_ = n;
}

Node* Graph::insertNode(Node* n) {
  TSJIT_CHECK(insertBefore_ && ownsNode(insertBefore_), "the insertion point was destroyed");
  return n->insertBefore(insertBefore_);
}

Node* Graph::insert(Symbol kind, const std::vector<Value*>& inputs, size_t numOutputs) {
  return insertNode(create(kind, inputs, numOutputs));
}

Value* Graph::insertConstant(const Literal& value, SourceRange range) {
  Node* n = createConstant(value);
  n->setSourceRange(std::move(range));
  return insertNode(n)->output();
}

Value* Graph::insertConstant(const TensorConstant& value, SourceRange range) {
  Node* n = createConstant(value);
  n->setSourceRange(std::move(range));
  return insertNode(n)->output();
}

Value* Graph::insertIntConstant(int64_t v, SourceRange r) { return insertConstant(Literal{v}, std::move(r)); }
Value* Graph::insertBoolConstant(bool v, SourceRange r) { return insertConstant(Literal{v}, std::move(r)); }
Value* Graph::insertFloatConstant(double v, SourceRange r) { return insertConstant(Literal{v}, std::move(r)); }
Value* Graph::insertStringConstant(std::string v, SourceRange r) {
  return insertConstant(Literal{std::move(v)}, std::move(r));
}
Value* Graph::insertNoneConstant(SourceRange r) { return insertConstant(Literal{Literal::None{}}, std::move(r)); }
Value* Graph::insertIntListConstant(const std::vector<int64_t>& v, SourceRange r) {
  Literal::List l;
  for (int64_t x : v) l.elems.push_back(Literal{x});
  // An empty list says nothing about its elements: annotate it (PyTorch: annotate(List[int], [])).
  if (v.empty()) l.annotation = ListType::ofInts();
  return insertConstant(Literal{std::move(l)}, std::move(r))->setType(ListType::ofInts());
}
Value* Graph::insertFloatListConstant(const std::vector<double>& v, SourceRange r) {
  Literal::List l;
  for (double x : v) l.elems.push_back(Literal{x});
  if (v.empty()) l.annotation = ListType::ofFloats();
  return insertConstant(Literal{std::move(l)}, std::move(r))->setType(ListType::ofFloats());
}

std::shared_ptr<Graph> Graph::copy() const {
  auto g = std::make_shared<Graph>();
  std::unordered_map<const Value*, Value*> map;
  // Clone the top block by hand so every value (block inputs included) keeps its id.
  for (Value* in : inputs()) map[in] = g->addInput()->copyMetadata(in);
  auto env = [&](Value* v) -> Value* {
    auto it = map.find(v);
    TSJIT_CHECK(it != map.end(), "Graph::copy: %", v->debugName(), " is not defined in the graph");
    return it->second;
  };
  // Records the mapping of a cloned node's outputs (and its blocks', recursively).
  std::function<void(const Node*, Node*)> record = [&](const Node* src, Node* dst) {
    for (size_t i = 0; i < src->numOutputs(); ++i) map[src->output(i)] = dst->output(i);
    for (size_t b = 0; b < src->blocks().size(); ++b) {
      const Block* sb = src->blocks()[b];
      Block* db = dst->blocks()[b];
      for (size_t i = 0; i < sb->inputs().size(); ++i) map[sb->inputs()[i]] = db->inputs()[i];
      auto sit = sb->nodes().begin();
      auto dit = db->nodes().begin();
      for (; sit != sb->nodes().end(); ++sit, ++dit) record(*sit, *dit);
    }
  };
  std::function<Value*(Value*)> cloneEnv = [&](Value* v) -> Value* { return env(v); };
  for (Node* n : nodes()) {
    // Blocks of n refer to values defined inside them; createClone's cloneFrom handles those.
    Node* c = g->createClone(n, cloneEnv);
    g->block()->appendNode(c);
    record(n, c);
  }
  for (Value* out : outputs()) g->registerOutput(env(out));
  for (const auto& [src, dst] : map) dst->unique_ = src->unique();
  g->nextValueId_ = nextValueId_;
  return g;
}

void Graph::lint() const { verify(*this); }

void Graph::reserveValueIds(size_t upTo) { nextValueId_ = std::max(nextValueId_, upTo + 1); }

Value* Graph::findValueByName(const std::string& name) const {
  auto it = uniqueNames_.find(name);
  return it == uniqueNames_.end() ? nullptr : it->second;
}

// ---------------------------------------------------------------------------------------------

WithInsertPoint::WithInsertPoint(Node* n) : graph_(n->owningGraph()), prev_(graph_->insertPoint()) {
  graph_->setInsertPoint(n);
}

WithInsertPoint::~WithInsertPoint() {
  if (graph_->ownsNode(prev_)) graph_->setInsertPoint(prev_);
  else graph_->setInsertPoint(graph_->block());
}

}  // namespace tsjit
