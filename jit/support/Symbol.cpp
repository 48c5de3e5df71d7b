// Symbol.cpp — the process-wide interning table. Entries are never removed, so references to
// the stored strings stay valid for the life of the process.
#include "jit/support/Symbol.h"

#include <deque>
#include <mutex>
#include <unordered_map>

#include "jit/support/Error.h"

namespace tsjit {
namespace {

struct Entry {
  std::string qual;
  std::string unqual;
  uint32_t ns;
};

class SymbolTable {
 public:
  SymbolTable() {
#define TSJIT_NS_ADD(ns) addLocked("namespaces", #ns);
    TSJIT_FORALL_NAMESPACES(TSJIT_NS_ADD)
#undef TSJIT_NS_ADD
#define TSJIT_SYM_ADD(ns, name) addLocked(#ns, #name);
    TSJIT_FORALL_BUILTIN_SYMBOLS(TSJIT_SYM_ADD)
#undef TSJIT_SYM_ADD
  }

  uint32_t intern(std::string_view ns, std::string_view name) {
    std::lock_guard<std::mutex> guard(mutex_);
    return addLocked(ns, name);
  }

  const Entry& get(uint32_t id) {
    std::lock_guard<std::mutex> guard(mutex_);
    TSJIT_CHECK(id < entries_.size(), "unknown symbol id ", id);
    return entries_[id];
  }

 private:
  uint32_t addLocked(std::string_view ns, std::string_view name) {
    std::string qual = std::string(ns) + "::" + std::string(name);
    auto it = byName_.find(qual);
    if (it != byName_.end()) return it->second;
    uint32_t nsId = 0;
    if (ns != "namespaces") {
      std::string nsQual = "namespaces::" + std::string(ns);
      auto nsIt = byName_.find(nsQual);
      if (nsIt == byName_.end()) {
        nsId = static_cast<uint32_t>(entries_.size());
        entries_.push_back({nsQual, std::string(ns), 0});
        byName_.emplace(nsQual, nsId);
      } else {
        nsId = nsIt->second;
      }
    }
    uint32_t id = static_cast<uint32_t>(entries_.size());
    entries_.push_back({qual, std::string(name), nsId});
    byName_.emplace(std::move(qual), id);
    return id;
  }

  std::mutex mutex_;
  std::deque<Entry> entries_;  // deque: stable addresses on growth
  std::unordered_map<std::string, uint32_t> byName_;
};

SymbolTable& table() {
  static SymbolTable instance;
  return instance;
}

}  // namespace

Symbol Symbol::fromQualString(std::string_view qualName) {
  size_t pos = qualName.find("::");
  if (pos == std::string_view::npos || pos == 0 || pos + 2 >= qualName.size())
    throw CompileError("'" + std::string(qualName) + "' is not a qualified symbol (expected ns::name)");
  return fromDomainAndUnqual(qualName.substr(0, pos), qualName.substr(pos + 2));
}

Symbol Symbol::fromDomainAndUnqual(std::string_view ns, std::string_view name) {
  return Symbol(table().intern(ns, name));
}

const std::string& Symbol::toQualString() const { return table().get(id_).qual; }
const std::string& Symbol::toUnqualString() const { return table().get(id_).unqual; }
Symbol Symbol::ns() const { return Symbol(table().get(id_).ns); }
std::string_view Symbol::nsName() const { return ns().toUnqualString(); }
bool Symbol::isAten() const { return ns() == namespaces::aten; }
bool Symbol::isPrim() const { return ns() == namespaces::prim; }
bool Symbol::isAttr() const { return ns() == namespaces::attr; }

}  // namespace tsjit
