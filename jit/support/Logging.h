// Logging.h — per-file graph logging, switched on by the TSJIT_LOG_LEVEL environment variable.
//
//   TSJIT_LOG_LEVEL=dead_code_elimination:>alias_analysis:>>cse
//
// names files (basename without extension) separated by ':'. A bare name enables GRAPH_DUMP in
// that file, '>' adds GRAPH_UPDATE, '>>' adds GRAPH_DEBUG. Output goes to stderr (or to the stream
// set by setLogStream) with a "[DUMP file.cpp:42]" prefix on every line.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "jit/support/Error.h"

namespace tsjit {

enum class LogLevel { GRAPH_DUMP = 0, GRAPH_UPDATE = 1, GRAPH_DEBUG = 2 };

// True if `file` (a path such as __FILE__) is enabled at `level` by the current configuration.
bool isLogEnabled(std::string_view file, LogLevel level);
// Re-reads the configuration from a string (tests) instead of the environment.
void setLogConfig(const std::string& config);
void setLogStream(std::ostream* os);  // nullptr restores stderr
void emitLog(std::string_view file, int line, LogLevel level, const std::string& text);

}  // namespace tsjit

#define TSJIT_LOG_AT(level, ...)                                                      \
  do {                                                                                \
    if (::tsjit::isLogEnabled(__FILE__, level))                                       \
      ::tsjit::emitLog(__FILE__, __LINE__, level, ::tsjit::str(__VA_ARGS__));         \
  } while (0)

#define GRAPH_DUMP(...) TSJIT_LOG_AT(::tsjit::LogLevel::GRAPH_DUMP, __VA_ARGS__)
#define GRAPH_UPDATE(...) TSJIT_LOG_AT(::tsjit::LogLevel::GRAPH_UPDATE, __VA_ARGS__)
#define GRAPH_DEBUG(...) TSJIT_LOG_AT(::tsjit::LogLevel::GRAPH_DEBUG, __VA_ARGS__)
