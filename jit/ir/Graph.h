// Graph.h — the Graph IR: Graph / Block / Node / Value (the model of PyTorch's JIT overview).
//
// Ownership and invariants:
//   * A Graph owns every Node of every Block it contains (allNodes_) and every Block (allBlocks_);
//     a Node owns its output Values. Nothing else owns IR objects: pointers are plain and stable.
//   * A Block has a param node (prim::Param, whose outputs are the block inputs, not in the node
//     list) and a return node (prim::Return, whose inputs are the block outputs). The nodes form an
//     intrusive circular doubly linked list with the return node as sentinel.
//   * Every input of a node has exactly one matching Use {node, index} in the input value's uses();
//     use offsets are kept in sync by every mutation.
//   * Value ids (unique()) are unique within a graph; debug names are unique within a graph
//     (setDebugName renames the previous owner of a name, as PyTorch does) and never pure numbers.
//   * Nodes in a block carry increasing topological positions, so isBefore/isAfter are O(depth).
//   * destroy() only succeeds on a node whose outputs are unused (else InternalError).
// The IR library never includes jit/ops: a node's schema comes from a resolver jit/ops registers
// with setSchemaResolver().
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "jit/ir/Attributes.h"
#include "jit/ir/Type.h"
#include "jit/support/Error.h"
#include "jit/support/SourceRange.h"
#include "jit/support/Symbol.h"

namespace tsjit {

class Graph;
class Block;
class Node;
class Value;
class FunctionSchema;

struct Use {
  Node* user;
  size_t offset;  // index into user->inputs()
  bool operator==(const Use& other) const = default;
};

class Value {
 public:
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;

  Node* node() { return node_; }
  const Node* node() const { return node_; }
  size_t offset() const { return offset_; }
  Graph* owningGraph() const;

  size_t unique() const { return unique_; }
  // Parser and Graph::copy only: give the value a specific id (keeps `%23` as written).
  // The caller guarantees no other value of the graph has it.
  void setUnique(size_t id);

  bool hasDebugName() const { return !uniqueName_.empty(); }
  // The name printed after '%': the debug name, or the id.
  std::string debugName() const;
  // Sets the debug name; if another value of the graph has it, that value is renamed to
  // base.N (PyTorch's uniquing). "" clears. Pure numbers are rejected (InternalError).
  Value* setDebugName(const std::string& name);
  static bool isValidName(std::string_view name);

  const TypePtr& type() const { return type_; }
  Value* setType(TypePtr type);

  const std::vector<Use>& uses() const { return uses_; }
  bool hasUses() const { return !uses_.empty(); }
  void replaceAllUsesWith(Value* newValue);
  // Replaces the uses by nodes after `node` (in isAfter's sense, plus nested blocks of them).
  void replaceAllUsesAfterNodeWith(const Node* node, Value* newValue);
  // Copies type and debug name from another value (the name is uniqued in this graph).
  Value* copyMetadata(const Value* from);

 private:
  friend class Node;
  friend class Graph;
  friend class Block;
  Value(Node* node, size_t offset);

  Node* node_;
  size_t offset_;
  size_t unique_ = 0;
  std::string uniqueName_;
  TypePtr type_;
  std::vector<Use> uses_;
};

// Iteration over a block's node list, forward or reverse. NOT safe against destroying or moving
// the current node in a range-for body: ++ reads its successor after the body (jit/passes/NodeList.h).
class NodeIterator {
 public:
  NodeIterator(Node* cur, bool reverse) : cur_(cur), reverse_(reverse) {}
  Node* operator*() const { return cur_; }
  NodeIterator& operator++();
  bool operator==(const NodeIterator& o) const { return cur_ == o.cur_; }
  bool operator!=(const NodeIterator& o) const { return cur_ != o.cur_; }

 private:
  Node* cur_;
  bool reverse_;
};

class NodeRange {
 public:
  NodeRange(Node* sentinel, bool reverse) : sentinel_(sentinel), reverse_(reverse) {}
  NodeIterator begin() const;
  NodeIterator end() const { return NodeIterator(sentinel_, reverse_); }
  NodeRange reverse() const { return NodeRange(sentinel_, !reverse_); }
  bool empty() const { return begin() == end(); }
  Node* front() const { return *begin(); }

 private:
  Node* sentinel_;
  bool reverse_;
};

class Node {
 public:
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  Symbol kind() const { return kind_; }
  Graph* owningGraph() const { return graph_; }
  Block* owningBlock() const { return owningBlock_; }

