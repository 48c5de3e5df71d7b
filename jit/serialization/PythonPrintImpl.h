// PythonPrintImpl.h — the state of one PythonPrinter, shared by PythonPrint.cpp (statements, names,
// inlining, classes) and PythonPrintExpr.cpp (the right-hand sides: ops, constants, casts).
// Internal to jit/serialization.
//
// State per printer: the text, the indentation level, the counters behind unique names (they run
// on across functions, as in PyTorch), the CONSTANTS table and the deps. State per function: the
// names in use, which nodes are written inline, and how each value is spelled at its uses
// (`identRefs` — a variable — wins over `exprTable` — an inline expression).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "jit/ir/Graph.h"
#include "jit/serialization/PythonPrint.h"

namespace tsjit::serialization {

struct PythonPrinter::Impl {
  explicit Impl(PrintContext c) : ctx(std::move(c)) {}

  PrintContext ctx;
  std::string body;
  size_t level = 0;

  // names
  std::unordered_map<std::string, size_t> nextId;
  std::unordered_set<std::string> usedNames;
  std::unordered_map<Value*, std::string> identRefs;
  std::unordered_map<Value*, std::string> exprTable;
  // inlining
  std::unordered_set<Node*> outputInline;
  std::unordered_map<Node*, int64_t> visitedSplitInlineUses;
  std::unordered_set<Value*> annotatedUnions;
  int64_t minVersion = 3;
  void checkVersion(Node* n);

  // ---- PythonPrint.cpp ----
  std::string genName(const std::string& candidate);
  std::string genUniqueNameFor(Value* v);
  void assignUniqueNames(const std::vector<Value*>& values);
  std::string useOf(Value* v) const;
  void indent();
  bool isLongLine(const std::string& s) const { return s.size() + level * 2 >= 40; }

  bool canInline(Value* v) const;
  Node* scanValue(Node* blockPoint, Value* v);
  Node* scanNode(Node* n);
  void scanBlock(Block* b);

  void splitLongInlines(Value* v);
  void scanLongInlines(Node* user, int64_t offset, std::vector<Value*>& toSplitReversed);
  void printOutputDefinition(Node* node, const std::string& expr);
  void printValueList(std::string& out, const std::vector<Value*>& values, const char* begin = "",
                      const char* end = "") const;
  void printAssignment(const std::vector<Value*>& lhs, const std::vector<Value*>& rhs);
  void printAnnotatedAssignment(const std::vector<Value*>& lhs, const std::vector<Value*>& rhs);
  void printIf(Node* n);
  void printLoop(Node* n);
  void printFork(Node* n);
  void printNode(Node* n, bool printConst);
  void printBlock(Block* b, bool hasOtherStatements);
  void printBody(Block* b);
  void printFunction(const Function& fn, bool printFirstArgType);
  void printClass(const ClassType& cls, const ClassPrintInfo& info);
  void printEnum(const EnumType& e);
  void printInterface(const InterfaceType& i);

  void registerClassDependencies(const TypePtr& t);
  void scanTypeDependencies(Node* n);

  // ---- PythonPrintExpr.cpp ----
  std::string printRHS(Node* n);
  std::string printOpCall(Node* n);
  std::string constantExpr(Node* n);
  std::string literalExpr(const Literal& l, const TypePtr& type);
  std::string ivalueExpr(const IValue& v);
  size_t addTensorConstant(const TensorConstant& t);
};

// Helpers shared by both files.
bool isValidIdentifier(const std::string& name);
// The debug name without a numeric `.N` suffix ("x.3" -> "x").
std::string debugNameBase(const Value* v);
// The literal a prim::Constant holds; nullopt for tensors, functions and unknown kinds.
std::optional<Literal> constantLiteral(const Node* n);

}  // namespace tsjit::serialization
