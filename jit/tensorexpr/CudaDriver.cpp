// CudaDriver.cpp — NVRTC and the CUDA driver API, both opened with dlopen at run time (no CUDA
// header or library at build time: the few prototypes are declared here), and the CudaKernel that
// compiles, loads and launches the CUDA C of CudaCodegen.cpp.
// Search order: $TSJIT_CUDA_HOME/lib64, /usr/local/cuda/lib64, then the loader's path
// (libnvrtc.so, libnvrtc.so.13, .12, .11; libcuda.so.1). Without a device NVRTC still compiles
// for compute_75 (the oldest architecture CUDA 13 supports).
#include <dlfcn.h>

#include <chrono>
#include <cstdlib>
#include <mutex>

#include "jit/support/Error.h"
#include "jit/tensorexpr/CudaCodegen.h"

namespace tsjit::tensorexpr {

namespace {

using nvrtcResult = int;
using nvrtcProgram = void*;
using CUresult = int;
using CUdevice = int;
using CUcontext = void*;
using CUmodule = void*;
using CUfunction = void*;
using CUstream = void*;
using CUdeviceptr = unsigned long long;

struct Nvrtc {
  void* lib = nullptr;
  std::string error;
  nvrtcResult (*createProgram)(nvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
  nvrtcResult (*compileProgram)(nvrtcProgram, int, const char* const*) = nullptr;
  nvrtcResult (*getPTXSize)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*getPTX)(nvrtcProgram, char*) = nullptr;
  nvrtcResult (*getProgramLogSize)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*getProgramLog)(nvrtcProgram, char*) = nullptr;
  nvrtcResult (*destroyProgram)(nvrtcProgram*) = nullptr;
  const char* (*getErrorString)(nvrtcResult) = nullptr;
};

struct Driver {
  void* lib = nullptr;
  std::string error;
  CUcontext ctx = nullptr;
  int major = 0, minor = 0;
  CUresult (*init)(unsigned) = nullptr;
  CUresult (*deviceGetCount)(int*) = nullptr;
  CUresult (*deviceGet)(CUdevice*, int) = nullptr;
  CUresult (*deviceGetAttribute)(int*, int, CUdevice) = nullptr;
  CUresult (*primaryCtxRetain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*ctxSetCurrent)(CUcontext) = nullptr;
  CUresult (*moduleLoadData)(CUmodule*, const void*) = nullptr;
  CUresult (*moduleUnload)(CUmodule) = nullptr;
  CUresult (*moduleGetFunction)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                           void**, void**) = nullptr;
  CUresult (*memAlloc)(CUdeviceptr*, size_t) = nullptr;
  CUresult (*memFree)(CUdeviceptr) = nullptr;
  CUresult (*memcpyHtoD)(CUdeviceptr, const void*, size_t) = nullptr;
  CUresult (*memcpyDtoH)(void*, CUdeviceptr, size_t) = nullptr;
  CUresult (*memcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t) = nullptr;
  CUresult (*ctxSynchronize)() = nullptr;
  CUresult (*getErrorString)(CUresult, const char**) = nullptr;
};

void* openFirst(const std::vector<std::string>& names, std::string* tried) {
  for (const std::string& n : names) {
    if (void* h = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
    *tried += (tried->empty() ? "" : ", ") + n;
  }
  return nullptr;
}

std::vector<std::string> candidates(const std::vector<std::string>& sonames) {
  std::vector<std::string> dirs;
  if (const char* home = std::getenv("TSJIT_CUDA_HOME")) dirs.push_back(std::string(home) + "/lib64/");
  dirs.push_back("/usr/local/cuda/lib64/");
  dirs.push_back("");
  std::vector<std::string> out;
  for (const auto& d : dirs)
    for (const auto& s : sonames) out.push_back(d + s);
  return out;
}

template <typename F>
bool sym(void* lib, const char* name, F& f, std::string& error) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  if (!f) error = std::string("symbol ") + name + " missing";
  return f != nullptr;
}

