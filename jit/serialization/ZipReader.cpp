// ZipReader.cpp — parsing and reading zip archives (Zip.h). Every read goes through `need`, which
// checks that [offset, offset + n) lies inside the file without overflowing.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {

namespace {

constexpr uint32_t kLocalSig = 0x04034b50, kCentralSig = 0x02014b50, kEndSig = 0x06054b50;
constexpr uint32_t kEnd64Sig = 0x06064b50, kEnd64LocatorSig = 0x07064b50;
// Deflate cannot expand data by more than about 1032:1.
constexpr uint64_t kMaxDeflateRatio = 1032;

struct Cursor {
  std::string_view bytes;
  const std::string& file;
  std::string member;

  [[noreturn]] void fail(uint64_t at, const std::string& what) const { throw ArchiveError(file, member, at, what); }
  void need(uint64_t at, uint64_t n, const char* what) const {
    if (at > bytes.size() || n > bytes.size() - at)
      fail(at, std::string(what) + " (" + std::to_string(n) + " bytes) runs past the end of the file (" +
                   std::to_string(bytes.size()) + " bytes)");
  }
  uint64_t le(uint64_t at, int n) const {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
  }
  uint16_t u16(uint64_t at) const { return static_cast<uint16_t>(le(at, 2)); }
  uint32_t u32(uint64_t at) const { return static_cast<uint32_t>(le(at, 4)); }
  uint64_t u64(uint64_t at) const { return le(at, 8); }
};

}  // namespace


ZipReader::ZipReader(std::shared_ptr<const std::string> bytes, std::string fileName)
    : owner_(bytes), bytes_(*bytes), fileName_(std::move(fileName)) {
  parse();
}

ZipReader::ZipReader(std::shared_ptr<const void> owner, std::string_view bytes, std::string fileName)
    : owner_(std::move(owner)), bytes_(bytes), fileName_(std::move(fileName)) {
  parse();
}

ZipReader ZipReader::openFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw ArchiveError(path, "", 0, "cannot open the file");
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw ArchiveError(path, "", 0, "not a regular file");
  }
  size_t size = static_cast<size_t>(st.st_size);
  if (size == 0) {
    ::close(fd);
    return ZipReader(std::make_shared<const std::string>(), path);
  }
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) throw ArchiveError(path, "", 0, "cannot map the file");
  std::shared_ptr<const void> owner(map, [size](const void* p) { ::munmap(const_cast<void*>(p), size); });
  return ZipReader(std::move(owner), std::string_view(static_cast<const char*>(map), size), path);
}

void ZipReader::parse() {
  std::string_view b = bytes_;
  Cursor c{b, fileName_, ""};
  if (b.size() < 22) c.fail(0, "not a zip archive: " + std::to_string(b.size()) + " bytes is shorter than an end record");
  // The end record is the last 22 bytes plus a comment of at most 65535 bytes.
  uint64_t lowest = b.size() > 22 + 65535 ? b.size() - 22 - 65535 : 0;
  uint64_t end = UINT64_MAX;
  for (uint64_t at = b.size() - 22 + 1; at-- > lowest;) {
    if (c.u32(at) == kEndSig && at + 22 + c.u16(at + 20) == b.size()) {
      end = at;
      break;
    }
  }
  if (end == UINT64_MAX) c.fail(b.size(), "not a zip archive: no end-of-central-directory record");
  if (c.u16(end + 4) != 0 || c.u16(end + 6) != 0) c.fail(end, "multi-disk zip archives are not supported");
  uint64_t count = c.u16(end + 10), cdSize = c.u32(end + 12), cdOffset = c.u32(end + 16);
  if (count == 0xFFFF || cdSize == 0xFFFFFFFF || cdOffset == 0xFFFFFFFF) {
    if (end < 20 || c.u32(end - 20) != kEnd64LocatorSig)
      c.fail(end, "the end record is saturated but no zip64 end locator precedes it");
    uint64_t rec = c.u64(end - 20 + 8);
    c.need(rec, 56, "zip64 end record");
    if (c.u32(rec) != kEnd64Sig) c.fail(rec, "bad zip64 end record signature");
    count = c.u64(rec + 32);
    cdSize = c.u64(rec + 40);
    cdOffset = c.u64(rec + 48);
  }
  c.need(cdOffset, cdSize, "central directory");
  if (count > cdSize / 46) c.fail(end, "the end record claims " + std::to_string(count) +
                                           " members, more than the central directory can hold");
  entries_.reserve(count);
  uint64_t at = cdOffset, cdEnd = cdOffset + cdSize;
  for (uint64_t i = 0; i < count; ++i) {
    if (at + 46 > cdEnd) c.fail(at, "central directory entry " + std::to_string(i) + " runs past the directory");
    if (c.u32(at) != kCentralSig) c.fail(at, "bad central directory signature for entry " + std::to_string(i));
    ZipEntry e;
    uint16_t flags = c.u16(at + 8);
    e.method = c.u16(at + 10);
    e.crc32 = c.u32(at + 16);
    e.compressedSize = c.u32(at + 20);
    e.size = c.u32(at + 24);
    uint64_t nameLen = c.u16(at + 28), extraLen = c.u16(at + 30), commentLen = c.u16(at + 32);
    e.localHeaderOffset = c.u32(at + 42);
    if (at + 46 + nameLen + extraLen + commentLen > cdEnd)
      c.fail(at, "central directory entry " + std::to_string(i) + " runs past the directory");
    e.name = std::string(b.substr(at + 46, nameLen));
    c.member = e.name;
    if (flags & 1) c.fail(at, "encrypted members are not supported");
    // zip64 extra field: the saturated 32-bit values, in order.
    uint64_t x = at + 46 + nameLen, xEnd = x + extraLen;
    while (x + 4 <= xEnd) {
      uint16_t id = c.u16(x), len = c.u16(x + 2);
      if (x + 4 + len > xEnd) c.fail(x, "extra field runs past its entry");
      if (id == 1) {
        uint64_t f = x + 4, fEnd = f + len;
        auto take = [&](uint64_t& field) {
          if (field != 0xFFFFFFFF) return;
          if (f + 8 > fEnd) c.fail(f, "zip64 extra field too short");
          field = c.u64(f);
          f += 8;
        };
        take(e.size);
        take(e.compressedSize);
        take(e.localHeaderOffset);
      }
      x += 4 + len;
    }
    // Local header: its own name and extra lengths decide where the data starts.
    uint64_t lh = e.localHeaderOffset;
    c.need(lh, 30, "local header");
    if (c.u32(lh) != kLocalSig) c.fail(lh, "bad local header signature");
    uint64_t lNameLen = c.u16(lh + 26), lExtraLen = c.u16(lh + 28);
    c.need(lh + 30, lNameLen + lExtraLen, "local header name and extra field");
    if (b.compare(lh + 30, lNameLen, e.name) != 0)
      c.fail(lh, "the local header names a different member");
    e.dataOffset = lh + 30 + lNameLen + lExtraLen;
    c.need(e.dataOffset, e.compressedSize, "member data");
    if (e.method == 0) {
      if (e.size != e.compressedSize)
        c.fail(at, "stored member with size " + std::to_string(e.size) + " != compressed size " +
                       std::to_string(e.compressedSize));
    } else if (e.method == 8) {
      if (e.size / kMaxDeflateRatio > e.compressedSize + 1)
        c.fail(at, "deflated member claims " + std::to_string(e.size) + " bytes from " +
                       std::to_string(e.compressedSize) + " compressed bytes (more than deflate can expand)");
    } else {
      c.fail(at, "unsupported compression method " + std::to_string(e.method));
    }
    for (const auto& prev : entries_)
      if (prev.name == e.name) c.fail(at, "duplicate member name");
    entries_.push_back(std::move(e));
    at += 46 + nameLen + extraLen + commentLen;
  }
}

