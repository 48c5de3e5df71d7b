// StringsTensor.cpp — the text of a tensor in str()/format(): PyTorch's C++ tensor printer
// (what `std::cout << tensor` shows), which TorchScript's interpreter uses for tensors:
//
//    1.5000
//   -2.0000
//   [ CPUFloatType{2} ]
//
// Rules (stated from PyTorch 1.13's behaviour): values are formatted in double; a 0-dim tensor
// prints its value in default float format then "[ CPU<Type>Type{} ]"; otherwise one format is
// chosen for the whole tensor from its finite values: all integral -> default format, width
// digits+1 (scientific with 4 decimals from 10 digits on); otherwise fixed with 4 decimals and
// width 6 + digits of the largest magnitude, or a common scale factor ("1e+06 *" line) when the
// largest magnitude has more than 5 integer digits or is below 0.1, or scientific when the
// magnitudes span more than 4 decades. Vectors print one value per line; matrices one row per
// line (split into "Columns a to b" blocks past 80 characters); higher ranks print each trailing
// matrix under a "(i,j,.,.) = " header, the first leading index varying fastest. Empty tensors print only the type line.
#include <cmath>
#include <iomanip>
#include <sstream>

#include "reference/kernels/ScalarsCommon.h"

namespace tsjit::reference {

namespace {

struct Format {
  double scale = 1;
  int64_t width = 0;
  enum class Mode { Default, Fixed, Scientific } mode = Mode::Default;
};

void applyFormat(std::ostream& os, const Format& f) {
  if (f.mode == Format::Mode::Fixed) os << std::fixed << std::setprecision(4);
  else if (f.mode == Format::Mode::Scientific) os << std::scientific << std::setprecision(4);
  else os << std::defaultfloat << std::setprecision(6);
}

Format chooseFormat(const std::vector<double>& v) {
  Format f;
  if (v.empty()) return f;
  bool intMode = true;
  for (double z : v)
    if (std::isfinite(z) && z != std::ceil(z)) {
      intMode = false;
      break;
    }
  size_t offset = 0;
  while (offset < v.size() && !std::isfinite(v[offset])) ++offset;
  double expMin = 1, expMax = 1;
  if (offset != v.size()) {
    expMin = std::fabs(v[offset]);
    expMax = std::fabs(v[offset]);
    for (size_t i = offset; i < v.size(); ++i) {
      double z = std::fabs(v[i]);
      if (!std::isfinite(z)) continue;
      if (z < expMin) expMin = z;
      if (v[i] > expMax) expMax = z;  // PyTorch compares the signed value here
    }
    expMin = expMin != 0 ? std::floor(std::log10(expMin)) + 1 : 1;
    expMax = expMax != 0 ? std::floor(std::log10(expMax)) + 1 : 1;
  }
  if (intMode) {
    if (expMax > 9) {
      f.width = 11;
      f.mode = Format::Mode::Scientific;
    } else {
      f.width = static_cast<int64_t>(expMax) + 1;
      f.mode = Format::Mode::Default;
    }
  } else if (expMax - expMin > 4) {
    f.width = 11;
    if (std::fabs(expMax) > 99 || std::fabs(expMin) > 99) f.width += 1;
    f.mode = Format::Mode::Scientific;
  } else if (expMax > 5 || expMax < 0) {
    f.width = 7;
    f.scale = std::pow(10, expMax - 1);
    f.mode = Format::Mode::Fixed;
  } else {
    f.width = expMax == 0 ? 7 : static_cast<int64_t>(expMax) + 6;
    f.mode = Format::Mode::Fixed;
  }
  return f;
}

void printScale(std::ostream& os, double scale) {
  std::ostringstream s;
  s << std::defaultfloat << scale;
  os << s.str() << " *\n";
}

// values: row-major rows x cols.
void printMatrix(std::ostream& os, const std::vector<double>& values, int64_t rows, int64_t cols, int64_t indent) {
  Format f = chooseFormat(values);
  std::string pad(static_cast<size_t>(indent), ' ');
  os << pad;
  int64_t perLine = std::max<int64_t>((80 - indent) / (f.width + 1), 1);
  int64_t first = 0;
  while (first < cols) {
    int64_t last = std::min(first + perLine, cols) - 1;
    if (perLine < cols) {
      if (first != 0) os << "\n";
      os << "Columns " << first + 1 << " to " << last + 1 << pad;
    }
    if (f.scale != 1) {
      printScale(os, f.scale);
      os << pad;
    }
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = first; c <= last; ++c) {
        std::ostringstream cell;
        applyFormat(cell, f);
        cell << std::setw(static_cast<int>(f.width)) << values[static_cast<size_t>(r * cols + c)] / f.scale;
        os << cell.str();
        if (c == last) {
          os << "\n";
          if (r != rows - 1) os << pad << (f.scale != 1 ? " " : "");
        } else {
          os << " ";
        }
      }
    }
    first = last + 1;
  }
}

}  // namespace

void printTensor(std::ostream& os, const Tensor& t) {
  if (!t.defined()) {
    os << "[ Tensor (undefined) ]";
    return;
  }
  std::vector<double> v = t.toDoubles();
  std::string type = std::string("CPU") + irName(t.dtype()) + "Type";
  const auto& sizes = t.sizes();
  if (t.dim() == 0) {
    std::ostringstream s;
    s << std::defaultfloat << v.at(0);
    os << s.str() << "\n[ " << type << "{}";
  } else if (t.dim() == 1) {
    if (!v.empty()) {
      Format f = chooseFormat(v);
      if (f.scale != 1) printScale(os, f.scale);
      for (double x : v) {
        std::ostringstream cell;
        applyFormat(cell, f);
        cell << std::setw(static_cast<int>(f.width)) << x / f.scale;
        os << cell.str() << "\n";
      }
    }
    os << "[ " << type << "{" << sizes[0] << "}";
  } else {
    if (!v.empty()) {
      int64_t rows = sizes[sizes.size() - 2], cols = sizes.back();
      int64_t matrices = t.numel() / std::max<int64_t>(rows * cols, 1);
      const size_t lead = sizes.size() - 2;
      for (int64_t m = 0; m < matrices; ++m) {
        if (t.dim() == 2) {
          printMatrix(os, v, rows, cols, 0);
          continue;
        }
        // PyTorch walks the leading indices with the FIRST one varying fastest.
        std::vector<int64_t> index(lead);
        int64_t rest = m;
        for (size_t d = 0; d < lead; ++d) {
          index[d] = rest % sizes[d];
          rest /= sizes[d];
        }
        int64_t offset = 0;
        for (size_t d = 0; d < lead; ++d) offset = offset * sizes[d] + index[d];
        std::vector<double> mat(v.begin() + offset * rows * cols, v.begin() + (offset + 1) * rows * cols);
        if (m) os << "\n";
        os << "(";
        for (int64_t i : index) os << i + 1 << ",";
        os << ".,.) = \n";
        printMatrix(os, mat, rows, cols, 1);
      }
    }
    os << "[ " << type << "{";
    for (size_t i = 0; i < sizes.size(); ++i) os << (i ? "," : "") << sizes[i];
    os << "}";
  }
  os << " ]";
}

}  // namespace tsjit::reference
