// Import.h — loading a torch.jit.save archive (PyTorch 1.13's format) into a runnable module.
//
// loadArchive():
//   1. the zip (Zip.h): one top-level folder <root>/, the version record (<root>/version or
//      <root>/.data/version; 1 to 10 are accepted, as PyTorch 1.13 reads them);
//   2. the code/ files (python-printed TorchScript): every class definition's attribute
//      annotations, `__parameters__`, `__buffers__` and `Final` constants (ArchiveClasses);
//   3. constants.pkl (the tensors code names CONSTANTS.c<i>) and data.pkl (the module object)
//      through the restricted unpickler (Pickle.h), storages from <root>/constants/<key> and
//      <root>/data/<key>;
//   4. the module tree as a frontend::ModuleDesc (slot order from data.pkl, kinds from
//      __parameters__/__buffers__, types from the annotations) compiled by jit/frontend from the
//      archive's own code (the root class's file as the source, every code file as library code),
//      with 1.13's operator upgraders applied to code of an older version (Upgraders.h) and
//      library prim::CallFunction calls inlined in every method (as `tsjit conform --source`).
//   5. objects of a class with __setstate__ (their pickled state is what __getstate__ returned):
//      created with their annotated attributes unset, then, after compiling, the caller's
//      MethodRunner runs each one's __setstate__(state), as torch.jit.load does.
// Every problem is an ArchiveError naming the member and the offset (or a CompileError pointing
// into the member's code); nothing is executed while loading except __setstate__ methods, and
// those only through the runner the caller supplies.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "jit/frontend/Module.h"
#include "jit/frontend/TreeViews.h"
#include "jit/ir/IValue.h"
#include "jit/serialization/Zip.h"

namespace tsjit::serialization {

// What the code/ files declare about one class.
struct ArchiveClass {
  std::string qualifiedName;  // "__torch__.torch.nn.modules.linear.Linear"
  std::string file;           // "code/__torch__/torch/nn/modules/linear.py"
  bool isModule = false;      // derives from Module
  std::vector<std::pair<std::string, std::string>> annotations;  // attribute -> type text, in order
  std::vector<std::string> parameters, buffers;
  std::vector<frontend::ModuleConstDesc> constants;  // `name : Final[T] = value`, sorted by name
  std::vector<std::string> constantOrder;            // their names in the order of the file
  bool hasSetState = false;  // defines __setstate__: its pickled state is whatever __getstate__ returned
  const std::string* annotationOf(const std::string& attr) const;
};

// Parses the class declarations of every code file. CompileError (pointing into the file) when a
// file does not parse or a constant's value is not a literal.
// `parsed`, when given, receives each file's tree (so that compiling does not parse it again).
std::map<std::string, ArchiveClass> parseArchiveClasses(const std::map<std::string, std::string>& code,
                                                        std::map<std::string, frontend::Module>* parsed = nullptr);

// Runs a compiled method (`args` start with self) and returns its result. jit/serialization only
// compiles: a caller that links an engine (tools/tsjit) supplies one, so that loading can run
// `__setstate__` and saving `__getstate__`, as torch.jit.load / torch.jit.save do.
using MethodRunner = std::function<IValue(const Function& method, std::vector<IValue> args)>;

struct LoadedArchive {
  std::string file;     // path (messages)
  std::string root;     // the top-level folder
  int64_t version = 0;  // the version record
  int upgradedNodes = 0;  // operators rewritten by 1.13's upgraders (code of an older version)
  bool versionInDataFolder = false;  // stored as <root>/.data/version
  std::map<std::string, std::string> code;  // "code/__torch__.py" -> text (archive-relative)
  std::map<std::string, std::string> debugPkl;  // "code/....py.debug_pkl" -> bytes (kept for save)
  std::vector<IValue> constants;                // constants.pkl
  std::map<std::string, ArchiveClass> classes;
  std::shared_ptr<frontend::ModuleDesc> desc;   // the module tree (values shared with `module`)
  frontend::CompiledModule module;              // classes with compiled methods + the object
  std::shared_ptr<void> owner;                  // keeps the compilation unit alive
  // Each method as compiled from the code, before library calls were inlined into it: what the
  // python printer prints when the module is saved (Export.h). Methods not listed print as they are.
  std::map<const Function*, std::shared_ptr<Function>> compiledMethods;
  MethodRunner runner;   // the one given to loadArchive (saving runs __getstate__ with it)
  int setStateCalls = 0;  // objects whose state was restored by their class's __setstate__
  // The forward method's graph (self first), with library calls inlined.
  std::shared_ptr<Graph> forwardGraph() const;
};

// Objects of a class with `__setstate__` are created with their annotated attributes unset, and
// after compiling, `run` calls each one's `__setstate__(state)` in the order of the pickle (inner
// objects first), as torch.jit.load does. Without `run` such an archive is an ArchiveError; only
// modules may have __setstate__ (a plain object or a submodule held by such a module is an error).
LoadedArchive loadArchive(const ZipReader& zip, const MethodRunner& run = {});
LoadedArchive loadArchiveFile(const std::string& path, const MethodRunner& run = {});

// A tensor as an IR constant (dtype, sizes, row-major values): what CONSTANTS.c<i> of the code is.
TensorConstant toTensorConstant(const Tensor& t);

}  // namespace tsjit::serialization
