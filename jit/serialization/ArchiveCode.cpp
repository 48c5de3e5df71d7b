// ArchiveCode.cpp — the code/ files of an archive (ArchiveCode.h).
#include "jit/serialization/ArchiveCode.h"

#include <algorithm>

#include "jit/support/Error.h"

namespace tsjit::serialization {

namespace {

std::string qualifierOf(const std::string& qualifiedName) {
  size_t dot = qualifiedName.rfind('.');
  return dot == std::string::npos ? std::string("__torch__") : qualifiedName.substr(0, dot);
}

void collectInfos(const frontend::ModuleInfo& info, std::map<const ClassType*, ClassPrintInfo>& out) {
  if (!out.count(info.type.get())) {
    ClassPrintInfo p;
    p.isModule = true;
    if (info.desc) p.constants = info.desc->constants;
    out[info.type.get()] = p;
  }
  for (const auto& [name, sub] : info.submodules) collectInfos(*sub, out);
}

}  // namespace

std::string qualifierToArchivePath(const std::string& qualifier) {
  std::string path = "code/";
  for (char c : qualifier) path += c == '.' ? '/' : c;
  return path + ".py";
}

std::map<const ClassType*, ClassPrintInfo> moduleClassInfos(const frontend::ModuleInfo& root) {
  std::map<const ClassType*, ClassPrintInfo> out;
  collectInfos(root, out);
  return out;
}

ArchiveCode printArchiveCode(const ArchiveCodeRequest& request) {
  ArchiveCode result;
  PrintDeps deps;
  for (const auto& r : request.roots) {
    if (r.cls) deps.addClass(r.cls);
    else if (r.function) deps.addFunction(r.function);
  }
  PrintContext ctx;
  ctx.constants = &result.constants;
  ctx.deps = &deps;
  ctx.resolveFunction = request.resolveFunction;
  auto printable = [&](const Function& f) -> const Function* {
    const Function* p = request.printable ? request.printable(f) : nullptr;
    return p ? p : &f;
  };
  std::map<std::string, std::unique_ptr<PythonPrinter>> printers;  // by qualifier
  auto printerFor = [&](const std::string& qualifier) -> PythonPrinter& {
    auto& p = printers[qualifier];
    if (!p) p = std::make_unique<PythonPrinter>(ctx);
    return *p;
  };
  // Printing may add entries: index, never iterate.
  for (size_t i = 0; i < deps.entries.size(); ++i) {
    PrintDeps::Entry e = deps.entries[i];
    if (const auto* iface = dynamic_cast<const InterfaceType*>(e.cls.get())) {
      printerFor(qualifierOf(iface->qualifiedName())).printInterface(*iface);
    } else if (e.cls) {
      ClassPrintInfo info = request.classInfo ? request.classInfo(*e.cls) : ClassPrintInfo{};
      if (info.methods.empty()) {
        for (const auto& m : e.cls->methods()) info.methods.push_back(printable(*m));
        // 1.13 compiles a script class's methods in name order (Python's inspect.getmembers).
        if (!info.isModule)
          std::stable_sort(info.methods.begin(), info.methods.end(),
                           [](const Function* a, const Function* b) { return a->name() < b->name(); });
      }
      printerFor(qualifierOf(e.cls->qualifiedName())).printClass(*e.cls, info);
    } else if (e.enumType) {
      const auto& en = e.enumType->expect<EnumType>();
      printerFor(qualifierOf(en.qualifiedName())).printEnum(en);
    } else {
      printerFor(qualifierOf(printedFunctionName(*e.function))).printFunction(*printable(*e.function), true);
    }
  }
  for (const auto& [qualifier, printer] : printers) {
    result.files[qualifierToArchivePath(qualifier)] = printer->str();
    result.minVersion = std::max(result.minVersion, printer->minVersion());
  }
  return result;
}

}  // namespace tsjit::serialization