Nvrtc& nvrtc() {
  static Nvrtc* n = [] {
    auto* n = new Nvrtc;
    std::string tried;
    n->lib = openFirst(candidates({"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11"}), &tried);
    if (!n->lib) {
      n->error = "libnvrtc not found (tried " + tried + ")";
      return n;
    }
    bool ok = sym(n->lib, "nvrtcCreateProgram", n->createProgram, n->error) &&
              sym(n->lib, "nvrtcCompileProgram", n->compileProgram, n->error) &&
              sym(n->lib, "nvrtcGetPTXSize", n->getPTXSize, n->error) && sym(n->lib, "nvrtcGetPTX", n->getPTX, n->error) &&
              sym(n->lib, "nvrtcGetProgramLogSize", n->getProgramLogSize, n->error) &&
              sym(n->lib, "nvrtcGetProgramLog", n->getProgramLog, n->error) &&
              sym(n->lib, "nvrtcDestroyProgram", n->destroyProgram, n->error) &&
              sym(n->lib, "nvrtcGetErrorString", n->getErrorString, n->error);
    if (!ok) n->lib = nullptr;
    return n;
  }();
  return *n;
}

Driver& driver() {
  static Driver* d = [] {
    auto* d = new Driver;
    std::string tried;
    d->lib = openFirst({"libcuda.so.1", "libcuda.so"}, &tried);
    if (!d->lib) {
      d->error = "the CUDA driver (libcuda.so.1) is not installed";
      return d;
    }
    bool ok = sym(d->lib, "cuInit", d->init, d->error) && sym(d->lib, "cuDeviceGetCount", d->deviceGetCount, d->error) &&
              sym(d->lib, "cuDeviceGet", d->deviceGet, d->error) &&
              sym(d->lib, "cuDeviceGetAttribute", d->deviceGetAttribute, d->error) &&
              sym(d->lib, "cuDevicePrimaryCtxRetain", d->primaryCtxRetain, d->error) &&
              sym(d->lib, "cuCtxSetCurrent", d->ctxSetCurrent, d->error) &&
              sym(d->lib, "cuModuleLoadData", d->moduleLoadData, d->error) &&
              sym(d->lib, "cuModuleUnload", d->moduleUnload, d->error) &&
              sym(d->lib, "cuModuleGetFunction", d->moduleGetFunction, d->error) &&
              sym(d->lib, "cuLaunchKernel", d->launchKernel, d->error) && sym(d->lib, "cuMemAlloc_v2", d->memAlloc, d->error) &&
              sym(d->lib, "cuMemFree_v2", d->memFree, d->error) && sym(d->lib, "cuMemcpyHtoD_v2", d->memcpyHtoD, d->error) &&
              sym(d->lib, "cuMemcpyDtoH_v2", d->memcpyDtoH, d->error) &&
              sym(d->lib, "cuMemcpyDtoD_v2", d->memcpyDtoD, d->error) &&
              sym(d->lib, "cuCtxSynchronize", d->ctxSynchronize, d->error) &&
              sym(d->lib, "cuGetErrorString", d->getErrorString, d->error);
    if (!ok) {
      d->lib = nullptr;
      return d;
    }
    int count = 0;
    CUdevice dev = 0;
    if (d->init(0) != 0 || d->deviceGetCount(&count) != 0 || count == 0) {
      d->error = "no CUDA device (cuInit / cuDeviceGetCount)";
      d->lib = nullptr;
      return d;
    }
    if (d->deviceGet(&dev, 0) != 0 || d->primaryCtxRetain(&d->ctx, dev) != 0) {
      d->error = "cannot create a context on device 0";
      d->lib = nullptr;
      return d;
    }
    d->deviceGetAttribute(&d->major, 75, dev);  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
    d->deviceGetAttribute(&d->minor, 76, dev);
    return d;
  }();
  return *d;
}

void check(CUresult r, const char* what) {
  if (r == 0) return;
  const char* s = "unknown error";
  if (driver().getErrorString) driver().getErrorString(r, &s);
  throw RuntimeError(std::string("CUDA driver: ") + what + ": " + s);
}

