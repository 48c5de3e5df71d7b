// FunctionSchema.h — operator and function signatures as PyTorch 1.13 writes them:
//
//   aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//   aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
//   aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)
//   aten::format(str self, ...) -> str
//
// Pieces:
//   AliasInfo     one alias annotation `(a)`, `(a!)`, `(a -> *)`, `(*)`, `(b|a)`.
//   DeclaredType  the type exactly as the schema spells it (ScalarType, SymInt, int[2], Tensor(a)[],
//                 t[](a!), Dict(str, t)(a!)), a tree with the alias annotation of each level, plus the
//                 TypePtr it means at run time (ScalarType/Layout/MemoryFormat/QScheme/SymInt -> int,
//                 Scalar -> NumberType, Dimname -> str, lower-case unknown names -> VarType).
//   DefaultValue  the default of an argument: None, bool, int, float, str, int/float/bool/str lists, or
//                 an enum identifier (contiguous_format, strided, long...) with its integer value.
//   Argument      name, declared type, optional default, kwarg-only flag. Returns are Arguments too
//                 (possibly unnamed, never with defaults).
//   FunctionSchema name ("aten::add"), overload name ("Tensor" or ""), arguments, returns, and the
//                 vararg (`...` among arguments) / varret (`...` among returns) flags.
//
// Invariants: schemas are immutable values; str() prints PyTorch's canonical spelling, so for every
// schema string PyTorch prints, str(parseSchema(s)) == s (jit/ir/SchemaParser.h). A fixed-size int
// list default written as a scalar (`int[2] stride=1`) is stored expanded ([1, 1]) and printed back
// as the scalar, as PyTorch does.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "jit/ir/Type.h"

namespace tsjit {

// One alias annotation. Sets are alias-set names as written ("a", "b"); "*" is the wildcard set.
// Without `->`, afterSets == beforeSets.
struct AliasInfo {
  std::vector<std::string> beforeSets;
  std::vector<std::string> afterSets;
  bool isWrite = false;

  bool isWildcardBefore() const;
  bool isWildcardAfter() const;
  // "(a!)", "(a -> *)", "(b|a)"
  std::string str() const;
  bool operator==(const AliasInfo&) const = default;
};

// A schema type as declared. `form` says which fields are meaningful.
struct DeclaredType {
  enum class Form : uint8_t {
    Name,      // name: "Tensor", "ScalarType", "t", "__torch__.Foo"
    List,      // elems[0] is the element type; fixedSize for int[2]
    Optional,  // elems[0]
    Tuple,     // elems (any number)
    Dict,      // elems[0] key, elems[1] value
    Future,    // elems[0]
  };
  Form form = Form::Name;
  std::string name;
  std::vector<DeclaredType> elems;
  std::optional<int64_t> fixedSize;
  std::optional<AliasInfo> alias;  // annotation written right after this level
  TypePtr type;                    // what it means at run time

  // The schema spelling, with alias annotations: "Tensor(a)[]", "t[](a!)", "int[2]", "Tensor(a!)?"
  std::string str() const;
  // This level with Optional removed (the element of `T?`), else itself.
  const DeclaredType& unwrapOptional() const;
};

// None or a constant. The variant's monostate is None.
struct EnumDefault {
  std::string name;  // as written: contiguous_format, strided, long, Mean
  int64_t value;     // its integer value in TorchScript
  bool operator==(const EnumDefault&) const = default;
};
using DefaultValue = std::variant<std::monostate, bool, int64_t, double, std::string, std::vector<int64_t>,
                                  std::vector<double>, std::vector<bool>, std::vector<std::string>, EnumDefault>;

// PyTorch's spelling of a default: None, True, 1, 1., 1.0000000000000001e-05, "mean", [0, 1].
// `collapseUniformIntList`: print [1, 1] as 1 (fixed-size int lists).
std::string defaultValueStr(const DefaultValue& v, bool collapseUniformIntList = false);
// Doubles and strings are spelled by formatIrDouble / quoteIrString (Attributes.h), as in IR text.

struct Argument {
  std::string name;  // empty for unnamed returns
  DeclaredType declared;
  std::optional<DefaultValue> defaultValue;
  bool kwargOnly = false;

  const TypePtr& type() const { return declared.type; }
  // The N of a fixed-size list argument (int[2] or int[2]?).
  std::optional<int64_t> N() const { return declared.unwrapOptional().fixedSize; }
  // The annotation on the value itself (Tensor(a!), Tensor(a!)?, t[](a!)), not on list elements.
  const AliasInfo* aliasInfo() const;
  bool isWrite() const { return aliasInfo() && aliasInfo()->isWrite; }
  // "Tensor(a!) self", "int[2] stride=1", "Tensor values"
  std::string str() const;
};

class FunctionSchema {
 public:
  FunctionSchema() = default;
  FunctionSchema(std::string name, std::string overloadName, std::vector<Argument> arguments,
                 std::vector<Argument> returns, bool isVararg = false, bool isVarret = false);

  const std::string& name() const { return name_; }                   // "aten::add"
  const std::string& overloadName() const { return overloadName_; }   // "Tensor", or ""
  std::string qualifiedOverloadName() const;                          // "aten::add.Tensor"
  const std::vector<Argument>& arguments() const { return arguments_; }
  const std::vector<Argument>& returns() const { return returns_; }
  bool isVararg() const { return isVararg_; }
  bool isVarret() const { return isVarret_; }

  std::optional<size_t> argumentIndex(std::string_view argName) const;
  // Number of positional (not kwarg-only) arguments.
  size_t positionalCount() const;
  // True if any argument is written (`Tensor(a!)`, `t[](a!)`).
  bool isMutable() const;
  bool isMutable(size_t argIndex) const { return arguments_.at(argIndex).isWrite(); }

  // PyTorch's canonical spelling (see the header comment).
  std::string str() const;

 private:
  std::string name_;
  std::string overloadName_;
  std::vector<Argument> arguments_;
  std::vector<Argument> returns_;
  bool isVararg_ = false;
  bool isVarret_ = false;
};

std::ostream& operator<<(std::ostream& os, const FunctionSchema& s);
std::ostream& operator<<(std::ostream& os, const Argument& a);

}  // namespace tsjit
