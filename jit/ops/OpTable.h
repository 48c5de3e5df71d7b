// OpTable.h — THE op table: every node kind tsjit knows, declared once (architecture section 4).
//
// An op (OpInfo) is a node kind such as aten::add. It has a category, a tolerance class and its
// overloads (OpOverload), one per PyTorch 1.13 schema string of that kind (aten::add.Tensor,
// aten::add.int, ...). Kinds without a schema (prim::If, prim::Loop, prim::Constant,
// prim::ListConstruct...) are declared "special": no overloads, handled structurally.
// The declarations live in jit/ops/decl/<Family>.cpp, one `b.op(...)` per kind.
//
// Extension slots. Later layers attach their pieces to an overload (or to an op) WITHOUT touching
// jit/ops: each layer defines its own slot type, a copyable struct with a name, e.g.
//
//   // reference/Kernels.h                       // jit/autodiff/Formulas.cpp
//   struct ReferenceKernel {                      struct GradientFormula {
//     static constexpr const char* kSlotName =      static constexpr const char* kSlotName = "gradient";
//         "reference";                              std::string torchScriptSource;
//     std::function<void(Stack&)> run;            };
//   };
//
//   ops::overload("aten::add.Tensor").set(ReferenceKernel{...});    // in that layer's initialize()
//   if (auto* k = ops::overload("aten::add.Tensor").get<ReferenceKernel>()) k->run(stack);
//
// Slots are keyed by C++ type, so a layer reads only what it (or a layer it depends on) defined,
// and jit/ops never depends on IValue/Stack. Conventional slot names, used by coverage reports
// (`slotNames()`): "reference", "kernel", "gradient", "fuser", "shape".
//
// Invariants and threading: the table is built once by ops::initialize() (idempotent, thread-safe,
// also registers the Node::schema() resolver); afterwards ops and overloads never move or change,
// so references stay valid for the process lifetime. Every lookup calls initialize() first.
// Slots are set once (setting a filled slot is an InternalError: one owner per piece) and are
// safe to read concurrently with other slots being set.
#pragma once

#include <any>
#include <concepts>
#include <memory>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <typeindex>
#include <unordered_map>
#include <vector>

#include "jit/ir/FunctionSchema.h"
#include "jit/support/Error.h"
#include "jit/support/Symbol.h"

namespace tsjit::ops {

enum class OpCategory {
  ElementwiseUnary,
  ElementwiseBinary,
  ElementwiseTernary,  // where, lerp, addcmul, clamp with tensor bounds...
  Comparison,
  Reduction,
  View,           // results alias the input: view, select, slice, transpose...
  ShapeIndexing,  // new tensors rearranging/indexing elements: cat, gather, index, flip...
  TensorInfo,     // metadata queries: size, dim, dtype, is_contiguous...
  Linalg,
  NN,
  Factory,
  Conversion,  // dtype/device conversions and copies: to, clone, Int, item...
  Inplace,     // in-place variants (trailing underscore): add_, relu_, index_put_...
  ScalarMath,  // int/float/bool arithmetic and math.* on scalars
  Container,   // list and dict operations
  String,
  Prim,         // prim:: ops with schemas and special structural kinds
  ControlFlow,  // prim::If, prim::Loop, prim::RaiseException...
};
const char* toString(OpCategory c);

// How closely an implementation must agree with the reference (which computes in double).
struct Tolerance {
  enum class Kind { Exact, Ulp, Operands, ReductionBound };
  Kind kind = Kind::Exact;
  // Ulp: the allowed distance in units in the last place of the result's dtype.
  // Operands: |got - ref| <= k * eps(dtype) * max(|got|, |ref|, M), M the magnitude of the op's
  //   operands (conformance/lib/Compare.h): for ops whose float algorithm cancels (lerp, addcmul).
  // ReductionBound: |got - ref| <= factor * n * eps(dtype) * sum|x_i| over the n reduced terms.
  double bound = 0;

  static Tolerance exact() { return {Kind::Exact, 0}; }
  static Tolerance ulp(int n) { return {Kind::Ulp, static_cast<double>(n)}; }
  static Tolerance operands(int k) { return {Kind::Operands, static_cast<double>(k)}; }
  static Tolerance reduction(double factor = 1) { return {Kind::ReductionBound, factor}; }
  std::string str() const;  // "exact", "ulp(4)", "operands(4)", "reduction(1)"
  bool operator==(const Tolerance&) const = default;
};

// A slot type: a copyable struct naming itself with kSlotName.
template <typename T>
concept SlotType = std::copy_constructible<T> && requires {
  { T::kSlotName } -> std::convertible_to<const char*>;
};

// Type-keyed extension slots (see the header comment). Internally synchronized.
class SlotMap {
 public:
  // Fills the slot of type T. InternalError if it is already filled.
  template <SlotType T>
  void set(T value, std::string_view owner) {
    setErased(std::type_index(typeid(T)), T::kSlotName, std::any(std::move(value)), owner);
  }
  // The slot of type T, or nullptr when no layer filled it. The pointer stays valid.
  template <SlotType T>
  const T* get() const {
    const std::any* a = getErased(std::type_index(typeid(T)));
    return a ? std::any_cast<T>(a) : nullptr;
  }
  std::vector<std::string> names() const;  // kSlotName of every filled slot, sorted

