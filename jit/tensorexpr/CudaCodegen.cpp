// CudaCodegen.cpp — placeholder until the CUDA backend lands.
#include "jit/tensorexpr/CudaCodegen.h"
#include "jit/support/Error.h"
namespace tsjit::tensorexpr {
std::string cudaSource(const LoopKernel&) { return ""; }
bool nvrtcAvailable(std::string* whyNot) { *whyNot = "not built yet"; return false; }
bool cudaDeviceAvailable(std::string* whyNot) { *whyNot = "not built yet"; return false; }
std::unique_ptr<CudaKernel> compileCuda(const LoopKernel&, bool, std::string* whyNot) { *whyNot = "not built yet"; return nullptr; }
uint64_t cudaAlloc(size_t) { throw RuntimeError("no CUDA"); }
void cudaFree(uint64_t) {}
void cudaCopyToDevice(uint64_t, const void*, size_t) { throw RuntimeError("no CUDA"); }
void cudaCopyToHost(void*, uint64_t, size_t) { throw RuntimeError("no CUDA"); }
void cudaSynchronize() {}
}  // namespace tsjit::tensorexpr
