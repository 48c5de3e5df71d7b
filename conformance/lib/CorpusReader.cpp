// CorpusReader.cpp — corpus case documents, module objects and graph selection (CorpusReader.h).
#include "conformance/lib/CorpusReader.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

#include "conformance/lib/ArchiveConstants.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/frontend/LibraryFunctions.h"
#include "jit/serialization/Import.h"

namespace tsjit::conformance {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The public corpus that ships with the repository (conformance/corpus/FORMAT.md).
constexpr const char* kBuiltinCorpusRelative = "conformance/corpus/torch-1.13";

std::string requireString(const json& doc, const char* name, const std::string& file) {
  auto it = doc.find(name);
  if (it == doc.end() || !it->is_string())
    throw CorpusError(file + ": missing or non-string field \"" + name + "\"");
  return it->get<std::string>();
}

std::string optString(const json& doc, const char* name) {
  auto it = doc.find(name);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

const char* toString(GraphChoice c) { return c == GraphChoice::Graph ? "graph" : "inlined_graph"; }

Case parseCase(const json& doc, const std::string& file) {
  if (!doc.is_object()) throw CorpusError(file + ": the document is not a JSON object");
  Case c;
  c.file = file;
  c.name = requireString(doc, "name", file);
  c.category = requireString(doc, "category", file);
  c.kind = requireString(doc, "kind", file);
  c.tracedObject = optString(doc, "traced_object");
  c.graph = requireString(doc, "graph", file);
  c.inlinedGraph = optString(doc, "inlined_graph");
  if (c.inlinedGraph.empty()) c.inlinedGraph = c.graph;
  c.outputType = optString(doc, "output_type");
  if (auto it = doc.find("input_types"); it != doc.end() && it->is_array())
    for (const auto& t : *it)
      if (t.is_string()) c.inputTypes.push_back(t.get<std::string>());
  if (auto it = doc.find("method_graphs"); it != doc.end() && it->is_object())
    for (const auto& [k, v] : it->items())
      if (v.is_string()) c.methodGraphs[k] = v.get<std::string>();
  if (auto it = doc.find("module_state"); it != doc.end() && it->is_object()) c.moduleState = *it;
  c.source = optString(doc, "source");
  c.entry = optString(doc, "entry");
  if (std::string a = optString(doc, "archive"); !a.empty()) {
    std::filesystem::path corpus = std::filesystem::path(file).parent_path().parent_path();
    c.archivePath = (corpus / a).string();
  }
  if (auto it = doc.find("archive_code"); it != doc.end() && it->is_object())
    for (const auto& [k, v] : it->items())
      if (v.is_string()) c.archiveCode[k] = v.get<std::string>();
  auto in = doc.find("inputs");
  if (in == doc.end() || !in->is_array()) throw CorpusError(file + ": missing \"inputs\" list");
  c.inputs = *in;
  if (auto it = doc.find("outputs"); it != doc.end() && it->is_array()) {
    if (it->size() != 1) throw CorpusError(file + ": \"outputs\" must hold exactly one value");
    c.outputs = *it;
  }
  if (auto it = doc.find("inputs_after"); it != doc.end() && it->is_array()) c.inputsAfter = *it;
  if (auto it = doc.find("error"); it != doc.end() && it->is_object()) {
    CaseError e;
    e.type = optString(*it, "type");
    e.module = optString(*it, "module");
    e.message = optString(*it, "message");
    e.lastLine = optString(*it, "last_line");
    c.error = e;
  }
  if (!c.outputs && !c.error) throw CorpusError(file + ": neither \"outputs\" nor \"error\"");
  return c;
}

Case readCase(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CorpusError("cannot open " + path);
  json doc;
  try {
    doc = json::parse(in);
  } catch (const json::exception& e) {
    throw CorpusError(path + ": bad JSON: " + e.what());
  }
  return parseCase(doc, path);
}

std::vector<std::string> listCaseFiles(const std::string& corpusDir) {
  std::vector<std::string> files;
  fs::path dir(corpusDir);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw CorpusError("corpus folder not found: " + corpusDir);
  fs::path manifest = dir / "manifest.json";
  if (fs::exists(manifest, ec)) {
    std::ifstream in(manifest);
    try {
      json m = json::parse(in);
      for (const auto& entry : m.at("cases")) files.push_back((dir / entry.at("json").get<std::string>()).string());
    } catch (const json::exception& e) {
      throw CorpusError(manifest.string() + ": bad manifest: " + e.what());
    }
  } else {
    fs::path cases = dir / "cases";
    if (!fs::is_directory(cases, ec)) throw CorpusError("no manifest.json and no cases/ folder in " + corpusDir);
    for (const auto& e : fs::directory_iterator(cases))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
    return fs::path(a).filename() < fs::path(b).filename();
  });
  return files;
}

// ---- modules ------------------------------------------------------------------------------------

namespace {

ClassType::SlotKind slotKind(const std::string& kind, const std::string& where) {
  if (kind == "parameter") return ClassType::SlotKind::Parameter;
  if (kind == "buffer") return ClassType::SlotKind::Buffer;
  if (kind == "attribute") return ClassType::SlotKind::Attribute;
  if (kind == "module") return ClassType::SlotKind::Module;
  throw CorpusError(where + ": unknown attribute kind '" + kind + "'");
}

IValue buildModuleAt(const json& state, ClassRegistry& classes, const std::string& where, int depth) {
  if (depth > 64) throw CorpusError(where + ": modules nested too deeply");
  if (!state.is_object()) throw CorpusError(where + ": a module must be a JSON object");
  std::string qname = requireString(state, "qualified_name", where);
  ClassTypePtr cls = classes.getOrCreate(qname);
  const json empty = json::array();
  const json& attrs = state.contains("attributes") ? state["attributes"] : empty;
  const json& subs = state.contains("submodules") ? state["submodules"] : empty;
  if (!attrs.is_array() || !subs.is_array()) throw CorpusError(where + ": attributes/submodules must be lists");
  // Submodules first: their class types must exist before attribute types name them.
  std::map<std::string, IValue> subObjects;
  for (size_t i = 0; i < subs.size(); ++i) {
    std::string name = requireString(subs[i], "name", where);
    subObjects[name] = buildModuleAt(subs[i], classes, where + "." + name, depth + 1);
  }
  bool fresh = cls->attributes().empty();
  if (!fresh && cls->attributes().size() != attrs.size())
    throw CorpusError(where + ": class " + qname + " appears twice with different attributes");
  for (size_t i = 0; i < attrs.size(); ++i) {
    const json& a = attrs[i];
    std::string name = requireString(a, "name", where);
    std::string kind = requireString(a, "kind", where);
    if (fresh) {
      TypePtr type = decodeType(requireString(a, "type", where), &classes, where + "." + name);
      cls->addAttribute(name, type, slotKind(kind, where + "." + name));
    }
  }
  auto obj = Ref<Object>::make(cls, cls->attributes().size());
  for (size_t i = 0; i < attrs.size(); ++i) {
    const json& a = attrs[i];
    std::string name = a["name"].get<std::string>();
    std::string kind = a["kind"].get<std::string>();
    if (kind == "module") {
      auto it = subObjects.find(name);
      if (it == subObjects.end()) throw CorpusError(where + "." + name + ": submodule state missing");
      obj->slots[i] = it->second;
    } else if (a.contains("value")) {
      obj->slots[i] = decodeValue(a["value"], &classes, where + "." + name);
      // An nn.Parameter requires grad, as in the recording (and as SourceCase.cpp marks it): the
      // fast paths of nn.MultiheadAttention / TransformerEncoderLayer, for one, are taken only
      // when nothing requires grad.
      if (kind == "parameter" && obj->slots[i].isTensor() && isFloatingType(obj->slots[i].toTensor().dtype()))
        obj->slots[i].toTensor().setRequiresGrad(true);
    }
  }
  return IValue(obj);
}

void collectCalls(const Block& b, std::vector<const Node*>& out) {
  for (const Node* n : b.nodes()) {
    if (n->kind() == prim::CallFunction || n->kind() == prim::CallMethod) out.push_back(n);
    for (const Block* sb : n->blocks()) collectCalls(*sb, out);
  }
}

// Why `g` cannot run from recorded graphs alone ("" when it can).
std::string missingCallee(const Graph& g, std::set<const Graph*>& seen) {
  if (!seen.insert(&g).second) return "";
  std::vector<const Node*> calls;
  collectCalls(*g.block(), calls);
  for (const Node* n : calls) {
    if (n->kind() == prim::CallFunction) {
      const Node* producer = n->inputs()[0]->node();
      std::string name = producer->hasAttribute(attr::name) ? producer->s(attr::name) : "?";
      return "prim::CallFunction of '" + name + "' (not recorded)";
    }
    const auto* cls = n->inputs()[0]->type()->cast<ClassType>();
    std::string method = n->s(attr::name);
    Function* fn = cls ? cls->findMethod(method) : nullptr;
    if (!fn || !fn->graph())
      return "prim::CallMethod " + (cls ? cls->qualifiedName() : std::string("?")) + "." + method + " (not recorded)";
    std::string inner = missingCallee(*fn->graph(), seen);
    if (!inner.empty()) return inner;
  }
  return "";
}

std::shared_ptr<Graph> parseGraph(const std::string& text, const std::string& what, ClassRegistry* classes) {
  try {
    return parseIR(text, what, classes);
  } catch (const std::exception& e) {
    throw CorpusError("cannot parse " + what + ": " + e.what());
  }
}

}  // namespace

IValue buildModule(const json& moduleState, ClassRegistry& classes) {
  return buildModuleAt(moduleState, classes, "module_state", 0);
}

// Classes of the built-in library a recorded graph names (`with torch.no_grad():` creates and
// enters a `__torch__.torch.autograd.grad_mode.no_grad`): registered compiled, with their methods
// and attributes, before the graphs are parsed.
void addLibraryClasses(const Case& c, ClassRegistry& classes) {
  static const std::regex name(R"(__torch__\.torch\.[A-Za-z0-9_.]+)");
  std::set<std::string> seen;
  for (const std::string* text : {&c.graph, &c.inlinedGraph}) {
    for (auto it = std::sregex_iterator(text->begin(), text->end(), name); it != std::sregex_iterator(); ++it) {
      const std::string q = it->str();
      if (!seen.insert(q).second || classes.find(q)) continue;
      if (ClassTypePtr cls = frontend::builtinLibraryClass(q)) classes.add(cls);
    }
  }
}

// Tensor constants 1.13 printed lossily (`{-3.14174}`, `<Tensor>`) come exact from the case's
// archive when it has one (ArchiveConstants.h); an archive that does not load changes nothing here
// (--archive reports it).
static void useArchiveConstants(const Case& c, const std::vector<std::shared_ptr<Graph>>& graphs) {
  if (c.archivePath.empty() || !fs::exists(c.archivePath)) return;
  if (std::none_of(graphs.begin(), graphs.end(), [](const auto& g) { return g && usesTensorConstants(*g); })) return;
  std::vector<IValue> constants;
  try {
    constants = serialization::loadArchiveFile(c.archivePath).constants;
  } catch (const std::exception&) {
    return;
  }
  for (const auto& g : graphs)
    if (g) useArchiveTensorConstants(*g, constants);
}

Prepared prepareCase(const Case& c, GraphChoice which) {
  Prepared p;
  p.classes = std::make_shared<ClassRegistry>();
  addLibraryClasses(c, *p.classes);
  if (c.isModule()) {
    p.self = buildModule(c.moduleState, *p.classes);
    const auto& cls = p.self->toObjectRef().type;
    ClassTypePtr mutableCls = p.classes->find(cls->qualifiedName());
    for (const auto& [method, text] : c.methodGraphs) {
      auto g = parseGraph(text, c.name + ".method_graphs." + method, p.classes.get());
      p.graphs.push_back(g);
      mutableCls->addMethod(std::make_shared<Function>(cls->qualifiedName() + "." + method, g));
    }
  }
  p.inlined = parseGraph(c.inlinedGraph, c.name + ".inlined_graph", p.classes.get());
  p.graphs.push_back(p.inlined);
  if (which == GraphChoice::InlinedGraph) {
    p.graph = p.inlined;
    p.graphUsed = "inlined_graph";
    return p;
  }
  std::shared_ptr<Graph> g;
  if (c.isModule() && c.methodGraphs.count("forward")) {
    Function* fwd = p.classes->find(p.self->toObjectRef().type->qualifiedName())->findMethod("forward");
    g = fwd->graph();
  } else {
    g = parseGraph(c.graph, c.name + ".graph", p.classes.get());
    p.graphs.push_back(g);
  }
  useArchiveConstants(c, p.graphs);
  std::set<const Graph*> seen;
  std::string missing = missingCallee(*g, seen);
  if (missing.empty()) {
    p.graph = g;
    p.graphUsed = "graph";
  } else {
    p.graph = p.inlined;
    p.graphUsed = "inlined_graph (fallback: " + missing + ")";
  }
  return p;
}

std::string defaultCorpusDir(const std::string& explicitDir) {
  if (!explicitDir.empty()) return explicitDir;
  if (const char* env = std::getenv("TSJIT_CORPUS"); env && *env) return env;
  // The checkout that contains the current directory, when it has the corpus (a second checkout
  // reads its own copy), else the checkout this binary was built from.
  std::error_code ec;
  for (fs::path p = fs::current_path(ec); !p.empty(); p = p.parent_path()) {
    if (fs::exists(p / ".git", ec) && fs::is_directory(p / kBuiltinCorpusRelative, ec))
      return (p / kBuiltinCorpusRelative).lexically_normal().string();
    if (p == p.parent_path()) break;
  }
  return (fs::path(TSJIT_SOURCE_ROOT) / kBuiltinCorpusRelative).lexically_normal().string();
}

}  // namespace tsjit::conformance
