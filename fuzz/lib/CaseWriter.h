// CaseWriter.h — writes a generated case as files `tsjit run` replays:
//   DIR/STEM.ir    the graph (Graph::toString(), PyTorch's IR text)
//   DIR/STEM.json  its inputs: a JSON list in the corpus value encoding (FORMAT.md section 4,
//                  conformance/lib/ValueCodec.h), non-contiguous inputs with their strides
//   DIR/STEM.txt   what failed, the seed and the program description (for the record)
// Replay: tsjit run DIR/STEM.ir --inputs DIR/STEM.json --engine reference|jit
// The directory is created if needed; existing files of the same stem are overwritten.
#pragma once

#include <string>

#include "fuzz/lib/Program.h"

namespace tsjit::fuzz {

struct WrittenCase {
  std::string irPath;
  std::string jsonPath;
  std::string notePath;
};

WrittenCase writeCase(const GeneratedCase& c, const std::string& dir, const std::string& stem, const std::string& note);

}  // namespace tsjit::fuzz
