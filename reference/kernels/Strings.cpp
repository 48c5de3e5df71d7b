// Strings.cpp — reference kernels for str operations and the text form of values (pyStr).
//
// pyStr is the text TorchScript's interpreter produces for str() and format() (its IValue
// printing, which is not Python's repr): floats with an integral value print as "1." (also "0."
// for negative zero), others with 17 significant digits ("0.10000000000000001", "1e-08"); bools as
// True/False; None as None; strings unquoted, also inside containers; lists "[1, 2]", tuples
// "(1, 2)" / "(1,)", dicts "{a: 1}"; tensors as PyTorch's C++ tensor printer shows them
// (StringsTensor.cpp).
//
// String functions follow PyTorch 1.13's implementations: `end` arguments of -1 mean "to the end"
// (end < 0 is taken as size + end + 1), format() substitutes `{}` placeholders in order.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "jit/ops/OpTable.h"
#include "reference/kernels/Families.h"
#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

namespace {

void printValue(std::ostream& os, const IValue& v, int depth = 0);

void printDouble(std::ostream& os, double d) {
  int c = std::fpclassify(d);
  // Integral values print as the integer and a dot; -0.0 prints as "0." (the interpreter goes
  // through int64_t, which has no negative zero).
  if ((c == FP_NORMAL || c == FP_ZERO) && d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
    auto i = static_cast<int64_t>(d);
    if (static_cast<double>(i) == d) {
      os << i << ".";
      return;
    }
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  os << buf;
}

template <typename Items>
void printSeq(std::ostream& os, const Items& items, const char* open, const char* close, int depth) {
  os << open;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) os << ", ";
    printValue(os, items[i], depth + 1);
  }
  os << close;
}

void printValue(std::ostream& os, const IValue& v, int depth) {
  if (depth > 1000) throw RuntimeError("str(): value nested too deeply");
  switch (v.tag()) {
    case IValue::Tag::None: os << "None"; return;
    case IValue::Tag::Int: os << v.toInt(); return;
    case IValue::Tag::Double: printDouble(os, v.toDouble()); return;
    case IValue::Tag::Complex: {  // 1.13: real, '+' if imag >= 0 else '-', |imag|, 'j'
      const std::complex<double> c = v.toComplex();
      printDouble(os, c.real());
      os << (c.imag() >= 0 ? "+" : "-");
      printDouble(os, std::fabs(c.imag()));
      os << "j";
      return;
    }
    case IValue::Tag::Bool: os << (v.toBool() ? "True" : "False"); return;
    case IValue::Tag::String: os << v.toStringRef(); return;
    case IValue::Tag::Device: os << v.toDevice().str(); return;
    case IValue::Tag::List: printSeq(os, v.toListRef().items, "[", "]", depth); return;
    case IValue::Tag::Tuple: {
      const auto& items = v.toTupleRef().items;
      printSeq(os, items, "(", items.size() == 1 ? ",)" : ")", depth);
      return;
    }
    case IValue::Tag::Dict: {
      os << "{";
      bool first = true;
      for (const auto& [k, val] : v.toDictRef().entries()) {
        if (!first) os << ", ";
        first = false;
        printValue(os, k, depth + 1);
        os << ": ";
        printValue(os, val, depth + 1);
      }
      os << "}";
      return;
    }
    case IValue::Tag::Tensor: printTensor(os, v.toTensor()); return;
    default: os << v; return;
  }
}

int64_t clampEnd(int64_t end, int64_t size) {
  if (end < 0) end = end + size + 1;
  return std::clamp<int64_t>(end, 0, size);
}
int64_t clampStart(int64_t start, int64_t size) {
  if (start < 0) start = std::max<int64_t>(0, start + size);
  return std::min(start, size);
}

// The [start, end) window PyTorch's find/count/startswith look at.
std::string window(const std::string& s, int64_t start, int64_t end) {
  int64_t n = static_cast<int64_t>(s.size());
  int64_t b = clampStart(start, n), e = clampEnd(end, n);
  return e <= b ? std::string() : s.substr(static_cast<size_t>(b), static_cast<size_t>(e - b));
}

