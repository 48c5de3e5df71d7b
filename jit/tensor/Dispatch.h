// Dispatch.h — from a run-time ScalarType to a compile-time element type.
//   visitScalarType(dtype, [&](auto tag) { using T = typename decltype(tag)::type; ... });
// calls the lambda with TypeTag<T> for the C++ type of dtype (bool, uint8_t, int8_t, int16_t,
// int32_t, int64_t, Half, BFloat16, float, double). Undefined throws InternalError.
#pragma once

#include <utility>

#include "jit/support/Error.h"
#include "jit/tensor/ScalarType.h"

namespace tsjit {

template <typename T>
struct TypeTag {
  using type = T;
};

template <typename F>
decltype(auto) visitScalarType(ScalarType t, F&& f) {
  switch (t) {
#define TSJIT_VISIT_CASE(cpp, name) \
  case ScalarType::name:            \
    return std::forward<F>(f)(TypeTag<cpp>{});
    TSJIT_FORALL_SCALAR_TYPES(TSJIT_VISIT_CASE)
#undef TSJIT_VISIT_CASE
    default:
      break;
  }
  TSJIT_CHECK(false, "visitScalarType: undefined scalar type");
  return std::forward<F>(f)(TypeTag<float>{});  // unreachable
}

}  // namespace tsjit
