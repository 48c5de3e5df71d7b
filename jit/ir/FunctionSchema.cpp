// FunctionSchema.cpp — printing of schemas, arguments, declared types, alias annotations and default
// values in PyTorch 1.13's canonical spelling (see FunctionSchema.h), and the small queries.
#include "jit/ir/FunctionSchema.h"

#include "jit/ir/Attributes.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace tsjit {

// ---- AliasInfo ---------------------------------------------------------------------------------

static bool hasWildcard(const std::vector<std::string>& sets) {
  for (const auto& s : sets)
    if (s == "*") return true;
  return false;
}

bool AliasInfo::isWildcardBefore() const { return hasWildcard(beforeSets); }
bool AliasInfo::isWildcardAfter() const { return hasWildcard(afterSets); }

static void joinSets(std::ostringstream& os, const std::vector<std::string>& sets) {
  for (size_t i = 0; i < sets.size(); ++i) os << (i ? "|" : "") << sets[i];
}

std::string AliasInfo::str() const {
  std::ostringstream os;
  os << "(";
  joinSets(os, beforeSets);
  if (isWrite) os << "!";
  if (afterSets != beforeSets) {
    os << " -> ";
    joinSets(os, afterSets);
  }
  os << ")";
  return os.str();
}

// ---- DeclaredType ------------------------------------------------------------------------------

std::string DeclaredType::str() const {
  std::string out;
  switch (form) {
    case Form::Name:
      out = name;
      break;
    case Form::List:
      out = elems.at(0).str() + "[" + (fixedSize ? std::to_string(*fixedSize) : "") + "]";
      break;
    case Form::Optional:
      out = elems.at(0).str() + "?";
      break;
    case Form::Tuple:
      out = "(";
      for (size_t i = 0; i < elems.size(); ++i) out += (i ? ", " : "") + elems[i].str();
      out += ")";
      break;
    case Form::Dict:
      out = "Dict(" + elems.at(0).str() + ", " + elems.at(1).str() + ")";
      break;
    case Form::Future:
      out = "Future(" + elems.at(0).str() + ")";
      break;
  }
  if (alias) out += alias->str();
  return out;
}

const DeclaredType& DeclaredType::unwrapOptional() const {
  return form == Form::Optional ? elems.at(0) : *this;
}

// ---- default values ----------------------------------------------------------------------------

namespace {
template <typename T, typename F>
std::string listStr(const std::vector<T>& v, F f) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + f(v[i]);
  return out + "]";
}
std::string boolStr(bool b) { return b ? "True" : "False"; }
}  // namespace

std::string defaultValueStr(const DefaultValue& v, bool collapseUniformIntList) {
  struct Printer {
    bool collapse;
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool b) const { return boolStr(b); }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return formatIrDouble(d); }
    std::string operator()(const std::string& s) const { return quoteIrString(s); }
    std::string operator()(const std::vector<int64_t>& l) const {
      if (collapse && l.size() > 1) {
        bool uniform = true;
        for (auto x : l) uniform = uniform && x == l[0];
        if (uniform) return std::to_string(l[0]);
      }
      return listStr(l, [](int64_t x) { return std::to_string(x); });
    }
    std::string operator()(const std::vector<double>& l) const { return listStr(l, formatIrDouble); }
    std::string operator()(const std::vector<bool>& l) const {
      std::string out = "[";
      for (size_t i = 0; i < l.size(); ++i) out += (i ? ", " : "") + boolStr(l[i]);
      return out + "]";
    }
    std::string operator()(const std::vector<std::string>& l) const { return listStr(l, quoteIrString); }
    std::string operator()(const EnumDefault& e) const { return e.name; }
  };
  return std::visit(Printer{collapseUniformIntList}, v);
}

// ---- Argument ----------------------------------------------------------------------------------

const AliasInfo* Argument::aliasInfo() const {
  if (declared.alias) return &*declared.alias;
  if (declared.form == DeclaredType::Form::Optional && declared.elems.at(0).alias) return &*declared.elems[0].alias;
  return nullptr;
}

std::string Argument::str() const {
  std::string out = declared.str();
  if (!name.empty()) out += " " + name;
  if (defaultValue) {
    const DeclaredType& base = declared.unwrapOptional();
    bool collapse = base.form == DeclaredType::Form::List && base.type && base.type->isa<ListType>() &&
                    base.type->expect<ListType>().elementType()->isa<IntType>();
    out += "=" + defaultValueStr(*defaultValue, collapse);
  }
  return out;
}

std::ostream& operator<<(std::ostream& os, const Argument& a) { return os << a.str(); }

// ---- FunctionSchema ----------------------------------------------------------------------------

FunctionSchema::FunctionSchema(std::string name, std::string overloadName, std::vector<Argument> arguments,
                               std::vector<Argument> returns, bool isVararg, bool isVarret)
    : name_(std::move(name)),
      overloadName_(std::move(overloadName)),
      arguments_(std::move(arguments)),
      returns_(std::move(returns)),
      isVararg_(isVararg),
      isVarret_(isVarret) {}

std::string FunctionSchema::qualifiedOverloadName() const {
  return overloadName_.empty() ? name_ : name_ + "." + overloadName_;
}

std::optional<size_t> FunctionSchema::argumentIndex(std::string_view argName) const {
  for (size_t i = 0; i < arguments_.size(); ++i)
    if (arguments_[i].name == argName) return i;
  return std::nullopt;
}

size_t FunctionSchema::positionalCount() const {
  size_t n = 0;
  for (const auto& a : arguments_) n += a.kwargOnly ? 0 : 1;
  return n;
}

bool FunctionSchema::isMutable() const {
  for (const auto& a : arguments_)
    if (a.isWrite()) return true;
  return false;
}

std::string FunctionSchema::str() const {
  std::ostringstream os;
  os << qualifiedOverloadName() << "(";
  bool sawKwargOnly = false;
  for (size_t i = 0; i < arguments_.size(); ++i) {
    if (i) os << ", ";
    if (arguments_[i].kwargOnly && !sawKwargOnly) {
      os << "*, ";
      sawKwargOnly = true;
    }
    os << arguments_[i].str();
  }
  if (isVararg_) os << (arguments_.empty() ? "..." : ", ...");
  os << ") -> ";
  // A single return (without `...`) is printed bare unless its spelling starts with '(' (a tuple
  // type), which would read back as a return list; no returns with `...` prints a bare `...`.
  if (returns_.size() == 1 && !isVarret_) {
    std::string r = returns_[0].str();
    if (!r.empty() && r.front() == '(') return os.str() + "(" + r + ")";
    return os.str() + r;
  }
  if (returns_.empty() && isVarret_) return os.str() + "...";
  os << "(";
  for (size_t i = 0; i < returns_.size(); ++i) os << (i ? ", " : "") << returns_[i].str();
  if (isVarret_) os << (returns_.empty() ? "..." : ", ...");
  os << ")";
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const FunctionSchema& s) { return os << s.str(); }

}  // namespace tsjit
