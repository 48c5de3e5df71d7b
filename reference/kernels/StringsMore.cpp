// StringsMore.cpp — reference kernels of the less common str methods and int-to-text builtins
// (part 2 of the reference Strings family): rfind / rindex, zfill, title, capitalize, swapcase,
// center / ljust / rjust, the is*() predicates, partition / rpartition, rsplit, ord / chr / hex /
// oct / bin; endswith is part 1 (Strings.cpp).
//
// Stated from python3-torch 1.13.1's behaviour on byte strings: the [start, end) window of find;
// zfill prepends zeros whatever the sign; center splits an odd margin as Python does (the extra
// character on the left when the width is odd); predicates are false on "" except isprintable;
// rsplit splits on the given separator (default " ") from the right; chr(i) is one byte (i mod
// 256) for i in [0, 0x110000); ord takes one byte; hex / oct / bin print a sign and a prefix.
#include <algorithm>
#include <cctype>
#include <functional>
#include <string>
#include <vector>

#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {
namespace {

IValue stringList(const std::vector<std::string>& parts) {
  std::vector<IValue> items;
  for (const auto& p : parts) items.emplace_back(p);
  return makeList(StringType::get(), std::move(items));
}

// [begin, end) of s that find(sub, start, end) searches.
std::pair<int64_t, int64_t> searchRange(const std::string& s, int64_t start, int64_t end) {
  const int64_t n = static_cast<int64_t>(s.size());
  int64_t b = start < 0 ? std::max<int64_t>(0, start + n) : std::min(start, n);
  int64_t e = end < 0 ? std::max<int64_t>(0, end + n + 1) : std::min(end, n);
  return {b, std::max(b, e)};
}

int64_t lastIndexOf(const std::string& s, const std::string& sub, int64_t start, int64_t end) {
  auto [b, e] = searchRange(s, start, end);
  const int64_t m = static_cast<int64_t>(sub.size());
  for (int64_t i = e - m; i >= b; --i)
    if (s.compare(static_cast<size_t>(i), static_cast<size_t>(m), sub) == 0) return i;
  return -1;
}

bool allChars(const std::string& s, const std::function<bool(unsigned char)>& p) {
  if (s.empty()) return false;
  for (unsigned char c : s)
    if (!p(c)) return false;
  return true;
}

std::string withSign(int64_t v, int base, const std::string& prefix) {
  if (v == 0) return prefix + "0";
  std::string out;
  uint64_t m = v < 0 ? static_cast<uint64_t>(-(v + 1)) + 1 : static_cast<uint64_t>(v);
  while (m > 0) {
    const int d = static_cast<int>(m % static_cast<uint64_t>(base));
    out.insert(out.begin(), static_cast<char>(d < 10 ? '0' + d : 'a' + d - 10));
    m /= static_cast<uint64_t>(base);
  }
  return (v < 0 ? "-" : "") + prefix + out;
}

std::vector<IValue> text(std::string s) { return ret(IValue(std::move(s))); }

}  // namespace

