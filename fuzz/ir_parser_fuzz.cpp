// ir_parser_fuzz.cpp — libFuzzer target for the IR text parser (jit/ir/IRParser.h).
//
// Any input may be rejected with a CompileError carrying a source range; everything else is a
// finding (crash, sanitizer report, hang, InternalError or another exception). An accepted graph
// must verify, print, re-parse to the same text (fixpoint), and deep-copy to the same text.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/support/Error.h"

namespace {
[[noreturn]] void finding(const char* what, const std::string& a, const std::string& b = "") {
  std::fprintf(stderr, "%s\n--- 1\n%s\n--- 2\n%s\n", what, a.c_str(), b.c_str());
  std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;  // graphs that matter are small; long inputs only slow the search
  std::string text(reinterpret_cast<const char*>(data), size);
  std::shared_ptr<tsjit::Graph> g;
  try {
    g = tsjit::parseIR(text, "fuzz.ir");
  } catch (const tsjit::CompileError& e) {
    if (!e.range().valid()) finding("CompileError without a source range", e.what());
    return 0;
  }
  std::string printed = g->toString();
  g->lint();  // an InternalError here is a finding (uncaught → libFuzzer reports it)
  try {
    auto again = tsjit::parseIR(printed, "printed.ir");
    std::string reprinted = again->toString();
    if (reprinted != printed) finding("printing is not a fixpoint", printed, reprinted);
  } catch (const tsjit::CompileError& e) {
    finding("printed graph does not parse", printed, e.what());
  }
  if (g->copy()->toString() != printed) finding("Graph::copy prints differently", printed, g->copy()->toString());
  return 0;
}
