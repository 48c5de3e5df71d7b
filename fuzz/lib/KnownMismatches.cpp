// KnownMismatches.cpp — the table of KnownMismatches.h with each entry's input precondition. An
// entry names an op kind ("aten::divmod"), an overload ("aten::div.int"), or an op kind restricted
// to its scalar overloads ("aten::div[scalar]": the overloads of category ScalarMath). Keep each
// reason short: which side is wrong if known, and the symptom the campaign reported. A precondition
// reads only the node's inputs and must be as narrow as the evidence allows.
#include "fuzz/lib/KnownMismatches.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "jit/tensor/MemoryOverlap.h"
#include "jit/tensor/TypePromotion.h"

namespace tsjit::fuzz {

namespace {

bool lowPrecision(ScalarType t) { return t == ScalarType::Float || t == ScalarType::Half || t == ScalarType::BFloat16; }

// A square matrix (batch) of a float32-or-narrower dtype that is singular to float32 precision: LU
// with partial pivoting in double meets a pivot below n * 2^-23 * max|a| in some matrix of the batch.
bool float32SingularMatrix(const std::vector<IValue>& inputs) {
  if (inputs.empty() || !inputs[0].isTensor()) return false;
  const Tensor a = inputs[0].toTensor();
  if (!a.defined() || a.dim() < 2 || !lowPrecision(a.dtype())) return false;
  const int64_t n = a.size(-1);
  if (n == 0 || a.size(-2) != n) return false;
  const int64_t batch = a.numel() / (n * n);
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<double> m(static_cast<size_t>(n * n));
    double maxAbs = 0;
    for (int64_t i = 0; i < n * n; ++i) {
      m[static_cast<size_t>(i)] = a.getDouble(b * n * n + i);
      if (!std::isfinite(m[static_cast<size_t>(i)])) return false;  // non-finite: not this entry
      maxAbs = std::max(maxAbs, std::fabs(m[static_cast<size_t>(i)]));
    }
    const double tiny = static_cast<double>(n) * 0x1p-23 * maxAbs;
    for (int64_t k = 0; k < n; ++k) {
      int64_t p = k;
      for (int64_t i = k + 1; i < n; ++i)
        if (std::fabs(m[i * n + k]) > std::fabs(m[p * n + k])) p = i;
      if (std::fabs(m[p * n + k]) <= tiny) return true;
      for (int64_t j = 0; j < n; ++j) std::swap(m[k * n + j], m[p * n + j]);
      for (int64_t i = k + 1; i < n; ++i) {
        double f = m[i * n + k] / m[k * n + k];
        for (int64_t j = k; j < n; ++j) m[i * n + j] -= f * m[k * n + j];
      }
    }
  }
  return false;
}

// A floating matrix (batch) whose columns are linearly dependent to its dtype's precision:
// Gram-Schmidt in double leaves a column residual below 4 max(m, n) eps max|a| (eps: 2^-23 for
// float32 and narrower, 2^-52 for float64) within the first min(m, n) columns. Q's columns past the
// rank are then any orthonormal completion.
bool rankDeficientMatrix(const std::vector<IValue>& inputs) {
  if (inputs.empty() || !inputs[0].isTensor()) return false;
  const Tensor a = inputs[0].toTensor();
  if (!a.defined() || a.dim() < 2 || !isFloatingType(a.dtype())) return false;
  const double eps = lowPrecision(a.dtype()) ? 0x1p-23 : 0x1p-52;
  const int64_t m = a.size(-2), n = a.size(-1), k = std::min(m, n);
  if (k == 0) return false;
  const Tensor c = a.contiguous();
  const int64_t batch = c.numel() / (m * n);
  for (int64_t b = 0; b < batch; ++b) {
    double maxAbs = 0;
    std::vector<std::vector<double>> q;
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < m; ++i) {
        const double x = c.getDouble(b * m * n + i * n + j);
        if (!std::isfinite(x)) return false;
        maxAbs = std::max(maxAbs, std::fabs(x));
      }
    const double tiny = 4.0 * static_cast<double>(std::max(m, n)) * eps * maxAbs;
    for (int64_t j = 0; j < k; ++j) {
      std::vector<double> v(static_cast<size_t>(m));
      for (int64_t i = 0; i < m; ++i) v[static_cast<size_t>(i)] = c.getDouble(b * m * n + i * n + j);
      for (const auto& u : q) {
        double d = 0;
        for (int64_t i = 0; i < m; ++i) d += u[static_cast<size_t>(i)] * v[static_cast<size_t>(i)];
        for (int64_t i = 0; i < m; ++i) v[static_cast<size_t>(i)] -= d * u[static_cast<size_t>(i)];
      }
      double norm = 0;
      for (double x : v) norm += x * x;
      norm = std::sqrt(norm);
      if (norm <= tiny) return true;
      for (double& x : v) x /= norm;
      q.push_back(std::move(v));
    }
  }
  return false;
}

