// LibraryFunctions.cpp — see LibraryFunctions.h: each name is looked up among the qualified defs
// of the built-in library and compiled in a CompilationUnit of its own, kept for the process.
#include "jit/frontend/LibraryFunctions.h"

#include <map>
#include <memory>
#include <mutex>

#include "jit/frontend/EmitterImpl.h"

namespace tsjit::frontend {

Function* builtinLibraryFunction(const std::string& name) {
  struct Entry {
    std::shared_ptr<CompilationUnit> unit;
    Function* function = nullptr;
  };
  static std::mutex mutex;
  static std::map<std::string, Entry>* cache = new std::map<std::string, Entry>;  // lives until exit
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache->find(name); it != cache->end()) return it->second.function;
  Entry& e = (*cache)[name];
  if (name.empty()) return nullptr;
  e.unit = std::make_shared<CompilationUnit>();
  static const CompileOptions options;
  detail::CompilerContext ctx;
  ctx.cu = e.unit.get();
  ctx.options = &options;
  ctx.parseLibraries();
  std::string found;
  int matches = 0;
  // Only helpers: torch.nn._reduction's, and private (`_name`) defs. A public name (`dropout`) is a
  // call 1.13 inlines; a graph that still calls one calls a function of its own, which must stay
  // unresolved rather than become the library's namesake.
  const std::string suffix = "." + name;
  for (const auto& [qualified, def] : ctx.libraryDefs) {
    const bool helper = name[0] == '_' || qualified.rfind("__torch__.torch.nn._reduction.", 0) == 0;
    if (helper && qualified.size() > suffix.size() &&
        qualified.compare(qualified.size() - suffix.size(), suffix.size(), suffix) == 0)
      found = qualified, ++matches;
  }
  if (matches != 1) return nullptr;
  try {
    if (detail::FunctionInfo* fi = ctx.getFunction(found, {})) e.function = fi->function.get();
  } catch (const CompileError&) {
    e.function = nullptr;  // a library def that does not compile is not offered
  }
  return e.function;
}

ClassTypePtr builtinLibraryClass(const std::string& qualifiedName) {
  struct Entry {
    std::shared_ptr<CompilationUnit> unit;
    ClassTypePtr type;
  };
  static std::mutex mutex;
  static std::map<std::string, Entry>* cache = new std::map<std::string, Entry>;  // lives until exit
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache->find(qualifiedName); it != cache->end()) return it->second.type;
  Entry& e = (*cache)[qualifiedName];
  e.unit = std::make_shared<CompilationUnit>();
  static const CompileOptions options;
  detail::CompilerContext ctx;
  ctx.cu = e.unit.get();
  ctx.options = &options;
  try {
    if (auto info = ctx.libraryClass(qualifiedName, {})) e.type = info->type;  // compiles every method
  } catch (const CompileError&) {
    e.type = nullptr;
  }
  return e.type;
}

}  // namespace tsjit::frontend
