// zip_test.cpp — the zip container (Zip.h): reading PyTorch 1.13's archives, writing aligned
// archives that read back, zip64 records, and the errors for truncated, corrupted and lying
// archives (each naming the member and the offset, none allocating what a header claims).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {
namespace {

std::string corpusDir() {
  const char* c = std::getenv("TSJIT_CORPUS");
  return c ? c : "";
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const ArchiveError& e) {
    return e.what();
  }
  return "";
}

void put32(std::string& s, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) s[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

TEST(Zip, ReadsEveryCorpusArchive) {
  std::string dir = corpusDir() + "/archives";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  int n = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    if (f.path().extension() != ".pt") continue;
    ZipReader z = ZipReader::openFile(f.path().string());
    std::string stem = f.path().stem().string();
    ASSERT_NE(z.find(stem + "/data.pkl"), nullptr) << f.path();
    bool deflated = false;
    for (const auto& e : z.entries()) {
      EXPECT_EQ(z.read(e).size(), e.size) << e.name;
      if (e.method == 0) EXPECT_EQ(e.dataOffset % 64, 0u) << e.name;  // PyTorch aligns stored data
      deflated |= e.method == 8;
    }
    EXPECT_TRUE(deflated) << f.path() << ": expected deflated code members";
    ++n;
  }
  EXPECT_EQ(n, 67);
}

TEST(Zip, KnownMemberOfTheLayoutExample) {
  // archive_layout.txt: tr_inplace/version is '3\n', constants/0 holds the double 1.0.
  ZipReader z = ZipReader::openFile(corpusDir() + "/archives/tr_inplace.pt");
  EXPECT_EQ(z.read("tr_inplace/version"), "3\n");
  std::string c0 = z.read("tr_inplace/constants/0");
  ASSERT_EQ(c0.size(), 8u);
  EXPECT_EQ(c0, std::string("\x00\x00\x00\x00\x00\x00\xf0\x3f", 8));
}

TEST(Zip, WriterAlignsAndReadsBack) {
  for (bool zip64 : {false, true}) {
    ZipWriterOptions o;
    o.forceZip64 = zip64;
    ZipWriter w(o);
    w.add("a/x", "hello");
    w.add("a/empty", "");
    std::string big(1000, 'q');
    w.add("a/y/z", big);
    auto bytes = std::make_shared<const std::string>(w.finish());
    ZipReader r(bytes, "mem.pt");
    ASSERT_EQ(r.entries().size(), 3u);
    EXPECT_EQ(r.read("a/x"), "hello");
    EXPECT_EQ(r.read("a/empty"), "");
    EXPECT_EQ(r.read("a/y/z"), big);
    for (const auto& e : r.entries()) EXPECT_EQ(e.dataOffset % 64, 0u) << e.name;
  }
}

TEST(Zip, WriterIsDeterministic) {
  auto make = [] {
    ZipWriter w;
    w.add("m/a", "1");
    w.add("m/b", "22");
    return w.finish();
  };
  EXPECT_EQ(make(), make());
}

TEST(Zip, SinkReceivesTheSameBytes) {
  std::string big(5000, 'b');
  ZipWriter buffered;
  std::string streamed;
  ZipWriter sunk({}, [&](std::string_view b) { streamed.append(b.data(), b.size()); });
  for (ZipWriter* w : {&buffered, &sunk}) {
    w->add("m/a", "x");
    w->add("m/b", big);
  }
  std::string whole = buffered.finish();
  EXPECT_EQ(sunk.finish(), "");
  EXPECT_EQ(streamed, whole);
}

std::string small() {
  ZipWriter w;
  w.add("m/data.pkl", "0123456789abcdef");
  w.add("m/version", "3\n");
  return w.finish();
}

TEST(Zip, TruncatedArchivesAreErrors) {
  std::string s = small();
  for (size_t n : {size_t(0), size_t(10), s.size() / 2, s.size() - 1}) {
    std::string e = errorOf([&] { ZipReader(std::make_shared<const std::string>(s.substr(0, n)), "t.pt"); });
    EXPECT_NE(e, "") << "truncated to " << n;
    EXPECT_NE(e.find("t.pt"), std::string::npos) << e;
    EXPECT_NE(e.find("offset"), std::string::npos) << e;
  }
}

TEST(Zip, CorruptedDataFailsTheCrc) {
  std::string s = small();
  ZipReader r0(std::make_shared<const std::string>(s), "c.pt");
  uint64_t at = r0.find("m/data.pkl")->dataOffset;
  s[at + 3] ^= 0x40;
  ZipReader r(std::make_shared<const std::string>(s), "c.pt");
  std::string e = errorOf([&] { r.read("m/data.pkl"); });
  EXPECT_NE(e.find("member 'm/data.pkl'"), std::string::npos) << e;
  EXPECT_NE(e.find("CRC-32"), std::string::npos) << e;
}

TEST(Zip, HeaderClaimingTwoToTheSixtyBytesIsAnError) {
  // A zip64 central entry claiming 2^60 bytes (stored and deflated): rejected before any allocation.
  for (uint16_t method : {0, 8}) {
    ZipWriterOptions o;
    o.forceZip64 = true;
    ZipWriter w(o);
    w.add("m/data.pkl", "0123456789");
    std::string s = w.finish();
    ZipReader r(std::make_shared<const std::string>(s), "z.pt");
    const ZipEntry& e0 = r.entries()[0];
    // The central entry's zip64 extra holds size then compressed size after its 4-byte header.
    size_t cd = s.find(std::string("PK\x01\x02", 4));
    ASSERT_NE(cd, std::string::npos);
    s[cd + 10] = static_cast<char>(method);
    size_t extra = cd + 46 + e0.name.size() + 4;
    for (int i = 0; i < 8; ++i) s[extra + i] = static_cast<char>(((uint64_t(1) << 60) >> (8 * i)) & 0xFF);
    if (method == 0)
      for (int i = 0; i < 8; ++i) s[extra + 8 + i] = static_cast<char>(((uint64_t(1) << 60) >> (8 * i)) & 0xFF);
    std::string err = errorOf([&] { ZipReader(std::make_shared<const std::string>(s), "z.pt"); });
    EXPECT_NE(err.find("member 'm/data.pkl'"), std::string::npos) << err;
  }
}

TEST(Zip, LyingEndRecordCountIsAnError) {
  std::string s = small();
  size_t end = s.rfind(std::string("PK\x05\x06", 4));
  ASSERT_NE(end, std::string::npos);
  // A non-saturated end record with a huge count and no zip64 fallback.
  s[end + 10] = static_cast<char>(0xFE);
  s[end + 11] = static_cast<char>(0xFF);
  EXPECT_NE(errorOf([&] { ZipReader(std::make_shared<const std::string>(s), "n.pt"); }), "");
  std::string t = small();
  end = t.rfind(std::string("PK\x05\x06", 4));
  put32(t, end + 16, 0x7FFFFFF0);  // central directory offset past the end
  EXPECT_NE(errorOf([&] { ZipReader(std::make_shared<const std::string>(t), "n.pt"); }), "");
}

TEST(Zip, MissingMemberIsNamed) {
  ZipReader r(std::make_shared<const std::string>(small()), "m.pt");
  std::string e = errorOf([&] { r.read("m/nothere"); });
  EXPECT_NE(e.find("m/nothere"), std::string::npos) << e;
}

}  // namespace
}  // namespace tsjit::serialization