 private:
  struct Entry {
    const char* name;
    std::any value;
  };
  void setErased(std::type_index key, const char* name, std::any value, std::string_view owner);
  const std::any* getErased(std::type_index key) const;

  mutable std::shared_mutex mutex_;
  std::unordered_map<std::type_index, Entry> slots_;
};

class OpInfo;

// One schema of an op. Owned by its OpInfo.
class OpOverload {
 public:
  OpOverload(const OpInfo* op, FunctionSchema schema, std::string schemaText);
  OpOverload(const OpOverload&) = delete;
  OpOverload& operator=(const OpOverload&) = delete;

  const OpInfo& op() const { return *op_; }
  const FunctionSchema& schema() const { return schema_; }
  const std::string& schemaText() const { return schemaText_; }  // as declared
  const std::string& overloadName() const { return schema_.overloadName(); }
  std::string qualifiedName() const { return schema_.qualifiedOverloadName(); }  // "aten::add.Tensor"
  // The op's category, except that an overload of a tensor op with no Tensor among its arguments
  // and returns is classified by its types (aten::add.int is ScalarMath, aten::add.t Container).
  OpCategory category() const { return category_; }
  Tolerance tolerance() const;
  // `.out` variants: a keyword-only argument that is written (Tensor(a!) out).
  bool isOutVariant() const;

  template <SlotType T>
  void set(T value) const {
    slots_.set(std::move(value), qualifiedName());
  }
  template <SlotType T>
  const T* get() const {
    return slots_.get<T>();
  }
  template <SlotType T>
  bool has() const {
    return get<T>() != nullptr;
  }
  std::vector<std::string> slotNames() const { return slots_.names(); }

 private:
  friend class OpTableBuilder;
  const OpInfo* op_;
  FunctionSchema schema_;
  std::string schemaText_;
  OpCategory category_;
  mutable SlotMap slots_;
};

class OpInfo {
 public:
  OpInfo(Symbol kind, OpCategory category, Tolerance tolerance, std::string family);
  OpInfo(const OpInfo&) = delete;
  OpInfo& operator=(const OpInfo&) = delete;

  Symbol kind() const { return kind_; }
  const std::string& name() const { return kind_.toQualString(); }
  OpCategory category() const { return category_; }
  Tolerance tolerance() const { return tolerance_; }
  // The declaration file: "Elementwise", "Reductions", ... (for reports).
  const std::string& family() const { return family_; }
  // No schema: structural kinds (prim::If, prim::Constant...) with variadic inputs/outputs.
  bool isSpecial() const { return overloads_.empty(); }
  const std::vector<std::unique_ptr<OpOverload>>& overloads() const { return overloads_; }
  // By overload name ("Tensor"; "" is the unnamed overload). nullptr if absent.
  const OpOverload* findOverload(std::string_view overloadName) const;
  // aten::add for aten::add_ (in-place variants whose functional op is declared), else null.
  const OpInfo* functionalVariant() const { return functional_; }

  template <SlotType T>
  void set(T value) const {
    slots_.set(std::move(value), name());
  }
  template <SlotType T>
  const T* get() const {
    return slots_.get<T>();
  }
  std::vector<std::string> slotNames() const { return slots_.names(); }

 private:
  friend class OpTableBuilder;
  Symbol kind_;
  OpCategory category_;
  Tolerance tolerance_;
  std::string family_;
  std::vector<std::unique_ptr<OpOverload>> overloads_;
  const OpInfo* functional_ = nullptr;
  mutable SlotMap slots_;
};

// Builds the table; idempotent and thread-safe. Registers the Node::schema() resolver.
void initialize();

// ---- lookup (each calls initialize()) ----
const OpInfo* findOp(Symbol kind);
const OpInfo* findOp(std::string_view qualifiedName);  // "aten::add"
// "aten::add.Tensor", or "aten::relu" for the unnamed overload. nullptr if absent.
const OpOverload* findOverload(std::string_view qualifiedOverloadName);
// As findOp / findOverload, but an unknown name is an InternalError (for registration code).
const OpInfo& op(std::string_view qualifiedName);
const OpOverload& overload(std::string_view qualifiedOverloadName);
// Every op in declaration order (families in the order of jit/ops/decl/Declarations.h).
const std::vector<const OpInfo*>& allOps();
size_t overloadCount();

}  // namespace tsjit::ops