bool anyNonFinite(const IValue& v) {
  if (!v.isTensor()) return false;
  const Tensor t = v.toTensor();
  if (!t.defined() || !isFloatingType(t.dtype())) return false;
  for (int64_t i = 0; i < t.numel(); ++i)
    if (!std::isfinite(t.getDouble(i))) return true;
  return false;
}
bool firstInputNonFinite(const std::vector<IValue>& inputs) { return !inputs.empty() && anyNonFinite(inputs[0]); }

// lstm_cell(input, hx[h, c], w_ih, w_hh, b_ih, b_hh) in a float32-or-narrower dtype where some gate's
// pre-activation cancels: |Σ terms| < 2^-10 Σ |terms| (the composite's rounding is then amplified
// beyond the reduction bound).
bool lstmGateCancels(const std::vector<IValue>& in) {
  if (in.size() < 4 || !in[0].isTensor() || !in[1].isList() || !in[2].isTensor() || !in[3].isTensor()) return false;
  const Tensor x = in[0].toTensor(), wih = in[2].toTensor(), whh = in[3].toTensor();
  const auto& hx = in[1].toListRef().items;
  if (hx.empty() || !hx[0].isTensor() || !lowPrecision(x.dtype()) || x.dim() < 1 || wih.dim() != 2 || whh.dim() != 2)
    return false;
  const Tensor h = hx[0].toTensor();
  const int64_t gates = wih.size(0), nin = wih.size(1), nh = whh.size(1);
  const int64_t rows = x.dim() == 2 ? x.size(0) : 1;
  if (x.size(-1) != nin || h.size(-1) != nh) return false;
  Tensor bih = in.size() > 4 && in[4].isTensor() ? in[4].toTensor() : Tensor();
  Tensor bhh = in.size() > 5 && in[5].isTensor() ? in[5].toTensor() : Tensor();
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t g = 0; g < gates; ++g) {
      double s = 0, a = 0;
      auto add = [&](double t) { s += t, a += std::fabs(t); };
      for (int64_t k = 0; k < nin; ++k) add(x.getDouble(r * nin + k) * wih.getDouble(g * nin + k));
      for (int64_t k = 0; k < nh; ++k) add(h.getDouble(r * nh + k) * whh.getDouble(g * nh + k));
      if (bih.defined() && bih.numel() == gates) add(bih.getDouble(g));
      if (bhh.defined() && bhh.numel() == gates) add(bhh.getDouble(g));
      if (std::isfinite(a) && a > 0 && std::fabs(s) < a * 0x1p-10) return true;
    }
  return false;
}

// binary_cross_entropy_with_logits in a float32-or-narrower dtype with a logit of magnitude above 8
// or a target outside [0, 1] (the composite's terms (1 - y) x and log1p(exp(-|x|)) cancel).
bool bceCancels(const std::vector<IValue>& in) {
  if (in.size() < 2 || !in[0].isTensor() || !in[1].isTensor()) return false;
  const Tensor x = in[0].toTensor(), y = in[1].toTensor();
  if (!lowPrecision(x.dtype())) return false;
  for (int64_t i = 0; i < x.numel(); ++i)
    if (std::fabs(x.getDouble(i)) > 8) return true;
  for (int64_t i = 0; i < y.numel(); ++i)
    if (y.getDouble(i) < 0 || y.getDouble(i) > 1) return true;
  return false;
}

