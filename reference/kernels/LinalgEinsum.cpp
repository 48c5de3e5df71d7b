// LinalgEinsum.cpp — the reference kernel of aten::einsum (Linalg family, part 3): a general
// implementation of the equation language — explicit ("ij,jk->ik") and implicit ("ij,jk") outputs,
// "..." ellipses broadcast across operands, repeated subscripts (diagonals: "ii->i"), sums over
// every subscript that is not in the output, size-1 dims broadcasting.
//
// Invariants: out[o] = Σ over the contracted subscripts of Π operand values, accumulated in double
// (floating result) or wrapping int64 (integral result) and rounded once; the result dtype is the
// operands' promoted dtype. Malformed equations raise PyTorch's "einsum(): ..." messages.
#include <array>

#include "jit/tensor/TypePromotion.h"
#include "reference/Kernel.h"
#include "reference/kernels/LinalgCommon.h"

namespace tsjit::reference {
namespace {

using namespace shape;

constexpr int kLabels = 52;
constexpr int kEllipsis = -1;

int labelOf(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
  return -2;
}
char charOf(int label) { return static_cast<char>(label < 26 ? 'A' + label : 'a' + (label - 26)); }

// One side of the equation: its subscripts in order, kEllipsis standing for "...".
using Term = std::vector<int>;

std::vector<Term> parseTerms(const std::string& text, size_t offset, bool output) {
  std::vector<Term> terms(1);
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ') continue;
    if (c == ',' && !output) {
      terms.emplace_back();
      continue;
    }
    if (c == '.') {
      if (i + 2 >= text.size() || text[i + 1] != '.' || text[i + 2] != '.')
        throw RuntimeError(str("einsum(): found '.' for ", output ? "output" : str("operand ", terms.size() - 1),
                               " that is not part of any ellipsis"));
      for (int e : terms.back())
        if (e == kEllipsis)
          throw RuntimeError(str("einsum(): found '.' for ", output ? "output" : str("operand ", terms.size() - 1),
                                 " for which an ellipsis was already found"));
      terms.back().push_back(kEllipsis);
      i += 2;
      continue;
    }
    const int l = labelOf(c);
    if (l < 0)
      throw RuntimeError(str("einsum(): invalid subscript given at index ", offset + i,
                             " in the equation string, subscripts must be in [a-zA-Z]"));
    terms.back().push_back(l);
  }
  return terms;
}

std::vector<IValue> einsum(Args& a) {
  const std::string eq = strArg(a, 0);
  const std::vector<Tensor> ops = tensorListArg(a, 1);
  if (ops.empty()) throw RuntimeError("einsum(): must provide at least one operand");
  const size_t arrow = eq.find("->");
  const std::vector<Term> inputs = parseTerms(eq.substr(0, arrow), 0, false);
  if (inputs.size() > ops.size()) throw RuntimeError("einsum(): fewer operands were provided than specified in the equation");
  if (inputs.size() < ops.size()) throw RuntimeError("einsum(): more operands were provided than specified in the equation");

  // Ellipsis dims of each operand, right-aligned against the widest (E dims).
  std::vector<int64_t> ellDims(ops.size(), 0);
  int64_t E = 0;
  std::array<int, kLabels> count{};
  for (size_t i = 0; i < ops.size(); ++i) {
    const Term& t = inputs[i];
    int64_t named = 0;
    bool hasEll = false;
    for (int l : t) {
      if (l == kEllipsis) hasEll = true;
      else {
        ++named;
        ++count[static_cast<size_t>(l)];
      }
    }
    if (!hasEll && named != ops[i].dim())
      throw RuntimeError(str("einsum(): the number of subscripts in the equation (", named,
                             ") does not match the number of dimensions (", ops[i].dim(), ") for operand ", i,
                             " and no ellipsis was given"));
    if (hasEll && named > ops[i].dim())
      throw RuntimeError(str("einsum(): the number of subscripts in the equation (", named,
                             ") is more than the number of dimensions (", ops[i].dim(), ") for operand ", i));
    ellDims[i] = hasEll ? ops[i].dim() - named : 0;
    E = std::max(E, ellDims[i]);
  }

  // Axes: 0..E-1 are the ellipsis dims, E + l is subscript l. Their sizes (size-1 dims broadcast).
  const int64_t nAxes = E + kLabels;
  std::vector<int64_t> axisSize(static_cast<size_t>(nAxes), 1);
  std::vector<std::vector<int64_t>> axisOfDim(ops.size());
  for (size_t i = 0; i < ops.size(); ++i) {
    std::vector<int64_t> seenSize(kLabels, -1);
    for (int l : inputs[i]) {
      if (l == kEllipsis) {
        for (int64_t k = 0; k < ellDims[i]; ++k) axisOfDim[i].push_back(E - ellDims[i] + k);
      } else {
        axisOfDim[i].push_back(E + l);
      }
    }
    for (int64_t j = 0; j < ops[i].dim(); ++j) {
      const int64_t ax = axisOfDim[i][static_cast<size_t>(j)];
      const int64_t sz = ops[i].size(j);
      if (ax >= E) {
        int64_t& seen = seenSize[static_cast<size_t>(ax - E)];
        if (seen >= 0 && seen != sz)
          throw RuntimeError(str("einsum(): subscript ", charOf(static_cast<int>(ax - E)),
                                 " is repeated for operand ", i, " but the sizes don't match, ", seen, " != ", sz));
        seen = sz;
      }
      int64_t& cur = axisSize[static_cast<size_t>(ax)];
      if (sz != 1) {
        if (cur != 1 && cur != sz) {
          if (ax >= E)
            throw RuntimeError(str("einsum(): subscript ", charOf(static_cast<int>(ax - E)), " has size ", sz,
                                   " for operand ", i, " which does not broadcast with previously seen size ", cur));
          throw RuntimeError(str("einsum(): operands do not broadcast with remapped shapes (original->remapped)"));
        }
        cur = sz;
      }
    }
  }

  // Output axes.
  std::vector<int64_t> outAxes;
  std::vector<bool> inOutput(static_cast<size_t>(nAxes), false);
  if (arrow != std::string::npos) {
    const std::vector<Term> outTerm = parseTerms(eq.substr(arrow + 2), arrow + 2, true);
    for (int l : outTerm[0]) {
      if (l == kEllipsis) {
        for (int64_t k = 0; k < E; ++k) outAxes.push_back(k);
        continue;
      }
      if (count[static_cast<size_t>(l)] == 0)
        throw RuntimeError(str("einsum(): output subscript ", charOf(l),
                               " does not appear in the equation for any input operand"));
      if (inOutput[static_cast<size_t>(E + l)])
        throw RuntimeError(str("einsum(): output subscript ", charOf(l), " appears more than once in the output"));
      outAxes.push_back(E + l);
      inOutput[static_cast<size_t>(E + l)] = true;
    }
  } else {
    for (int64_t k = 0; k < E; ++k) outAxes.push_back(k);
    for (int l = 0; l < kLabels; ++l)
      if (count[static_cast<size_t>(l)] == 1) outAxes.push_back(E + l);
  }
  for (int64_t ax : outAxes) inOutput[static_cast<size_t>(ax)] = true;
  std::vector<int64_t> sumAxes;
  for (int64_t k = 0; k < E; ++k)
    if (!inOutput[static_cast<size_t>(k)]) sumAxes.push_back(k);
  for (int l = 0; l < kLabels; ++l)
    if (count[static_cast<size_t>(l)] > 0 && !inOutput[static_cast<size_t>(E + l)]) sumAxes.push_back(E + l);

  std::vector<int64_t> outSizes, sumSizes;
  for (int64_t ax : outAxes) outSizes.push_back(axisSize[static_cast<size_t>(ax)]);
  for (int64_t ax : sumAxes) sumSizes.push_back(axisSize[static_cast<size_t>(ax)]);

  ResultTypeState rt;
  for (const Tensor& t : ops) rt.add(t);
  const ScalarType dtype = rt.result();
  const bool floating = isFloatingType(dtype);
  Tensor out = Tensor::empty(outSizes, dtype);
  std::vector<int64_t> axisIndex(static_cast<size_t>(nAxes), 0);
  const int64_t nOut = product(outSizes), nSum = product(sumSizes);
  for (int64_t o = 0; o < nOut; ++o) {
    const std::vector<int64_t> oi = unravel(o, outSizes);
    for (size_t k = 0; k < outAxes.size(); ++k) axisIndex[static_cast<size_t>(outAxes[k])] = oi[k];
    double accD = 0;
    int64_t accI = 0;
    for (int64_t s = 0; s < nSum; ++s) {
      const std::vector<int64_t> si = unravel(s, sumSizes);
      for (size_t k = 0; k < sumAxes.size(); ++k) axisIndex[static_cast<size_t>(sumAxes[k])] = si[k];
      double termD = 1;
      int64_t termI = 1;
      for (size_t i = 0; i < ops.size(); ++i) {
        int64_t lin = 0;
        for (int64_t j = 0; j < ops[i].dim(); ++j) {
          const int64_t sz = ops[i].size(j);
          const int64_t ix = sz == 1 ? 0 : axisIndex[static_cast<size_t>(axisOfDim[i][static_cast<size_t>(j)])];
          lin = lin * sz + ix;
        }
        if (floating)
          termD *= ops[i].getDouble(lin);
        else
          termI = linalg::wrapMul(termI, ops[i].getInt64(lin));
      }
      accD += termD;
      accI = linalg::wrapAdd(accI, termI);
    }
    if (floating)
      out.setDouble(o, accD);
    else
      out.setInt64(o, accI);
  }
  return one(out);
}

}  // namespace

