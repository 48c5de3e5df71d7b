// Shard.cpp — parsing "I/N" (see Shard.h).
#include "fuzz/lib/Shard.h"

#include <cctype>

#include "jit/support/Error.h"

namespace tsjit::fuzz {

Shard parseShard(const std::string& text, const std::string& what) {
  auto slash = text.find('/');
  auto digits = [](const std::string& s) {
    if (s.empty() || s.size() > 9) return false;
    for (char c : s)
      if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
  };
  std::string a = slash == std::string::npos ? "" : text.substr(0, slash);
  std::string b = slash == std::string::npos ? "" : text.substr(slash + 1);
  if (!digits(a) || !digits(b))
    throw CompileError(what + ": expected I/N (shard I of N, 0 <= I < N), got '" + text + "'");
  Shard s{std::stoull(a), std::stoull(b)};
  if (s.count == 0 || s.index >= s.count)
    throw CompileError(what + ": shard " + text + " is out of range (need 0 <= I < N)");
  return s;
}

}  // namespace tsjit::fuzz