// An in-place op whose self partially overlaps another tensor argument (a different view of the same
// elements): PyTorch 1.13 raises "unsupported operation: some elements of the input tensor and the
// written-to tensor refer to a single memory location" (TensorIterator's assert_no_partial_overlap);
// the jit does, the reference computes.
bool selfPartiallyOverlapsAnInput(const std::vector<IValue>& in) {
  if (in.empty() || !in[0].isTensor() || !in[0].toTensor().defined()) return false;
  const Tensor self = in[0].toTensor();
  for (size_t i = 1; i < in.size(); ++i)
    if (in[i].isTensor() && in[i].toTensor().defined() && getOverlapStatus(self, in[i].toTensor()) == MemOverlapStatus::Partial)
      return true;
  return false;
}

// A finite entry beyond 1e150 in magnitude: its square overflows double.
bool hugeEntry(const std::vector<IValue>& in) {
  if (in.empty() || !in[0].isTensor()) return false;
  const Tensor t = in[0].toTensor();
  if (!t.defined() || !isFloatingType(t.dtype())) return false;
  for (int64_t i = 0; i < t.numel(); ++i)
    if (std::isfinite(t.getDouble(i)) && std::fabs(t.getDouble(i)) > 1e150) return true;
  return false;
}

// prod with a float / double result (dtype= or self's floating dtype) where the order of the
// products decides the result's range, within some reduced slice (every element, or the slices
// along prod.dim_int's dim) of finite factors (as converted to the dtype):
//   * overflow: the factors above 1 in magnitude multiply beyond the dtype's largest finite value
//     while the whole slice's product does not, or the slice holds an exact zero (0 * inf = NaN
//     only where the overflow comes before the zero);
//   * underflow (no zero in the slice): a subnormal factor, or the factors below 1 multiply below
//     the smallest normal (partial products then keep fewer bits, or flush to 0, in some orders).
bool productRangeDependsOnOrder(const std::vector<IValue>& in) {
  if (in.empty() || !in[0].isTensor()) return false;
  const Tensor t = in[0].toTensor();
  if (!t.defined() || t.numel() == 0) return false;
  ScalarType dt = t.dtype();  // prod(self, dtype) / prod.dim_int(self, dim, keepdim, dtype)
  const IValue& dtypeArg = in.size() == 2 ? in[1] : in.size() == 4 ? in[3] : IValue();
  if (dtypeArg.isInt())
    if (auto d = fromTorchCode(dtypeArg.toInt())) dt = *d;
  if (dt != ScalarType::Float && dt != ScalarType::Double) return false;
  const bool isDouble = dt == ScalarType::Double;
  const double logMax = std::log(isDouble ? std::numeric_limits<double>::max()
                                          : static_cast<double>(std::numeric_limits<float>::max()));
  const double minNormal = isDouble ? std::numeric_limits<double>::min() : static_cast<double>(std::numeric_limits<float>::min());
  const double logMinNormal = std::log(minNormal);
  const Tensor c = t.contiguous();
  int64_t outer = 1, len = c.numel(), inner = 1;
  if (in.size() == 4 && in[1].isInt() && c.dim() > 0) {
    const int64_t d = in[1].toInt() < 0 ? in[1].toInt() + c.dim() : in[1].toInt();
    if (d < 0 || d >= c.dim()) return false;
    len = c.size(d);
    for (int64_t k = 0; k < d; ++k) outer *= c.size(k);
    for (int64_t k = d + 1; k < c.dim(); ++k) inner *= c.size(k);
  }
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      double big = 0, small = 0;
      bool zero = false, subnormal = false, finite = true;
      for (int64_t r = 0; r < len && finite; ++r) {
        double x = std::fabs(c.getDouble((o * len + r) * inner + i));
        if (!isDouble) x = static_cast<double>(static_cast<float>(x));
        finite = std::isfinite(x);
        if (x == 0) zero = true;
        else if (x < minNormal) subnormal = true;
        if (x > 1) big += std::log(x);
        else if (x > 0 && x < 1) small += std::log(x);
      }
      if (!finite) continue;  // a non-finite factor: inf / NaN in every order
      if (big > logMax && (zero || big + small <= logMax)) return true;
      if (!zero && (subnormal || small < logMinNormal)) return true;
    }
  return false;
}

