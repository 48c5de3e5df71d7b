// TensorText.cpp — 1.13's printed form of small tensor constants and its parser (TensorText.h).
// The layout was read off python3-torch 1.13.1's traced graphs (torch.jit.trace of `x + t` for
// constants t of every dtype, 1- to 4-D, scaled, scientific, split into column blocks, empty).
#include "jit/ir/TensorText.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <sstream>
#include <vector>

namespace tsjit {

namespace {
constexpr int64_t kLineSize = 80;

enum class Mode { Default, Fixed, Scientific };
struct Format {
  double scale = 1;
  int64_t width = 0;
  Mode mode = Mode::Default;
};

// One format for n values: integral values in their digits, else fixed 4 digits, scientific over
// a wide range, scaled when large or small (1.13 compares the signed value with the largest
// magnitude so far when it looks for the largest one; kept).
Format formatOf(const double* v, size_t n) {
  Format f;
  if (n == 0) return f;
  bool intMode = true;
  for (size_t i = 0; i < n; ++i)
    if (std::isfinite(v[i]) && v[i] != std::ceil(v[i])) {
      intMode = false;
      break;
    }
  size_t offset = 0;
  while (offset < n && !std::isfinite(v[offset])) ++offset;
  double expMin = 1, expMax = 1;
  if (offset < n) {
    expMin = std::fabs(v[offset]);
    expMax = std::fabs(v[offset]);
    for (size_t i = offset; i < n; ++i) {
      const double z = std::fabs(v[i]);
      if (!std::isfinite(z)) continue;
      if (z < expMin) expMin = z;
      if (v[i] > expMax) expMax = z;
    }
    expMin = expMin != 0 ? std::floor(std::log10(expMin)) + 1 : 1;
    expMax = expMax != 0 ? std::floor(std::log10(expMax)) + 1 : 1;
  }
  if (intMode) {
    if (expMax > 9) f.width = 11, f.mode = Mode::Scientific;
    else f.width = static_cast<int64_t>(expMax) + 1;
  } else if (expMax - expMin > 4) {
    f.width = std::fabs(expMax) > 99 || std::fabs(expMin) > 99 ? 12 : 11;
    f.mode = Mode::Scientific;
  } else if (expMax > 5 || expMax < 0) {
    f.width = 7;
    f.scale = std::pow(10, expMax - 1);
    f.mode = Mode::Fixed;
  } else {
    f.width = expMax == 0 ? 7 : static_cast<int64_t>(expMax) + 6;
    f.mode = Mode::Fixed;
  }
  return f;
}

std::string value(double v, const Format& f) {
  std::ostringstream os;
  if (f.mode == Mode::Fixed) os << std::fixed << std::setprecision(4);
  if (f.mode == Mode::Scientific) os << std::scientific << std::setprecision(4);
  os << std::setw(static_cast<int>(f.width)) << v / f.scale;
  return os.str();
}

std::string scaleLine(double scale) {
  std::ostringstream os;
  os << std::setprecision(4) << scale << " *\n";
  return os.str();
}

void printMatrix(std::string& out, const double* m, int64_t rows, int64_t cols, int64_t indent) {
  const Format f = formatOf(m, static_cast<size_t>(rows * cols));
  const std::string pad(static_cast<size_t>(indent), ' ');
  out += pad;
  const int64_t perLine = (kLineSize - indent) / (f.width + 1);
  for (int64_t first = 0; first < cols;) {
    const int64_t last = first + perLine <= cols ? first + perLine - 1 : cols - 1;
    if (perLine < cols) {
      if (first != 0) out += "\n";
      out += "Columns " + std::to_string(first + 1) + " to " + std::to_string(last + 1) + pad;
    }
    if (f.scale != 1) out += scaleLine(f.scale) + pad;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = first; c <= last; ++c) {
        out += value(m[r * cols + c], f);
        if (c != last) {
          out += " ";
          continue;
        }
        out += "\n";
        if (r != rows - 1) out += f.scale != 1 ? pad + " " : pad;
      }
    first = last + 1;
  }
}

bool isNumber(const std::string& tok, double& out) {
  if (tok.empty()) return false;
  const char* s = tok.c_str();
  char* end = nullptr;
  out = std::strtod(s, &end);
  return end == s + tok.size();
}

struct Token {
  std::string text;
  size_t start;
};

[[noreturn]] void fail(size_t start, size_t end, std::string message) {
  throw TensorTextError{start, end, std::move(message)};
}

std::string shapeText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}
}  // namespace