Driver& device() {
  Driver& d = driver();
  if (!d.lib) throw RuntimeError("CUDA: " + d.error);
  check(d.ctxSetCurrent(d.ctx), "cuCtxSetCurrent");
  return d;
}

size_t extentBytes(const Buffer& b) {
  int64_t extent = 1;
  for (size_t i = 0; i < b.sizes.size(); ++i) {
    if (b.sizes[i] == 0) return 0;
    extent += (b.sizes[i] - 1) * b.strides[i];
  }
  return static_cast<size_t>(extent) * elementSize(b.dtype == ScalarType::Bool ? ScalarType::UInt8 : b.dtype);
}

class CudaKernelImpl : public CudaKernel {
 public:
  CUmodule module = nullptr;
  std::vector<CUfunction> functions;
  std::vector<int64_t> totals;  // iterations per nest
  ~CudaKernelImpl() override {
    if (module && driver().lib) driver().moduleUnload(module);
  }

  void launch(const LoweredGroup& g, const std::vector<CUdeviceptr>& ptrs, const int64_t* ints, const double* doubles) const {
    Driver& d = device();
    const auto& params = g.kernel.params;
    std::vector<CUdeviceptr> ptrCopies(params.size());
    std::vector<int64_t> intCopies(params.size());
    std::vector<int> boolCopies(params.size());
    std::vector<double> doubleCopies(params.size());
    for (size_t n = 0; n < functions.size(); ++n) {
      std::vector<void*> args;
      for (size_t i = 0; i < params.size(); ++i) {
        if (params[i].buffer) {
          ptrCopies[i] = ptrs[i];
          args.push_back(&ptrCopies[i]);
        } else if (params[i].scalar->dtype == ScalarType::Double) {
          doubleCopies[i] = doubles[i];
          args.push_back(&doubleCopies[i]);
        } else if (params[i].scalar->dtype == ScalarType::Bool) {
          boolCopies[i] = ints[i] != 0;
          args.push_back(&boolCopies[i]);
        } else {
          intCopies[i] = ints[i];
          args.push_back(&intCopies[i]);
        }
      }
      int64_t total = totals[n];
      args.push_back(&total);
      const int64_t threads = 256;
      const unsigned blocks = static_cast<unsigned>(std::max<int64_t>(1, std::min<int64_t>((total + threads - 1) / threads, 65535)));
      check(d.launchKernel(functions[n], blocks, 1, 1, threads, 1, 1, 0, nullptr, args.data(), nullptr), "cuLaunchKernel");
    }
  }

  void runStaged(const LoweredGroup& g, void** data, const int64_t* ints, const double* doubles) const override {
    Driver& d = device();
    const auto& params = g.kernel.params;
    std::vector<CUdeviceptr> ptrs(params.size(), 0);
    try {
      for (size_t i = 0; i < params.size(); ++i) {
        if (!params[i].buffer) continue;
        const size_t bytes = extentBytes(*params[i].buffer);
        if (bytes == 0) continue;
        check(d.memAlloc(&ptrs[i], bytes), "cuMemAlloc");
        if (!params[i].buffer->isOutput) check(d.memcpyHtoD(ptrs[i], data[i], bytes), "cuMemcpyHtoD");
      }
      launch(g, ptrs, ints, doubles);
      check(d.ctxSynchronize(), "cuCtxSynchronize");
      for (size_t i = 0; i < params.size(); ++i)
        if (params[i].buffer && params[i].buffer->isOutput && ptrs[i])
          check(d.memcpyDtoH(data[i], ptrs[i], extentBytes(*params[i].buffer)), "cuMemcpyDtoH");
    } catch (...) {
      for (CUdeviceptr p : ptrs)
        if (p) d.memFree(p);
      throw;
    }
    for (CUdeviceptr p : ptrs)
      if (p) d.memFree(p);
  }

  void runDevice(const LoweredGroup& g, const std::vector<uint64_t>& devicePtrs, const int64_t* ints,
                 const double* doubles) const override {
    launch(g, std::vector<CUdeviceptr>(devicePtrs.begin(), devicePtrs.end()), ints, doubles);
  }
};

}  // namespace

