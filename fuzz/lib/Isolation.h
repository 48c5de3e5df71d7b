// Isolation.h — runs part of a fuzz campaign in a forked child, so that a crash (a signal: SIGSEGV
// in a kernel or a pass, an abort, a sanitizer's report) or a hang of one case becomes a recorded
// failure instead of ending the campaign. Shared by the ops campaign (Campaign.cpp) and the pass
// campaign (PassCampaign.cpp).
//
// runForked(fn): fn runs in a child; its return value is the exit status (an exception escaping fn
// exits 1). The parent waits; with ForkOptions::stallSeconds > 0 it kills the child (SIGKILL) when
// the heartbeat counter (in shared memory the child bumps) has not changed for that long, or, with
// no heartbeat, when the child has run that long. The child's stdout/stderr are flushed before
// fork and at exit, so no buffered text is printed twice.
// SharedRegion: an anonymous MAP_SHARED mapping (zero-filled) that parent and children both see;
// what a worker child counts there survives its crash.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace tsjit::fuzz {

struct ForkOptions {
  bool quiet = false;          // the child's stderr goes to /dev/null (crash replays)
  double stallSeconds = 0;     // > 0: kill the child after this long without a heartbeat change
  const std::atomic<uint64_t>* heartbeat = nullptr;
};

struct ChildOutcome {
  int exitCode = 0;    // when the child exited
  int signal = 0;      // when it died by a signal (SIGKILL after a stall too)
  bool stalled = false;  // killed by the parent: no heartbeat for stallSeconds
  double stallSeconds = 0;
  bool ok() const { return signal == 0 && exitCode == 0; }
  // The shell's convention: the exit code, or 128 + the signal.
  int code() const { return signal ? 128 + signal : exitCode; }
  // Same kind of end (for reducing a crash: a candidate must end the same way).
  bool sameAs(const ChildOutcome& o) const {
    return stalled == o.stalled && signal == o.signal && exitCode == o.exitCode;
  }
  // "crashed with signal 11 (Segmentation fault)", "hung: no progress for 60 s (killed)", "exited
  // with status 1 (a sanitizer's report or an uncaught error; see stderr)".
  std::string describe() const;
};

ChildOutcome runForked(const std::function<int()>& fn, const ForkOptions& options = {});

class SharedRegion {
 public:
  explicit SharedRegion(size_t bytes);  // RuntimeError when the mapping fails
  ~SharedRegion();
  SharedRegion(const SharedRegion&) = delete;
  SharedRegion& operator=(const SharedRegion&) = delete;
  void* data() const { return data_; }
  size_t size() const { return bytes_; }

 private:
  void* data_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace tsjit::fuzz
