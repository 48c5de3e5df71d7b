// Export.cpp — module -> archive bytes (Export.h).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "jit/serialization/Export.h"
#include "jit/frontend/Emitter.h"
#include "jit/serialization/ArchiveCode.h"
#include "jit/serialization/Pickle.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {

namespace {

std::string_view bytesOf(const Storage& s) {
  return std::string_view(static_cast<const char*>(s.data()), s.nbytes());
}

}  // namespace

// The classes of the objects data.pkl holds, in the order the pickler meets them (depth first,
// slots in order): torch.jit.save declares them in that order, before the classes code names.
static void objectClassesInPickleOrder(const IValue& v, std::vector<PrintDeps::Entry>& out, int depth) {
  if (depth > 200 || !v.isObject()) return;
  const Ref<Object>& o = v.toObject();
  bool seen = false;
  for (const auto& e : out) seen = seen || e.cls.get() == o->type.get();
  if (!seen) {
    PrintDeps::Entry e;
    e.cls = std::const_pointer_cast<ClassType>(o->type);
    out.push_back(std::move(e));
  }
  for (const IValue& slot : o->slots) objectClassesInPickleOrder(slot, out, depth + 1);
}

PrintedModule printModuleCode(const LoadedArchive& m) {
  TSJIT_CHECK(m.module.info, "printModuleCode: no compiled module");
  ArchiveCodeRequest req;
  req.roots = {{m.module.info->type, nullptr}};
  if (m.module.object) {
    req.roots.clear();
    objectClassesInPickleOrder(IValue(m.module.object), req.roots, 0);
  }
  auto infos = moduleClassInfos(*m.module.info);
  req.classInfo = [&infos, &m](const ClassType& c) {
    auto it = infos.find(&c);
    ClassPrintInfo info = it != infos.end() ? it->second : ClassPrintInfo{};
    // Final constants in the order the loaded file declared them.
    if (auto ac = m.classes.find(c.qualifiedName()); ac != m.classes.end()) {
      const auto& order = ac->second.constantOrder;
      auto rank = [&](const frontend::ModuleConstDesc& k) { return std::find(order.begin(), order.end(), k.name) - order.begin(); };
      std::stable_sort(info.constants.begin(), info.constants.end(),
                       [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
    }
    return info;
  };
  auto cu = std::static_pointer_cast<frontend::CompilationUnit>(m.module.unit);
  req.resolveFunction = [cu](const std::string& name) -> const Function* {
    return cu ? cu->findCallee(name) : nullptr;
  };
  req.printable = [&m](const Function& f) -> const Function* {
    auto it = m.compiledMethods.find(&f);
    return it != m.compiledMethods.end() ? it->second.get() : nullptr;
  };
  ArchiveCode code = printArchiveCode(req);
  PrintedModule out;
  out.code = std::move(code.files);
  out.minVersion = code.minVersion;
  // The tensors of CONSTANTS.c<i>: the module's own constants where they are the same tensor.
  std::vector<TensorConstant> known;
  for (const auto& c : m.constants) known.push_back(c.isTensor() ? toTensorConstant(c.toTensor()) : TensorConstant{});
  for (const auto& t : code.constants) {
    size_t i = 0;
    while (i < known.size() && !(m.constants[i].isTensor() && known[i] == t)) ++i;
    if (i == known.size())
      throw CompileError("save: the code refers to a tensor constant the module does not hold (CONSTANTS.c" +
                         std::to_string(out.constants.size()) + ")");
    out.constants.push_back(m.constants[i]);
  }
  return out;
}

std::string saveArchive(const LoadedArchive& m, const std::string& root) {
  std::string out;
  saveArchive(m, root, [&](std::string_view bytes) { out.append(bytes.data(), bytes.size()); });
  return out;
}

void saveArchive(const LoadedArchive& m, const std::string& root, const ZipWriter::Sink& sink) {
  TSJIT_CHECK(m.module.object, "saveArchive: no module object");
  ZipWriter zip({}, sink);
  std::string prefix = root + "/";
  // Objects of a class with __setstate__ and __getstate__ are saved with what __getstate__
  // returns (run through the archive's runner), as torch.jit.save does; others as a dict.
  PickleOptions po;
  po.objectState = [&m](const Ref<Object>& o) -> IValue {
    Function* get = o->type->findMethod("__getstate__");
    if (get && get->graph() && o->type->findMethod("__setstate__")) {
      if (!m.runner)
        throw CompileError("save: class " + o->type->qualifiedName() +
                           " saves its state with __getstate__, which needs an engine to run");
      return m.runner(*get, {IValue(o)});
    }
    IValue state = makeDict(StringType::get(), AnyType::get());
    for (size_t i = 0; i < o->type->attributes().size() && i < o->slots.size(); ++i)
      state.toDictRef().insertOrAssign(IValue(o->type->attributes()[i].name), o->slots[i]);
    return state;
  };
  PickleOutput data = pickle(IValue(m.module.object), po);
  for (size_t i = 0; i < data.storages.size(); ++i) zip.add(prefix + "data/" + std::to_string(i), bytesOf(data.storages[i]));
  zip.add(prefix + "data.pkl", data.bytes);
  PrintedModule printed = printModuleCode(m);
  for (const auto& [path, text] : printed.code) zip.add(prefix + path, text);
  PickleOutput consts = pickle(makeTuple(printed.constants));
  for (size_t i = 0; i < consts.storages.size(); ++i)
    zip.add(prefix + "constants/" + std::to_string(i), bytesOf(consts.storages[i]));
  zip.add(prefix + "constants.pkl", consts.bytes);
  // A loaded archive keeps its record unless its ops need more (upgraded code of an old version:
  // written again under the old record, it would be upgraded twice); a module compiled from
  // source gets what its ops need.
  int64_t version = std::max(m.version, printed.minVersion);
  zip.add(prefix + (version > 5 ? ".data/version" : "version"), std::to_string(version) + "\n");
  zip.finish();
}

void saveArchiveFile(const LoadedArchive& m, const std::string& path) {
  std::filesystem::path p(path);
  std::string root = p.stem().string();
  if (root.empty()) throw CompileError("save: '" + path + "' has no file name to name the archive's folder");
  std::string tmp = path + ".tmp-tsjit";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw CompileError("save: cannot write '" + tmp + "'");
    try {
      saveArchive(m, root, [&](std::string_view b) { out.write(b.data(), static_cast<std::streamsize>(b.size())); });
    } catch (...) {
      out.close();
      std::remove(tmp.c_str());
      throw;
    }
    out.close();
    if (!out) {
      std::remove(tmp.c_str());
      throw CompileError("save: writing '" + tmp + "' failed");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw CompileError("save: cannot move the archive into place at '" + path + "': " + ec.message());
  }
}

}  // namespace tsjit::serialization
