// Emitter.h — the public face of the IR emitter: TorchScript source text -> Graphs.
//
// compileFunctions() compiles the `def`s of a source file (as torch.jit.script on a function
// does); compileModule() compiles a module class whose state (attribute types and values,
// constants, submodules) comes from a ModuleDesc, as torch.jit.script on an instance does
// (`__init__` is never compiled). Library code (python-printed TorchScript such as a corpus case's
// archive_code: `__torch__/torch/nn/functional.py`, `__torch__/torch/nn/modules/linear.py`) may be
// supplied in CompileOptions; `F.layer_norm(...)` then becomes a prim::CallFunction of the compiled
// `__torch__.torch.nn.functional.layer_norm`, and library submodules get their methods from it.
//
// Invariants: every graph handed out has passed Graph::lint(); user errors are CompileErrors
// whose SourceRange points into the source text; functions are compiled once and cached in the
// CompilationUnit (recursion is a CompileError).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "jit/frontend/Module.h"
#include "jit/frontend/TreeViews.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"

namespace tsjit::frontend {

struct CompileOptions {
  // archive-relative path ("code/__torch__/torch/nn/functional.py") -> python-printed code.
  std::map<std::string, std::string> libraryCode;
  // The trees of libraryCode files the caller has already parsed (archive import parses every
  // code file once to read its class declarations): used instead of parsing the text again. When
  // it holds the `filename` given to compileModule/compileFunctions, that tree is the source's.
  std::map<std::string, Module> parsedCode;
  // Archive code: the tensors of constants.pkl, which the code names CONSTANTS.c0, CONSTANTS.c1 ...
  std::vector<TensorConstant> archiveConstants;
  // Run the cleanup PyTorch runs after emission (DCE, constant pooling, scalar folding).
  bool cleanup = true;
  // Archive code: every def of the module class is a method (there are no @torch.jit.export
  // decorators), compiled and listed in the order of the file, as torch.jit.load does.
  bool allMethods = false;
  // Archive code: its file format version (0: current). Before version 8 (linspace) / 9
  // (logspace) `steps` could be left out or None, meaning 100: such calls get 100, as 1.13's
  // upgraders do (the other upgraders rewrite graphs after emission: jit/serialization/Upgraders.h).
  int64_t archiveVersion = 0;
  // User Python source, compiled as torch.jit.script compiles it: `torch.X` there goes through
  // Python's torch module, so an aten op that is not one of its attributes (torch.glu, torch.gelu)
  // is an error (TorchModuleNames.h). Off for code 1.13 compiles with its native resolver
  // (autodiff formulas); printed code (archives, the library) is never checked.
  bool pythonTorchModule = false;
};

// Owns compiled free functions and the classes of compiled modules.
class CompilationUnit {
 public:
  CompilationUnit() = default;
  CompilationUnit(const CompilationUnit&) = delete;
  CompilationUnit& operator=(const CompilationUnit&) = delete;
  // Drops the graphs of its classes' methods: a method's graph refers back to its class (the
  // type of `self`), a cycle of shared pointers that would otherwise never be freed.
  ~CompilationUnit();
  // A class that received compiled methods (their graphs are dropped with the unit).
  void noteClassWithMethods(ClassTypePtr cls) { classesWithMethods_.push_back(std::move(cls)); }
  Function* findFunction(const std::string& qualifiedName) const;
  // The callee a `prim::Constant[name=...]` of type Function names: its qualified name, else (the
  // usual case, as 1.13 prints it) its last component. The emitter writes the qualified name when
  // the last component is ambiguous (an archive's mangled overloads of F.interpolate).
  Function* findCallee(const std::string& name) const;
  Function* addFunction(std::shared_ptr<Function> fn);
  const std::vector<std::shared_ptr<Function>>& functions() const { return functions_; }
  ClassRegistry& classes() { return classes_; }

 private:
  std::vector<std::shared_ptr<Function>> functions_;
  std::map<std::string, Function*> byName_;
  ClassRegistry classes_;
  std::vector<ClassTypePtr> classesWithMethods_;
};

// Compiles `entry` (or every top-level def when entry is empty) and what it calls. Function names
// are plain (`cf_raise`); library functions keep their qualified names.
std::shared_ptr<CompilationUnit> compileFunctions(const std::string& source, const std::string& entry = "",
                                                  const CompileOptions& options = {},
                                                  const std::string& filename = "<source>");

// Compiles class `entry` of `source` against `state`: forward, the methods it reaches and the
// @torch.jit.export methods.
CompiledModule compileModule(const std::string& source, const std::string& entry, const ModuleDesc& state,
                             const CompileOptions& options = {}, const std::string& filename = "<source>");

// PyTorch's cleanup after emission: constant folding of scalar ops, dead-code elimination (with
// unused If/Loop outputs), redundant If outputs, constant pooling at the top of the graph.
void cleanupGraph(Graph& graph);
// A `for` loop whose condition can turn false (break / return) becomes a while loop with its own
// counter, as 1.13 rewrites it after the exit transform (EmitterLoopCanonical.cpp).
void canonicalizeModifiedLoops(Graph& graph);
void eliminateDeadCode(Graph& graph);

}  // namespace tsjit::frontend

namespace tsjit::frontend {

// For `tsjit run FILE.py`: compiles the def `entry` of a script file (the last def when empty) and
// returns its graph; with `inlineCalls`, prim::CallFunction nodes are replaced by the callee's
// body (as PyTorch's inlined_graph), so engines without function calls can run it. The graph's
// user classes keep their method graphs only while their CompilationUnit lives: a caller that runs
// the graph passes `owner` and holds it until the run is over.
std::shared_ptr<Graph> compileScriptEntry(const std::string& source, const std::string& filename,
                                          const std::string& entry, bool inlineCalls,
                                          std::shared_ptr<CompilationUnit>* owner = nullptr,
                                          std::vector<std::optional<Literal>>* defaults = nullptr);

// Replaces every prim::CallFunction whose callee is in `cu` by a copy of the callee's graph.
void inlineFunctionCalls(Graph& graph, const CompilationUnit& cu);

}  // namespace tsjit::frontend
