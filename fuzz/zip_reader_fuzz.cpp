// zip_reader_fuzz.cpp — libFuzzer target for the zip reader (jit/serialization/Zip.h).
// The input is an archive: it is parsed and every member read. An ArchiveError is the expected
// outcome for bad input; a crash, a sanitizer report, a leak, an allocation past libFuzzer's
// limit (a header claiming 2^60 bytes) or any other exception is a finding. Accepted members must
// be as long as the directory says, and an accepted archive written again must read back equal.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Zip.h"

using namespace tsjit::serialization;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  auto bytes = std::make_shared<const std::string>(reinterpret_cast<const char*>(data), size);
  try {
    ZipReader z(bytes, "fuzz.pt");
    ZipWriter w;
    std::vector<std::pair<std::string, std::string>> members;
    for (const auto& e : z.entries()) {
      try {
        std::string m = z.read(e);
        if (m.size() != e.size) {
          std::fprintf(stderr, "member %s: read %zu bytes, directory says %llu\n", e.name.c_str(), m.size(),
                       static_cast<unsigned long long>(e.size));
          std::abort();
        }
        w.add(e.name, m);
        members.emplace_back(e.name, std::move(m));
      } catch (const ArchiveError&) {
      }
    }
    ZipReader again(std::make_shared<const std::string>(w.finish()), "again.pt");
    for (const auto& [name, m] : members)
      if (again.read(name) != m) {
        std::fprintf(stderr, "member %s differs after writing\n", name.c_str());
        std::abort();
      }
  } catch (const ArchiveError&) {
  }
  return 0;
}
