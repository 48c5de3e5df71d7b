// Export.cpp — module -> archive bytes (Export.h).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "jit/serialization/Export.h"
#include "jit/serialization/Pickle.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {

namespace {

std::string_view bytesOf(const Storage& s) {
  return std::string_view(static_cast<const char*>(s.data()), s.nbytes());
}

}  // namespace

std::string saveArchive(const LoadedArchive& m, const std::string& root) {
  std::string out;
  saveArchive(m, root, [&](std::string_view bytes) { out.append(bytes.data(), bytes.size()); });
  return out;
}

void saveArchive(const LoadedArchive& m, const std::string& root, const ZipWriter::Sink& sink) {
  TSJIT_CHECK(m.module.object, "saveArchive: no module object");
  ZipWriter zip({}, sink);
  std::string prefix = root + "/";
  PickleOutput data = pickle(IValue(m.module.object));
  for (size_t i = 0; i < data.storages.size(); ++i) zip.add(prefix + "data/" + std::to_string(i), bytesOf(data.storages[i]));
  zip.add(prefix + "data.pkl", data.bytes);
  for (const auto& [path, text] : m.code) zip.add(prefix + path, text);
  PickleOutput consts = pickle(makeTuple(m.constants));
  for (size_t i = 0; i < consts.storages.size(); ++i)
    zip.add(prefix + "constants/" + std::to_string(i), bytesOf(consts.storages[i]));
  zip.add(prefix + "constants.pkl", consts.bytes);
  int64_t version = m.version ? m.version : 3;
  zip.add(prefix + (version > 5 ? ".data/version" : "version"), std::to_string(version) + "\n");
  zip.finish();
}

void saveArchiveFile(const LoadedArchive& m, const std::string& path) {
  std::filesystem::path p(path);
  std::string root = p.stem().string();
  if (root.empty()) throw CompileError("save: '" + path + "' has no file name to name the archive's folder");
  std::string tmp = path + ".tmp-tsjit";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw CompileError("save: cannot write '" + tmp + "'");
    try {
      saveArchive(m, root, [&](std::string_view b) { out.write(b.data(), static_cast<std::streamsize>(b.size())); });
    } catch (...) {
      out.close();
      std::remove(tmp.c_str());
      throw;
    }
    out.close();
    if (!out) {
      std::remove(tmp.c_str());
      throw CompileError("save: writing '" + tmp + "' failed");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw CompileError("save: cannot move the archive into place at '" + path + "': " + ec.message());
  }
}

}  // namespace tsjit::serialization