// einsum.sublist: einsum(op0, sub0, op1, sub1, ..., [out]) with integer subscripts (0-25 name
// 'A'-'Z', 26-51 'a'-'z'), rewritten as an equation string for einsum above.
std::vector<IValue> einsumSublist(Args& a) {
  if (a.size() < 2)
    throw RuntimeError("einsum(): must specify the equation string and at least one operand, or at least one operand "
                       "and its subscripts list");
  auto letters = [&](size_t i) {
    std::string out;
    if (!a[i].isList()) throw RuntimeError(str("einsum(): expected List[int] in argument ", i));
    const auto& items = a[i].toListRef().items;
    for (size_t k = 0; k < items.size(); ++k) {
      const int64_t l = items[k].toInt();
      if (l < 0 || l >= 52)
        throw RuntimeError(str("einsum(): expected subscript ", k, " in argument ", i,
                               " to be within the range [0, 52), but got ", l));
      out += static_cast<char>(l < 26 ? 'A' + l : 'a' + (l - 26));
    }
    return out;
  };
  const size_t pairs = a.size() / 2;
  std::string eq;
  std::vector<IValue> operands;
  for (size_t p = 0; p < pairs; ++p) {
    eq += (p ? "," : "") + letters(2 * p + 1);
    operands.push_back(a[2 * p]);
  }
  if (a.size() % 2 == 1) eq += "->" + letters(a.size() - 1);
  Args inner{IValue(eq), makeList(TensorType::get(), std::move(operands)), IValue()};
  return einsum(inner);
}

void registerLinalgEinsumKernels() {
  def("aten::einsum", einsum);
  def("aten::einsum.sublist", einsumSublist);
}

}  // namespace tsjit::reference
