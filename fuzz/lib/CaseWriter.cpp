// CaseWriter.cpp — .ir + inputs .json (+ .txt note) of a generated case (see CaseWriter.h).
#include "fuzz/lib/CaseWriter.h"

#include <filesystem>
#include <fstream>

#include "conformance/lib/ValueCodec.h"
#include "jit/support/Error.h"

namespace tsjit::fuzz {

namespace {
void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw RuntimeError("cannot write '" + path + "'");
}
}  // namespace

WrittenCase writeCase(const GeneratedCase& c, const std::string& dir, const std::string& stem, const std::string& note) {
  std::filesystem::create_directories(dir);
  WrittenCase w;
  std::string base = (std::filesystem::path(dir) / stem).string();
  w.irPath = base + ".ir";
  w.jsonPath = base + ".json";
  w.notePath = base + ".txt";
  writeText(w.irPath, c.graph->toString(false));
  writeText(w.jsonPath, conformance::encodeValues(c.makeInputs()).dump(1) + "\n");
  writeText(w.notePath, note + (note.empty() || note.back() == '\n' ? "" : "\n"));
  return w;
}

}  // namespace tsjit::fuzz
