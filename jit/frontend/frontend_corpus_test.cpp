// frontend_corpus_test.cpp — parses `preamble + "\n" + source` of every case of the PyTorch 1.13
// corpus (directory from env TSJIT_CORPUS, else conformance/corpus/torch-1.13 of the checkout),
// and every python-printed file of the cases' archives (`archive_code`). All must parse; the test
// lists every failure with its error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "jit/frontend/Parser.h"

// The source tree: ctest passes TSJIT_SOURCE_DIR; run by hand, the path this file was compiled from
// (which ccache's base_dir may have made relative to the build folder).
static std::filesystem::path testSourceDir() {
  if (const char* d = std::getenv("TSJIT_SOURCE_DIR"); d && *d) return d;
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
}

using namespace tsjit;
using namespace tsjit::frontend;
namespace fs = std::filesystem;

namespace {

fs::path corpusDir() {
  if (const char* env = std::getenv("TSJIT_CORPUS"); env && *env) return env;
  // This file is jit/frontend/frontend_corpus_test.cpp; the repo root is two levels up.
  return fs::path(testSourceDir()) / "conformance" / "corpus" / "torch-1.13";
}

std::vector<fs::path> caseFiles() {
  std::vector<fs::path> files;
  fs::path dir = corpusDir() / "cases";
  if (!fs::is_directory(dir)) return files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

nlohmann::json load(const fs::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

}  // namespace

TEST(frontend_corpus, EveryCaseSourceParses) {
  auto files = caseFiles();
  ASSERT_FALSE(files.empty()) << "no corpus cases under " << corpusDir();
  size_t parsed = 0, defs = 0;
  std::string failures;
  for (const auto& file : files) {
    auto doc = load(file);
    std::string text = doc.at("preamble").get<std::string>() + "\n" + doc.at("source").get<std::string>();
    try {
      Module m = parseSource(text, file.filename().string());
      ++parsed;
      for (auto s : m.statements())
        if (s.kind() == Kind::Def || s.kind() == Kind::ClassDef) ++defs;
      // The entry point must be one of the parsed definitions.
      std::string entry = doc.at("entry").get<std::string>();
      bool found = false;
      for (auto s : m.statements()) {
        if (s.kind() == Kind::Def && Def(s.get()).name().name() == entry) found = true;
        if (s.kind() == Kind::ClassDef && ClassDef(s.get()).name().name() == entry) found = true;
      }
      if (!found) failures += file.filename().string() + ": entry '" + entry + "' not found\n";
    } catch (const CompileError& e) {
      failures += file.filename().string() + ": " + e.what() + "\n";
    }
  }
  std::cout << "[corpus] parsed " << parsed << " / " << files.size() << " case sources (" << defs
            << " top-level defs/classes)\n";
  EXPECT_EQ(parsed, files.size());
  EXPECT_TRUE(failures.empty()) << failures;
}

TEST(frontend_corpus, EveryArchiveCodeFileParses) {
  auto files = caseFiles();
  ASSERT_FALSE(files.empty());
  size_t total = 0, parsed = 0;
  std::string failures;
  for (const auto& file : files) {
    auto doc = load(file);
    if (!doc.contains("archive_code")) continue;
    for (const auto& [path, code] : doc.at("archive_code").items()) {
      ++total;
      try {
        parseSource(code.get<std::string>(), file.filename().string() + ":" + path);
        ++parsed;
      } catch (const CompileError& e) {
        failures += file.filename().string() + " " + path + ": " + e.what() + "\n";
      }
    }
  }
  std::cout << "[corpus] parsed " << parsed << " / " << total << " archive code files\n";
  EXPECT_EQ(parsed, total);
  EXPECT_TRUE(failures.empty()) << failures;
}

TEST(frontend_corpus, FuzzSeedsParse) {
  fs::path dir = fs::path(testSourceDir()) / "fuzz" / "seeds" / "frontend";
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  size_t count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NO_THROW(parseSource(text, entry.path().filename().string())) << entry.path();
    ++count;
  }
  EXPECT_GE(count, 10u);
}