  const SourceRange& sourceRange() const { return sourceRange_; }
  Node* setSourceRange(SourceRange r) {
    sourceRange_ = std::move(r);
    return this;
  }
  // The "file:line:col" of a `# file:line:col` comment read by the IR parser (printed back when
  // the node has no SourceRange).
  const std::optional<std::string>& sourceLocation() const { return sourceLocation_; }
  Node* setSourceLocation(std::optional<std::string> loc) {
    sourceLocation_ = std::move(loc);
    return this;
  }

  // The module scope a traced node was recorded in (`__module.net/__module.net.0`), printed as
  // `, scope: ...` after the inputs.
  const std::optional<std::string>& scope() const { return scope_; }
  Node* setScope(std::optional<std::string> scope) {
    scope_ = std::move(scope);
    return this;
  }

  // ---- inputs / outputs ----
  const std::vector<Value*>& inputs() const { return inputs_; }
  const std::vector<Value*>& outputs() const { return outputs_; }
  size_t numInputs() const { return inputs_.size(); }
  size_t numOutputs() const { return outputs_.size(); }
  Value* input(size_t i) const;
  Value* output(size_t i) const;
  Value* input() const;   // the only input (InternalError otherwise)
  Value* output() const;  // the only output (InternalError otherwise)
  bool hasUses() const;

  Value* addInput(Value* v);
  Value* insertInput(size_t i, Value* v);
  void removeInput(size_t i);
  void removeAllInputs();
  // Replaces input i; returns the old value.
  Value* replaceInput(size_t i, Value* newValue);
  // Replaces every occurrence of `from` among the inputs with `to`.
  void replaceInputWith(Value* from, Value* to);
  Value* addOutput();
  Value* insertOutput(size_t i);
  void eraseOutput(size_t i);  // the output must be unused

  // ---- sub-blocks ----
  const std::vector<Block*>& blocks() const { return blocks_; }
  Block* addBlock();
  void eraseBlock(size_t i);

  // ---- position ----
  Node* next() const { return next_; }
  Node* prev() const { return prev_; }
  bool inBlockList() const { return next_ != nullptr; }
  // Topological order across blocks: false for a node vs. itself, vs. a node it contains, or for
  // nodes in different branches of the same node.
  bool isBefore(const Node* n) const;
  bool isAfter(const Node* n) const;
  Node* insertBefore(Node* n);  // inserts this (not in a list) before n; returns this
  Node* insertAfter(Node* n);
  void moveBefore(Node* n);  // unlinks this and re-inserts it before n
  void moveAfter(Node* n);
  // Removes this node from its list without destroying it (it may be re-inserted).
  void removeFromList();
  // Destroys the node (and its blocks). Its outputs must be unused.
  void destroy();

  // ---- attributes ----
  bool hasAttribute(Symbol name) const { return findAttr(name) != nullptr; }
  bool hasAttributes() const { return !attributes_.empty(); }
  size_t numAttributes() const { return attributes_.size(); }
  std::vector<Symbol> attributeNames() const;
  AttributeKind kindOfAttribute(Symbol name) const;
  const AttributeValue& attr(Symbol name) const;
  Node* setAttr(Symbol name, AttributeValue value);  // replaces in place or appends
  void removeAttribute(Symbol name);
  void copyAttributes(const Node& from);

#define TSJIT_ATTR_ACCESSOR(method, T)                          \
  const T& method(Symbol name) const { return getAttr<T>(name); } \
  Node* method##_(Symbol name, T v) { return setAttr(name, AttributeValue(std::move(v))); }
  TSJIT_ATTR_ACCESSOR(i, int64_t)
  TSJIT_ATTR_ACCESSOR(f, double)
  TSJIT_ATTR_ACCESSOR(s, std::string)
  TSJIT_ATTR_ACCESSOR(t, TensorConstant)
  TSJIT_ATTR_ACCESSOR(g, GraphPtr)
  TSJIT_ATTR_ACCESSOR(ty, TypePtr)
  TSJIT_ATTR_ACCESSOR(ival, Literal)
  TSJIT_ATTR_ACCESSOR(is, std::vector<int64_t>)
  TSJIT_ATTR_ACCESSOR(fs, std::vector<double>)
  TSJIT_ATTR_ACCESSOR(ss, std::vector<std::string>)
  TSJIT_ATTR_ACCESSOR(ts, std::vector<TensorConstant>)
  TSJIT_ATTR_ACCESSOR(gs, std::vector<GraphPtr>)
  TSJIT_ATTR_ACCESSOR(tys, std::vector<TypePtr>)
#undef TSJIT_ATTR_ACCESSOR

