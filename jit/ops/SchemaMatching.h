// SchemaMatching.h — overload resolution: which schema of a node kind accepts the node's inputs.
//
// Graph nodes pass every argument positionally (keyword-only ones too; PyTorch materialises
// defaults when it emits a graph), so a schema matches when it has exactly as many arguments as
// there are inputs (or fewer plus `...`) and each input's type is accepted by its argument:
//   * type variables bind consistently across arguments (t[] with int[] binds t = int; a second
//     use must unify with the binding); Any accepts everything;
//   * Scalar accepts int, float and complex (not bool, as in TorchScript);
//   * T? accepts None, T? and T; fixed-size int lists (int[2]) also accept a single int;
//   * ScalarType / Layout / MemoryFormat / QScheme are ints;
//   * list, dict and future element types are invariant (no Scalar or Optional widening inside).
// Each match has a cost: 0 when every input has exactly the declared type, plus 1 per widening
// (int -> Scalar, T -> T?, binding a type variable, int -> int[N]) and 2 per Any. The best overload
// is the unique match of least cost, which is how TorchScript picks aten::add.int for (int, int),
// aten::add.Tensor for (Tensor, Tensor, int) and aten::add.t for (int[], int[]).
// When several matches tie, the node's output types decide between overloads that differ only in
// their returns (aten::pow.int -> float vs aten::pow.int_to_int -> int); duplicate registrations
// with identical signatures (aten::mT, aten::mT.a) resolve to the first declared. Any other tie is
// reported in Resolution::tied (the first declared is still returned as best).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/FunctionSchema.h"
#include "jit/ops/OpTable.h"

namespace tsjit {
class Node;
}

namespace tsjit::ops {

// Type-variable bindings made while matching (name -> type).
using TypeBindings = std::map<std::string, TypePtr>;

// The cost of matching `schema` against positional `inputs`, or nullopt (then `whyNot` says why).
std::optional<int> matchSchema(const FunctionSchema& schema, const std::vector<TypePtr>& inputs,
                               TypeBindings* bindings = nullptr, std::string* whyNot = nullptr);

// `t` with bound type variables replaced (unbound ones stay).
TypePtr substituteTypeVars(const TypePtr& t, const TypeBindings& bindings);

struct Resolution {
  const OpOverload* best = nullptr;            // null when nothing matches
  int cost = 0;                                // best's cost
  std::vector<const OpOverload*> tied;         // other matches with best's cost and another signature
  std::vector<const OpOverload*> candidates;   // every match, in table order
  TypeBindings bindings;                       // best's bindings
  std::string whyNot;                          // when nothing matches: one line per overload
  bool ambiguous() const { return !tied.empty(); }
};

// `outputs`, when given (a node's output types), must be as many as the schema's returns (unless
// it has `...`), and breaks ties between overloads that differ only in their return types.
Resolution resolve(Symbol kind, const std::vector<TypePtr>& inputs, const std::vector<TypePtr>* outputs = nullptr);
Resolution resolve(const Node& node);

// The best overload (nullptr when none matches or the kind has no schemas).
const OpOverload* resolveOverload(Symbol kind, const std::vector<TypePtr>& inputs);
const OpOverload* resolveOverload(const Node& node);
// The resolver registered for Node::schema() by ops::initialize().
const FunctionSchema* resolveSchema(const Node& node);

}  // namespace tsjit::ops