const ZipEntry* ZipReader::find(std::string_view name) const {
  for (const auto& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::string ZipReader::read(const std::string& name) const {
  const ZipEntry* e = find(name);
  if (!e) throw ArchiveError(fileName_, name, 0, "no such member in the archive");
  return read(*e);
}

std::string ZipReader::read(const ZipEntry& e) const {
  std::string out(e.size, '\0');
  readInto(e, out.data());
  return out;
}

void ZipReader::readInto(const ZipEntry& e, char* dst) const {
  char none = 0;
  if (!dst) dst = &none;  // a 0-byte storage has no buffer; zlib wants a non-null pointer
  std::string_view b = bytes_;
  if (e.method == 0) {
    if (e.size) std::memcpy(dst, b.data() + e.dataOffset, e.size);
  } else {
    z_stream zs{};
    if (inflateInit2(&zs, -MAX_WBITS) != Z_OK) throw ArchiveError(fileName_, e.name, e.dataOffset, "inflateInit failed");
    uint64_t inLeft = e.compressedSize, outDone = 0;
    const char* in = b.data() + e.dataOffset;
    int rc = Z_OK;
    while (rc == Z_OK) {
      uInt inChunk = static_cast<uInt>(std::min<uint64_t>(inLeft, 1u << 30));
      uInt outChunk = static_cast<uInt>(std::min<uint64_t>(e.size - outDone, 1u << 30));
      zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
      zs.avail_in = inChunk;
      zs.next_out = reinterpret_cast<Bytef*>(dst + outDone);
      zs.avail_out = outChunk;
      rc = inflate(&zs, Z_NO_FLUSH);
      uint64_t consumed = inChunk - zs.avail_in, produced = outChunk - zs.avail_out;
      in += consumed;
      inLeft -= consumed;
      outDone += produced;
      if (rc == Z_OK && consumed == 0 && produced == 0) rc = Z_BUF_ERROR;
    }
    uint64_t where = e.dataOffset + (e.compressedSize - inLeft);
    inflateEnd(&zs);
    if (rc != Z_STREAM_END)
      throw ArchiveError(fileName_, e.name, where,
                         outDone == e.size ? "deflate data is longer than the recorded size " + std::to_string(e.size)
                                           : std::string("corrupt deflate data") + (zs.msg ? std::string(": ") + zs.msg : ""));
    if (outDone != e.size)
      throw ArchiveError(fileName_, e.name, where,
                         "inflated to " + std::to_string(outDone) + " bytes, the directory says " + std::to_string(e.size));
  }
  uint32_t crc = crc32Of(std::string_view(dst, e.size));
  if (crc != e.crc32)
    throw ArchiveError(fileName_, e.name, e.dataOffset, "CRC-32 mismatch (data is corrupt)");
}

}  // namespace tsjit::serialization