std::string formatTensorText(const TensorConstant& t) {
  std::string out;
  const std::vector<int64_t>& d = t.sizes;
  const double* v = t.values.data();
  const int64_t n = t.numel();
  if (d.size() == 1 && n > 0) {
    const Format f = formatOf(v, static_cast<size_t>(n));
    if (f.scale != 1) out += scaleLine(f.scale);
    for (int64_t i = 0; i < n; ++i) out += value(v[i], f) + "\n";
  } else if (d.size() == 2 && n > 0) {
    printMatrix(out, v, d[0], d[1], 0);
  } else if (d.size() > 2 && n > 0) {
    const int64_t rows = d[d.size() - 2], cols = d.back(), matrices = n / (rows * cols);
    for (int64_t m = 0; m < matrices; ++m) {
      if (m) out += "\n";
      std::vector<int64_t> idx(d.size() - 2);
      for (int64_t rest = m, k = static_cast<int64_t>(idx.size()) - 1; k >= 0; --k) {
        idx[static_cast<size_t>(k)] = rest % d[static_cast<size_t>(k)];
        rest /= d[static_cast<size_t>(k)];
      }
      out += "(";
      for (int64_t i : idx) out += std::to_string(i + 1) + ",";
      out += ".,.) = \n";
      printMatrix(out, v + m * rows * cols, rows, cols, 1);
    }
  }
  out += std::string("[ CPU") + irName(t.dtype) + "Type{";
  for (size_t i = 0; i < d.size(); ++i) out += (i ? "," : "") + std::to_string(d[i]);
  out += "} ]";
  for (char& c : out)
    if (c == '\n') c = ' ';
  return out;
}

bool looksLikeTensorText(std::string_view text, size_t pos) {
  size_t i = pos;
  while (i < text.size() && text[i] != '[') {
    const char c = text[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && !std::strchr(" \t\n.+-,()=*", c)) return false;
    ++i;
  }
  return text.compare(i, 5, "[ CPU") == 0 || text.compare(i, 6, "[ CUDA") == 0;
}