bool nvrtcAvailable(std::string* whyNot) {
  if (nvrtc().lib) return true;
  *whyNot = nvrtc().error;
  return false;
}

bool cudaDeviceAvailable(std::string* whyNot) {
  if (!nvrtcAvailable(whyNot)) return false;
  if (driver().lib) return true;
  *whyNot = driver().error;
  return false;
}

std::unique_ptr<CudaKernel> compileCuda(const LoopKernel& kernel, bool load, std::string* whyNot) {
  Nvrtc& n = nvrtc();
  if (!n.lib) {
    *whyNot = "NVRTC unavailable: " + n.error;
    return nullptr;
  }
  if (load && !driver().lib) {
    *whyNot = "CUDA: " + driver().error;
    return nullptr;
  }
  auto k = std::make_unique<CudaKernelImpl>();
  k->source = cudaSource(kernel);
  const int major = load ? driver().major : 7, minor = load ? driver().minor : 5;
  k->arch = "compute_" + std::to_string(major) + std::to_string(minor);
  const std::string archOpt = "--gpu-architecture=" + k->arch;
  const char* opts[] = {archOpt.c_str(), "--fmad=false", "-default-device", "--std=c++17"};
  const auto t0 = std::chrono::steady_clock::now();
  nvrtcProgram prog = nullptr;
  if (n.createProgram(&prog, k->source.c_str(), (kernel.name + ".cu").c_str(), 0, nullptr, nullptr) != 0) {
    *whyNot = "nvrtcCreateProgram failed";
    return nullptr;
  }
  const nvrtcResult rc = n.compileProgram(prog, 4, opts);
  size_t logSize = 0;
  n.getProgramLogSize(prog, &logSize);
  std::string log(logSize, '\0');
  if (logSize) n.getProgramLog(prog, log.data());
  if (rc != 0) {
    n.destroyProgram(&prog);
    *whyNot = std::string("NVRTC: ") + n.getErrorString(rc) + "\n" + log + "\n" + k->source;
    return nullptr;
  }
  size_t ptxSize = 0;
  n.getPTXSize(prog, &ptxSize);
  k->ptx.assign(ptxSize, '\0');
  n.getPTX(prog, k->ptx.data());
  n.destroyProgram(&prog);
  k->nvrtcMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& nest : kernel.body->body) {
    int64_t total = 1;
    for (const StmtNode* s = nest.get(); s->kind == StmtKind::For;) {
      total *= s->stop->intValue - s->start->intValue;
      if (s->body.size() == 1 && s->body[0]->kind == StmtKind::For) s = s->body[0].get();
      else break;
    }
    k->totals.push_back(total);
  }
  if (load) {
    Driver& d = device();
    check(d.moduleLoadData(&k->module, k->ptx.c_str()), "cuModuleLoadData");
    for (size_t i = 0; i < kernel.body->body.size(); ++i) {
      CUfunction f = nullptr;
      check(d.moduleGetFunction(&f, k->module, (kernel.name + "_nest" + std::to_string(i)).c_str()), "cuModuleGetFunction");
      k->functions.push_back(f);
    }
  }
  return k;
}

uint64_t cudaAlloc(size_t bytes) {
  CUdeviceptr p = 0;
  check(device().memAlloc(&p, bytes), "cuMemAlloc");
  return p;
}
void cudaFree(uint64_t ptr) {
  if (driver().lib && ptr) driver().memFree(ptr);
}
void cudaCopyToDevice(uint64_t dst, const void* src, size_t bytes) { check(device().memcpyHtoD(dst, src, bytes), "cuMemcpyHtoD"); }
void cudaCopyToHost(void* dst, uint64_t src, size_t bytes) { check(device().memcpyDtoH(dst, src, bytes), "cuMemcpyDtoH"); }
void cudaCopyDeviceToDevice(uint64_t dst, uint64_t src, size_t bytes) {
  check(device().memcpyDtoD(dst, src, bytes), "cuMemcpyDtoD");
}
void cudaSynchronize() { check(device().ctxSynchronize(), "cuCtxSynchronize"); }

}  // namespace tsjit::tensorexpr