// An integer tensor argument holding a value beyond 2^24 in magnitude (converted to float32 it rounds,
// and which of its neighbours it absorbs depends on the summation order).
bool hugeIntegerOperand(const std::vector<IValue>& in) {
  for (const IValue& v : in) {
    if (!v.isTensor() || !v.toTensor().defined() || isFloatingType(v.toTensor().dtype())) continue;
    const Tensor t = v.toTensor();
    for (int64_t i = 0; i < t.numel(); ++i)
      if (t.getInt64(i) > (int64_t{1} << 24) || t.getInt64(i) < -(int64_t{1} << 24)) return true;
  }
  return false;
}

// erfinv of a floating operand with some element within 1e-3 of ±1 (not ±1 itself): erfinv's
// condition number |y erfinv'(y) / erfinv(y)| passes 64 there (3e5 at 1 - 1e-7), so 1.13's rational
// approximation with Newton steps (which the jit reproduces bit for bit) and the reference's
// accurate inverse differ by the input's rounding times that factor.
bool erfinvIllConditioned(const std::vector<IValue>& in) {
  if (in.empty() || !in[0].isTensor()) return false;
  const Tensor t = in[0].toTensor();
  if (!t.defined() || !isFloatingType(t.dtype())) return false;
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double a = std::fabs(t.getDouble(i));
    if (a < 1 && a > 1 - 1e-3) return true;
  }
  return false;
}

// cross / linalg_cross with float32-or-narrower operands where some product of an element of the
// first with an element of the second overflows the dtype (|a| |b| beyond its largest finite
// value): 1.13 forms a1 b2 - a2 b1 in float (contracted to an fma; the jit likewise), so the
// overflowed product gives ±inf or NaN where the reference's double arithmetic stays finite.
bool crossProductOverflows(const std::vector<IValue>& in) {
  if (in.size() < 2 || !in[0].isTensor() || !in[1].isTensor()) return false;
  const Tensor a = in[0].toTensor(), b = in[1].toTensor();
  if (!a.defined() || !b.defined() || !lowPrecision(promoteTypes(a.dtype(), b.dtype()))) return false;
  double ma = 0, mb = 0;
  for (int64_t i = 0; i < a.numel(); ++i)
    if (std::isfinite(a.getDouble(i))) ma = std::max(ma, std::fabs(a.getDouble(i)));
  for (int64_t i = 0; i < b.numel(); ++i)
    if (std::isfinite(b.getDouble(i))) mb = std::max(mb, std::fabs(b.getDouble(i)));
  return ma * mb > static_cast<double>(std::numeric_limits<float>::max());
}

