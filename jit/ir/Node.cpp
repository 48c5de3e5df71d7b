// Node.cpp — Node: inputs/outputs with use-list maintenance, sub-blocks, list position with
// topological positions, attributes, schema lookup through the registered resolver.
// Invariant kept by every function here: input i of node n has exactly one Use {n, i} in its
// value's use list, and output i has offset() == i.
#include <algorithm>
#include <limits>

#include "jit/ir/Graph.h"

namespace tsjit {

namespace {
constexpr int64_t kLowerBound = std::numeric_limits<int64_t>::min();
constexpr int64_t kUpperBound = std::numeric_limits<int64_t>::max();
constexpr int64_t kAppendInterval = int64_t(1) << 40;

SchemaResolver& resolverSlot() {
  static SchemaResolver resolver;
  return resolver;
}
}  // namespace

void setSchemaResolver(SchemaResolver resolver) { resolverSlot() = std::move(resolver); }
bool hasSchemaResolver() { return static_cast<bool>(resolverSlot()); }

Node::Node(Graph* graph, Symbol kind) : kind_(kind), graph_(graph) {}

Node::~Node() {
  for (Value* v : outputs_) {
    if (v->hasDebugName()) graph_->uniqueNames_.erase(v->uniqueName_);
    delete v;
  }
}

Value* Node::input(size_t i) const {
  TSJIT_CHECK(i < inputs_.size(), "input ", i, " of ", kind_, " with ", inputs_.size(), " inputs");
  return inputs_[i];
}
Value* Node::output(size_t i) const {
  TSJIT_CHECK(i < outputs_.size(), "output ", i, " of ", kind_, " with ", outputs_.size(), " outputs");
  return outputs_[i];
}
Value* Node::input() const {
  TSJIT_CHECK(inputs_.size() == 1, kind_, " has ", inputs_.size(), " inputs, expected one");
  return inputs_[0];
}
Value* Node::output() const {
  TSJIT_CHECK(outputs_.size() == 1, kind_, " has ", outputs_.size(), " outputs, expected one");
  return outputs_[0];
}
bool Node::hasUses() const {
  return std::any_of(outputs_.begin(), outputs_.end(), [](Value* v) { return v->hasUses(); });
}

void Node::dropInputUse(size_t i) {
  auto& uses = inputs_[i]->uses_;
  auto it = std::find(uses.begin(), uses.end(), Use{this, i});
  TSJIT_CHECK(it != uses.end(), "use list of %", inputs_[i]->debugName(), " lacks its use by ", kind_);
  uses.erase(it);
}

Value* Node::addInput(Value* v) { return insertInput(inputs_.size(), v); }

Value* Node::insertInput(size_t i, Value* v) {
  TSJIT_CHECK(v != nullptr, "null input");
  TSJIT_CHECK(v->owningGraph() == graph_, "input %", v->debugName(), " belongs to another graph");
  TSJIT_CHECK(i <= inputs_.size(), "insertInput position out of range");
  for (size_t j = i; j < inputs_.size(); ++j)
    for (Use& u : inputs_[j]->uses_)
      if (u.user == this && u.offset == j) {
        u.offset = j + 1;
        break;
      }
  inputs_.insert(inputs_.begin() + i, v);
  v->uses_.push_back(Use{this, i});
  return v;
}

void Node::removeInput(size_t i) {
  TSJIT_CHECK(i < inputs_.size(), "removeInput position out of range");
  dropInputUse(i);
  for (size_t j = i + 1; j < inputs_.size(); ++j)
    for (Use& u : inputs_[j]->uses_)
      if (u.user == this && u.offset == j) {
        u.offset = j - 1;
        break;
      }
  inputs_.erase(inputs_.begin() + i);
}

void Node::removeAllInputs() {
  for (size_t i = 0; i < inputs_.size(); ++i) dropInputUse(i);
  inputs_.clear();
}

Value* Node::replaceInput(size_t i, Value* newValue) {
  TSJIT_CHECK(i < inputs_.size(), "replaceInput position out of range");
  TSJIT_CHECK(newValue && newValue->owningGraph() == graph_, "replacement belongs to another graph");
  Value* old = inputs_[i];
  dropInputUse(i);
  inputs_[i] = newValue;
  newValue->uses_.push_back(Use{this, i});
  return old;
}

void Node::replaceInputWith(Value* from, Value* to) {
  for (size_t i = 0; i < inputs_.size(); ++i)
    if (inputs_[i] == from) replaceInput(i, to);
}

Value* Node::addOutput() { return insertOutput(outputs_.size()); }

Value* Node::insertOutput(size_t i) {
  TSJIT_CHECK(i <= outputs_.size(), "insertOutput position out of range");
  Value* v = new Value(this, i);
  v->unique_ = graph_->nextValueId_++;
  outputs_.insert(outputs_.begin() + i, v);
  for (size_t j = i + 1; j < outputs_.size(); ++j) outputs_[j]->offset_ = j;
  return v;
}

void Node::eraseOutput(size_t i) {
  TSJIT_CHECK(i < outputs_.size(), "eraseOutput position out of range");
  Value* v = outputs_[i];
  TSJIT_CHECK(!v->hasUses(), "erasing output %", v->debugName(), " of ", kind_, " which still has uses");
  if (v->hasDebugName()) graph_->uniqueNames_.erase(v->uniqueName_);
  delete v;
  outputs_.erase(outputs_.begin() + i);
  for (size_t j = i; j < outputs_.size(); ++j) outputs_[j]->offset_ = j;
}

Block* Node::addBlock() {
  Block* b = graph_->newBlock(this);
  blocks_.push_back(b);
  return b;
}

void Node::eraseBlock(size_t i) {
  TSJIT_CHECK(i < blocks_.size(), "eraseBlock position out of range");
  Block* b = blocks_[i];
  blocks_.erase(blocks_.begin() + i);
  b->destroyContents();
  graph_->freeBlock(b);
}

// ---- position ----

void Node::assignTopoPosition() {
  Node* sentinel = owningBlock_->return_;
  bool first = prev_ == sentinel, last = next_ == sentinel;
  auto reindex = [&] {
    int64_t pos = 0;
    for (Node* n = sentinel->next_; n != sentinel; n = n->next_) {
      n->topoPosition_ = pos;
      pos += kAppendInterval;
    }
  };
  if (first && last) {
    topoPosition_ = 0;
  } else if (last) {
    if (prev_->topoPosition_ >= kUpperBound - kAppendInterval) return reindex();
    topoPosition_ = prev_->topoPosition_ + kAppendInterval;
  } else if (first) {
    if (next_->topoPosition_ <= kLowerBound + kAppendInterval) return reindex();
    topoPosition_ = next_->topoPosition_ - kAppendInterval;
  } else {
    __int128 lo = prev_->topoPosition_, hi = next_->topoPosition_;
    if (hi - lo < 2) return reindex();
    topoPosition_ = static_cast<int64_t>(lo + (hi - lo) / 2);
  }
}

Node* Node::insertBefore(Node* n) {
  TSJIT_CHECK(!inBlockList(), kind_, " is already in a block");
  TSJIT_CHECK(n && n->inBlockList(), "insertion point is not in a block");
  TSJIT_CHECK(n->graph_ == graph_, "insertion point belongs to another graph");
  TSJIT_CHECK(n->kind_ != prim::Param, "cannot insert before a param node");
  owningBlock_ = n->owningBlock_;
  prev_ = n->prev_;
  next_ = n;
  prev_->next_ = this;
  n->prev_ = this;
  assignTopoPosition();
  return this;
}

Node* Node::insertAfter(Node* n) {
  TSJIT_CHECK(n && n->kind_ != prim::Return, "cannot insert after a return node");
  if (n->kind_ == prim::Param) {  // after the param node = at the front of its block
    Block* b = n->owningBlock_;
    return insertBefore(b->return_->next_);
  }
  TSJIT_CHECK(n->inBlockList(), "insertion point is not in a block");
  return insertBefore(n->next_);
}

void Node::removeFromList() {
  TSJIT_CHECK(inBlockList(), kind_, " is not in a block");
  prev_->next_ = next_;
  next_->prev_ = prev_;
  next_ = prev_ = nullptr;
  owningBlock_ = nullptr;
}

void Node::moveBefore(Node* n) {
  TSJIT_CHECK(n != this, "moving a node before itself");
  removeFromList();
  insertBefore(n);
}

void Node::moveAfter(Node* n) {
  TSJIT_CHECK(n != this, "moving a node after itself");
  removeFromList();
  insertAfter(n);
}

static size_t blockDepth(const Node* n) {
  size_t d = 0;
  for (const Block* b = n->owningBlock(); b && b->owningNode(); b = b->owningNode()->owningBlock()) ++d;
  return d;
}

// -1 before, 1 after, 0 unordered (same node, nested, or different branches of one node).
int Node::compareTo(const Node* other) const {
  const Node* a = this;
  const Node* b = other;
  TSJIT_CHECK(a->graph_ == b->graph_, "comparing nodes of different graphs");
  TSJIT_CHECK(a->owningBlock_ && b->owningBlock_, "comparing a node that is not in a block");
  size_t da = blockDepth(a), db = blockDepth(b);
  for (; da > db; --da) a = a->owningBlock_->owningNode_;
  for (; db > da; --db) b = b->owningBlock_->owningNode_;
  while (a->owningBlock_ != b->owningBlock_) {
    a = a->owningBlock_->owningNode_;
    b = b->owningBlock_->owningNode_;
  }
  if (a == b) return 0;
  return a->topoPosition_ < b->topoPosition_ ? -1 : (a->topoPosition_ > b->topoPosition_ ? 1 : 0);
}

bool Node::isBefore(const Node* n) const { return compareTo(n) < 0; }
bool Node::isAfter(const Node* n) const { return compareTo(n) > 0; }

void Node::destroy() {
  for (Value* v : outputs_)
    TSJIT_CHECK(!v->hasUses(), "destroying ", kind_, " whose output %", v->debugName(), " still has uses by ",
                v->uses_.front().user->kind());
  TSJIT_CHECK(kind_ != prim::Param && kind_ != prim::Return, "destroying a block's ", kind_, " node");
  removeAllInputs();
  if (inBlockList()) removeFromList();
  while (!blocks_.empty()) eraseBlock(blocks_.size() - 1);
  graph_->freeNode(this);
}

// ---- attributes ----

const AttributeValue* Node::findAttr(Symbol name) const {
  for (const auto& [n, v] : attributes_)
    if (n == name) return &v;
  return nullptr;
}

std::vector<Symbol> Node::attributeNames() const {
  std::vector<Symbol> out;
  for (const auto& a : attributes_) out.push_back(a.first);
  return out;
}

const AttributeValue& Node::attr(Symbol name) const {
  const AttributeValue* v = findAttr(name);
  TSJIT_CHECK(v, kind_, " has no attribute '", name.toUnqualString(), "'");
  return *v;
}

AttributeKind Node::kindOfAttribute(Symbol name) const { return kindOf(attr(name)); }

Node* Node::setAttr(Symbol name, AttributeValue value) {
  for (auto& a : attributes_)
    if (a.first == name) {
      a.second = std::move(value);
      return this;
    }
  attributes_.emplace_back(name, std::move(value));
  return this;
}

void Node::removeAttribute(Symbol name) {
  auto it = std::find_if(attributes_.begin(), attributes_.end(), [&](const auto& a) { return a.first == name; });
  TSJIT_CHECK(it != attributes_.end(), kind_, " has no attribute '", name.toUnqualString(), "' to remove");
  attributes_.erase(it);
}

void Node::copyAttributes(const Node& from) {
  attributes_.clear();
  for (const auto& [name, value] : from.attributes_) {
    if (auto* g = std::get_if<GraphPtr>(&value)) {
      attributes_.emplace_back(name, AttributeValue(*g ? (*g)->copy() : GraphPtr()));
    } else if (auto* gs = std::get_if<std::vector<GraphPtr>>(&value)) {
      std::vector<GraphPtr> copies;
      for (const auto& sub : *gs) copies.push_back(sub ? sub->copy() : GraphPtr());
      attributes_.emplace_back(name, AttributeValue(std::move(copies)));
    } else {
      attributes_.emplace_back(name, value);
    }
  }
}

const FunctionSchema* Node::maybeSchema() const {
  const SchemaResolver& r = resolverSlot();
  return r ? r(*this) : nullptr;
}

const FunctionSchema& Node::schema() const {
  const FunctionSchema* s = maybeSchema();
  TSJIT_CHECK(s, "no schema matches node: ", str());
  return *s;
}

}  // namespace tsjit
