// AliasDb.h — which values of a graph may share memory, and which nodes write to it
// (the analysis that keeps rewrites safe under mutation, after PyTorch 1.13's AliasDb).
//
// Model. Every value of a mutable type (Tensor, lists, dicts, tuples or classes holding them,
// Optional of those, Any/type variables) points to a set of abstract memory locations:
//   * a fresh location for each output an op creates (no alias annotation on its return);
//   * the locations of the argument whose alias set the return names (`Tensor(a) self -> Tensor(a)`);
//   * a wildcard location per type class ("*Tensor", "*List[Tensor]", "*" for Any): graph inputs
//     (which may alias each other), values taken out of containers, outputs of unknown ops and
//     anything annotated `(*)`. A fresh location that escapes (`Tensor(a -> *)`, stored into a
//     container, passed to an unknown op) joins its type's wildcard: it may alias every wildcard
//     value of that class.
//   * prim::If outputs point to what either branch returns; prim::Loop carried values to what
//     enters the loop or comes back from the body (iterated to a fixpoint).
//   * Containers record what they contain (the wildcard of the element class), so
//     mayContainAlias sees a tensor inside a list.
// Writes come from schema arguments marked `(a!)` (and batch_norm / instance_norm's running stats
// unless training is the constant False, as in 1.13); ops with no schema that are not structural
// (calls, unknown kinds) write every mutable input and make their inputs escape.
// Values of immutable types (int, float, bool, str, None, Device) have no locations: they never
// alias anything and are never written.
//
// Invariants: the analysis is flow-insensitive and conservative (it may say "may alias" where
// the values never do, never the opposite). It describes the graph as it was when built; a pass
// that rewrites the graph builds a new AliasDb (or only queries nodes/values that still exist and
// whose inputs it did not change). moveBefore/AfterTopologicallyValid update node order only.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace tsjit {

class Graph;
class Node;
class Value;
class Block;
class Type;
class FunctionSchema;

// The alias class of a type: "Tensor", "List[Tensor]", "Any"...; nullopt for immutable types.
std::optional<std::string> aliasTypeClass(const Type& type);

class AliasDb {
 public:
  explicit AliasDb(std::shared_ptr<Graph> graph);
  ~AliasDb();
  AliasDb(const AliasDb&) = delete;
  AliasDb& operator=(const AliasDb&) = delete;

  // ---- aliasing ----
  // Whether a and b may point to the same memory (false when either is immutable).
  bool mayAlias(const Value* a, const Value* b) const;
  bool mayAlias(const std::vector<Value*>& a, const std::vector<Value*>& b) const;
  // Whether the memory of a or anything it (transitively) contains may alias that of b or
  // anything b contains (a tensor inside a list, the list itself...).
  bool mayContainAlias(const Value* a, const Value* b) const;
  bool mayContainAlias(const std::vector<Value*>& a, const std::vector<Value*>& b) const;
  // Whether v may alias (or be contained in / contain) a graph input or a graph output.
  bool mayAliasGraphBoundary(const Value* v) const;
  // Whether v points to a wildcard set (its provenance is unknown).
  bool isWildcard(const Value* v) const;
  // Whether the type of v gets memory locations at all.
  static bool isMutableType(const Value* v);

  // ---- writes ----
  // Whether some node of the graph writes to memory v may alias.
  bool hasWriters(const Value* v) const;
  // Whether some node writes to memory any input or output of n may alias.
  bool hasWriters(const Node* n) const;
  // Whether n (or a node nested in its blocks) writes to memory any of `vs` may alias.
  bool writesToAlias(const Node* n, const std::vector<Value*>& vs) const;
  // Whether n (or a node nested in its blocks) writes to any memory.
  bool isMutable(const Node* n) const;
  // The nodes writing memory v may alias, in graph order.
  std::vector<const Node*> writersOf(const Value* v) const;

  // ---- reordering ----
  // Moves n (and nothing else) to just before / after `target`, in the same block, when no data
  // dependence, write/read or write/write conflict on aliasing memory, or pair of side-effecting
  // nodes lies in the way; returns false (and leaves the graph alone) otherwise.
  bool moveBeforeTopologicallyValid(Node* n, Node* target);
  bool moveAfterTopologicallyValid(Node* n, Node* target);
  // Whether n could be moved next to target (without moving it).
  bool couldMoveBeforeTopologically(const Node* n, const Node* target) const;
  bool couldMoveAfterTopologically(const Node* n, const Node* target) const;

  // ---- dump ----
  // The alias sets and writers in a stable text form (`tsjit opt --dump-alias`): one line per
  // mutable value with its locations, the wildcard classes with the locations that joined them,
  // what containers hold, and the writers of each location.
  void dump(std::ostream& os) const;
  std::string toString() const;

 private:
  struct Location {
    std::string name;                 // "m3", "*Tensor"
    std::optional<std::string> wildcardOf;  // the type class when this is a wildcard location
    std::string typeClass;            // the class of the values it holds
    bool escaped = false;             // a fresh location that joined its wildcard
    std::set<int> contained;          // locations of the elements it holds
  };
  using LocSet = std::set<int>;

  void analyzeBlock(const Block* b);
  void analyzeNode(const Node* n);
  void analyzeSchemaNode(const Node* n, const FunctionSchema& schema);
  void analyzeConservative(const Node* n);
  void analyzeRunningStats(const Node* n);
  void analyzeIf(const Node* n);
  void analyzeLoop(const Node* n);
  void analyzeContainerConstruct(const Node* n);
  int freshLocation(const Value* v);
  int wildcardLocation(const std::string& typeClass);
  void pointToWildcard(const Value* v);
  void addPointsTo(const Value* v, const LocSet& locs);
  void makeEscape(const Value* v);
  void recordWrite(const Node* n, const Value* v, bool withContents);
  void finish();

  LocSet pointsTo(const Value* v) const;
  // The locations v may touch, widened by wildcard classes (escaped locations and wildcards).
  LocSet widen(const LocSet& locs) const;
  LocSet withContents(const LocSet& locs) const;
  bool overlap(const LocSet& a, const LocSet& b) const;
  LocSet nodeWrites(const Node* n) const;  // widened, nested blocks included
  LocSet nodeReads(const Node* n) const;   // widened, nested blocks included
  bool dependsOn(const Node* later, const Node* earlier) const;
  bool canSwap(const Node* a, const Node* b) const;

  std::shared_ptr<Graph> graph_;
  std::vector<Location> locations_;
  std::unordered_map<const Value*, LocSet> pointsTo_;
  std::unordered_map<const Value*, int> freshOf_;
  std::map<std::string, int> wildcards_;
  std::unordered_map<const Node*, LocSet> writes_;  // direct writes of each node
  struct WriteRecord {
    const Node* node;
    const Value* value;
    bool withContents;  // unknown ops may write what a container holds too
  };
  std::vector<WriteRecord> writeLog_;       // resolved to locations by finish()
  std::vector<const Value*> escapeLog_;     // values whose locations join their wildcard
  LocSet allWrites_;                        // widened
  bool changed_ = false;  // the loop fixpoint
};

// Ops whose effect is more than their outputs (raise, print, warn, attribute stores, calls...).
bool hasSideEffects(const Node* n);
// Ops whose result varies between runs on the same inputs (rand*, dropout, ...).
bool isNondeterministic(const Node* n);

}  // namespace tsjit
