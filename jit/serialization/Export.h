// Export.h — writing a loaded module back as a torch.jit.save archive (PyTorch 1.13's layout).
//
// Members, in PyTorch's order, under one folder named `root`:
//   data/<key>        the storages data.pkl references (keys "0", "1", ... in first-use order)
//   data.pkl          the module object (Pickle.h): __torch__ objects with their attribute dicts in
//                     slot order, tensors as views of storages
//   code/...py        the module's code printed by the python printer (ArchiveCode.h): every class
//                     reachable from the root module and every function its code calls, methods as
//                     compiled (before library calls were inlined into them)
//   constants/<key>   storages of the tensor constants the printed code names CONSTANTS.c<i>;
//                     constants.pkl: their tuple
//   version           the version record (or .data/version for versions > 5, as 1.13 does)
// Every member is stored uncompressed and 64-byte aligned (Zip.h). The bytes depend only on the
// module's values and code, so saving a loaded copy again gives the same bytes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "jit/serialization/Import.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {

// The code/ files of `module` as the python printer writes them, and the tensors their
// CONSTANTS.c<i> name (taken from module.constants; CompileError when the code names another).
struct PrintedModule {
  std::map<std::string, std::string> code;
  std::vector<IValue> constants;
  int64_t minVersion = 3;  // the version record the printed ops need
};
PrintedModule printModuleCode(const LoadedArchive& module);

// The archive's bytes. `root` is the top-level folder (PyTorch uses the file stem).
std::string saveArchive(const LoadedArchive& module, const std::string& root);
// The same bytes, handed to `sink` in order (storages are not copied into a buffer first).
void saveArchive(const LoadedArchive& module, const std::string& root, const ZipWriter::Sink& sink);

// Writes the archive to `path` (root = the file's stem) through a temporary file renamed into
// place, so a failure leaves nothing behind. CompileError when the file cannot be written.
void saveArchiveFile(const LoadedArchive& module, const std::string& path);

}  // namespace tsjit::serialization
