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
  const std::string suffix = "." + name;
  for (const auto& [qualified, def] : ctx.libraryDefs)
    if (qualified.size() > suffix.size() && qualified.compare(qualified.size() - suffix.size(), suffix.size(), suffix) == 0)
      found = qualified, ++matches;
  if (matches != 1) return nullptr;
  try {
    if (detail::FunctionInfo* fi = ctx.getFunction(found, {})) e.function = fi->function.get();
  } catch (const CompileError&) {
    e.function = nullptr;  // a library def that does not compile is not offered
  }
  return e.function;
}

}  // namespace tsjit::frontend
