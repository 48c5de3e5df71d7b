// main.cpp — the `tsjit` driver: builds the CLI11 app from the registered subcommands, runs the
// chosen one, and turns every exception into `error: <message>` on stderr with exit status 1.
#include <fstream>
#include <iostream>
#include <sstream>

#include "jit/frontend/LibraryFunctions.h"
#include "jit/runtime/FallbackFunctions.h"
#include "jit/support/Error.h"
#include "reference/FallbackFunctions.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CompileError("cannot open '" + path + "'");
  std::ostringstream os;
  os << in.rdbuf();
  if (in.bad()) throw CompileError("cannot read '" + path + "'");
  return os.str();
}

namespace {
// One line per subcommand.
constexpr SetupFn kCommands[] = {
    setupOptCommand,
    setupConformCommand,
    setupRunCommand,
    setupFuzzCommand,
    setupBenchCommand,
    setupLoadCommand,
    setupSaveCommand,
    setupReduceCommand,
    setupCheckCommand,
    setupTraceCommand,
    setupGradcheckCommand,
};
}  // namespace

}  // namespace tsjit::tool

int main(int argc, char** argv) {
  using namespace tsjit::tool;
  int exitCode = 0;
  // Recorded 1.13 graphs may call built-in library functions by name (get_enum): both engines
  // find them in the frontend's TorchScript library.
  tsjit::runtime::setFallbackFunctionResolver(tsjit::frontend::builtinLibraryFunction);
  tsjit::reference::setFunctionLookup(tsjit::frontend::builtinLibraryFunction);
  try {
    CLI::App app{"tsjit — a TorchScript JIT and its conformance harness"};
    app.require_subcommand(1);
    for (SetupFn setup : kCommands) setup(app, exitCode);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 1;  // --help exits 0; usage errors exit 1
    }
    return exitCode;
  } catch (const std::exception& e) {
    std::cout.flush();
    std::string what = e.what();
    while (!what.empty() && what.back() == '\n') what.pop_back();
    std::cerr << "error: " << what << "\n";
    return 1;
  } catch (...) {
    std::cerr << "error: unknown exception\n";
    return 1;
  }
}
