// StringsMore.cpp — optimized kernels of the less common str methods and int-to-text builtins:
// endswith, rfind / rindex, zfill, title, capitalize, swapcase, center / ljust / rjust, the
// is*() predicates, partition / rpartition, rsplit, ord / chr / hex / oct / bin (part 2 of the
// Strings family, registered by registerStringsKernels()).
//
// Semantics (python3-torch 1.13.1, byte strings): start / end as find's (an end of -1 is the whole
// string); zfill pads zeros in front of any sign ("-42".zfill(6) == "000-42"); center puts the odd
// pad character where Python does; the predicates follow Python's rules on ASCII (empty: false,
// except isprintable); rsplit splits on its separator (" " by default) from the right; chr(i) is
// the byte i mod 256 for 0 <= i < 0x110000; ord needs one byte; hex / oct / bin are Python's.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {
namespace {

// find's window: negative start counts from the end, negative end from one past the end.
void clampWindow(int64_t size, int64_t& start, int64_t& end) {
  if (start < 0) start = std::max<int64_t>(0, start + size);
  if (end < 0) end = std::max<int64_t>(0, end + size + 1);
  start = std::min(start, size);
  end = std::min(end, size);
}

IValue strings(std::vector<std::string> parts) {
  std::vector<IValue> items;
  for (auto& p : parts) items.emplace_back(std::move(p));
  return makeList(StringType::get(), std::move(items));
}

template <typename F>
void stringToString(const char* name, F f) {
  def(name, [f](Stack& s, size_t) { s.back() = IValue(f(s.back().toStringRef())); });
}

template <typename P>
void predicate(const char* name, P p, bool emptyValue = false) {
  def(name, [p, emptyValue](Stack& s, size_t) {
    const std::string& str0 = s.back().toStringRef();
    bool r = emptyValue;
    if (!str0.empty()) r = std::all_of(str0.begin(), str0.end(), [&](char c) { return p(static_cast<unsigned char>(c)); });
    s.back() = IValue(r);
  });
}

// islower / isupper: at least one cased character and none of the other case.
void casePredicate(const char* name, bool lower) {
  def(name, [lower](Stack& s, size_t) {
    bool cased = false, ok = true;
    for (unsigned char c : s.back().toStringRef()) {
      if (std::isalpha(c)) cased = true;
      if (lower ? std::isupper(c) : std::islower(c)) ok = false;
    }
    s.back() = IValue(cased && ok);
  });
}

std::string pad(const std::string& s, int64_t width, const std::string& fill, int where) {
  const int64_t len = static_cast<int64_t>(s.size());
  if (width <= len) return s;
  const int64_t margin = width - len;
  int64_t left = where < 0 ? 0 : where > 0 ? margin : margin / 2 + (margin & width & 1);
  const char c = fill.empty() ? ' ' : fill[0];
  return std::string(static_cast<size_t>(left), c) + s + std::string(static_cast<size_t>(margin - left), c);
}

std::string radix(int64_t v, int base, const char* prefix) {
  const bool negative = v < 0;
  uint64_t m = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string digits;
  do {
    digits += "0123456789abcdef"[m % static_cast<uint64_t>(base)];
    m /= static_cast<uint64_t>(base);
  } while (m);
  std::reverse(digits.begin(), digits.end());
  return (negative ? "-" : "") + std::string(prefix) + digits;
}

}  // namespace