TensorConstant parseTensorText(std::string_view text, size_t& pos) {
  const size_t begin = pos;
  size_t b = text.find('[', pos);
  if (b == std::string_view::npos) fail(pos, pos + 1, "expected a tensor constant ending in '[ CPU<Type>{<sizes>} ]'");
  // The tail: "[ CPUFloatType{2,3} ]".
  size_t p = b + 2;
  if (text.compare(p, 3, "CPU") == 0) p += 3;
  else if (text.compare(p, 4, "CUDA") == 0) p += 4;
  const size_t typeEnd = text.find("Type{", p);
  const size_t nameEnd = text.find_first_of(" ]", b + 2);
  if (typeEnd == std::string_view::npos || typeEnd > nameEnd)
    fail(b, std::min(nameEnd, text.size()), "expected '[ CPU<Type>Type{<sizes>} ]' after a tensor constant's values");
  const std::string name(text.substr(p, typeEnd - p));
  const auto dtype = parseIrName(name);
  if (!dtype) fail(b + 2, typeEnd + 4, "unknown tensor type '" + std::string(text.substr(b + 2, typeEnd + 4 - b - 2)) + "' in a tensor constant");
  p = typeEnd + 5;
  std::vector<int64_t> dims;
  while (p < text.size() && text[p] != '}') {
    const size_t s = p;
    while (p < text.size() && std::isdigit(static_cast<unsigned char>(text[p]))) ++p;
    if (p == s || p - s > 12) fail(s, s + 1, "expected a size in a tensor constant's shape");
    dims.push_back(std::stoll(std::string(text.substr(s, p - s))));
    if (p < text.size() && text[p] == ',') ++p;
    else if (p < text.size() && text[p] != '}') fail(p, p + 1, "expected ',' or '}' in a tensor constant's shape");
  }
  if (p >= text.size()) fail(b, text.size(), "unterminated shape in a tensor constant");
  ++p;  // '}'
  if (text.compare(p, 2, " ]") != 0) fail(p, p + 1, "expected ' ]' after a tensor constant's shape");
  const size_t end = p + 2;
  int64_t numel = 1;
  for (int64_t s : dims) {
    if (numel > (int64_t{1} << 40) / std::max<int64_t>(s, 1)) fail(b, end, "tensor constant too large");
    numel *= s;
  }
  // The values: numbers, "<scale> *", "Columns a to b" and "(i,j,.,.) =" headers.
  std::vector<Token> toks;
  for (size_t i = begin; i < b;) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    const size_t s = i;
    while (i < b && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    toks.push_back({std::string(text.substr(s, i - s)), s});
  }
  // Each value is one token: a shape larger than the text could hold fails before allocating.
  if (numel > static_cast<int64_t>(toks.size()))
    fail(begin, end, "a tensor constant of shape " + shapeText(dims) + " needs " + std::to_string(numel) + " values, found " +
                         std::to_string(std::count_if(toks.begin(), toks.end(), [](const Token& t) { double v; return isNumber(t.text, v); })));
  const size_t nd = dims.size();
  const int64_t rows = nd >= 2 ? dims[nd - 2] : 1, cols = nd >= 1 ? dims[nd - 1] : 1;
  const int64_t matrices = nd > 2 && rows * cols > 0 ? numel / (rows * cols) : 1;
  std::vector<double> values(static_cast<size_t>(numel), 0.0);
  std::vector<char> filled(static_cast<size_t>(numel), 0);
  int64_t slice = nd > 2 ? -1 : 0, first = 0, last = cols - 1, k = 0, count = 0;
  double scale = 1;
  auto tokEnd = [&](const Token& t) { return t.start + t.text.size(); };
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    double v = 0;
    if (t.text == "Columns") {
      double a = 0, z = 0;
      if (nd < 2) fail(t.start, tokEnd(t), "a 'Columns' header in a tensor constant of fewer than 2 dims");
      if (i + 3 >= toks.size() || !isNumber(toks[i + 1].text, a) || toks[i + 2].text != "to" || !isNumber(toks[i + 3].text, z) ||
          a != std::floor(a) || z != std::floor(z) || a < 1 || z < a || z > static_cast<double>(cols))
        fail(t.start, i + 3 < toks.size() ? tokEnd(toks[i + 3]) : tokEnd(t), "malformed 'Columns <first> to <last>' header in a tensor constant");
      first = static_cast<int64_t>(a) - 1, last = static_cast<int64_t>(z) - 1, k = 0, scale = 1;
      i += 3;
      continue;
    }
    if (t.text[0] == '(') {
      const std::string want = ".,.)";
      if (nd <= 2 || t.text.size() < want.size() || t.text.compare(t.text.size() - want.size(), want.size(), want) != 0 ||
          i + 1 >= toks.size() || toks[i + 1].text != "=")
        fail(t.start, tokEnd(t), "malformed matrix header in a tensor constant (1.13 prints '(1,.,.) = ' for a 3-D one)");
      // "(i,j,.,.)": the 1-based indices of the leading dims, in order.
      std::vector<int64_t> idx;
      std::stringstream ss(t.text.substr(1, t.text.size() - 1 - want.size()));
      std::string part;
      while (std::getline(ss, part, ',')) {
        double x = 0;
        if (!isNumber(part, x) || x != std::floor(x) || x < 1) fail(t.start, tokEnd(t), "malformed matrix header in a tensor constant");
        idx.push_back(static_cast<int64_t>(x) - 1);
      }
      int64_t linear = 0;
      bool ok = idx.size() == nd - 2;
      for (size_t j = 0; ok && j < idx.size(); ++j) {
        ok = idx[j] < dims[j];
        linear = linear * dims[j] + idx[j];
      }
      if (!ok || linear != slice + 1) fail(t.start, tokEnd(t), "matrix header " + t.text + " out of order or out of range for shape " + shapeText(dims));
      ++slice, first = 0, last = cols - 1, k = 0, scale = 1;
      ++i;
      continue;
    }
    if (i + 1 < toks.size() && toks[i + 1].text == "*") {
      if (!isNumber(t.text, v) || !(v > 0) || !std::isfinite(v)) fail(t.start, tokEnd(t), "malformed scale '" + t.text + " *' in a tensor constant");
      scale = v;
      ++i;
      continue;
    }
    if (!isNumber(t.text, v)) fail(t.start, tokEnd(t), "expected a number in a tensor constant, found '" + t.text + "'");
    if (slice < 0) fail(t.start, tokEnd(t), "expected a matrix header '(1,.,.) = ' before the values of a tensor constant of " + std::to_string(nd) + " dims");
    v *= scale;
    if (isIntegralType(*dtype, true) && (!std::isfinite(v) || v != std::floor(v) || (*dtype == ScalarType::Bool && v != 0 && v != 1)))
      fail(t.start, tokEnd(t), "value '" + t.text + "' in a tensor constant of type " + irName(*dtype));
    if (count >= numel) fail(t.start, tokEnd(t), "more values than the shape " + shapeText(dims) + " of a tensor constant holds");
    if (nd <= 1) {
      values[static_cast<size_t>(count)] = v;
    } else {
      const int64_t w = last - first + 1;
      if (k >= rows * w) fail(t.start, tokEnd(t), "more values than a block of columns " + std::to_string(first + 1) + " to " + std::to_string(last + 1) + " holds in a tensor constant");
      const auto at = static_cast<size_t>(slice * rows * cols + (k / w) * cols + first + k % w);
      if (filled[at]) fail(t.start, tokEnd(t), "a tensor constant gives the element at column " + std::to_string(first + k % w + 1) + " twice");
      values[at] = v;
      filled[at] = 1;
      ++k;
    }
    ++count;
  }
  if (count != numel || (nd > 2 && numel > 0 && slice != matrices - 1))
    fail(begin, end, "a tensor constant of shape " + shapeText(dims) + " needs " + std::to_string(numel) + " values, found " + std::to_string(count));
  TensorConstant c;
  c.dtype = *dtype;
  c.sizes = dims;
  c.values = std::move(values);
  c.wrappedNumber = false;
  pos = end;
  return c;
}

}  // namespace tsjit
