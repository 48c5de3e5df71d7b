// Function.h — a named, compiled TorchScript function or method: a qualified name and its Graph.
// Methods of a ClassType take `self` as the graph's first input. Owned by a ClassType (methods)
// or by a CompilationUnit-like owner (free functions); graphs are shared, never copied implicitly.
#pragma once

#include <memory>
#include <string>

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

 private:
  std::string qualifiedName_;
  std::shared_ptr<Graph> graph_;
};

}  // namespace tsjit
