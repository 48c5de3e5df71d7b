// Module.h — the ScriptModule model the emitter compiles against.
//
// A ModuleDesc describes one module instance the way a corpus case's `module_state` does:
// its TorchScript class name, its attributes in slot order (parameters, buffers, plain attributes,
// submodules — each with an annotation-spelled type and, except submodules, a value), and its
// constants (`__constants__` / Final), which are baked into the compiled code.
// buildModuleType() turns a ModuleDesc tree into ClassTypes (one per distinct qualified name) and
// an Object holding the values; compileModule() (Emitter.h) then adds the compiled methods.
// Invariants: the Object's slots follow the ClassType's attribute order; a submodule slot holds
// the submodule's Object; shared submodules (same desc pointer) share one Object.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "jit/ir/Function.h"
#include "jit/ir/IValue.h"
#include "jit/ir/Type.h"

namespace tsjit::frontend {

struct ModuleDesc;

struct ModuleAttrDesc {
  enum class Kind { Parameter, Buffer, Attribute, Module };
  std::string name;
  Kind kind = Kind::Attribute;
  std::string type;                     // "Tensor", "List[int]", "__torch__.Foo" ...
  IValue value;                         // unused for Module
  std::shared_ptr<ModuleDesc> module;   // Kind::Module
};

struct ModuleConstDesc {
  std::string name;
  std::string type;
  IValue value;
};

struct ModuleDesc {
  std::string qualifiedName;  // "__torch__.Outer"
  std::vector<ModuleAttrDesc> attributes;
  std::vector<ModuleConstDesc> constants;
  const ModuleAttrDesc* findAttribute(const std::string& name) const;
  const ModuleConstDesc* findConstant(const std::string& name) const;
};

// The module's compile-time knowledge for the emitter: its class, its desc (constants, submodule
// descs) and the class of each submodule.
struct ModuleInfo {
  ClassTypePtr type;
  std::shared_ptr<const ModuleDesc> desc;
  std::map<std::string, std::shared_ptr<ModuleInfo>> submodules;
};

struct CompiledModule {
  std::shared_ptr<ModuleInfo> info;
  Ref<Object> object;
  std::shared_ptr<void> unit;  // keeps the CompilationUnit alive
  Function* method(const std::string& name) const { return info->type->findMethod(name); }
};

// Builds class types (registered in `classes`) and the object tree for `desc`.
std::shared_ptr<ModuleInfo> buildModuleType(const std::shared_ptr<const ModuleDesc>& desc, ClassRegistry& classes);
Ref<Object> buildModuleObject(const ModuleInfo& info);

}  // namespace tsjit::frontend
