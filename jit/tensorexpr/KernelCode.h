// KernelCode.h — what a backend hands to CompiledKernel (internal to jit/tensorexpr): the lowered
// group and a way to run one nest of it on raw pointers.
// Invariants: immutable after construction; runNest may be called concurrently.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jit/tensorexpr/Kernel.h"

namespace tsjit::tensorexpr {

class KernelCode {
 public:
  virtual ~KernelCode() = default;
  Backend backend = Backend::Interpreted;
  LoweredGroup lowered;
  std::string generated;
  double compileMs = 0;
  // Runs the whole kernel on the given parameters (data: one pointer per parameter, CPU memory;
  // ints / doubles: scalar values by parameter index). `threads` > 1 splits parallel outer loops.
  virtual void run(void** data, const int64_t* ints, const double* doubles, int threads) const = 0;
};

}  // namespace tsjit::tensorexpr
