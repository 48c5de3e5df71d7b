// InterfaceType.h — the type of a `@torch.jit.interface` class: a ClassType (values of it are
// objects, calls on it are prim::CallMethod dispatched on the object's own class at run time)
// that has no attributes and no compiled methods, only method signatures (without defaults, as
// 1.13 keeps them: a call must pass every argument). Printed
// InterfaceType<Shape> as 1.13 prints it; annotated by its qualified name (__torch__.Shape).
//
// Subtyping is structural: a class (or another interface) is a subtype when each interface method
// exists on it with a compatible signature. The frontend checks that (it compiles the class's methods) and records
// the class here (addImplementer); Type::isSubtypeOf then answers from that record. Two interface
// types are equal by name (ClassType::equals).
// Invariants: methods are set once, right after construction; the implementer record only grows and is
// safe to read and extend from several threads.
#pragma once

#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "jit/ir/Type.h"

namespace tsjit {

class InterfaceType : public ClassType {
 public:
  struct Method {
    std::string name;
    std::vector<std::string> argNames;  // without self
    std::vector<TypePtr> argTypes;
    TypePtr returnType;
  };
  explicit InterfaceType(std::string qualifiedName) : ClassType(std::move(qualifiedName)) {}
  // Only for the one who builds the type (the frontend), once, before any use: the signatures may
  // name the interface itself, so the type exists before its methods.
  void setInterfaceMethods(std::vector<Method> methods) { methods_ = std::move(methods); }
  // A module interface (`@torch.jit.interface class I(nn.Module)`): the type of a submodule slot,
  // printed `class I(ModuleInterface):` in an archive (a plain one `class I(Interface):`).
  void setModuleInterface(bool m) { isModule_ = m; }
  bool isModuleInterface() const { return isModule_; }

  const std::vector<Method>& interfaceMethods() const { return methods_; }
  const Method* findInterfaceMethod(const std::string& name) const {
    for (const Method& m : methods_)
      if (m.name == name) return &m;
    return nullptr;
  }
  std::string str() const override { return "InterfaceType<" + baseName() + ">"; }
  std::string annotationStr() const override { return qualifiedName(); }

  void addImplementer(const std::string& classQualifiedName) const {
    std::lock_guard<std::mutex> lock(mutex_);
    implementers_.insert(classQualifiedName);
  }
  bool isImplementedBy(const std::string& classQualifiedName) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return implementers_.count(classQualifiedName) != 0;
  }

 private:
  std::vector<Method> methods_;
  bool isModule_ = false;
  mutable std::mutex mutex_;
  mutable std::set<std::string> implementers_;
};

}  // namespace tsjit