  // ---- schema (resolved by the hook jit/ops registers) ----
  const FunctionSchema* maybeSchema() const;
  const FunctionSchema& schema() const;  // InternalError if none

  // The node as the printer shows it (with its blocks, without subgraph sections).
  std::string str() const;

 private:
  friend class Graph;
  friend class Block;
  friend class Value;
  friend class IRParser;  // turns `prim::FusionGroup_0` references into kind + Subgraph
  Node(Graph* graph, Symbol kind);
  ~Node();

  const AttributeValue* findAttr(Symbol name) const;
  template <typename T>
  const T& getAttr(Symbol name) const {
    const AttributeValue& v = attr(name);
    const T* p = std::get_if<T>(&v);
    TSJIT_CHECK(p, "attribute '", name.toUnqualString(), "' of ", kind_, " has kind ", toString(kindOf(v)));
    return *p;
  }
  void dropInputUse(size_t i);  // removes the Use of input i from its value
  void assignTopoPosition();
  int compareTo(const Node* other) const;

  Symbol kind_;
  Graph* graph_;
  Block* owningBlock_ = nullptr;
  Node* next_ = nullptr;
  Node* prev_ = nullptr;
  int64_t topoPosition_ = 0;
  std::vector<Value*> inputs_;
  std::vector<Value*> outputs_;
  std::vector<Block*> blocks_;
  std::vector<std::pair<Symbol, AttributeValue>> attributes_;
  SourceRange sourceRange_;
  std::optional<std::string> sourceLocation_;
  std::optional<std::string> scope_;
};

class Block {
 public:
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  Graph* owningGraph() const { return graph_; }
  Node* owningNode() const { return owningNode_; }  // nullptr for the graph's top block
  Node* paramNode() const { return param_; }
  Node* returnNode() const { return return_; }

  const std::vector<Value*>& inputs() const { return param_->outputs(); }
  const std::vector<Value*>& outputs() const { return return_->inputs(); }
  NodeRange nodes() const { return NodeRange(return_, false); }

  Value* addInput(const std::string& name = "");
  Value* insertInput(size_t i, const std::string& name = "");
  void eraseInput(size_t i);  // must be unused
  size_t registerOutput(Value* v);
  size_t addOutput(Value* v) { return registerOutput(v); }
  void insertOutput(size_t i, Value* v);
  void eraseOutput(size_t i);
  void replaceOutput(size_t i, Value* v);

  Node* appendNode(Node* n);   // n not in a list
  Node* prependNode(Node* n);

  // Appends clones of src's inputs, nodes and outputs to this (empty) block. Values from outside
  // src are translated by `valueMap`.
  void cloneFrom(const Block* src, const std::function<Value*(Value*)>& valueMap);

 private:
  friend class Graph;
  friend class Node;
  Block(Graph* graph, Node* owningNode);
  void destroyContents();

  Graph* graph_;
  Node* owningNode_;
  Node* param_;
  Node* return_;
};

class FunctionSchema;
using SchemaResolver = std::function<const FunctionSchema*(const Node&)>;
// Registered by jit/ops; an empty function unregisters.
void setSchemaResolver(SchemaResolver resolver);
bool hasSchemaResolver();

class Graph {
 public:
  Graph();
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  Block* block() const { return block_; }
  const std::vector<Value*>& inputs() const { return block_->inputs(); }
  const std::vector<Value*>& outputs() const { return block_->outputs(); }
  NodeRange nodes() const { return block_->nodes(); }
  Node* paramNode() const { return block_->paramNode(); }
  Node* returnNode() const { return block_->returnNode(); }
  Value* addInput(const std::string& name = "") { return block_->addInput(name); }
  Value* insertInput(size_t i, const std::string& name = "") { return block_->insertInput(i, name); }
  void eraseInput(size_t i) { block_->eraseInput(i); }
  size_t registerOutput(Value* v) { return block_->registerOutput(v); }
  void eraseOutput(size_t i) { block_->eraseOutput(i); }

  // ---- creating nodes (not yet inserted) ----
  Node* create(Symbol kind, size_t numOutputs = 1);
  Node* create(Symbol kind, const std::vector<Value*>& inputs, size_t numOutputs = 1);
  // A clone of n with inputs translated by valueMap (blocks cloned too when copyBlocks).
  Node* createClone(const Node* n, const std::function<Value*(Value*)>& valueMap, bool copyBlocks = true);
  // prim::Constant for a literal: int → int, bool → bool (int attribute), double → float,
  // string → str, None → NoneType (no attribute), int/float lists → int[]/float[], other → ival.
  Node* createConstant(const Literal& value);
  Node* createConstant(const TensorConstant& value);

