// ArchiveCode.h — the code/ files of a torch.jit.save archive, printed by the python printer
// (PythonPrint.h) the way PyTorch 1.13 lays them out:
//   - one file per qualifier: a class or function `a.b.C` goes to the file of `a.b`
//     (`__torch__.torch.nn.modules.linear.___torch_mangle_8.Linear` ->
//     `code/__torch__/torch/nn/modules/linear/___torch_mangle_8.py`, `__torch__.f` ->
//     `code/__torch__.py`), one printer per file, so names (`_0`, `acc1`) count on through a file;
//   - what is printed: the roots, then everything printed code refers to (submodule classes,
//     called functions), in first-reference order;
//   - tensor constants of every file go to one CONSTANTS table (constants.pkl).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "jit/frontend/Module.h"
#include "jit/serialization/PythonPrint.h"

namespace tsjit::serialization {

struct ArchiveCodeRequest {
  std::vector<PrintDeps::Entry> roots;
  // The Final constants / module-ness of a class (default: a module without constants).
  std::function<ClassPrintInfo(const ClassType&)> classInfo;
  // The function a `prim::Constant[name=...]` names (see PrintContext).
  std::function<const Function*(const std::string&)> resolveFunction;
  // The function to print for a method or free function, e.g. its graph before calls were inlined
  // (default: itself).
  std::function<const Function*(const Function&)> printable;
};

struct ArchiveCode {
  std::map<std::string, std::string> files;  // "code/__torch__.py" -> text
  std::vector<TensorConstant> constants;     // CONSTANTS.c<i>, in index order
  int64_t minVersion = 3;                    // the version record the printed ops need
};

ArchiveCode printArchiveCode(const ArchiveCodeRequest& request);

// "__torch__.torch.nn.functional" -> "code/__torch__/torch/nn/functional.py"
std::string qualifierToArchivePath(const std::string& qualifier);

// The ClassPrintInfo of every module class of a compiled module tree (constants from its desc).
std::map<const ClassType*, ClassPrintInfo> moduleClassInfos(const frontend::ModuleInfo& root);

}  // namespace tsjit::serialization
