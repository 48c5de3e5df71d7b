// SourceCase.cpp — corpus cases compiled from `source` (SourceCase.h).
#include "conformance/lib/SourceCase.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "conformance/lib/ValueCodec.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/serialization/Import.h"

namespace tsjit::conformance {

using nlohmann::json;

namespace {

std::string field(const json& j, const char* name, const std::string& where) {
  auto it = j.find(name);
  if (it == j.end() || !it->is_string()) throw CorpusError(where + ": missing or non-string field \"" + name + "\"");
  return it->get<std::string>();
}

std::shared_ptr<frontend::ModuleDesc> decodeAt(const json& state, ClassRegistry& classes, const std::string& where,
                                               int depth) {
  using frontend::ModuleAttrDesc;
  if (depth > 64) throw CorpusError(where + ": modules nested too deeply");
  if (!state.is_object()) throw CorpusError(where + ": a module must be a JSON object");
  auto d = std::make_shared<frontend::ModuleDesc>();
  d->qualifiedName = field(state, "qualified_name", where);
  const json empty = json::array();
  const json& attrs = state.contains("attributes") ? state["attributes"] : empty;
  const json& subs = state.contains("submodules") ? state["submodules"] : empty;
  const json& consts = state.contains("constants") ? state["constants"] : empty;
  if (!attrs.is_array() || !subs.is_array() || !consts.is_array())
    throw CorpusError(where + ": attributes/submodules/constants must be lists");
  std::map<std::string, const json*> subStates;
  for (const auto& s : subs) subStates[field(s, "name", where)] = &s;
  for (const auto& a : attrs) {
    ModuleAttrDesc ad;
    ad.name = field(a, "name", where);
    std::string kind = field(a, "kind", where);
    std::string at = where + "." + ad.name;
    ad.kind = kind == "parameter" ? ModuleAttrDesc::Kind::Parameter
              : kind == "buffer"  ? ModuleAttrDesc::Kind::Buffer
              : kind == "module"  ? ModuleAttrDesc::Kind::Module
              : kind == "attribute"
                  ? ModuleAttrDesc::Kind::Attribute
                  : throw CorpusError(at + ": unknown attribute kind '" + kind + "'");
    ad.type = field(a, "type", where);
    if (ad.kind == ModuleAttrDesc::Kind::Module) {
      auto it = subStates.find(ad.name);
      if (it == subStates.end()) throw CorpusError(at + ": submodule state missing");
      ad.module = decodeAt(*it->second, classes, at, depth + 1);
    } else if (a.contains("value")) {
      ad.value = decodeValue(a["value"], &classes, at);
      // An nn.Parameter requires grad (the state records no flag; 1.13's archives hold True).
      if (ad.kind == ModuleAttrDesc::Kind::Parameter && ad.value.isTensor() && isFloatingType(ad.value.toTensor().dtype())) {
        Tensor t = ad.value.toTensor();
        t.setRequiresGrad(true);
      }
    }
    d->attributes.push_back(std::move(ad));
  }
  for (const auto& c : consts) {
    std::string name = field(c, "name", where);
    if (!c.contains("value")) throw CorpusError(where + "." + name + ": constant without a value");
    d->constants.push_back({name, field(c, "type", where), decodeValue(c["value"], &classes, where + "." + name)});
  }
  return d;
}

// Inlines library prim::CallFunction calls in every method of the module tree (once per method).
void inlineMethods(const frontend::ModuleInfo& info, const frontend::CompilationUnit& cu, std::set<Function*>& done) {
  for (const auto& m : info.type->methods()) {
    if (!m->graph() || !done.insert(m.get()).second) continue;
    auto g = m->graph()->copy();
    frontend::inlineFunctionCalls(*g, cu);
    m->setGraph(g);
  }
  for (const auto& [name, sub] : info.submodules) inlineMethods(*sub, cu, done);
}

}  // namespace

bool hasSource(const Case& c) {
  return (c.kind == "function" || c.kind == "module") && !c.source.empty() && !c.entry.empty();
}

std::shared_ptr<frontend::ModuleDesc> decodeModuleDesc(const json& state, ClassRegistry& classes) {
  return decodeAt(state, classes, "module_state", 0);
}

SourceProgram compileCaseSource(const Case& c) {
  frontend::CompileOptions opts;
  opts.libraryCode = c.archiveCode;
  // Library code from the archive may name its tensor constants (CONSTANTS.c0: a traced submodule's
  // code, e.g. nn.BatchNorm's num_batches_tracked increment): they are in its constants.pkl.
  bool namesConstants = std::any_of(c.archiveCode.begin(), c.archiveCode.end(),
                                    [](const auto& f) { return f.second.find("CONSTANTS.") != std::string::npos; });
  if (namesConstants && !c.archivePath.empty() && std::filesystem::exists(c.archivePath))
    for (const IValue& t : serialization::loadArchiveFile(c.archivePath).constants)
      if (t.isTensor()) opts.archiveConstants.push_back(serialization::toTensorConstant(t.toTensor()));
  opts.pythonTorchModule = true;  // the case's Python source, as torch.jit.script read it
  std::string filename = c.name + ".py";
  SourceProgram p;
  if (c.kind == "module") {
    if (!c.isModule()) throw CorpusError(c.file + ": a module case without module_state");
    ClassRegistry valueClasses;
    auto desc = decodeModuleDesc(c.moduleState, valueClasses);
    frontend::CompiledModule mod = frontend::compileModule(c.source, c.entry, *desc, opts, filename);
    auto cu = std::static_pointer_cast<frontend::CompilationUnit>(mod.unit);
    std::set<Function*> done;
    inlineMethods(*mod.info, *cu, done);
    Function* forward = mod.method("forward");
    if (!forward) throw CompileError("module '" + c.entry + "' has no forward method");
    p.graph = forward->graph();
    p.defaults = forward->signature().defaults;
    p.self = IValue(mod.object);
    p.owner = mod.unit;
    return p;
  }
  auto cu = frontend::compileFunctions(c.source, c.entry, opts, filename);
  Function* fn = cu->findFunction(c.entry);
  if (!fn) throw CompileError("no function named '" + c.entry + "' in " + filename);
  p.graph = fn->graph()->copy();
  p.defaults = fn->signature().defaults;
  frontend::inlineFunctionCalls(*p.graph, *cu);
  p.owner = cu;
  return p;
}

}  // namespace tsjit::conformance