// cdist / _cdist_forward on 1.13's matrix-product path (p = 2 with compute_mode 1, or mode 0 / None
// and more than 25 rows on a side) where |x|^2 + |y|^2 - 2 x.y misbehaves in the operand dtype: a
// non-finite entry, an entry whose square overflows the dtype, or two rows closer than 2^-6 of their
// norms (the subtraction cancels; sqrt amplifies the residue).
bool cdistMatrixProductDiffers(const std::vector<IValue>& in) {
  if (in.size() < 4 || !in[0].isTensor() || !in[1].isTensor() || !in[2].isDouble()) return false;
  const Tensor a = in[0].toTensor(), b = in[1].toTensor();
  if (!a.defined() || !b.defined() || a.dim() < 2 || b.dim() < 2 || !isFloatingType(a.dtype())) return false;
  const int64_t mode = in[3].isInt() ? in[3].toInt() : 0;
  if (in[2].toDouble() != 2 || !(mode == 1 || (mode == 0 && (a.size(-2) > 25 || b.size(-2) > 25)))) return false;
  const double maxSquareRoot = a.dtype() == ScalarType::Double ? 1e154 : 1.8e19;
  for (const Tensor& t : {a, b})
    for (int64_t i = 0; i < t.numel(); ++i)
      if (!std::isfinite(t.getDouble(i)) || std::fabs(t.getDouble(i)) > maxSquareRoot) return true;
  const int64_t c = a.size(-1);
  if (c == 0) return false;
  const int64_t ra = a.numel() / c, rb = b.numel() / c;
  for (int64_t i = 0; i < ra; ++i)
    for (int64_t j = 0; j < rb; ++j) {
      double d = 0, na = 0, nb = 0;
      for (int64_t k = 0; k < c; ++k) {
        const double x = a.getDouble(i * c + k), y = b.getDouble(j * c + k);
        d += (x - y) * (x - y), na += x * x, nb += y * y;
      }
      if (std::sqrt(d) < 0x1p-6 * (std::sqrt(na) + std::sqrt(nb))) return true;
    }
  return false;
}

// A composite loss (kl_div, poisson_nll_loss) with a float64 operand and a float32-or-narrower one:
// the narrow operand's own terms (xlogy(t, t), exp(t), log(t)) round in its dtype, a few of its ulps,
// which the float64 result's bound does not cover.
bool klDivMixedPrecision(const std::vector<IValue>& in) {
  bool wide = false, narrow = false;
  for (size_t k = 0; k < 3 && k < in.size(); ++k) {
    if (!in[k].isTensor() || !in[k].toTensor().defined()) continue;
    wide = wide || in[k].toTensor().dtype() == ScalarType::Double;
    narrow = narrow || lowPrecision(in[k].toTensor().dtype());
  }
  return wide && narrow;
}

// grid_sampler with an input or grid entry that is non-finite or beyond 1e30 in magnitude: weights
// times values overflow (or cancel as inf - inf) differently in each engine's order of products.
bool gridSamplerExtreme(const std::vector<IValue>& in) {
  for (size_t k = 0; k < 2 && k < in.size(); ++k) {
    if (!in[k].isTensor() || !isFloatingType(in[k].toTensor().dtype())) continue;
    const Tensor t = in[k].toTensor();
    for (int64_t i = 0; i < t.numel(); ++i)
      if (!std::isfinite(t.getDouble(i)) || std::fabs(t.getDouble(i)) > 1e30) return true;
  }
  return false;
}

