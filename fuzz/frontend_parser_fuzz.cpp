// frontend_parser_fuzz.cpp — libFuzzer target for the TorchScript frontend (jit/frontend).
// The input bytes are a source file: they are parsed as a module (and the tree printed), as a
// single expression, and lexed in schema mode. A CompileError is the expected outcome for bad
// input; any other exception, a crash, a sanitizer report or a hang is a finding.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "jit/frontend/Parser.h"

using namespace tsjit;
using namespace tsjit::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;  // keep iterations fast; size does not change the code paths
  auto source = std::make_shared<Source>(std::string(reinterpret_cast<const char*>(data), size), "fuzz.py");
  try {
    Module m = parseSource(source);
    std::string printed = m.str();
    (void)printed;
  } catch (const CompileError&) {
  }
  try {
    Expr e = parseExpression(source, 0, size);
    (void)e.str();
  } catch (const CompileError&) {
  }
  try {
    Lexer::Options options;
    options.indentation = false;
    options.schema = true;
    Lexer lexer(source, options);
    (void)lexer.tokens().size();
  } catch (const CompileError&) {
  }
  return 0;
}
