// LinalgEinsum.cpp — the einsum kernel of the Linalg family: the general contraction
// (any number of operands, ellipsis "...", repeated labels within an operand = diagonals,
// size-1 broadcasting, implicit output = ellipsis dims then the labels used once, sorted).
// Invariants: every label has one size across operands (size 1 broadcasts); the sum over the
// contracted labels accumulates in double (int64 for integer dtypes) and rounds once into the
// operands' common dtype; the result is a fresh contiguous tensor.
#include <algorithm>
#include <cctype>
#include <map>

#include "jit/kernels/Families.h"
#include "jit/kernels/ShapeCommon.h"

namespace tsjit::kernels {
namespace {
using namespace sk;

constexpr int kEllipsisBase = 1000;  // label ids of ellipsis dims: kEllipsisBase + k

struct Subscripts {
  std::vector<int> labels;  // one per letter, -1 marks the ellipsis position
  bool hasEllipsis = false;
};

Subscripts parseSubscripts(const std::string& s) {
  Subscripts out;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (out.hasEllipsis || s.compare(i, 3, "...") != 0)
        throw RuntimeError("einsum(): found '.' for operand that is not part of any ellipsis");
      out.hasEllipsis = true;
      out.labels.push_back(-1);
      i += 2;
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      out.labels.push_back(c);
    } else {
      throw RuntimeError(str("einsum(): invalid subscript given at index ", i, " in the equation string, subscripts must be in [a-zA-Z]"));
    }
  }
  return out;
}

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& ops) {
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);
  std::vector<Subscripts> in;
  size_t start = 0;
  while (true) {
    const size_t comma = lhs.find(',', start);
    in.push_back(parseSubscripts(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (ops.empty()) throw RuntimeError("einsum(): must provide at least one operand");
  if (in.size() > ops.size()) throw RuntimeError("einsum(): more operands were provided than specified in the equation");
  if (in.size() < ops.size()) throw RuntimeError("einsum(): fewer operands were provided than specified in the equation");
  const ScalarType dt = ops[0].dtype();
  for (const Tensor& t : ops)
    if (t.dtype() != dt) throw RuntimeError(str("expected scalar type ", irName(dt), " but found ", irName(t.dtype())));

  // Per operand: the label id of each dim; label sizes.
  int64_t ellRank = 0;
  std::vector<std::vector<int>> dimLabels(ops.size());
  for (size_t i = 0; i < ops.size(); ++i) {
    const int64_t letters = static_cast<int64_t>(in[i].labels.size()) - (in[i].hasEllipsis ? 1 : 0);
    const int64_t nd = ops[i].dim();
    if (in[i].hasEllipsis ? letters > nd : letters != nd)
      throw RuntimeError(str("einsum(): the number of subscripts in the equation (", letters,
                             ") does not match the number of dimensions (", nd, ") for operand ", i,
                             in[i].hasEllipsis ? "" : " and no ellipsis was given"));
    const int64_t ell = nd - letters;
    ellRank = std::max(ellRank, ell);
    for (int l : in[i].labels) {
      if (l != -1) {
        dimLabels[i].push_back(l);
        continue;
      }
      for (int64_t k = 0; k < ell; ++k) dimLabels[i].push_back(-2 - static_cast<int>(ell - 1 - k));  // fixed below
    }
  }
  // Ellipsis dims right-align across operands: dim k from the end is ellipsis id (ellRank - 1 - k).
  for (auto& dl : dimLabels)
    for (int& l : dl)
      if (l <= -2) l = kEllipsisBase + static_cast<int>(ellRank) - 1 - (-2 - l);
  std::map<int, int64_t> sizeOf;
  std::map<int, int> count;
  for (size_t i = 0; i < ops.size(); ++i)
    for (size_t d = 0; d < dimLabels[i].size(); ++d) {
      const int l = dimLabels[i][d];
      const int64_t s = ops[i].size(static_cast<int64_t>(d));
      ++count[l];
      auto it = sizeOf.find(l);
      if (it == sizeOf.end() || it->second == 1) {
        sizeOf[l] = s;
      } else if (s != 1 && s != it->second) {
        if (l >= kEllipsisBase) throw RuntimeError("einsum(): operands do not broadcast with remapped shapes (original->remapped)");
        throw RuntimeError(str("einsum(): subscript ", static_cast<char>(l), " has size ", s, " for operand ", i,
                               " which does not broadcast with previously seen size ", it->second));
      }
    }

  // Output labels.
  std::vector<int> outLabels;
  if (arrow != std::string::npos) {
    const Subscripts o = parseSubscripts(equation.substr(arrow + 2));
    for (int l : o.labels) {
      if (l == -1) {
        for (int64_t k = 0; k < ellRank; ++k) outLabels.push_back(kEllipsisBase + static_cast<int>(k));
        continue;
      }
      if (!sizeOf.count(l))
        throw RuntimeError(str("einsum(): output subscript ", static_cast<char>(l), " does not appear in the equation for any input operand"));
      if (std::find(outLabels.begin(), outLabels.end(), l) != outLabels.end())
        throw RuntimeError(str("einsum(): output subscript ", static_cast<char>(l), " appears more than once in the output"));
      outLabels.push_back(l);
    }
  } else {
    for (int64_t k = 0; k < ellRank; ++k) outLabels.push_back(kEllipsisBase + static_cast<int>(k));
    for (auto& [l, c] : count)
      if (l < kEllipsisBase && c == 1) outLabels.push_back(l);
  }
  std::vector<int> sumLabels;
  for (auto& [l, s] : sizeOf)
    if (std::find(outLabels.begin(), outLabels.end(), l) == outLabels.end()) sumLabels.push_back(l);

  // Strides of each operand per label (repeated labels add up: a diagonal walk; broadcast = 0).
  auto stridesFor = [&](const std::vector<int>& labels) {
    std::vector<std::vector<int64_t>> st(ops.size(), std::vector<int64_t>(labels.size(), 0));
    for (size_t i = 0; i < ops.size(); ++i)
      for (size_t d = 0; d < dimLabels[i].size(); ++d) {
        if (ops[i].size(static_cast<int64_t>(d)) == 1) continue;
        const auto pos = std::find(labels.begin(), labels.end(), dimLabels[i][d]);
        if (pos != labels.end()) st[i][pos - labels.begin()] += ops[i].stride(static_cast<int64_t>(d));
      }
    return st;
  };
  const auto outStrides = stridesFor(outLabels), sumStrides = stridesFor(sumLabels);
  std::vector<int64_t> outSizes, sumSizes;
  for (int l : outLabels) outSizes.push_back(sizeOf[l]);
  for (int l : sumLabels) sumSizes.push_back(sizeOf[l]);

  Tensor out = Tensor::empty(outSizes, dt, ops[0].device());
  if (out.numel() == 0) return out;
  visitScalarType(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Acc = std::conditional_t<std::is_floating_point_v<T> || isReducedFloat<T>, double, int64_t>;
    std::vector<const T*> base(ops.size());
    for (size_t i = 0; i < ops.size(); ++i) base[i] = static_cast<const T*>(ops[i].data());
    T* o = static_cast<T*>(out.data());
    int64_t idx = 0;
    std::vector<int64_t> outOff(ops.size());
    forEachIndex(outSizes, [&](const int64_t* oi) {
      for (size_t i = 0; i < ops.size(); ++i) {
        int64_t off = 0;
        for (size_t k = 0; k < outLabels.size(); ++k) off += oi[k] * outStrides[i][k];
        outOff[i] = off;
      }
      Acc acc = 0;
      forEachIndex(sumSizes, [&](const int64_t* si) {
        Acc prod = 1;
        for (size_t i = 0; i < ops.size(); ++i) {
          int64_t off = outOff[i];
          for (size_t k = 0; k < sumLabels.size(); ++k) off += si[k] * sumStrides[i][k];
          prod *= static_cast<Acc>(widenScalar(base[i][off]));
        }
        acc += prod;
      });
      o[idx++] = convertScalar<T>(acc);
    });
  });
  return out;
}

}  // namespace tsjit::kernels
