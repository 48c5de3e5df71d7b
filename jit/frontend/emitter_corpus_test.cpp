// emitter_corpus_test.cpp — compiles the `source` of every function and module case of the
// PyTorch 1.13 corpus ($TSJIT_CORPUS) with the IR emitter and compares the multiset of node kinds
// of the emitted graph (after cleanup/DCE, nested blocks included) with PyTorch's recorded `graph`.
// Prints the compiled count, the agreement percentage and, per case, the error or the kind diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>

#include <nlohmann/json.hpp>

#include "jit/frontend/Emitter.h"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace tsjit;
using namespace tsjit::frontend;

namespace {

fs::path corpusDir() {
  const char* env = std::getenv("TSJIT_CORPUS");
  return env && *env ? fs::path(env) : fs::path(__FILE__).parent_path().parent_path().parent_path() / "conformance/corpus/torch-1.13";
}

json load(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

IValue decodeValue(const json& v) {
  const std::string& t = v.at("type");
  if (t == "int") return IValue(v.at("value").get<int64_t>());
  if (t == "float") return IValue(std::strtod(v.at("value").get<std::string>().c_str(), nullptr));
  if (t == "bool") return IValue(v.at("value").get<bool>());
  if (t == "str") return IValue(v.at("value").get<std::string>());
  if (t == "List") {
    std::vector<IValue> items;
    for (auto& i : v.at("items")) items.push_back(decodeValue(i));
    return makeList(parseType(v.at("elem").get<std::string>()), std::move(items));
  }
  return IValue();  // tensors etc. are not needed to compile
}

std::shared_ptr<ModuleDesc> decodeModule(const json& m) {
  auto d = std::make_shared<ModuleDesc>();
  d->qualifiedName = m.at("qualified_name");
  std::map<std::string, const json*> subs;
  for (auto& s : m.at("submodules")) subs[s.at("name")] = &s;
  for (auto& a : m.at("attributes")) {
    ModuleAttrDesc ad;
    ad.name = a.at("name");
    std::string kind = a.at("kind");
    ad.kind = kind == "parameter" ? ModuleAttrDesc::Kind::Parameter
              : kind == "buffer" ? ModuleAttrDesc::Kind::Buffer
              : kind == "module" ? ModuleAttrDesc::Kind::Module
                                 : ModuleAttrDesc::Kind::Attribute;
    ad.type = a.at("type");
    if (ad.kind == ModuleAttrDesc::Kind::Module) ad.module = decodeModule(*subs.at(ad.name));
    else if (a.contains("value")) ad.value = decodeValue(a.at("value"));
    d->attributes.push_back(std::move(ad));
  }
  for (auto& c : m.at("constants")) d->constants.push_back({c.at("name"), c.at("type"), decodeValue(c.at("value"))});
  return d;
}

void countKinds(const Block* b, std::map<std::string, int>& out) {
  for (Node* n : b->nodes()) {
    out[n->kind().toQualString()]++;
    for (Block* sub : n->blocks()) countKinds(sub, out);
  }
}

std::map<std::string, int> recordedKinds(const std::string& graphText) {
  std::map<std::string, int> out;
  static const std::regex re(R"(=\s*((?:prim|aten)::[A-Za-z0-9_]+)[\[(])");
  std::istringstream in(graphText);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, re)) out[m[1]]++;
  }
  return out;
}

std::string diff(const std::map<std::string, int>& a, const std::map<std::string, int>& b) {
  std::string s;
  std::set<std::string> keys;
  for (auto& [k, v] : a) keys.insert(k);
  for (auto& [k, v] : b) keys.insert(k);
  for (auto& k : keys) {
    int x = a.count(k) ? a.at(k) : 0, y = b.count(k) ? b.at(k) : 0;
    if (x != y) s += " " + k + ":" + std::to_string(x) + "/" + std::to_string(y);
  }
  return s;
}

}  // namespace

TEST(EmitterCorpus, CompileAndCompareNodeKinds) {
  fs::path dir = corpusDir();
  if (!fs::exists(dir / "manifest.json")) GTEST_SKIP() << "no corpus at " << dir;
  json manifest = load(dir / "manifest.json");
  int total = 0, compiled = 0, agree = 0;
  for (auto& c : manifest.at("cases")) {
    std::string kind = c.at("kind");
    if (kind != "function" && kind != "module") continue;
    ++total;
    json d = load(dir / c.at("json").get<std::string>());
    std::string name = d.at("name");
    CompileOptions opts;
    for (auto& [path, text] : d.at("archive_code").items()) opts.libraryCode[path] = text.get<std::string>();
    try {
      std::shared_ptr<Graph> g;
      std::shared_ptr<CompilationUnit> cu;
      CompiledModule mod;
      if (kind == "function") {
        cu = compileFunctions(d.at("source"), d.at("entry"), opts, name + ".py");
        g = cu->findFunction(d.at("entry"))->graph();
      } else {
        mod = compileModule(d.at("source"), d.at("entry"), *decodeModule(d.at("module_state")), opts, name + ".py");
        g = mod.method("forward")->graph();
      }
      ++compiled;
      std::map<std::string, int> mine;
      countKinds(g->block(), mine);
      auto theirs = recordedKinds(d.at("graph"));
      if (mine == theirs) {
        ++agree;
      } else {
        std::cout << "[kinds] " << name << " (mine/pytorch):" << diff(mine, theirs) << "\n";
        if (std::getenv("TSJIT_EMIT_DUMP")) std::cout << g->toString(false) << "\n";
      }
    } catch (const std::exception& e) {
      std::string msg = e.what();
      std::cout << "[error] " << name << ": " << msg.substr(0, 400) << "\n";
    }
  }
  double pct = compiled ? 100.0 * agree / compiled : 0;
  std::cout << "emitter corpus: compiled " << compiled << "/" << total << ", node-kind agreement " << agree << "/"
            << compiled << " (" << pct << "%)\n";
  // Issue 5's bar is node-kind agreement >= 80 % of the compiled cases and compiling >= 90 % of
  // them; measured: 61/61 compile, 61/61 agree. The thresholds sit just under the measured figures
  // (99 %), so any case that stops compiling or agreeing fails the test.
  EXPECT_GE(compiled * 100, total * 99);
  EXPECT_GE(pct, 99.0);
}
