// Strings.cpp — optimized kernels of the Strings family: str() of values as TorchScript prints
// them (floats: integral values in int64's range as the integer and a dot, -0.0 as "0.", else 17
// significant digits;
// True/False/None; [a, b]; (a,) for one-element tuples; strings raw), format() with Python's `{}`
// placeholders, concatenation, join, split (None separator = whitespace runs), replace, upper,
// startswith/find/count (an end of -1 means the whole string, as TorchScript's defaults do),
// indexing and len. Strings are byte strings (the corpus is ASCII).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "jit/ir/Attributes.h"
#include "jit/kernels/Families.h"
#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"

namespace tsjit::kernels {

namespace {

constexpr const char* kEmptyReplaceNeverEnds =
    "str.replace(\"\", new) without a count never ends in TorchScript 1.13 (it inserts `new` in front forever "
    "and PyTorch raises std::bad_alloc)";

// str() of a float as 1.13's interpreter prints it: an integral value in int64's range is printed
// through int64 with a trailing dot (so 1e17 is "100000000000000000." and -0.0 is "0."), anything
// else with 17 significant digits ("0.10000000000000001", "1e+300", "inf", "nan").
void renderDouble(std::ostream& os, double d) {
  if (std::isfinite(d) && d >= -0x1p63 && d < 0x1p63 && d == std::trunc(d)) {
    os << static_cast<int64_t>(d) << ".";
    return;
  }
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  os << buf;
}

void render(std::ostream& os, const IValue& v, int depth = 0) {
  if (depth > 64) {
    os << "...";
    return;
  }
  switch (v.tag()) {
    case IValue::Tag::None: os << "None"; return;
    case IValue::Tag::Bool: os << (v.toBool() ? "True" : "False"); return;
    case IValue::Tag::Int: os << v.toInt(); return;
    case IValue::Tag::Double: renderDouble(os, v.toDouble()); return;
    case IValue::Tag::Complex: os << formatIrComplex(v.toComplex()); return;
    case IValue::Tag::String: os << v.toStringRef(); return;
    case IValue::Tag::Device: os << v; return;
    case IValue::Tag::List: {
      os << "[";
      const auto& items = v.toListRef().items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) os << ", ";
        render(os, items[i], depth + 1);
      }
      os << "]";
      return;
    }
    case IValue::Tag::Tuple: {
      os << "(";
      const auto& items = v.toTupleRef().items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) os << ", ";
        render(os, items[i], depth + 1);
      }
      if (items.size() == 1) os << ",";
      os << ")";
      return;
    }
    case IValue::Tag::Dict: {
      os << "{";
      bool first = true;
      for (const auto& e : v.toDictRef().entries()) {
        if (!first) os << ", ";
        first = false;
        render(os, e.first, depth + 1);
        os << ": ";
        render(os, e.second, depth + 1);
      }
      os << "}";
      return;
    }
    default: os << v; return;
  }
}

std::string pyStr(const IValue& v) {
  std::ostringstream os;
  render(os, v);
  return os.str();
}

// Normalizes TorchScript's (start, end) defaults: negative start counts from the end, a negative
// end counts from one past the end (so -1 is the whole string).
void bounds(int64_t size, int64_t& start, int64_t& end) {
  if (start < 0) start = std::max<int64_t>(0, start + size);
  if (end < 0) end = std::max<int64_t>(0, end + size + 1);
  start = std::min(start, size);
  end = std::min(end, size);
}

