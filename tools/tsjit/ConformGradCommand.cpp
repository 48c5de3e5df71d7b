// ConformGradCommand.cpp — `tsjit conform --grad --engine symbolic [--case NAME]...`: the corpus
// cases with recorded gradients through symbolic autodiff of the whole graph only (no autograd
// fallback; conformance/lib/GradConform.h), one row per
// case (status, PyTorch's grad_check mark, the first mismatch or why it is not supported) and the
// summary `grad: N/M passed`. Cases PyTorch marks grad_check: false are listed with that mark.
// Exit 0 only when every case passed. (`--engine jit` is the executor: ConformCommand.cpp.)
#include <algorithm>
#include <iomanip>
#include <iostream>

#include "conformance/lib/GradConform.h"
#include "jit/support/Error.h"
#include "tools/tsjit/Commands.h"

namespace tsjit::tool {

int runConformGrad(const std::string& corpusDir, const std::string& engine, const std::vector<std::string>& cases,
                   bool verbose) {
  using namespace tsjit::conformance;
  if (engine != "symbolic") throw CompileError("conform --grad: unknown engine '" + engine + "' (here: symbolic)");
  GradConformSummary s = gradConformJit(corpusDir);
  size_t total = 0, passed = 0, notSupported = 0, noGradCheck = 0;
  for (const GradCaseResult& r : s.cases) {
    if (!cases.empty() && std::find(cases.begin(), cases.end(), r.name) == cases.end()) continue;
    ++total;
    passed += r.status == GradCaseResult::Status::Pass;
    notSupported += r.status == GradCaseResult::Status::NotSupported;
    noGradCheck += !r.gradCheck;
    std::string msg = r.message;
    if (!verbose && msg.size() > 160) msg = msg.substr(0, 157) + "...";
    std::cout << std::left << std::setw(26) << r.name << std::setw(15) << toString(r.status)
              << (r.gradCheck ? "" : "[grad_check: false] ") << msg << "\n";
  }
  std::cout << "grad: " << passed << "/" << total << " passed (engine " << engine << ": symbolic autodiff; "
            << (total - passed - notSupported) << " failed, " << notSupported << " not supported; " << noGradCheck
            << " cases PyTorch marks grad_check: false, run and counted)\n";
  return passed == total ? 0 : 1;
}

}  // namespace tsjit::tool
