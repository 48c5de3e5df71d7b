// Function.h — a named, compiled TorchScript function or method: a qualified name and its Graph.
// Methods of a ClassType take `self` as the graph's first input. Owned by a ClassType (methods)
// or by a CompilationUnit-like owner (free functions); graphs are shared, never copied implicitly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/ir/Attributes.h"

namespace tsjit {

class Graph;

class Function {
 public:
  Function(std::string qualifiedName, std::shared_ptr<Graph> graph)
      : qualifiedName_(std::move(qualifiedName)), graph_(std::move(graph)) {}
  virtual ~Function() = default;

  const std::string& qualifiedName() const { return qualifiedName_; }
  // The last dotted component: "__torch__.Foo.forward" -> "forward".
  std::string name() const {
    size_t dot = qualifiedName_.rfind('.');
    return dot == std::string::npos ? qualifiedName_ : qualifiedName_.substr(dot + 1);
  }
  const std::shared_ptr<Graph>& graph() const { return graph_; }
  void setGraph(std::shared_ptr<Graph> graph) { graph_ = std::move(graph); }

  // The def's signature as written, for the python printer (jit/serialization/PythonPrint.h): one
  // name and optional default per graph input (`self` included). Empty when the function did not
  // come from a def; the printer then names parameters after the graph inputs.
  struct Signature {
    std::vector<std::string> argNames;
    std::vector<std::optional<Literal>> defaults;
  };
  const Signature& signature() const { return signature_; }
  void setSignature(Signature s) { signature_ = std::move(s); }

 private:
  std::string qualifiedName_;
  std::shared_ptr<Graph> graph_;
  Signature signature_;
};

}  // namespace tsjit
