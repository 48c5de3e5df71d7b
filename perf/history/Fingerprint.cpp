// Fingerprint.cpp — see Fingerprint.h.
#include "perf/history/Fingerprint.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace tsjit::benchhistory {

#ifndef TSJIT_BH_BUILD_TYPE
#define TSJIT_BH_BUILD_TYPE ""
#endif
#ifndef TSJIT_BH_COMPILER
#define TSJIT_BH_COMPILER ""
#endif
#ifndef TSJIT_BH_FLAGS
#define TSJIT_BH_FLAGS ""
#endif
#ifndef TSJIT_BH_SOURCE_DIR
#define TSJIT_BH_SOURCE_DIR "."
#endif

std::string MachineInfo::fingerprint() const {
  std::string key = cpuModel + "|" + cpuFlags + "|" + std::to_string(cores) + "|" + std::to_string(memKiB / (1024 * 1024)) +
                    "|" + kernel;
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : key) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string captureCommand(const std::string& command) {
  FILE* p = popen(command.c_str(), "r");
  if (!p) return "";
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  if (pclose(p) != 0) return "";
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

namespace {
std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string afterColon(const std::string& line) {
  auto pos = line.find(':');
  if (pos == std::string::npos) return "";
  std::string v = line.substr(pos + 1);
  size_t b = v.find_first_not_of(" \t");
  return b == std::string::npos ? "" : v.substr(b);
}
}  // namespace

MachineInfo currentMachine() {
  MachineInfo m;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) m.hostname = host;
  std::ifstream cpu("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpu, line)) {
    if (m.cpuModel.empty() && line.rfind("model name", 0) == 0) m.cpuModel = afterColon(line);
    if (m.cpuFlags.empty() && line.rfind("flags", 0) == 0) m.cpuFlags = afterColon(line);
  }
  m.cores = static_cast<int>(std::thread::hardware_concurrency());
  std::ifstream mem("/proc/meminfo");
  while (std::getline(mem, line)) {
    if (line.rfind("MemTotal:", 0) == 0) {
      std::istringstream is(afterColon(line));
      is >> m.memKiB;
      break;
    }
  }
  struct utsname u;
  if (uname(&u) == 0) m.kernel = std::string(u.sysname) + " " + u.release + " " + u.machine;
  return m;
}

std::string defaultSourceDir() { return TSJIT_BH_SOURCE_DIR; }

BuildInfo currentBuild(const std::string& sourceDir) {
  BuildInfo b;
  std::string dir = shellQuote(sourceDir.empty() ? defaultSourceDir() : sourceDir);
  b.commit = captureCommand("git -C " + dir + " rev-parse HEAD 2>/dev/null");
  if (b.commit.empty()) b.commit = "unknown";
  else b.dirty = !captureCommand("git -C " + dir + " status --porcelain --untracked-files=no 2>/dev/null").empty();
  b.branch = captureCommand("git -C " + dir + " rev-parse --abbrev-ref HEAD 2>/dev/null");
  b.buildType = TSJIT_BH_BUILD_TYPE;
  b.compiler = TSJIT_BH_COMPILER;
  b.flags = TSJIT_BH_FLAGS;
  return b;
}

Fingerprint currentFingerprint(const std::string& sourceDir) {
  Fingerprint f;
  f.machine = currentMachine();
  f.build = currentBuild(sourceDir);
  std::ifstream load("/proc/loadavg");
  load >> f.load1 >> f.load5 >> f.load15;
  return f;
}

}  // namespace tsjit::benchhistory