int64_t findIn(const std::string& s, const std::string& sub, int64_t start, int64_t end) {
  int64_t n = static_cast<int64_t>(s.size());
  int64_t b = clampStart(start, n);
  std::string w = window(s, start, end);
  size_t pos = w.find(sub);
  return pos == std::string::npos ? -1 : b + static_cast<int64_t>(pos);
}

IValue strList(std::vector<std::string> parts) {
  std::vector<IValue> items;
  for (auto& p : parts) items.emplace_back(std::move(p));
  return makeList(StringType::get(), std::move(items));
}

std::vector<std::string> splitWhitespace(const std::string& s, int64_t max) {
  std::vector<std::string> out;
  size_t i = 0, n = s.size();
  while (i < n) {
    while (i < n && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i >= n) break;
    if (max >= 0 && static_cast<int64_t>(out.size()) == max) {
      size_t e = n;
      while (e > i && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
      out.push_back(s.substr(i, e - i));
      break;
    }
    size_t j = i;
    while (j < n && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string> splitOn(const std::string& s, const std::string& sep, int64_t max) {
  if (sep.empty()) throw RuntimeError("ValueError: empty separator");
  std::vector<std::string> out;
  size_t prev = 0, pos;
  int64_t count = 0;
  while ((pos = s.find(sep, prev)) != std::string::npos) {
    if (max >= 0 && ++count > max) break;
    out.push_back(s.substr(prev, pos - prev));
    prev = pos + sep.size();
  }
  out.push_back(s.substr(prev));
  return out;
}

std::string mapChars(std::string s, int (*f)(int)) {
  for (char& c : s) c = static_cast<char>(f(static_cast<unsigned char>(c)));
  return s;
}

void registerStringKernels() {
  defOwned("aten::str", [](Args& a) { return ret(IValue(pyStr(a[0]))); });
  defOwned("aten::format", [](Args& a) {
    const std::string& fmt = a[0].toStringRef();
    std::ostringstream os;
    size_t begin = 0, used = 0;
    while (true) {
      size_t loc = fmt.find("{}", begin);
      if (loc == std::string::npos) {
        os << fmt.substr(begin);
        break;
      }
      os << fmt.substr(begin, loc - begin);
      if (used + 1 >= a.size()) throw RuntimeError("Too few arguments for format string: " + fmt);
      printValue(os, a[++used]);
      begin = loc + 2;
    }
    return ret(IValue(os.str()));
  });
  // `fmt % args` (aten::percentFormat): args is one value or a tuple of them; %d %i print an int
  // (a float truncated), %e %f a float32-rounded number with 6 digits, %c a char, %s any value as
  // str() does, %% a percent sign. Every argument must be used exactly once.
  defOwned("aten::percentFormat", [](Args& a) {
    const std::string& fmt = a[0].toStringRef();
    std::vector<IValue> args;
    if (a.size() > 1 && a[1].isTuple()) args = a[1].toTupleRef().items;
    else if (a.size() > 1) args.push_back(a[1]);
    std::string out;
    size_t next = 0;
    for (size_t i = 0; i < fmt.size(); ++i) {
      if (fmt[i] != '%') {
        out += fmt[i];
        continue;
      }
      if (i + 1 >= fmt.size()) throw RuntimeError("Incomplete format specifier");
      char key = fmt[++i];
      if (key == '%') {
        out += '%';
        continue;
      }
      if (next >= args.size()) throw RuntimeError("Too few arguments for format string");
      const IValue& v = args[next++];
      bool number = v.isInt() || v.isDouble() || v.isBool();
      auto needNumber = [&]() {
        if (!number) throw RuntimeError(str("%", key, " requires a number for formatting, but got ", v.tagName()));
      };
      if (key == 'd' || key == 'i') {
        needNumber();
        int64_t k = v.isDouble() ? static_cast<int64_t>(static_cast<int>(v.toDouble())) : v.isBool() ? int64_t(v.toBool()) : v.toInt();
        out += std::to_string(k);
      } else if (key == 'e' || key == 'f') {
        needNumber();
        float x = v.isDouble() ? static_cast<float>(v.toDouble())
                               : static_cast<float>(v.isBool() ? int64_t(v.toBool()) : v.toInt());
        char buf[512];
        std::snprintf(buf, sizeof buf, key == 'e' ? "%.6e" : "%.6f", static_cast<double>(x));
        out += buf;
      } else if (key == 'c') {
        if (v.isInt()) out += static_cast<char>(v.toInt());
        else if (v.isString() && v.toStringRef().size() == 1) out += v.toStringRef();
        else throw RuntimeError(str("%", key, " requires an int or char for formatting, but got ", v.tagName()));
      } else if (key == 's') {
        std::ostringstream os;
        printValue(os, v);
        out += os.str();
      } else {
        throw RuntimeError(str("The specifier %", key, " is not supported in TorchScript format strings"));
      }
    }
    if (next != args.size()) throw RuntimeError("Too many arguments for format string");
    return ret(IValue(out));
  });
  defIfOwned("aten::add.str", [](Args& a) { return ret(IValue(a[0].toStringRef() + a[1].toStringRef())); });
  defIfOwned("aten::len.str", [](Args& a) { return ret(IValue(static_cast<int64_t>(a[0].toStringRef().size()))); });
  defIfOwned("aten::__getitem__.str", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    int64_t n = static_cast<int64_t>(s.size());
    int64_t i = normalizeIndex(a[1].toInt(), n);
    if (i < 0 || i >= n)  // PyTorch indexes with std::string::at, so libstdc++'s message surfaces
      throw RuntimeError(str("basic_string::at: __n (which is ", static_cast<uint64_t>(i),
                             ") >= this->size() (which is ", s.size(), ")"));
    return ret(IValue(std::string(1, s[static_cast<size_t>(i)])));
  });
  defIfOwned("aten::slice.str", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    int64_t n = static_cast<int64_t>(s.size());
    int64_t step = a[3].toInt();
    if (step == 0) throw RuntimeError("List slice should have non-zero step");
    auto bound = [&](const IValue& v, int64_t dflt) -> int64_t {
      if (v.isNone()) return dflt;
      int64_t x = v.toInt();
      if (x < 0) x = std::max<int64_t>(x + n, step < 0 ? -1 : 0);
      else if (x >= n) x = step < 0 ? n - 1 : n;
      return x;
    };
    int64_t lo = bound(a[1], step < 0 ? n - 1 : 0), hi = bound(a[2], step < 0 ? -1 : n);
    std::string out;
    for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) out += s[static_cast<size_t>(i)];
    return ret(IValue(out));
  });
  defIfOwned("aten::split.str", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    int64_t max = a[2].toInt();
    return ret(a[1].isNone() ? strList(splitWhitespace(s, max)) : strList(splitOn(s, a[1].toStringRef(), max)));
  });
  // 1.13 splits at single bytes: \n \r \v \f \x1c \x1d \x1e \x85 and the bytes of U+2028 and U+2029
  // (E2 80 A8 / E2 80 A9); keepends=True adds each break byte as a separate item.
  defOwned("aten::splitlines", [](Args& a) {
    const std::string& s = a[0].toStringRef();
    const bool keepends = a[1].toBool();
    auto isBreak = [](unsigned char c) {
      switch (c) {
        case 0x0a: case 0x0d: case 0x0b: case 0x0c: case 0x1c: case 0x1d: case 0x1e:
        case 0x85: case 0xe2: case 0x80: case 0xa8: case 0xa9: return true;
        default: return false;
      }
    };
    std::vector<std::string> out;
    std::string piece;
    for (char c : s) {
      if (!isBreak(static_cast<unsigned char>(c))) {
        piece += c;
        continue;
      }
      out.push_back(piece);
      if (keepends) out.push_back(std::string(1, c));
      piece.clear();
    }
    if (!piece.empty()) out.push_back(piece);
    return ret(strList(out));
  });
  defOwned("aten::join", [](Args& a) {
    const std::string& sep = a[0].toStringRef();
    std::string out;
    const auto& items = a[1].toListRef().items;
    for (size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i].toStringRef();
    return ret(IValue(out));
  });
  defOwned("aten::replace", [](Args& a) {
    std::string s = a[0].toStringRef();
    const std::string& from = a[1].toStringRef();
    const std::string& to = a[2].toStringRef();
    int64_t max = a[3].toInt();
    std::string out;
    size_t pos = 0;
    int64_t done = 0;
    if (from.empty()) {
      // TorchScript 1.13 (unlike Python) searches again just after each insertion, where "" is
      // found at once: `to` is inserted `max` times in front. With no count it never ends (1.13
      // dies with std::bad_alloc); raised as an error instead.
      if (max < 0)
        throw RuntimeError("str.replace(\"\", new) without a count never ends in TorchScript 1.13 (it inserts `new` "
                           "in front forever and PyTorch raises std::bad_alloc)");
      while (done < max) out += to, ++done;
      return ret(IValue(out + s));
    }
    while (max < 0 || done < max) {
      size_t at = s.find(from, pos);
      if (at == std::string::npos) break;
      out += s.substr(pos, at - pos) + to;
      pos = at + from.size();
      ++done;
    }
    out += s.substr(pos);
    return ret(IValue(out));
  });
  defOwned("aten::startswith", [](Args& a) {
    std::string w = window(a[0].toStringRef(), a[2].toInt(), a[3].toInt());
    return ret(IValue(w.rfind(a[1].toStringRef(), 0) == 0));
  });
  defIfOwned("aten::endswith", [](Args& a) {
    std::string w = window(a[0].toStringRef(), a[2].toInt(), a[3].toInt());
    const std::string& suffix = a[1].toStringRef();
    return ret(IValue(w.size() >= suffix.size() && w.compare(w.size() - suffix.size(), suffix.size(), suffix) == 0));
  });
  defOwned("aten::upper", [](Args& a) { return ret(IValue(mapChars(a[0].toStringRef(), ::toupper))); });
  defIfOwned("aten::lower", [](Args& a) { return ret(IValue(mapChars(a[0].toStringRef(), ::tolower))); });
  // strip family: remove leading and/or trailing characters that occur in `chars`.
  auto stripper = [](bool left, bool right) {
    return [left, right](Args& a) {
      const std::string& str0 = a[0].toStringRef();
      const std::string& chars = a[1].toStringRef();
      size_t begin = 0, end = str0.size();
      while (left && begin < end && chars.find(str0[begin]) != std::string::npos) ++begin;
      while (right && end > begin && chars.find(str0[end - 1]) != std::string::npos) --end;
      return ret(IValue(str0.substr(begin, end - begin)));
    };
  };
  defIfOwned("aten::strip", stripper(true, true));
  defIfOwned("aten::lstrip", stripper(true, false));
  defIfOwned("aten::rstrip", stripper(false, true));
  defOwned("aten::find", [](Args& a) {
    return ret(IValue(findIn(a[0].toStringRef(), a[1].toStringRef(), a[2].toInt(), a[3].toInt())));
  });
  defIfOwned("aten::index.str", [](Args& a) {
    int64_t r = findIn(a[0].toStringRef(), a[1].toStringRef(), a[2].toInt(), a[3].toInt());
    if (r < 0) throw RuntimeError("ValueError: substring not found");
    return ret(IValue(r));
  });
  defIfOwned("aten::count", [](Args& a) {
    std::string w = window(a[0].toStringRef(), a[2].toInt(), a[3].toInt());
    const std::string& sub = a[1].toStringRef();
    if (sub.empty()) return ret(IValue(static_cast<int64_t>(w.size() + 1)));
    int64_t c = 0;
    for (size_t pos = w.find(sub); pos != std::string::npos; pos = w.find(sub, pos + sub.size())) ++c;
    return ret(IValue(c));
  });
  defIfOwned("aten::list", [](Args& a) {
    std::vector<std::string> chars;
    for (char c : a[0].toStringRef()) chars.emplace_back(1, c);
    return ret(strList(std::move(chars)));
  });
}

}  // namespace

std::string pyStr(const IValue& v) {
  std::ostringstream os;
  printValue(os, v);
  return os.str();
}

void registerStringsMoreKernels();  // StringsMore.cpp

void registerStringsKernels() {
  registerStringKernels();
  registerStringsMoreKernels();
}

}  // namespace tsjit::reference
