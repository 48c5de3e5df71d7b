// Commands.h — the subcommands of `tsjit`. Each subcommand file defines one setup function that
// adds a CLI11 subcommand to the app; its callback stores the process exit code in `exitCode`
// and reports user errors by throwing (main prints `error: <what>` and exits 1).
// To add a subcommand: declare its setup function here, write tools/tsjit/<Name>Command.cpp,
// and add it to kCommands in main.cpp (one line).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace tsjit::tool {

using SetupFn = void (*)(CLI::App& app, int& exitCode);

void setupOptCommand(CLI::App& app, int& exitCode);
void setupConformCommand(CLI::App& app, int& exitCode);
void setupRunCommand(CLI::App& app, int& exitCode);
void setupFuzzCommand(CLI::App& app, int& exitCode);
void setupBenchCommand(CLI::App& app, int& exitCode);
void setupLoadCommand(CLI::App& app, int& exitCode);
void setupSaveCommand(CLI::App& app, int& exitCode);
void setupReduceCommand(CLI::App& app, int& exitCode);
void setupCheckCommand(CLI::App& app, int& exitCode);
void setupTraceCommand(CLI::App& app, int& exitCode);

// Reads a whole file; throws CompileError("cannot open ...") when it cannot.
std::string readFile(const std::string& path);

}  // namespace tsjit::tool
