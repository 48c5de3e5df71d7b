// ZipWriter.cpp — writing stored, 64-byte-aligned zip archives (Zip.h).
#include "jit/serialization/Zip.h"
#include "jit/support/Error.h"

namespace tsjit::serialization {

namespace {

constexpr uint64_t k32 = 0xFFFFFFFF;

void put(std::string& out, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

}  // namespace

void ZipWriter::add(const std::string& name, std::string_view data) {
  TSJIT_CHECK(!finished_, "ZipWriter::add after finish");
  TSJIT_CHECK(name.size() < 0xFFFF, "zip member name too long");
  for (const auto& e : entries_) TSJIT_CHECK(e.name != name, "duplicate zip member " + name);
  ZipEntry e;
  e.name = name;
  e.method = 0;
  e.crc32 = crc32Of(data);
  e.size = e.compressedSize = data.size();
  e.localHeaderOffset = pos();
  bool zip64 = options_.forceZip64 || e.size >= k32 || e.localHeaderOffset >= k32;
  std::string extra;
  if (zip64) {
    put(extra, 1, 2);
    put(extra, 16, 2);
    put(extra, e.size, 8);
    put(extra, e.compressedSize, 8);
  }
  // Pad with an "FB" extra record so the data starts on an alignment boundary.
  uint64_t dataStart = e.localHeaderOffset + 30 + name.size() + extra.size();
  uint64_t align = options_.alignment ? options_.alignment : 1;
  uint64_t pad = (align - dataStart % align) % align;
  if (pad != 0 && pad < 4) pad += align;  // an extra record needs at least its 4-byte header
  if (pad != 0) {
    put(extra, 0x4246, 2);
    put(extra, pad - 4, 2);
    extra.append(pad - 4, 'Z');
  }
  put(out_, 0x04034b50, 4);
  put(out_, zip64 ? 45 : 20, 2);  // version needed
  put(out_, 0x0800, 2);           // UTF-8 names
  put(out_, 0, 2);                // stored
  put(out_, 0, 2);                // time 00:00
  put(out_, (0 << 9) | (1 << 5) | 1, 2);  // date 1980-01-01
  put(out_, e.crc32, 4);
  put(out_, zip64 ? k32 : e.compressedSize, 4);
  put(out_, zip64 ? k32 : e.size, 4);
  put(out_, name.size(), 2);
  put(out_, extra.size(), 2);
  out_ += name;
  out_ += extra;
  e.dataOffset = pos();
  if (sink_) {  // large data goes straight to the sink, not through the buffer
    flush();
    sink_(data);
    written_ += data.size();
  } else {
    out_.append(data.data(), data.size());
  }
  entries_.push_back(std::move(e));
}

std::string ZipWriter::finish() {
  TSJIT_CHECK(!finished_, "ZipWriter::finish twice");
  finished_ = true;
  uint64_t cdOffset = pos();
  for (const auto& e : entries_) {
    bool big = options_.forceZip64 || e.size >= k32 || e.localHeaderOffset >= k32;
    std::string extra;
    if (big) {
      put(extra, 1, 2);
      put(extra, 24, 2);
      put(extra, e.size, 8);
      put(extra, e.compressedSize, 8);
      put(extra, e.localHeaderOffset, 8);
    }
    put(out_, 0x02014b50, 4);
    put(out_, big ? 45 : 20, 2);  // version made by
    put(out_, big ? 45 : 20, 2);  // version needed
    put(out_, 0x0800, 2);
    put(out_, 0, 2);
    put(out_, 0, 2);
    put(out_, (0 << 9) | (1 << 5) | 1, 2);
    put(out_, e.crc32, 4);
    put(out_, big ? k32 : e.compressedSize, 4);
    put(out_, big ? k32 : e.size, 4);
    put(out_, e.name.size(), 2);
    put(out_, extra.size(), 2);
    put(out_, 0, 2);  // comment
    put(out_, 0, 2);  // disk
    put(out_, 0, 2);  // internal attributes
    put(out_, 0, 4);  // external attributes
    put(out_, big ? k32 : e.localHeaderOffset, 4);
    out_ += e.name;
    out_ += extra;
  }
  uint64_t cdSize = pos() - cdOffset;
  uint64_t end64 = pos();
  // zip64 end record and locator (PyTorch's writer always emits them).
  put(out_, 0x06064b50, 4);
  put(out_, 44, 8);
  put(out_, 45, 2);
  put(out_, 45, 2);
  put(out_, 0, 4);
  put(out_, 0, 4);
  put(out_, entries_.size(), 8);
  put(out_, entries_.size(), 8);
  put(out_, cdSize, 8);
  put(out_, cdOffset, 8);
  put(out_, 0x07064b50, 4);
  put(out_, 0, 4);
  put(out_, end64, 8);
  put(out_, 1, 4);
  bool sat = entries_.size() >= 0xFFFF || cdSize >= k32 || cdOffset >= k32 || options_.forceZip64;
  put(out_, 0x06054b50, 4);
  put(out_, 0, 2);
  put(out_, 0, 2);
  put(out_, sat ? 0xFFFF : entries_.size(), 2);
  put(out_, sat ? 0xFFFF : entries_.size(), 2);
  put(out_, sat ? k32 : cdSize, 4);
  put(out_, sat ? k32 : cdOffset, 4);
  put(out_, 0, 2);
  if (sink_) {
    flush();
    return {};
  }
  return std::move(out_);
}

void ZipWriter::flush() {
  if (out_.empty()) return;
  sink_(out_);
  written_ += out_.size();
  out_.clear();
}

}  // namespace tsjit::serialization
