// Zip.h — the zip container of torch.jit.save archives, read and written without a zip library
// (zlib only, for deflate and CRC-32), so that every error can name the member and the offset.
//
// ZipReader parses the end-of-central-directory record (zip64 when the 32-bit fields are
// saturated), the central directory and each member's local header. Every size and offset is
// checked against the bytes that exist before anything is read or allocated: a member claiming
// 2^60 bytes is an ArchiveError, not an allocation. Stored (0) and deflated (8) members are read;
// the CRC-32 and the size are verified. Sizes come from the central directory (PyTorch's writer
// leaves them zero in the local header and puts them in a data descriptor).
//
// ZipWriter writes stored members whose data starts on a 64-byte boundary (the local header's
// extra field is padded with an "FB" record, as PyTorch does, so storages can be mapped in place),
// zip64 extra fields for members or offsets past 4 GiB, and always the zip64 end records (as
// PyTorch's writer does). Output is deterministic: fixed timestamps, members in insertion order.
// With a Sink the bytes go out as they are made (member data unbuffered), else finish() returns them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tsjit::serialization {

struct ZipEntry {
  std::string name;
  uint16_t method = 0;  // 0 stored, 8 deflate
  uint32_t crc32 = 0;
  uint64_t compressedSize = 0;
  uint64_t size = 0;               // uncompressed
  uint64_t localHeaderOffset = 0;
  uint64_t dataOffset = 0;         // first byte of the member's (compressed) data
};

class ZipReader {
 public:
  // Parses `bytes`; `fileName` is used in error messages only. Throws ArchiveError.
  ZipReader(std::shared_ptr<const std::string> bytes, std::string fileName);
  // Maps the file read-only (ArchiveError when it cannot be opened); members are copied out of
  // the mapping straight into their destination.
  static ZipReader openFile(const std::string& path);

  const std::string& fileName() const { return fileName_; }
  const std::vector<ZipEntry>& entries() const { return entries_; }
  uint64_t fileSize() const { return bytes_.size(); }
  const ZipEntry* find(std::string_view name) const;
  // The member's uncompressed bytes; checks CRC and size. ArchiveError naming the member.
  std::string read(const ZipEntry& entry) const;
  // Reads the member into dst (entry.size bytes), checking CRC and size: no intermediate copy.
  void readInto(const ZipEntry& entry, char* dst) const;
  // read(find(name)); an ArchiveError when there is no such member.
  std::string read(const std::string& name) const;

 private:
  ZipReader(std::shared_ptr<const void> owner, std::string_view bytes, std::string fileName);
  void parse();
  std::shared_ptr<const void> owner_;  // keeps `bytes_` alive (a string or a file mapping)
  std::string_view bytes_;
  std::string fileName_;
  std::vector<ZipEntry> entries_;
};

struct ZipWriterOptions {
  uint32_t alignment = 64;
  // Tests: write zip64 extra fields for every member, as if each were past 4 GiB.
  bool forceZip64 = false;
};

class ZipWriter {
 public:
  // Receives the archive's bytes in order (a file, say); without one, finish() returns them.
  using Sink = std::function<void(std::string_view)>;
  explicit ZipWriter(ZipWriterOptions options = {}, Sink sink = {}) : options_(options), sink_(std::move(sink)) {}
  // Appends a stored member. Names must be unique (InternalError otherwise).
  void add(const std::string& name, std::string_view data);
  // Writes the central directory and end records and returns the whole archive (empty when a
  // sink received it).
  std::string finish();

 private:
  uint64_t pos() const { return written_ + out_.size(); }
  void flush();
  ZipWriterOptions options_;
  Sink sink_;
  uint64_t written_ = 0;  // bytes already handed to the sink
  std::string out_;
  std::vector<ZipEntry> entries_;
  bool finished_ = false;
};

// CRC-32 (zlib's) of `data`.
uint32_t crc32Of(std::string_view data);
// The CRC-32 of the bytes before `data` (crc) extended by `data` (zlib's crc32(crc, data)).
uint32_t crc32Continue(uint32_t crc, std::string_view data);

}  // namespace tsjit::serialization
