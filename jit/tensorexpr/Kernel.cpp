// Kernel.cpp — compileFusionGroup, the kernel cache and CompiledKernel::run (see Kernel.h).
#include "jit/tensorexpr/Kernel.h"

#include <array>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "jit/support/Error.h"
#include "jit/support/Logging.h"
#include "jit/tensor/Tensor.h"
#include "jit/tensorexpr/CudaCodegen.h"
#include "jit/tensorexpr/Eval.h"
#include "jit/tensorexpr/KernelCode.h"
#include "jit/tensorexpr/LLVMCodegen.h"

namespace tsjit::tensorexpr {

const char* toString(Backend b) {
  switch (b) {
    case Backend::Interpreted: return "interpreted";
    case Backend::LLVM: return "llvm";
    case Backend::CUDA: return "cuda";
  }
  return "?";
}

namespace {

// Runs nest `n` over [0, trip) on up to `threads` threads when the nest is parallel.
template <typename F>
void forEachNest(const LoweredGroup& g, int threads, F&& runRange) {
  const auto& nests = g.kernel.body->body;
  for (size_t n = 0; n < nests.size(); ++n) {
    const int64_t trip = g.nestTripCounts[n];
    const bool parallel = nests[n]->kind == StmtKind::For && nests[n]->options.parallel && threads > 1;
    if (!parallel) {
      runRange(n, int64_t{0}, trip);
      continue;
    }
    const int64_t parts = std::min<int64_t>(threads, trip);
    std::vector<std::thread> workers;
    for (int64_t p = 1; p < parts; ++p)
      workers.emplace_back([&, p] { runRange(n, trip * p / parts, trip * (p + 1) / parts); });
    runRange(n, 0, trip / parts);
    for (auto& w : workers) w.join();
  }
}

class InterpretedCode : public KernelCode {
 public:
  void run(void** data, const int64_t* ints, const double* doubles, int threads) const override {
    EvalArgs args;
    const auto& params = lowered.kernel.params;
    for (size_t i = 0; i < params.size(); ++i) {
      args.data.push_back(data[i]);
      Scalar s;
      s.i = ints[i];
      s.d = doubles[i];
      args.scalars.push_back(s);
    }
    Evaluator ev(lowered.kernel);
    forEachNest(lowered, threads, [&](size_t n, int64_t b, int64_t e) { ev.runNest(args, n, b, e); });
  }
};

class LLVMCode : public KernelCode {
 public:
  std::unique_ptr<LLVMKernel> compiled;
  void run(void** data, const int64_t* ints, const double* doubles, int threads) const override {
    forEachNest(lowered, threads, [&](size_t n, int64_t b, int64_t e) { compiled->nests[n](data, ints, doubles, b, e); });
  }
};

class CudaCode : public KernelCode {
 public:
  std::unique_ptr<CudaKernel> compiled;
  void run(void** data, const int64_t* ints, const double* doubles, int) const override {
    compiled->runStaged(lowered, data, ints, doubles);
  }
};

struct Cache {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<const KernelCode>> entries;
};
Cache& cache() {
  static Cache* c = new Cache;
  return *c;
}
constexpr size_t kMaxCacheEntries = 512;

int defaultThreads() {
  const char* env = std::getenv("TSJIT_FUSER_THREADS");
  const int n = env ? std::atoi(env) : 1;
  return n > 0 ? n : 1;
}

}  // namespace

bool backendAvailable(Backend backend, std::string* whyNot) {
  std::string dummy;
  std::string& why = whyNot ? *whyNot : dummy;
  switch (backend) {
    case Backend::Interpreted: return true;
    case Backend::LLVM:
      return llvmAvailable(&why);
    case Backend::CUDA: return cudaDeviceAvailable(&why);
  }
  return false;
}

std::unique_ptr<CompiledKernel> compileFusionGroup(const Graph& subgraph, Backend backend, std::string* whyNot,
                                                   const KernelOptions& options) {
  std::string dummy;
  std::string& why = whyNot ? *whyNot : dummy;
  const int threads = options.threads > 0 ? options.threads : defaultThreads();
  const std::string key = std::string(toString(backend)) + "|" + std::to_string(options.lower.parallelThreshold) + "|" +
                          (options.keepGeneratedCode ? "ir|" : "") + toString(options.llvmPipeline) + "|" +
                          subgraph.toString(false);
  {
    std::lock_guard<std::mutex> lock(cache().mutex);
    if (auto it = cache().entries.find(key); it != cache().entries.end())
      return std::make_unique<CompiledKernel>(it->second, true, threads);
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto lowered = lowerGroup(subgraph, &why, options.lower);
  if (!lowered) return nullptr;
  for (const GroupInput& in : lowered->inputs) {
    if (!in.isTensor) continue;
    if (backend == Backend::CUDA ? !in.device.isCuda() && !in.device.isCpu() : !in.device.isCpu()) {
      why = str("input on device ", in.device, " for the ", toString(backend), " backend");
      return nullptr;
    }
  }
  std::shared_ptr<KernelCode> code;
  switch (backend) {
    case Backend::Interpreted: {
      auto c = std::make_shared<InterpretedCode>();
      c->generated = toString(lowered->kernel);
      code = c;
      break;
    }
    case Backend::LLVM: {
      auto c = std::make_shared<LLVMCode>();
      c->compiled = compileLLVM(lowered->kernel, &why, options.keepGeneratedCode, options.llvmPipeline);
      if (!c->compiled) return nullptr;
      c->generated = c->compiled->optimizedIR;
      code = c;
      break;
    }
    case Backend::CUDA: {
      auto c = std::make_shared<CudaCode>();
      c->compiled = compileCuda(lowered->kernel, /*load=*/true, &why);
      if (!c->compiled) return nullptr;
      c->generated = c->compiled->source;
      code = c;
      break;
    }
  }
  code->backend = backend;
  code->lowered = std::move(*lowered);
  code->compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  GRAPH_DUMP("fusion group compiled for ", toString(backend), " in ", code->compileMs, " ms");
  {
    std::lock_guard<std::mutex> lock(cache().mutex);
    if (cache().entries.size() >= kMaxCacheEntries) cache().entries.clear();
    cache().entries[key] = code;
  }
  return std::make_unique<CompiledKernel>(code, false, threads);
}

void clearKernelCache() {
  std::lock_guard<std::mutex> lock(cache().mutex);
  cache().entries.clear();
}

size_t kernelCacheSize() {
  std::lock_guard<std::mutex> lock(cache().mutex);
  return cache().entries.size();
}

CompiledKernel::CompiledKernel(std::shared_ptr<const KernelCode> code, bool cacheHit, int threads)
    : code_(std::move(code)), cacheHit_(cacheHit), threads_(threads) {}
CompiledKernel::~CompiledKernel() = default;

Backend CompiledKernel::backend() const { return code_->backend; }
const LoweredGroup& CompiledKernel::lowered() const { return code_->lowered; }
std::string CompiledKernel::loopIR() const { return toString(code_->lowered.kernel); }
const std::string& CompiledKernel::generatedCode() const { return code_->generated; }
double CompiledKernel::compileMs() const { return code_->compileMs; }

// Parameter arrays of up to kInlineParams entries live on the C++ stack (a call allocates only its
// outputs); larger groups use the heap.
template <typename T>
class ParamArray {
 public:
  static constexpr size_t kInlineParams = 16;
  explicit ParamArray(size_t n) {
    if (n > kInlineParams) heap_.assign(n, T{});
    else inline_.fill(T{});
  }
  T* data() { return heap_.empty() ? inline_.data() : heap_.data(); }
  T& operator[](size_t i) { return data()[i]; }

 private:
  std::array<T, kInlineParams> inline_;
  std::vector<T> heap_;
};

void CompiledKernel::run(std::vector<IValue>& stack) const {
  const LoweredGroup& g = code_->lowered;
  const size_t nIn = g.inputs.size();
  TSJIT_CHECK(stack.size() >= nIn, "fused kernel: stack holds ", stack.size(), " values, the group needs ", nIn);
  const size_t base = stack.size() - nIn;
  const size_t nParams = g.kernel.params.size();
  ParamArray<void*> data(nParams);
  ParamArray<int64_t> ints(nParams);
  ParamArray<double> doubles(nParams);
  // The input tensors stay alive on `stack` until the outputs replace them below.
  for (size_t i = 0; i < nIn; ++i) {
    const IValue& v = stack[base + i];
    const GroupInput& in = g.inputs[i];
    if (in.isTensor) {
      if (!v.isTensor()) throw RuntimeError(str("fused kernel: input ", i, " is not a tensor"));
      Tensor t = v.toTensor();
      bool stridesMatch = true;  // the strides of size-1 dimensions are never used
      for (size_t d = 0; d < in.sizes.size() && t.sizes() == in.sizes; ++d)
        stridesMatch = stridesMatch && (in.sizes[d] <= 1 || t.strides()[d] == in.strides[d]);
      if (t.dtype() != in.dtype || t.sizes() != in.sizes || !stridesMatch || !t.device().isCpu())
        throw RuntimeError(str("fused kernel: input ", i, " is ", t.describe(), ", the kernel was specialized for ",
                               in.dtype, in.sizes.size(), "-dim tensors of sizes/strides given at compile time"));
      data[i] = t.data();
    } else if (in.dtype == ScalarType::Double) {
      if (!v.isDouble() && !v.isInt()) throw RuntimeError(str("fused kernel: input ", i, " is not a float"));
      doubles[i] = v.toScalarAsDouble();
    } else if (in.dtype == ScalarType::Bool) {
      if (!v.isBool()) throw RuntimeError(str("fused kernel: input ", i, " is not a bool"));
      ints[i] = v.toBool();
    } else {
      if (!v.isInt()) throw RuntimeError(str("fused kernel: input ", i, " is not an int"));
      ints[i] = v.toInt();
    }
  }
  // The outputs go on the stack above the inputs, then move down over them once the kernel ran.
  for (size_t o = 0; o < g.outputs.size(); ++o) {
    Tensor t = Tensor::empty(g.outputs[o].sizes, g.outputs[o].dtype);
    data[nIn + o] = t.data();
    stack.emplace_back(std::move(t));
  }
  code_->run(data.data(), ints.data(), doubles.data(), threads_);
  stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.begin() + static_cast<std::ptrdiff_t>(base + nIn));
}

std::vector<IValue> CompiledKernel::call(std::vector<IValue> inputs) const {
  run(inputs);
  return inputs;
}

}  // namespace tsjit::tensorexpr