std::vector<std::string> splitString(const std::string& s, const IValue& sep, int64_t max) {
  std::vector<std::string> out;
  if (sep.isNone()) {
    size_t i = 0, n = s.size();
    int64_t splits = 0;
    while (i < n) {
      while (i < n && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
      if (i >= n) break;
      if (max >= 0 && splits >= max) {
        size_t e = n;
        while (e > i && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
        out.push_back(s.substr(i, e - i));
        break;
      }
      size_t j = i;
      while (j < n && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
      out.push_back(s.substr(i, j - i));
      ++splits;
      i = j;
    }
    return out;
  }
  const std::string& d = sep.toStringRef();
  if (d.empty()) throw RuntimeError("ValueError: empty separator");
  size_t pos = 0;
  int64_t splits = 0;
  while (true) {
    size_t hit = (max >= 0 && splits >= max) ? std::string::npos : s.find(d, pos);
    if (hit == std::string::npos) {
      out.push_back(s.substr(pos));
      break;
    }
    out.push_back(s.substr(pos, hit - pos));
    pos = hit + d.size();
    ++splits;
  }
  return out;
}

}  // namespace

void registerStringsMoreKernels();  // StringsMore.cpp

void registerStringsKernels() {
  registerStringsMoreKernels();
  def("aten::str", [](Stack& s, size_t) { s.back() = IValue(pyStr(s.back())); });
  def("aten::format", [](Stack& s, size_t n) {
    const std::string fmt = s[s.size() - n].toStringRef();
    std::string out;
    size_t arg = 1, pos = 0;
    while (true) {
      size_t hit = fmt.find("{}", pos);
      if (hit == std::string::npos) {
        out.append(fmt, pos, std::string::npos);
        break;
      }
      out.append(fmt, pos, hit - pos);
      if (arg >= n) throw RuntimeError("Too few arguments for format string: " + fmt);
      out += pyStr(s[s.size() - n + arg++]);
      pos = hit + 2;
    }
    drop(s, n);
    s.emplace_back(std::move(out));
  });
  // `fmt % args`: a scan of the format string writing into one buffer; conversions %d %i %e %f %c %s.
  def("aten::percentFormat", [](Stack& s, size_t n) {
    const std::string fmt = s[s.size() - n].toStringRef();
    const IValue* single = n > 1 ? &s[s.size() - n + 1] : nullptr;
    const std::vector<IValue>* many = single && single->isTuple() ? &single->toTupleRef().items : nullptr;
    size_t count = many ? many->size() : (single ? 1 : 0), used = 0;
    std::string out;
    out.reserve(fmt.size() + 16 * count);
    size_t pos = 0;
    while (true) {
      size_t pct = fmt.find('%', pos);
      if (pct == std::string::npos) {
        out.append(fmt, pos, std::string::npos);
        break;
      }
      out.append(fmt, pos, pct - pos);
      if (pct + 1 == fmt.size()) throw RuntimeError("Incomplete format specifier");
      char c = fmt[pct + 1];
      pos = pct + 2;
      if (c == '%') {
        out.push_back('%');
        continue;
      }
      if (used == count) throw RuntimeError("Too few arguments for format string");
      const IValue& v = many ? (*many)[used] : *single;
      ++used;
      switch (c) {
        case 'd':
        case 'i':
          if (v.isInt()) out += std::to_string(v.toInt());
          else if (v.isBool()) out += v.toBool() ? "1" : "0";
          else if (v.isDouble()) out += std::to_string(static_cast<int>(v.toDouble()));
          else throw RuntimeError(std::string("%") + c + " requires a number for formatting, but got " + v.tagName());
          break;
        case 'e':
        case 'f': {
          if (!v.isInt() && !v.isDouble() && !v.isBool())
            throw RuntimeError(std::string("%") + c + " requires a number for formatting, but got " + v.tagName());
          std::ostringstream os;
          os.precision(6);
          if (c == 'e') os << std::scientific;
          else os << std::fixed;
          double d = v.isDouble() ? v.toDouble() : v.isBool() ? (v.toBool() ? 1.0 : 0.0) : static_cast<double>(v.toInt());
          os << static_cast<float>(d);
          out += os.str();
          break;
        }
        case 'c':
          if (v.isInt()) out.push_back(static_cast<char>(v.toInt()));
          else if (v.isString() && v.toStringRef().size() == 1) out += v.toStringRef();
          else throw RuntimeError(std::string("%c requires an int or char for formatting, but got ") + v.tagName());
          break;
        case 's':
          out += v.isString() ? v.toStringRef() : pyStr(v);
          break;
        default:
          throw RuntimeError(std::string("The specifier %") + c + " is not supported in TorchScript format strings");
      }
    }
    if (used != count) throw RuntimeError("Too many arguments for format string");
    drop(s, n);
    s.emplace_back(std::move(out));
  });
  def("aten::add.str", [](Stack& s, size_t) {
    std::string r = s[s.size() - 2].toStringRef() + s.back().toStringRef();
    drop(s, 2);
    s.emplace_back(std::move(r));
  });
  def("aten::len.str", [](Stack& s, size_t) { s.back() = IValue(static_cast<int64_t>(s.back().toStringRef().size())); });
  def("aten::__getitem__.str", [](Stack& s, size_t) {
    int64_t i = pop(s).toInt();
    const std::string& str0 = s.back().toStringRef();
    int64_t n = static_cast<int64_t>(str0.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw RuntimeError("string index out of range");
    s.back() = IValue(std::string(1, str0[static_cast<size_t>(i)]));
  });
  def("aten::join", [](Stack& s, size_t) {
    IValue values = pop(s);
    const std::string& sep = s.back().toStringRef();
    std::string out;
    const auto& items = values.toListRef().items;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += sep;
      out += items[i].toStringRef();
    }
    s.back() = IValue(std::move(out));
  });
  def("aten::split.str", [](Stack& s, size_t) {
    int64_t max = pop(s).toInt();
    IValue sep = pop(s);
    std::vector<IValue> parts;
    for (auto& p : splitString(s.back().toStringRef(), sep, max)) parts.emplace_back(std::move(p));
    s.back() = makeList(StringType::get(), std::move(parts));
  });
  // PyTorch 1.13's splitlines, byte by byte: any byte of the break set ends a piece (keepends
  // pushes that byte as an item of its own); the text after the last break, when non-empty, is the last piece.
  def("aten::splitlines", [](Stack& s, size_t) {
    static constexpr std::string_view kBreaks("\n\r\v\f\x1c\x1d\x1e\x85\xe2\x80\xa8\xa9");
    const bool keepends = pop(s).toBool();
    const std::string_view text = s.back().toStringRef();
    std::vector<IValue> parts;
    size_t start = 0;
    for (size_t at = text.find_first_of(kBreaks); at != std::string_view::npos; at = text.find_first_of(kBreaks, start)) {
      parts.emplace_back(std::string(text.substr(start, at - start)));
      if (keepends) parts.emplace_back(std::string(text.substr(at, 1)));
      start = at + 1;
    }
    if (start != text.size()) parts.emplace_back(std::string(text.substr(start)));
    s.back() = makeList(StringType::get(), std::move(parts));
  });
  def("aten::replace", [](Stack& s, size_t) {
    int64_t max = pop(s).toInt();
    std::string repl = pop(s).toStringRef();
    std::string old = pop(s).toStringRef();
    const std::string& src = s.back().toStringRef();
    std::string out;
    int64_t done = 0;
    if (old.empty()) {
      // 1.13 finds "" at the position just past its last insertion, i.e. always at the front of
      // what is left: the new string goes in front `max` times ("abc".replace("", "-", 2) is
      // "--abc"); without a count it never stops (PyTorch runs out of memory): an error here.
      if (max < 0) throw RuntimeError(kEmptyReplaceNeverEnds);
      for (int64_t k = 0; k < max; ++k) out += repl;
      out += src;
    } else {
      size_t pos = 0;
      while (true) {
        size_t hit = (max >= 0 && done >= max) ? std::string::npos : src.find(old, pos);
        if (hit == std::string::npos) break;
        out.append(src, pos, hit - pos);
        out += repl;
        pos = hit + old.size();
        ++done;
      }
      out.append(src, pos, std::string::npos);
    }
    s.back() = IValue(std::move(out));
  });
  def("aten::upper", [](Stack& s, size_t) {
    std::string r = s.back().toStringRef();
    for (char& ch : r) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    s.back() = IValue(std::move(r));
  });
  def("aten::lower", [](Stack& s, size_t) {
    std::string r = s.back().toStringRef();
    for (char& ch : r) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    s.back() = IValue(std::move(r));
  });
  auto strip = [](bool leading, bool trailing) {
    return [leading, trailing](Stack& s, size_t) {
      std::string chars = pop(s).toStringRef();
      const std::string& src = s.back().toStringRef();
      size_t first = leading ? src.find_first_not_of(chars) : 0;
      if (first == std::string::npos) {
        s.back() = IValue(std::string());
        return;
      }
      size_t last = trailing ? src.find_last_not_of(chars) : src.size() - 1;
      s.back() = IValue(src.empty() ? std::string() : src.substr(first, last - first + 1));
    };
  };
  def("aten::strip", strip(true, true));
  def("aten::lstrip", strip(true, false));
  def("aten::rstrip", strip(false, true));
  def("aten::startswith", [](Stack& s, size_t) {
    int64_t end = pop(s).toInt(), start = pop(s).toInt();
    std::string sub = pop(s).toStringRef();
    const std::string& str0 = s.back().toStringRef();
    bounds(static_cast<int64_t>(str0.size()), start, end);
    bool r = end - start >= static_cast<int64_t>(sub.size()) && str0.compare(static_cast<size_t>(start), sub.size(), sub) == 0;
    s.back() = IValue(r);
  });
  auto finder = [](bool raise) {
    return [raise](Stack& s, size_t) {
      int64_t end = pop(s).toInt(), start = pop(s).toInt();
      std::string sub = pop(s).toStringRef();
      const std::string& str0 = s.back().toStringRef();
      bounds(static_cast<int64_t>(str0.size()), start, end);
      int64_t r = -1;
      if (end >= start) {
        size_t hit = str0.substr(0, static_cast<size_t>(end)).find(sub, static_cast<size_t>(start));
        if (hit != std::string::npos) r = static_cast<int64_t>(hit);
      }
      if (r < 0 && raise) throw RuntimeError("ValueError: substring not found");
      s.back() = IValue(r);
    };
  };
  def("aten::find", finder(false));
  def("aten::index.str", finder(true));
  def("aten::count", [](Stack& s, size_t) {
    int64_t end = pop(s).toInt(), start = pop(s).toInt();
    std::string sub = pop(s).toStringRef();
    const std::string& str0 = s.back().toStringRef();
    bounds(static_cast<int64_t>(str0.size()), start, end);
    int64_t c = 0;
    if (end >= start) {
      std::string region = str0.substr(static_cast<size_t>(start), static_cast<size_t>(end - start));
      if (sub.empty()) c = static_cast<int64_t>(region.size()) + 1;
      else
        for (size_t pos = region.find(sub); pos != std::string::npos; pos = region.find(sub, pos + sub.size())) ++c;
    }
    s.back() = IValue(c);
  });
}

}  // namespace tsjit::kernels