void registerStringsMoreKernels() {
  defIfOwned("aten::rfind", [](Args& a) {
    return ret(IValue(lastIndexOf(a[0].toStringRef(), a[1].toStringRef(), a[2].toInt(), a[3].toInt())));
  });
  defIfOwned("aten::rindex", [](Args& a) {
    const int64_t i = lastIndexOf(a[0].toStringRef(), a[1].toStringRef(), a[2].toInt(), a[3].toInt());
    if (i < 0) throw RuntimeError("ValueError: substring not found");
    return ret(IValue(i));
  });
  defIfOwned("aten::zfill", [](Args& a) {
    std::string s = a[0].toStringRef();
    while (static_cast<int64_t>(s.size()) < a[1].toInt()) s.insert(s.begin(), '0');
    return text(s);
  });
  defIfOwned("aten::title", [](Args& a) {
    std::string s = a[0].toStringRef();
    for (size_t i = 0; i < s.size(); ++i) {
      const bool afterLetter = i > 0 && std::isalpha(static_cast<unsigned char>(a[0].toStringRef()[i - 1]));
      s[i] = static_cast<char>(afterLetter ? std::tolower(static_cast<unsigned char>(s[i])) : std::toupper(static_cast<unsigned char>(s[i])));
    }
    return text(s);
  });
  defIfOwned("aten::capitalize", [](Args& a) {
    std::string s = a[0].toStringRef();
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return text(s);
  });
  defIfOwned("aten::swapcase", [](Args& a) {
    std::string s = a[0].toStringRef();
    for (auto& c : s) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (std::islower(u)) c = static_cast<char>(std::toupper(u));
      else if (std::isupper(u)) c = static_cast<char>(std::tolower(u));
    }
    return text(s);
  });
  // center / ljust / rjust(self, width, fillchar).
  for (const char* name : {"aten::center", "aten::ljust", "aten::rjust"}) {
    const std::string which = name;
    defIfOwned(name, [which](Args& a) {
      const std::string& s = a[0].toStringRef();
      const int64_t width = a[1].toInt(), n = static_cast<int64_t>(s.size());
      if (width <= n) return text(s);
      const char fill = a[2].toStringRef().empty() ? ' ' : a[2].toStringRef()[0];
      const int64_t total = width - n;
      int64_t left = 0;
      if (which == "aten::rjust") left = total;
      else if (which == "aten::center") left = total / 2 + ((total % 2 == 1 && width % 2 == 1) ? 1 : 0);
      return text(std::string(static_cast<size_t>(left), fill) + s + std::string(static_cast<size_t>(total - left), fill));
    });
  }
  const std::pair<const char*, int (*)(int)> classes[] = {
      {"aten::isdigit", [](int c) { return std::isdigit(c); }}, {"aten::isdecimal", [](int c) { return std::isdigit(c); }},
      {"aten::isnumeric", [](int c) { return std::isdigit(c); }}, {"aten::isalpha", [](int c) { return std::isalpha(c); }},
      {"aten::isalnum", [](int c) { return std::isalnum(c); }},   {"aten::isspace", [](int c) { return std::isspace(c); }},
  };
  for (auto [name, cls] : classes)
    defIfOwned(name, [cls](Args& a) { return ret(IValue(allChars(a[0].toStringRef(), [cls](unsigned char c) { return cls(c) != 0; }))); });
  defIfOwned("aten::isprintable", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    return ret(IValue(std::all_of(s.begin(), s.end(), [](char c) { return std::isprint(static_cast<unsigned char>(c)) != 0; })));
  });
  for (bool lower : {true, false})
    defIfOwned(lower ? "aten::islower" : "aten::isupper", [lower](Args& a) {
      const std::string& s = a[0].toStringRef();
      bool anyCased = false, wrongCase = false;
      for (unsigned char c : s) {
        anyCased = anyCased || std::islower(c) || std::isupper(c);
        wrongCase = wrongCase || (lower ? std::isupper(c) : std::islower(c));
      }
      return ret(IValue(anyCased && !wrongCase));
    });
  defIfOwned("aten::istitle", [](Args& a) {
    // Words: runs of cased letters; each must be one uppercase letter followed by lowercase ones.
    const std::string& s = a[0].toStringRef();
    bool any = false;
    for (size_t i = 0; i < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      const bool prevLetter = i > 0 && std::isalpha(static_cast<unsigned char>(s[i - 1]));
      if (std::isupper(c) && prevLetter) return ret(IValue(false));
      if (std::islower(c) && !prevLetter) return ret(IValue(false));
      any = any || std::isalpha(c);
    }
    return ret(IValue(any));
  });
  defIfOwned("aten::partition", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    const std::string& sep = a[1].toStringRef();
    const size_t p = s.find(sep);
    if (p == std::string::npos) return std::vector<IValue>{IValue(s), IValue(std::string()), IValue(std::string())};
    return std::vector<IValue>{IValue(s.substr(0, p)), IValue(sep), IValue(s.substr(p + sep.size()))};
  });
  defIfOwned("aten::rpartition", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    const std::string& sep = a[1].toStringRef();
    const size_t p = s.rfind(sep);
    if (p == std::string::npos) return std::vector<IValue>{IValue(std::string()), IValue(std::string()), IValue(s)};
    return std::vector<IValue>{IValue(s.substr(0, p)), IValue(sep), IValue(s.substr(p + sep.size()))};
  });
  defIfOwned("aten::rsplit", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    const std::string& sep = a[1].toStringRef();
    int64_t budget = a[2].toInt();
    if (sep.empty()) throw RuntimeError("ValueError: empty separator");
    std::vector<std::string> parts;
    int64_t end = static_cast<int64_t>(s.size());
    while (budget != 0) {
      const int64_t at = lastIndexOf(s.substr(0, static_cast<size_t>(end)), sep, 0, -1);
      if (at < 0) break;
      parts.insert(parts.begin(), s.substr(static_cast<size_t>(at) + sep.size(), static_cast<size_t>(end - at) - sep.size()));
      end = at;
      if (budget > 0) --budget;
    }
    parts.insert(parts.begin(), s.substr(0, static_cast<size_t>(end)));
    return ret(stringList(parts));
  });
  defIfOwned("aten::ord", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    if (s.size() != 1) throw RuntimeError("String for ord() must be 1 character, found " + std::to_string(s.size()));
    return ret(IValue(static_cast<int64_t>(static_cast<unsigned char>(s[0]))));
  });
  defIfOwned("aten::chr", [](Args& a) {
    const int64_t i = a[0].toInt();
    if (i < 0 || i > 0x10ffff) throw RuntimeError("chr() arg not in range(0x110000), found " + std::to_string(i));
    return text(std::string(1, static_cast<char>(i & 0xff)));
  });
  defIfOwned("aten::hex", [](Args& a) { return text(withSign(a[0].toInt(), 16, "0x")); });
  defIfOwned("aten::oct", [](Args& a) { return text(withSign(a[0].toInt(), 8, "0o")); });
  defIfOwned("aten::bin", [](Args& a) { return text(withSign(a[0].toInt(), 2, "0b")); });
}

}  // namespace tsjit::reference
