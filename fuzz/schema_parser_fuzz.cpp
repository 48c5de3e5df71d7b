// schema_parser_fuzz.cpp — libFuzzer target for the schema parser (jit/ir/SchemaParser.h).
//
// Any input may be rejected with a CompileError (which must carry a source range); everything
// else is a finding: a crash, a sanitizer report, a hang, another exception type. For accepted
// inputs it also checks that printing is a fixed point: parse(print(s)) succeeds and prints the
// same text, since the printer is what the rest of tsjit (and PyTorch) reads back.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "jit/ir/SchemaParser.h"
#include "jit/support/Error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;  // schemas are short; long inputs only slow the search down
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string printed;
  try {
    printed = tsjit::parseSchema(text).str();
  } catch (const tsjit::CompileError& e) {
    if (!e.range().valid()) {
      std::fprintf(stderr, "CompileError without a source range: %s\n", e.what());
      std::abort();
    }
    return 0;
  }
  try {
    std::string again = tsjit::parseSchema(printed).str();
    if (again != printed) {
      std::fprintf(stderr, "printing is not a fixed point:\n  %s\n  %s\n", printed.c_str(), again.c_str());
      std::abort();
    }
  } catch (const tsjit::CompileError& e) {
    std::fprintf(stderr, "printed schema does not parse:\n  %s\n%s\n", printed.c_str(), e.what());
    std::abort();
  }
  return 0;
}
