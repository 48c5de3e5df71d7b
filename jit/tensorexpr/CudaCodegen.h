// CudaCodegen.h — the CUDA backend: loop IR -> CUDA C (one __global__ function per nest, one
// thread per element of the coalesced nest, a grid-stride loop), compiled to PTX by NVRTC, loaded
// and launched through the CUDA driver API. libnvrtc and libcuda are opened at run time (dlopen),
// so tsjit builds and runs everywhere; without them (or without a device) compileCuda reports why.
//
// compileCuda(kernel, load=false) stops after PTX (NVRTC needs no GPU): the tests compile every
// generated kernel that way. With load=true it also loads the module (needs a device).
// runStaged copies CPU inputs to device memory, launches every nest in order, and copies the
// outputs back (the tensors of tsjit live in CPU memory).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jit/tensorexpr/Lower.h"

namespace tsjit::tensorexpr {

class CudaKernel {
 public:
  virtual ~CudaKernel() = default;
  std::string source;  // CUDA C
  std::string ptx;
  std::string arch;    // the virtual architecture NVRTC compiled for (compute_XY)
  double nvrtcMs = 0;
  // Needs a loaded module (load=true). Throws RuntimeError on a driver error.
  virtual void runStaged(const LoweredGroup& g, void** data, const int64_t* ints, const double* doubles) const = 0;
  // Device-resident run for benchmarks: every buffer already on the device (CUdeviceptr values).
  virtual void runDevice(const LoweredGroup& g, const std::vector<uint64_t>& devicePtrs, const int64_t* ints,
                         const double* doubles) const = 0;
};

// The CUDA C source of a kernel (no NVRTC needed).
std::string cudaSource(const LoopKernel& kernel);
// Whether NVRTC can be loaded (PTX compilation), and why not.
bool nvrtcAvailable(std::string* whyNot);
// Whether the driver loads and reports at least one device, and why not.
bool cudaDeviceAvailable(std::string* whyNot);
std::unique_ptr<CudaKernel> compileCuda(const LoopKernel& kernel, bool load, std::string* whyNot);

// Device memory helpers for tests and benchmarks (RuntimeError without a device).
uint64_t cudaAlloc(size_t bytes);
void cudaFree(uint64_t ptr);
void cudaCopyToDevice(uint64_t dst, const void* src, size_t bytes);
void cudaCopyToHost(void* dst, uint64_t src, size_t bytes);
void cudaCopyDeviceToDevice(uint64_t dst, uint64_t src, size_t bytes);  // cuMemcpyDtoD
void cudaSynchronize();

}  // namespace tsjit::tensorexpr
