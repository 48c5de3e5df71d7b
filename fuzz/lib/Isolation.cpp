// Isolation.cpp — fork, wait with a stall watchdog, and shared anonymous memory (Isolation.h).
#include "fuzz/lib/Isolation.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <sstream>
#include <thread>

#include "jit/support/Error.h"

namespace tsjit::fuzz {

std::string ChildOutcome::describe() const {
  std::ostringstream s;
  if (stalled)
    s << "hung: no progress for " << stallSeconds << " s (killed)";
  else if (signal)
    s << "crashed with signal " << signal << " (" << strsignal(signal) << ")";
  else if (exitCode)
    s << "exited with status " << exitCode << " (a sanitizer's report or an uncaught error; see stderr)";
  else
    s << "exited normally";
  return s.str();
}

ChildOutcome runForked(const std::function<int()>& fn, const ForkOptions& options) {
  std::cout.flush();
  std::cerr.flush();
  pid_t pid = fork();
  if (pid < 0) throw RuntimeError(std::string("fuzz: fork failed: ") + std::strerror(errno));
  if (pid == 0) {
    if (options.quiet) {
      int devnull = open("/dev/null", O_WRONLY);
      if (devnull >= 0) dup2(devnull, 2);
    }
    int code = 1;
    try {
      code = fn();
    } catch (...) {
      code = 1;
    }
    std::cout.flush();
    std::cerr.flush();
    _exit(code);
  }
  ChildOutcome out;
  int status = 0;
  if (options.stallSeconds <= 0) {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  } else {
    using Clock = std::chrono::steady_clock;
    auto lastChange = Clock::now();
    uint64_t lastBeat = options.heartbeat ? options.heartbeat->load() : 0;
    auto pause = std::chrono::microseconds(200);  // grows to 20 ms: quick children return quickly
    for (;;) {
      pid_t r = waitpid(pid, &status, WNOHANG);
      if (r == pid) break;
      if (r < 0 && errno != EINTR) throw RuntimeError(std::string("fuzz: waitpid failed: ") + std::strerror(errno));
      if (options.heartbeat) {
        uint64_t beat = options.heartbeat->load();
        if (beat != lastBeat) lastBeat = beat, lastChange = Clock::now();
      }
      if (std::chrono::duration<double>(Clock::now() - lastChange).count() >= options.stallSeconds) {
        kill(pid, SIGKILL);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        out.stalled = true;
        out.stallSeconds = options.stallSeconds;
        break;
      }
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::microseconds(20000));
    }
  }
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  else out.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  return out;
}

SharedRegion::SharedRegion(size_t bytes) : bytes_(bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw RuntimeError("fuzz: cannot map " + std::to_string(bytes) + " bytes of shared memory");
  data_ = p;
}

SharedRegion::~SharedRegion() { munmap(data_, bytes_); }

}  // namespace tsjit::fuzz
