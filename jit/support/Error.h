// Error.h — the two error kinds of tsjit.
//   CompileError: the user's input (IR text, source, schema, archive, inputs) is wrong. Carries a
//                 SourceRange when there is one and prints the offending line with a caret.
//   InternalError: an invariant of tsjit itself is broken (a bug). Raised by TSJIT_CHECK.
//   RuntimeError: an operation failed at run time in the way PyTorch's would (shape mismatch...).
// All derive from std::runtime_error, so a driver catches them in one place and exits 1.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

#include "jit/support/SourceRange.h"

namespace tsjit {

class CompileError : public std::runtime_error {
 public:
  explicit CompileError(const std::string& message, SourceRange range = {});
  const std::string& message() const { return message_; }
  const SourceRange& range() const { return range_; }

 private:
  std::string message_;
  SourceRange range_;
};

class InternalError : public std::logic_error {
 public:
  InternalError(const std::string& message, const char* file, int line);
};

// An error raised while running a program (what PyTorch raises as RuntimeError / torch.jit.Error).
// `pythonType` is the exception class PyTorch would report ("RuntimeError", "Error", "ValueError").
class RuntimeError : public std::runtime_error {
 public:
  explicit RuntimeError(const std::string& message, std::string pythonType = "RuntimeError")
      : std::runtime_error(message), pythonType_(std::move(pythonType)) {}
  const std::string& pythonType() const { return pythonType_; }

 private:
  std::string pythonType_;
};

namespace detail {
inline void appendAll(std::ostringstream&) {}
template <typename T, typename... Rest>
void appendAll(std::ostringstream& os, const T& first, const Rest&... rest) {
  os << first;
  appendAll(os, rest...);
}
}  // namespace detail

// Concatenates its arguments with operator<<.
template <typename... Args>
std::string str(const Args&... args) {
  std::ostringstream os;
  detail::appendAll(os, args...);
  return os.str();
}

}  // namespace tsjit

#define TSJIT_CHECK(cond, ...)                                                        \
  do {                                                                                \
    if (!(cond))                                                                      \
      throw ::tsjit::InternalError(::tsjit::str("check failed: " #cond ". ", ##__VA_ARGS__), \
                                   __FILE__, __LINE__);                               \
  } while (0)