const std::vector<KnownMismatch> kKnown = {
    // Found by the 10-minute campaign (seed 1, case 48786): sum(int64 [-(2^63-2), ..., 2^63-2, small],
    // dtype=float32): PyTorch 1.13.1 gives 17, the reference 8, the jit 18 — the float32 sum of
    // cancelling huge terms depends on the order; the property's bound scales with the result and
    // the floating operands, not with Σ|x| of integer operands converted by dtype= (issue 9 item 1,
    // the comparison rule, scales by Σ|x|). Owner: conformance/lib/Compare.
    {"aten::sum", "an integer operand beyond 2^24 in magnitude summed in a floating dtype", hugeIntegerOperand,
     "order-dependent cancellation of huge converted terms; the bound ignores their Σ|x|"},
    // Found by `tsjit fuzz --target ops --seed 5` (case 29, x1 @ x0 with x0's rows equal).
    {"aten::qr", "a matrix with columns dependent to its dtype's precision (Gram-Schmidt residual <= 4 max(m, n) eps max|a|)",
     rankDeficientMatrix, "Q's columns past the rank are an arbitrary orthonormal completion (LAPACK's "
     "Householder vs the reference's in double)"},
    {"aten::linalg_qr", "a matrix with columns dependent to its dtype's precision (Gram-Schmidt residual <= 4 max(m, n) eps max|a|)",
     rankDeficientMatrix, "Q's columns past the rank are an arbitrary orthonormal completion"},
    // The LU-based solvers share linalg_inv's two cases (found by `tsjit check --seed 7`, ops case
    // 2717: linalg_solve_ex's info 3 vs 0 for rows with an inf entry).
    {"aten::linalg_solve_ex", "a non-finite matrix entry", firstInputNonFinite,
     "inf / NaN entries: where LU meets a NaN / zero pivot (its info, which outputs become NaN) depends on the "
     "operation order (LAPACK vs the reference's LU in double)"},
    {"aten::linalg_solve_ex", "a float32/Half/BFloat16 matrix singular to float32 precision (double LU pivot <= n 2^-23 max|a|)",
     float32SingularMatrix, "whether LU meets an exact zero pivot (and which) depends on float32 rounding in LAPACK's getf2"},
    {"aten::linalg_inv_ex", "a non-finite matrix entry", firstInputNonFinite,
     "inf / NaN entries: where LU meets a NaN / zero pivot depends on the operation order"},
    {"aten::linalg_inv_ex", "a float32/Half/BFloat16 matrix singular to float32 precision (double LU pivot <= n 2^-23 max|a|)",
     float32SingularMatrix, "whether LU meets an exact zero pivot (and which) depends on float32 rounding in LAPACK's getf2"},
    // pinv takes the SVD: with an infinite entry LAPACK's gesdd gives NaN singular values or loops
    // forever (python3-torch 1.13.1 hangs on a 3 x 4 float32 matrix with an inf and a 1e6; the jit
    // skips LAPACK there: a zero pinv), and which outputs are NaN is LAPACK's business (1.13: [nan, 0,
    // 0, 0] for a 1 x 4 row with an inf); `tsjit check --seed 7`, ops case 1483. With a singular value
    // at rounding level (rank-deficient to the dtype's precision), whether it passes the cutoff and
    // is inverted (1 / 6e-8 in float32) depends on the SVD's rounding: python3-torch 1.13.1's
    // pinverse(|[[a, b], [a, b]]|, 1e-15) is 1.16e7, in double 0.0425 (ops case 1754).
    {"aten::linalg_pinv", "a non-finite matrix entry", firstInputNonFinite,
     "inf entries: LAPACK's SVD of them gives NaN singular values or does not return"},
    {"aten::pinverse", "a non-finite matrix entry", firstInputNonFinite, "as aten::linalg_pinv"},
    {"aten::linalg_pinv", "a matrix rank-deficient to its dtype's precision (Gram-Schmidt residual <= 4 max(m, n) eps max|a|)",
     rankDeficientMatrix, "a rounding-level singular value is kept (and inverted) or dropped by its rounding"},
    {"aten::pinverse", "a matrix rank-deficient to its dtype's precision (Gram-Schmidt residual <= 4 max(m, n) eps max|a|)",
     rankDeficientMatrix, "as aten::linalg_pinv"},
    {"aten::linalg_inv", "a non-finite matrix entry", firstInputNonFinite,
     "inf / NaN entries: which outputs become NaN or 0 depends on the LU's operation order (LAPACK vs the "
     "reference's LU in double); campaign seed 1 case 44380"},
    // Found by `tsjit fuzz --target ops --ops aten::prod,... --seed 3` (cases 50236, 72442: subnormal
    // partial products) and `--ops aten::prod --seed 7` (cases 32949, 36983, 54175: 0 vs NaN; 180,
    // 330, 2022: inf vs finite). The jit multiplies in the dtype in 1.13's vectorized order and
    // matches python3-torch 1.13.1 on them (conformance/frontend/run/prod_order.py); the reference
    // multiplies sequentially in double.
    {"aten::prod", "a float / double slice of finite factors whose partial products can overflow (beyond a zero or a finite total) or leave the normal range",
     productRangeDependsOnOrder,
     "overflow to inf (meeting a zero: NaN) and subnormal partial products depend on the multiplication order "
     "(1.13's four-vector lanes in the dtype vs the reference's sequential product in double)"},
    {"aten::nuclear_norm", "a finite entry beyond 1e150 in magnitude", hugeEntry,
     "the reference's singular values overflow to inf (squares) where LAPACK's SVD (PyTorch, the jit) stays finite"},
    // Found by generator v2 (tsjit fuzz --seed 1, case 925): reference/ lacks the check; owner: reference.
    {"[inplace]", "self partially overlapping another tensor argument (getOverlapStatus == Partial)",
     selfPartiallyOverlapsAnInput,
     "the reference computes where PyTorch 1.13 and the jit raise `some elements of the input tensor and the "
     "written-to tensor refer to a single memory location` (reference/ has no partial-overlap check)"},
    // Values of ill-conditioned matrices agree under the condition-aware bound (Property.cpp,
    // inverseErrorScale); what is left: a float32 matrix that is singular in float32 has an exact
    // zero pivot or a tiny nonzero one depending on float32 rounding in OpenBLAS's getf2 (the
    // reference's LU runs in double), so one engine raises "singular" where the other returns.
    {"aten::linalg_inv", "a float32/Half/BFloat16 matrix singular to float32 precision (double LU pivot <= n 2^-23 max|a|)",
     float32SingularMatrix, "whether LU meets an exact zero pivot (and which) depends on float32 rounding in LAPACK's getf2"},
    // Found by `tsjit fuzz --target ops --seed 21` (case 5743: slogdet of [[a, a], [b, b]] in float32,
    // python3-torch 1.13.1 and the jit sign 0 / -inf, the reference's LU in double sign -1): whether
    // the last pivot of a matrix singular to float32 precision rounds to exactly 0 depends on getf2's
    // float32 operations.
    {"aten::linalg_slogdet", "a float32/Half/BFloat16 matrix singular to float32 precision (double LU pivot <= n 2^-23 max|a|)",
     float32SingularMatrix, "an exact zero pivot (sign 0, logabsdet -inf) or a tiny one depends on float32 rounding in LAPACK's getf2"},
    {"aten::slogdet", "a float32/Half/BFloat16 matrix singular to float32 precision (double LU pivot <= n 2^-23 max|a|)",
     float32SingularMatrix, "as aten::linalg_slogdet"},
    {"aten::logdet", "a float32/Half/BFloat16 matrix singular to float32 precision (double LU pivot <= n 2^-23 max|a|)",
     float32SingularMatrix, "as aten::linalg_slogdet (-inf vs a finite log)"},
    // A ±inf pivot: getrf scales the column below by 1/pivot = ±0; OpenBLAS's ?scal zero-fills for a
    // zero alpha (the jit's det ±inf), netlib's multiplies (NaN, the reference's det).
    {"aten::linalg_det", "a non-finite matrix entry", firstInputNonFinite,
     "±inf pivots give ±inf (jit, OpenBLAS ?scal by 0 zero-fills) vs NaN (reference, IEEE like netlib LAPACK)"},
    {"aten::lstm_cell", "float32-or-narrower inputs where a gate pre-activation cancels (|sum| < 2^-10 sum|terms|)",
     lstmGateCancels, "the gates' sums cancel before sigmoid / tanh: rare differences beyond reduction(4)"},
    {"aten::binary_cross_entropy_with_logits", "float32-or-narrower logits beyond ±8 or targets outside [0, 1]",
     bceCancels, "cancelling composite: a few ulps beyond reduction(4)"},
    // Found by `tsjit fuzz --target ops --ops aten::cdist,... --seed 1` (cases 2590, 6148): 1.13's
    // matrix-product distance (which the jit reproduces) overflows / cancels in the operand dtype
    // where the reference's direct distance in double does not.
    {"aten::cdist", "the matrix-product path with non-finite / overflowing entries or nearly equal rows",
     cdistMatrixProductDiffers, "|x|^2 + |y|^2 - 2 x.y in float32: inf / NaN or a cancelled residue where the direct distance is finite"},
    {"aten::_cdist_forward", "the matrix-product path with non-finite / overflowing entries or nearly equal rows",
     cdistMatrixProductDiffers, "as aten::cdist"},
    // Same campaign (cases 28065, 42574: the jit agrees with 1.13.1 bit for bit there).
    {"aten::kl_div", "a float64 operand with a float32-or-narrower one", klDivMixedPrecision,
     "the narrow operand's xlogy / exp term rounds in its dtype: float32 ulps in a float64 result"},
    // Same campaign (case 19102): integer operands beyond 2^24 converted to float32 by exp / log.
    {"aten::poisson_nll_loss", "a float64 operand with a float32-or-narrower one", klDivMixedPrecision,
     "the narrow operand's exp / log / Stirling terms round in its dtype (seed 4, cases 25345, 27460)"},
    {"aten::poisson_nll_loss", "an integer operand beyond 2^24 in magnitude", hugeIntegerOperand,
     "order-dependent rounding of huge converted terms in the mean"},
    // Same campaign (seed 2, cases 55323, 87452, 142865, 165694).
    // Found by `tsjit fuzz --target ops --seed 22 --include-known` (case 5927, float64 erfinv_ of
    // -0x1.fffffffff2134p-1: python3-torch 1.13.1 and the jit -0x1.36fd5af99d838p+2, the reference
    // -0x1.36fd5e2b8f4b5p+2, the accurate inverse).
    {"aten::erfinv", "a floating element within 1e-3 of ±1 (condition number above 64)", erfinvIllConditioned,
     "1.13's approximation (the jit's too) vs the reference's accurate inverse: input rounding amplified by the condition number"},
    {"aten::erfinv_", "a floating element within 1e-3 of ±1 (condition number above 64)", erfinvIllConditioned, "as aten::erfinv"},
    // Found by `tsjit fuzz --target ops --seed 23` (case 10525: linalg_cross(x, x) of a float32 x with
    // 1.7e38 and 2.2: python3-torch 1.13.1 and the jit -inf, the reference 0).
    {"aten::linalg_cross", "float32-or-narrower operands with a product of two finite elements beyond float32's range",
     crossProductOverflows, "a1 b2 - a2 b1 overflows in float (1.13, the jit) but not in the reference's double"},
    {"aten::cross", "float32-or-narrower operands with a product of two finite elements beyond float32's range",
     crossProductOverflows, "as aten::linalg_cross"},
    {"aten::grid_sampler", "a non-finite input / grid entry or one beyond 1e30", gridSamplerExtreme,
     "weight x value products overflow or meet inf - inf in a different order"},
    {"aten::grid_sampler_2d", "a non-finite input / grid entry or one beyond 1e30", gridSamplerExtreme, "as aten::grid_sampler"},
    {"aten::grid_sampler_3d", "a non-finite input / grid entry or one beyond 1e30", gridSamplerExtreme, "as aten::grid_sampler"},
};

bool matches(const KnownMismatch& k, const ops::OpOverload& overload) {
  std::string p = k.pattern;
  std::string kind = overload.schema().name();
  if (p == overload.qualifiedName() || p == kind) return true;
  if (p == "[inplace]") return overload.category() == ops::OpCategory::Inplace;
  return overload.category() == ops::OpCategory::ScalarMath && p == kind + "[scalar]";
}

}  // namespace

const std::vector<KnownMismatch>& knownMismatches() { return kKnown; }

const KnownMismatch* knownMismatchFor(const ops::OpOverload& overload, const std::vector<IValue>& inputs) {
  for (const KnownMismatch& k : kKnown)
    if (matches(k, overload) && k.holds(inputs)) return &k;
  return nullptr;
}

}  // namespace tsjit::fuzz
