// Logging.cpp — parsing of TSJIT_LOG_LEVEL and emission of prefixed log lines.
#include "jit/support/Logging.h"

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <sstream>
#include <unordered_map>

namespace tsjit {
namespace {

struct LogConfig {
  std::unordered_map<std::string, int> levelByFile;
  std::ostream* stream = nullptr;
  bool loaded = false;
};

std::mutex& configMutex() {
  static std::mutex m;
  return m;
}

LogConfig& config() {
  static LogConfig c;
  return c;
}

std::string stem(std::string_view path) {
  size_t slash = path.find_last_of('/');
  if (slash != std::string_view::npos) path = path.substr(slash + 1);
  size_t dot = path.find('.');
  if (dot != std::string_view::npos) path = path.substr(0, dot);
  return std::string(path);
}

void parseInto(LogConfig& c, const std::string& text) {
  c.levelByFile.clear();
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ':')) {
    int level = 0;
    size_t i = 0;
    while (i < item.size() && item[i] == '>') ++level, ++i;
    std::string name = stem(item.substr(i));
    if (!name.empty()) c.levelByFile[name] = level;
  }
  c.loaded = true;
}

LogConfig& loadedConfig() {
  LogConfig& c = config();
  if (!c.loaded) {
    const char* env = std::getenv("TSJIT_LOG_LEVEL");
    parseInto(c, env ? env : "");
  }
  return c;
}

const char* levelName(LogLevel level) {
  switch (level) {
    case LogLevel::GRAPH_DUMP: return "DUMP";
    case LogLevel::GRAPH_UPDATE: return "UPDATE";
    case LogLevel::GRAPH_DEBUG: return "DEBUG";
  }
  return "?";
}

}  // namespace

bool isLogEnabled(std::string_view file, LogLevel level) {
  std::lock_guard<std::mutex> guard(configMutex());
  LogConfig& c = loadedConfig();
  if (c.levelByFile.empty()) return false;
  auto it = c.levelByFile.find(stem(file));
  return it != c.levelByFile.end() && static_cast<int>(level) <= it->second;
}

void setLogConfig(const std::string& text) {
  std::lock_guard<std::mutex> guard(configMutex());
  parseInto(config(), text);
}

void setLogStream(std::ostream* os) {
  std::lock_guard<std::mutex> guard(configMutex());
  config().stream = os;
}

void emitLog(std::string_view file, int line, LogLevel level, const std::string& text) {
  std::lock_guard<std::mutex> guard(configMutex());
  std::ostream& os = config().stream ? *config().stream : std::cerr;
  size_t slash = file.find_last_of('/');
  std::string_view base = slash == std::string_view::npos ? file : file.substr(slash + 1);
  std::string prefix = std::string("[") + levelName(level) + " " + std::string(base) + ":" + std::to_string(line) + "] ";
  std::stringstream ss(text);
  std::string l;
  while (std::getline(ss, l)) os << prefix << l << "\n";
}

}  // namespace tsjit
