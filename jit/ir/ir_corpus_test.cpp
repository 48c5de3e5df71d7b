// ir_corpus_test.cpp — replays the graph text of every PyTorch 1.13 corpus case through the IR
// parser, verifier and printer: `graph`, `inlined_graph` and every `method_graphs` entry (one
// test), and `optimized_graph` / `optimized_graph_requires_grad` (another, since they carry
// profiling-executor constructs: DifferentiableGraph subgraphs, RequiresGradCheck, ...).
// For each text: parse, lint, print == original modulo `# file:line:col` comments (and exactly,
// since source locations are kept), and parse(print(g)) prints identically (fixpoint).
// The corpus directory comes from TSJIT_CORPUS (set by ctest), else conformance/corpus/torch-1.13 of the checkout.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"

namespace fs = std::filesystem;
using namespace tsjit;

namespace {

fs::path corpusDir() {
  if (const char* env = std::getenv("TSJIT_CORPUS"); env && *env) return env;
  return fs::path(__FILE__).parent_path().parent_path().parent_path() / "conformance/corpus/torch-1.13";
}

// Drops " # ..." source comments at the end of lines.
std::string stripComments(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) {
    size_t hash = line.find(" # ");
    // only outside strings: the comment follows the node's closing parenthesis
    if (hash != std::string::npos && line.rfind(')', hash) != std::string::npos &&
        line.find('"', hash) == std::string::npos)
      line.erase(hash);
    out += line + "\n";
  }
  return out;
}

struct Tally {
  size_t total = 0, exact = 0, moduloComments = 0;
  std::vector<std::string> failures;
};

void roundTrip(const std::string& label, const std::string& text, Tally& t) {
  ++t.total;
  try {
    auto g = parseIR(text, label);
    g->lint();
    std::string printed = g->toString();
    if (printed == text) ++t.exact;
    if (stripComments(printed) != stripComments(text)) {
      t.failures.push_back(label + ": printed text differs\n--- original\n" + text + "--- printed\n" + printed);
      return;
    }
    ++t.moduloComments;
    auto again = parseIR(printed, label + " (reparsed)");
    again->lint();
    if (again->toString() != printed) t.failures.push_back(label + ": print/parse is not a fixpoint");
    auto copy = g->copy();
    copy->lint();
    if (copy->toString() != printed) t.failures.push_back(label + ": Graph::copy prints differently");
  } catch (const std::exception& e) {
    t.failures.push_back(label + ": " + e.what());
  }
}

std::vector<std::pair<std::string, nlohmann::json>> loadCases() {
  std::vector<std::pair<std::string, nlohmann::json>> cases;
  fs::path dir = corpusDir() / "cases";
  if (!fs::is_directory(dir)) return cases;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    cases.emplace_back(f.stem().string(), nlohmann::json::parse(in));
  }
  return cases;
}

void report(const char* what, const Tally& t) {
  std::cout << what << ": round-tripped " << t.moduloComments << "/" << t.total
            << " graphs (modulo source comments), " << t.exact << "/" << t.total << " byte-exact\n";
  for (const auto& f : t.failures) ADD_FAILURE() << f;
}

}  // namespace

TEST(IrCorpus, GraphsInlinedGraphsAndMethodGraphsRoundTrip) {
  auto cases = loadCases();
  ASSERT_FALSE(cases.empty()) << "no corpus cases under " << corpusDir();
  Tally t;
  for (const auto& [name, c] : cases) {
    for (const char* key : {"graph", "inlined_graph"})
      if (c.contains(key) && c[key].is_string()) roundTrip(name + "." + key, c[key].get<std::string>(), t);
    if (c.contains("method_graphs") && c["method_graphs"].is_object())
      for (const auto& [m, g] : c["method_graphs"].items())
        if (g.is_string()) roundTrip(name + ".method_graphs." + m, g.get<std::string>(), t);
  }
  report("graph/inlined_graph/method_graphs", t);
  EXPECT_GT(t.total, 0u);
}

TEST(IrCorpus, OptimizedGraphsRoundTrip) {
  auto cases = loadCases();
  ASSERT_FALSE(cases.empty()) << "no corpus cases under " << corpusDir();
  Tally t;
  for (const auto& [name, c] : cases)
    for (const char* key : {"optimized_graph", "optimized_graph_requires_grad"})
      if (c.contains(key) && c[key].is_string()) roundTrip(name + "." + key, c[key].get<std::string>(), t);
  report("optimized graphs", t);
}