  // ---- insertion point ----
  // New nodes go before `n` (setInsertPoint(Node*)) or at the end of `b`.
  void setInsertPoint(Node* n);
  void setInsertPoint(Block* b) { setInsertPoint(b->returnNode()); }
  Node* insertPoint() const { return insertBefore_; }
  Block* insertBlock() const { return insertBefore_->owningBlock(); }
  Node* insertNode(Node* n);
  // create + insertNode; returns the node.
  Node* insert(Symbol kind, const std::vector<Value*>& inputs, size_t numOutputs = 1);
  Value* insertConstant(const Literal& value, SourceRange range = {});
  Value* insertConstant(const TensorConstant& value, SourceRange range = {});
  // Typed helpers (out of line so that no Literal is built in callers' inline code).
  Value* insertIntConstant(int64_t v, SourceRange range = {});
  Value* insertBoolConstant(bool v, SourceRange range = {});
  Value* insertFloatConstant(double v, SourceRange range = {});
  Value* insertStringConstant(std::string v, SourceRange range = {});
  Value* insertNoneConstant(SourceRange range = {});
  Value* insertIntListConstant(const std::vector<int64_t>& v, SourceRange range = {});
  Value* insertFloatListConstant(const std::vector<double>& v, SourceRange range = {});
  // insertConstant(3), (true), (2.5), ("s"), (std::nullopt), (std::vector<int64_t>{...}) ...
  template <typename T>
  Value* insertConstant(const T& v, SourceRange range = {}) {
    if constexpr (std::is_same_v<T, bool>) return insertBoolConstant(v, std::move(range));
    else if constexpr (std::is_integral_v<T>) return insertIntConstant(static_cast<int64_t>(v), std::move(range));
    else if constexpr (std::is_floating_point_v<T>) return insertFloatConstant(static_cast<double>(v), std::move(range));
    else if constexpr (std::is_same_v<T, std::nullopt_t> || std::is_same_v<T, std::nullptr_t>)
      return insertNoneConstant(std::move(range));
    else if constexpr (std::is_convertible_v<const T&, std::string_view>)
      return insertStringConstant(std::string(std::string_view(v)), std::move(range));
    else if constexpr (std::is_same_v<T, std::vector<int64_t>>) return insertIntListConstant(v, std::move(range));
    else if constexpr (std::is_same_v<T, std::vector<double>>) return insertFloatListConstant(v, std::move(range));
    else static_assert(sizeof(T) == 0, "insertConstant: unsupported constant type");
  }

  // ---- whole-graph operations ----
  std::shared_ptr<Graph> copy() const;  // deep clone (ids and names preserved)
  void lint() const;                    // the verifier: InternalError on a broken invariant
  std::string toString(bool printSourceLocations = true) const;
  size_t numNodes() const { return allNodes_.size(); }
  bool ownsNode(const Node* n) const { return allNodes_.count(n) != 0; }
  bool ownsBlock(const Block* b) const { return allBlocks_.count(b) != 0; }
  // Ensures fresh ids are > id (the parser reserves the numbers it read).
  void reserveValueIds(size_t upTo);
  size_t nextValueId() const { return nextValueId_; }
  Value* findValueByName(const std::string& name) const;

 private:
  friend class Node;
  friend class Block;
  friend class Value;
  Block* newBlock(Node* owningNode);
  Node* newNode(Symbol kind);
  void freeNode(Node* n);
  void freeBlock(Block* b);

  std::unordered_set<const Node*> allNodes_;
  std::unordered_set<const Block*> allBlocks_;
  std::unordered_map<std::string, Value*> uniqueNames_;
  std::unordered_map<std::string, size_t> nameBaseSuffix_;
  size_t nextValueId_ = 0;
  Block* block_ = nullptr;
  Node* insertBefore_ = nullptr;
};

// Sets the graph's insertion point for the guard's lifetime, restoring the previous one after.
class WithInsertPoint {
 public:
  explicit WithInsertPoint(Node* n);
  explicit WithInsertPoint(Block* b) : WithInsertPoint(b->returnNode()) {}
  ~WithInsertPoint();
  WithInsertPoint(const WithInsertPoint&) = delete;
  WithInsertPoint& operator=(const WithInsertPoint&) = delete;

 private:
  Graph* graph_;
  Node* prev_;
};

std::ostream& operator<<(std::ostream& os, const Graph& g);
std::ostream& operator<<(std::ostream& os, const Node& n);

}  // namespace tsjit
