// Fork.cpp — prim::fork on a small thread pool (see Fork.h for the contract).
#include "jit/runtime/Fork.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/runtime/Interpreter.h"

namespace tsjit::runtime {

namespace {

// Detached workers popping jobs; lives for the process (never destroyed: workers may still run
// while static destructors do).
class ForkPool {
 public:
  static ForkPool& instance() {
    static ForkPool* pool = new ForkPool(std::max(2u, std::thread::hardware_concurrency()));
    return *pool;
  }
  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    ready_.notify_one();
  }

 private:
  explicit ForkPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i) std::thread([this] { work(); }).detach();
  }
  [[noreturn]] void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !jobs_.empty(); });
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
};

}  // namespace

std::optional<kernels::Operation> forkOperation(const Node& node, const CompileOptions& options) {
  static const Symbol kFork = Symbol::prim("fork");
  if (node.kind() != kFork) return std::nullopt;
  CompileOptions nested;
  nested.resolveFunction = options.resolveFunction;
  std::shared_ptr<const Code> code = Code::compile(node.g(attr::Subgraph), nested);
  TypePtr resultType = node.output()->type();
  const auto* future = resultType->cast<FutureType>();
  TSJIT_CHECK(future, "prim::fork: the output is ", resultType->str(), ", not a Future");
  TypePtr elem = future->elementType();
  return kernels::Operation([code, elem](Stack& stack, size_t n) {
    std::vector<IValue> inputs(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
    stack.resize(stack.size() - n);
    Ref<FutureObj> fut(new FutureObj(elem));
    // The task holds a raw pointer: the pool job below keeps the future alive until it has run.
    FutureObj* raw = fut.get();
    raw->setTask([code, raw, inputs = std::move(inputs)]() mutable {
      try {
        InterpreterState state(code);
        std::vector<IValue> out = state.call(std::move(inputs));
        raw->complete(out.empty() ? IValue() : std::move(out[0]));
      } catch (...) {
        raw->completeWithError(std::current_exception());
      }
    });
    ForkPool::instance().submit([keep = fut] { keep->runTaskIfUnclaimed(); });
    stack.emplace_back(std::move(fut));
  });
}

}  // namespace tsjit::runtime
