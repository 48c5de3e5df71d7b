// Error.cpp — formatting of CompileError / InternalError messages.
#include "jit/support/Error.h"

namespace tsjit {

static std::string formatCompileError(const std::string& message, const SourceRange& range) {
  if (!range.valid()) return message;
  return message + "\n  at " + range.highlight();
}

CompileError::CompileError(const std::string& message, SourceRange range)
    : std::runtime_error(formatCompileError(message, range)), message_(message), range_(std::move(range)) {}

InternalError::InternalError(const std::string& message, const char* file, int line)
    : std::logic_error("internal error (" + std::string(file) + ":" + std::to_string(line) + "): " + message) {}

}  // namespace tsjit
