// Fingerprint.h — where and what a benchmark run measured: the machine (CPU model and flags,
// cores, memory, kernel; /proc and uname), the build (commit, dirty flag and branch from git in
// the source folder; build type, compiler and flags as CMake configured this build) and the load
// average at the start of the run.
//
// Invariants: never throws; a field that cannot be read is left empty ("unknown" for a commit
// outside a git checkout).
#pragma once

#include <string>

#include "perf/history/Model.h"

namespace tsjit::benchhistory {

MachineInfo currentMachine();
// `sourceDir`: the checkout whose commit is recorded (default: the one this tsjit was built from).
BuildInfo currentBuild(const std::string& sourceDir = "");
Fingerprint currentFingerprint(const std::string& sourceDir = "");
// The source folder this tsjit was configured from.
std::string defaultSourceDir();

// Runs a shell command and returns its stdout with trailing newlines removed ("" on failure).
std::string captureCommand(const std::string& command);

}  // namespace tsjit::benchhistory
