// IRPrinter.cpp — prints graphs in PyTorch 1.13's canonical text:
//   graph(%x.1 : Tensor,
//         %y : int):            (inputs separated by ",\n      ")
//     %a : int, %b : int = prim::TupleUnpack(%t) # file.py:3:4
//      = prim::If(%c)
//       block0():
//         -> ()
//     return (%a)
//   with prim::DifferentiableGraph_0 = graph(...)
// Nodes holding a Subgraph graph attribute print as `kind_N` and their graphs follow the
// enclosing graph's return as `with kind_N = ...` sections, numbered per printed graph.
#include <ostream>
#include <sstream>

#include "jit/ir/Graph.h"

namespace tsjit {
namespace {

void printValueList(std::ostream& out, const std::vector<Value*>& values, bool withTypes,
                    const char* delim = ", ") {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out << delim;
    out << "%" << values[i]->debugName();
    if (withTypes) out << " : " << (values[i]->type() ? values[i]->type()->str() : "<null type>");
  }
}

void indent(std::ostream& out, size_t level) { out << std::string(2 * level, ' '); }

void printAttributes(std::ostream& out, const Node& n, bool ignoreSubgraph) {
  out << "[";
  bool first = true;
  for (Symbol name : n.attributeNames()) {
    if (ignoreSubgraph && name == attr::Subgraph) continue;
    if (!first) out << ", ";
    first = false;
    out << name.toUnqualString() << "=" << formatAttributeValue(n.attr(name));
  }
  out << "]";
}

void printNode(std::ostream& out, const Node& n, size_t level, std::vector<const Node*>* groups,
               bool printSourceLocations) {
  indent(out, level);
  printValueList(out, n.outputs(), true);
  out << " = ";
  bool isGroup = groups && n.hasAttribute(attr::Subgraph) && n.kindOfAttribute(attr::Subgraph) == AttributeKind::g;
  if (isGroup) {
    out << n.kind().toQualString() << "_" << groups->size();
    if (n.numAttributes() > 1 && n.kind() != prim::DifferentiableGraph) printAttributes(out, n, true);
    groups->push_back(&n);
  } else {
    out << n.kind().toQualString();
    if (n.hasAttributes()) printAttributes(out, n, false);
  }
  out << "(";
  printValueList(out, n.inputs(), false);
  out << ")";
  if (n.scope()) out << ", scope: " << *n.scope();
  if (printSourceLocations) {
    const SourceRange& r = n.sourceRange();
    if (r.valid()) {
      out << " # " << r.source()->filename() << ":" << r.line() << ":" << r.column();
    } else if (n.sourceLocation()) {
      out << " # " << *n.sourceLocation();
    }
  }
  out << "\n";
  for (size_t i = 0; i < n.blocks().size(); ++i) {
    const Block* b = n.blocks()[i];
    indent(out, level + 1);
    out << "block" << i << "(";
    printValueList(out, b->inputs(), true);
    out << "):\n";
    for (const Node* nested : b->nodes()) printNode(out, *nested, level + 2, groups, printSourceLocations);
    indent(out, level + 2);
    out << "-> (";
    printValueList(out, b->outputs(), false);
    out << ")\n";
  }
}

void printGraph(std::ostream& out, const Graph& g, bool printSourceLocations) {
  out << "graph(";
  printValueList(out, g.inputs(), true, ",\n      ");
  out << "):\n";
  std::vector<const Node*> groups;
  for (const Node* n : g.nodes()) printNode(out, *n, 1, &groups, printSourceLocations);
  out << "  return (";
  printValueList(out, g.outputs(), false);
  out << ")\n";
  for (size_t i = 0; i < groups.size(); ++i) {
    const GraphPtr& sub = groups[i]->g(attr::Subgraph);
    out << "with " << groups[i]->kind().toQualString() << "_" << i << " = ";
    if (sub) printGraph(out, *sub, printSourceLocations);
    else out << "<null graph>\n";
  }
}

}  // namespace

std::string Graph::toString(bool printSourceLocations) const {
  std::ostringstream os;
  printGraph(os, *this, printSourceLocations);
  return os.str();
}

std::string Node::str() const {
  std::ostringstream os;
  printNode(os, *this, 0, nullptr, true);
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const Graph& g) {
  printGraph(os, g, true);
  return os;
}

std::ostream& operator<<(std::ostream& os, const Node& n) { return os << n.str(); }

}  // namespace tsjit
