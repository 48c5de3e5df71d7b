// NaiveLayout.h — the reference's own view, reshape, permute, expand, slicing and dtype-conversion
// algorithms, written independently of jit/tensor's (TensorViews.cpp, Layout.cpp, ScalarConvert.h),
// so that a bug there is no longer invisible to the differential check (issue 9, item 3).
//
// What is shared with jit/tensor, and only that: the Tensor type and its Storage (a view is
// Tensor::fromStorage on its base's storage, so writes through it reach the base as PyTorch's views
// do), element reads in logical order (getDouble / getInt64, exact widenings) and the element
// address of a logical index (offsetOf). Everything else is computed here:
//   * views find their strides by probing: the storage offset of every element of the base, in
//     logical order, is listed; a candidate stride per new dimension is read off the list, and the
//     view exists iff every element's offset equals the one the candidate strides give;
//   * permute / transpose / expand / select / slice / unsqueeze / squeeze state their strides from
//     the definition of the op, element by element of the size list;
//   * dtype conversion writes each element with its own rounding code (float -> half / bfloat16 by
//     integer arithmetic on the bits, round to nearest even), and PyTorch 1.13's x86 semantics for
//     out-of-range values (to int64: INT64_MIN; to int32 and narrower: through a 32-bit conversion,
//     INT32_MIN when out of range, then two's-complement wrap).
// Error messages are PyTorch 1.13's (API facts).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "jit/tensor/ArrayRef.h"
#include "jit/tensor/Tensor.h"

namespace tsjit::reference::naive {

// `shape` with a -1 resolved against `numel` (PyTorch's messages for the invalid ones).
std::vector<int64_t> inferShape(IntArrayRef shape, int64_t numel);
// The strides under which `shape` views `t`'s elements in the same logical order, if any.
std::optional<std::vector<int64_t>> viewStrides(const Tensor& t, IntArrayRef shape);
Tensor view(const Tensor& t, IntArrayRef shape);
Tensor reshape(const Tensor& t, IntArrayRef shape);  // a view when one exists, else a row-major copy
Tensor permute(const Tensor& t, IntArrayRef dims);
Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1);
Tensor expand(const Tensor& t, IntArrayRef sizes);
Tensor select(const Tensor& t, int64_t dim, int64_t index);
Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step);
Tensor unsqueeze(const Tensor& t, int64_t dim);
// A new tensor of dtype `to` with t's layout (packed in t's dim order when t's is not dense), element by element.
Tensor convert(const Tensor& t, ScalarType to);
// A row-major copy (element by element, same dtype).
Tensor contiguousCopy(const Tensor& t);

// The element conversions themselves (exposed for the unit tests).
uint16_t floatToHalfBits(float f);
uint16_t floatToBFloat16Bits(float f);
int64_t floatingToIntegral(double v, ScalarType to);  // the stored value, already wrapped

}  // namespace tsjit::reference::naive