// Called by registerStringsKernels() (Strings.cpp).
void registerStringsMoreKernels() {
  def("aten::endswith", [](Stack& s, size_t) {
    int64_t end = pop(s).toInt(), start = pop(s).toInt();
    const std::string sub = pop(s).toStringRef();
    const std::string& str0 = s.back().toStringRef();
    clampWindow(static_cast<int64_t>(str0.size()), start, end);
    const int64_t n = static_cast<int64_t>(sub.size());
    s.back() = IValue(end - start >= n && str0.compare(static_cast<size_t>(end - n), sub.size(), sub) == 0);
  });
  for (bool raise : {false, true})
    def(raise ? "aten::rindex" : "aten::rfind", [raise](Stack& s, size_t) {
      int64_t end = pop(s).toInt(), start = pop(s).toInt();
      const std::string sub = pop(s).toStringRef();
      const std::string& str0 = s.back().toStringRef();
      clampWindow(static_cast<int64_t>(str0.size()), start, end);
      int64_t found = -1;
      if (end - start >= static_cast<int64_t>(sub.size())) {
        const size_t p = str0.substr(static_cast<size_t>(start), static_cast<size_t>(end - start)).rfind(sub);
        if (p != std::string::npos) found = start + static_cast<int64_t>(p);
      }
      if (raise && found < 0) throw RuntimeError("ValueError: substring not found");
      s.back() = IValue(found);
    });
  def("aten::zfill", [](Stack& s, size_t) {
    const int64_t width = pop(s).toInt();
    const std::string& str0 = s.back().toStringRef();
    const int64_t n = static_cast<int64_t>(str0.size());
    s.back() = IValue(width > n ? std::string(static_cast<size_t>(width - n), '0') + str0 : str0);
  });
  stringToString("aten::title", [](std::string r) {
    bool prevCased = false;
    for (char& c : r) {
      const unsigned char u = static_cast<unsigned char>(c);
      c = static_cast<char>(prevCased ? std::tolower(u) : std::toupper(u));
      prevCased = std::isalpha(u) != 0;
    }
    return r;
  });
  stringToString("aten::capitalize", [](std::string r) {
    for (size_t i = 0; i < r.size(); ++i) {
      const unsigned char u = static_cast<unsigned char>(r[i]);
      r[i] = static_cast<char>(i == 0 ? std::toupper(u) : std::tolower(u));
    }
    return r;
  });
  stringToString("aten::swapcase", [](std::string r) {
    for (char& c : r) {
      const unsigned char u = static_cast<unsigned char>(c);
      c = static_cast<char>(std::isupper(u) ? std::tolower(u) : std::islower(u) ? std::toupper(u) : u);
    }
    return r;
  });
  const std::pair<const char*, int> pads[] = {{"aten::center", 0}, {"aten::ljust", -1}, {"aten::rjust", 1}};
  for (auto [name, where] : pads)
    def(name, [where](Stack& s, size_t) {
      const std::string fill = pop(s).toStringRef();
      const int64_t width = pop(s).toInt();
      s.back() = IValue(pad(s.back().toStringRef(), width, fill, where));
    });
  predicate("aten::isdigit", [](unsigned char c) { return std::isdigit(c) != 0; });
  predicate("aten::isdecimal", [](unsigned char c) { return std::isdigit(c) != 0; });
  predicate("aten::isnumeric", [](unsigned char c) { return std::isdigit(c) != 0; });
  predicate("aten::isalpha", [](unsigned char c) { return std::isalpha(c) != 0; });
  predicate("aten::isalnum", [](unsigned char c) { return std::isalnum(c) != 0; });
  predicate("aten::isspace", [](unsigned char c) { return std::isspace(c) != 0; });
  predicate("aten::isprintable", [](unsigned char c) { return std::isprint(c) != 0; }, /*emptyValue=*/true);
  casePredicate("aten::islower", true);
  casePredicate("aten::isupper", false);
  def("aten::istitle", [](Stack& s, size_t) {
    bool cased = false, ok = true, prevCased = false;
    for (unsigned char c : s.back().toStringRef()) {
      if (std::isupper(c)) {
        if (prevCased) ok = false;
        cased = prevCased = true;
      } else if (std::islower(c)) {
        if (!prevCased) ok = false;
        cased = prevCased = true;
      } else {
        prevCased = false;
      }
    }
    s.back() = IValue(cased && ok);
  });
  for (bool fromRight : {false, true})
    def(fromRight ? "aten::rpartition" : "aten::partition", [fromRight](Stack& s, size_t) {
      const std::string sep = pop(s).toStringRef();
      const std::string str0 = pop(s).toStringRef();
      const size_t p = fromRight ? str0.rfind(sep) : str0.find(sep);
      if (p == std::string::npos) {
        s.emplace_back(fromRight ? std::string() : str0);
        s.emplace_back(std::string());
        s.emplace_back(fromRight ? str0 : std::string());
        return;
      }
      s.emplace_back(str0.substr(0, p));
      s.emplace_back(sep);
      s.emplace_back(str0.substr(p + sep.size()));
    });
  def("aten::rsplit", [](Stack& s, size_t) {
    const int64_t max = pop(s).toInt();
    const std::string sep = pop(s).toStringRef();
    const std::string str0 = s.back().toStringRef();
    if (sep.empty()) throw RuntimeError("ValueError: empty separator");
    std::vector<std::string> parts;
    size_t end = str0.size();
    int64_t splits = 0;
    while (max < 0 || splits < max) {
      if (end < sep.size()) break;
      const size_t p = str0.rfind(sep, end - sep.size());
      if (p == std::string::npos) break;
      parts.push_back(str0.substr(p + sep.size(), end - p - sep.size()));
      end = p;
      ++splits;
    }
    parts.push_back(str0.substr(0, end));
    std::reverse(parts.begin(), parts.end());
    s.back() = strings(std::move(parts));
  });
  def("aten::ord", [](Stack& s, size_t) {
    const std::string& str0 = s.back().toStringRef();
    if (str0.size() != 1) throw RuntimeError(str("String for ord() must be 1 character, found ", str0.size()));
    s.back() = IValue(static_cast<int64_t>(static_cast<unsigned char>(str0[0])));
  });
  def("aten::chr", [](Stack& s, size_t) {
    const int64_t i = s.back().toInt();
    if (i < 0 || i >= 0x110000) throw RuntimeError(str("chr() arg not in range(0x110000), found ", i));
    s.back() = IValue(std::string(1, static_cast<char>(i)));
  });
  def("aten::hex", [](Stack& s, size_t) { s.back() = IValue(radix(s.back().toInt(), 16, "0x")); });
  def("aten::oct", [](Stack& s, size_t) { s.back() = IValue(radix(s.back().toInt(), 8, "0o")); });
  def("aten::bin", [](Stack& s, size_t) { s.back() = IValue(radix(s.back().toInt(), 2, "0b")); });
}

}  // namespace tsjit::kernels
