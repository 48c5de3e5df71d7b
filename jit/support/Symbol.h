// Symbol.h — interned qualified names such as `aten::add`, `prim::If`, `attr::value`.
// A Symbol is a 32-bit id into a process-wide, thread-safe, append-only table, so copying and
// comparing are free. Builtin symbols (TSJIT_FORALL_BUILTIN_SYMBOLS) have fixed ids and are
// constexpr, so they can be used in switch statements: `case prim::If:`.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace tsjit {

// clang-format off
#define TSJIT_FORALL_NAMESPACES(_) \
  _(namespaces) _(prim) _(aten) _(attr) _(user)

#define TSJIT_FORALL_BUILTIN_SYMBOLS(_) \
  _(prim, Constant) _(prim, If) _(prim, Loop) _(prim, Param) _(prim, Return)              \
  _(prim, ListConstruct) _(prim, ListUnpack) _(prim, TupleConstruct) _(prim, TupleUnpack)  \
  _(prim, TupleIndex) _(prim, TupleSlice) _(prim, DictConstruct) _(prim, GetAttr)          \
  _(prim, SetAttr) _(prim, CallMethod) _(prim, CallFunction) _(prim, RaiseException)       \
  _(prim, Uninitialized) _(prim, unchecked_cast) _(prim, FusionGroup)                      \
  _(prim, DifferentiableGraph) _(prim, Store) _(prim, Load) _(prim, Enter) _(prim, Exit)   \
  _(prim, isinstance) _(prim, NumToTensor) _(prim, device) _(prim, dtype) _(prim, min)     \
  _(prim, max) _(prim, abs) _(prim, tolist) _(prim, RequiresGradCheck) _(prim, TypeCheck)  \
  _(prim, profile) _(prim, Guard) _(prim, ConstantChunk) _(prim, IfThenElse)               \
  _(prim, Closure) _(prim, AutogradZero) _(prim, BroadcastSizes) _(prim, ReturnStmt)       \
  _(prim, BreakStmt) _(prim, ContinueStmt) _(prim, LoopContinuation) _(prim, CreateObject) \
  _(prim, layout) _(prim, requires_grad) _(prim, is_cuda) _(prim, data) _(prim, Print)    \
  _(prim, EnumName) _(prim, EnumValue) _(prim, StringIndex) _(prim, unchecked_unwrap_optional) \
  _(aten, add) _(aten, sub) _(aten, mul) _(aten, div) _(aten, append) _(aten, format)      \
  _(aten, __getitem__) _(aten, len) _(aten, size) _(aten, warn) _(aten, __is__)            \
  _(aten, __isnot__) _(aten, __not__) _(aten, eq) _(aten, ne) _(aten, lt) _(aten, gt)      \
  _(aten, le) _(aten, ge) _(aten, neg) _(aten, _set_item) _(aten, dim) _(aten, list)       \
  _(attr, value) _(attr, name) _(attr, Subgraph) _(attr, profiled_type) _(attr, types)     \
  _(attr, index)
// clang-format on

namespace detail {
enum class BuiltinSymbolId : uint32_t {
#define TSJIT_NS_ENUM(ns) ns_##ns,
  TSJIT_FORALL_NAMESPACES(TSJIT_NS_ENUM)
#undef TSJIT_NS_ENUM
#define TSJIT_SYM_ENUM(ns, name) ns##_##name,
  TSJIT_FORALL_BUILTIN_SYMBOLS(TSJIT_SYM_ENUM)
#undef TSJIT_SYM_ENUM
  kNumBuiltins
};
}  // namespace detail

class Symbol {
 public:
  constexpr Symbol() : id_(0) {}
  constexpr explicit Symbol(uint32_t id) : id_(id) {}
  constexpr explicit Symbol(detail::BuiltinSymbolId id) : id_(static_cast<uint32_t>(id)) {}

  // "aten::add" -> Symbol. Throws CompileError if the string has no "ns::" prefix.
  static Symbol fromQualString(std::string_view qualName);
  static Symbol fromDomainAndUnqual(std::string_view ns, std::string_view name);
  static Symbol aten(std::string_view name) { return fromDomainAndUnqual("aten", name); }
  static Symbol prim(std::string_view name) { return fromDomainAndUnqual("prim", name); }
  static Symbol attr(std::string_view name) { return fromDomainAndUnqual("attr", name); }

  const std::string& toQualString() const;
  const std::string& toUnqualString() const;
  Symbol ns() const;
  std::string_view nsName() const;

  bool isAten() const;
  bool isPrim() const;
  bool isAttr() const;

  constexpr uint32_t id() const { return id_; }
  constexpr operator uint32_t() const { return id_; }  // NOLINT: allows `switch (kind)`

 private:
  uint32_t id_;
};

inline std::ostream& operator<<(std::ostream& os, Symbol s) { return os << s.toQualString(); }

#define TSJIT_NS_CONST(ns) \
  namespace namespaces { inline constexpr Symbol ns{detail::BuiltinSymbolId::ns_##ns}; }
TSJIT_FORALL_NAMESPACES(TSJIT_NS_CONST)
#undef TSJIT_NS_CONST

#define TSJIT_SYM_CONST(ns, name) \
  namespace ns { inline constexpr Symbol name{detail::BuiltinSymbolId::ns##_##name}; }
TSJIT_FORALL_BUILTIN_SYMBOLS(TSJIT_SYM_CONST)
#undef TSJIT_SYM_CONST

}  // namespace tsjit

template <>
struct std::hash<tsjit::Symbol> {
  size_t operator()(tsjit::Symbol s) const noexcept { return std::hash<uint32_t>()(s.id()); }
};
