// Export.h — writing a loaded module back as a torch.jit.save archive (PyTorch 1.13's layout).
//
// Members, in PyTorch's order, under one folder named `root`:
//   data/<key>        the storages data.pkl references (keys "0", "1", ... in first-use order)
//   data.pkl          the module object (Pickle.h): __torch__ objects with their attribute dicts in
//                     slot order, tensors as views of storages
//   code/...py        the archive's code (as loaded: the python printer does not exist yet)
//   constants/<key>   storages of the tensor constants; constants.pkl: their tuple
//   version           the version record (or .data/version for versions > 5, as 1.13 does)
// Every member is stored uncompressed and 64-byte aligned (Zip.h). The bytes depend only on the
// module's values and code, so saving a loaded copy again gives the same bytes.
#pragma once

#include <string>

#include "jit/serialization/Import.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {

// The archive's bytes. `root` is the top-level folder (PyTorch uses the file stem).
std::string saveArchive(const LoadedArchive& module, const std::string& root);
// The same bytes, handed to `sink` in order (storages are not copied into a buffer first).
void saveArchive(const LoadedArchive& module, const std::string& root, const ZipWriter::Sink& sink);

// Writes the archive to `path` (root = the file's stem) through a temporary file renamed into
// place, so a failure leaves nothing behind. CompileError when the file cannot be written.
void saveArchiveFile(const LoadedArchive& module, const std::string& path);

}  // namespace tsjit::serialization
