// ArchiveError.h — the error of a bad archive or pickle: a CompileError (the user's input is wrong)
// whose message names the file, the member and the byte offset where reading went wrong:
//   "model.pt: member 'model/data.pkl' at offset 139: BINPERSID on a non-tuple".
// Every reader in jit/serialization throws only this (or std::bad_alloc never: sizes are checked
// against the bytes that exist before anything is allocated).
#pragma once

#include <cstdint>
#include <string>

#include "jit/support/Error.h"

namespace tsjit::serialization {

class ArchiveError : public CompileError {
 public:
  ArchiveError(const std::string& file, const std::string& member, uint64_t offset, const std::string& what)
      : CompileError(describe(file, member, offset, what)), member_(member), offset_(offset) {}
  const std::string& member() const { return member_; }
  uint64_t offset() const { return offset_; }

  static std::string describe(const std::string& file, const std::string& member, uint64_t offset,
                              const std::string& what) {
    std::string s = file.empty() ? std::string("<archive>") : file;
    if (!member.empty()) s += ": member '" + member + "'";
    s += " at offset " + std::to_string(offset) + ": " + what;
    return s;
  }

 private:
  std::string member_;
  uint64_t offset_;
};

}  // namespace tsjit::serialization
