// PythonPrint.cpp — statements, names, inlining decisions, functions and classes of the python
// printer (PythonPrint.h). The right-hand sides are in PythonPrintExpr.cpp.
#include "jit/serialization/PythonPrint.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "jit/support/Error.h"
#include "jit/serialization/PythonPrintImpl.h"

namespace tsjit::serialization {

namespace {

// Names the printed code must not use: what the importer's environment defines, Python keywords.
const std::unordered_set<std::string>& reservedNames() {
  static const std::unordered_set<std::string> names = {
      "_",      "as",     "aten",  "attribute", "CONSTANTS", "fork",          "getattr",        "inf",
      "nan",    "infj",   "nanj",  "ops",       "__torch__", "and",           "assert",         "async",
      "await",  "break",  "class", "continue",  "def",       "del",           "elif",           "else",
      "except", "False",  "finally", "for",     "from",      "global",        "if",             "import",
      "in",     "is",     "lambda", "None",     "nonlocal",  "not",           "or",             "pass",
      "raise",  "return", "True",  "try",       "with",      "while",         "yield",          "uninitialized",
      "unchecked_cast"};
  return names;
}

std::string makeValidIdentifier(const std::string& candidate) {
  std::string out;
  if (candidate.empty() || std::isdigit(static_cast<unsigned char>(candidate[0]))) out += '_';
  for (char c : candidate) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return out;
}

// The parts of a prim::Loop, as PyTorch's LoopView names them.
struct LoopParts {
  Node* node;
  Value* maxTripCount() const { return node->input(0); }
  Value* inputCond() const { return node->input(1); }
  std::vector<Value*> carriedInputs() const { return {node->inputs().begin() + 2, node->inputs().end()}; }
  std::vector<Value*> carriedOutputs() const { return node->outputs(); }
  Block* body() const { return node->blocks().at(0); }
  Value* currentTripCount() const { return body()->inputs().at(0); }
  std::vector<Value*> bodyCarriedInputs() const { return {body()->inputs().begin() + 1, body()->inputs().end()}; }
  Value* nextCond() const { return body()->outputs().at(0); }
};

std::optional<int64_t> intConstant(Value* v) {
  auto l = constantLiteral(v->node());
  if (!l) return std::nullopt;
  if (auto* i = std::get_if<int64_t>(&l->v)) return *i;
  return std::nullopt;
}
std::optional<bool> boolConstant(Value* v) {
  auto l = constantLiteral(v->node());
  if (!l) return std::nullopt;
  if (auto* b = std::get_if<bool>(&l->v)) return *b;
  if (auto* i = std::get_if<int64_t>(&l->v)) return *i != 0;
  return std::nullopt;
}

enum class LoopKind { For, While, Modified };

LoopKind loopKind(const LoopParts& l) {
  auto trip = intConstant(l.maxTripCount());
  auto condIn = boolConstant(l.inputCond());
  auto condNext = boolConstant(l.nextCond());
  bool alwaysTrue = condIn && *condIn && condNext && *condNext;
  bool tripSpecified = !trip || *trip != std::numeric_limits<int64_t>::max() || l.currentTripCount()->hasUses();
  if (alwaysTrue) return tripSpecified ? LoopKind::For : LoopKind::While;
  return tripSpecified ? LoopKind::Modified : LoopKind::While;
}

}  // namespace

bool isValidIdentifier(const std::string& name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    auto c = static_cast<unsigned char>(name[i]);
    if (!(std::isalpha(c) || c == '_' || (i > 0 && std::isdigit(c)))) return false;
  }
  return true;
}

std::string debugNameBase(const Value* v) {
  std::string name = v->debugName();
  size_t dot = name.find_last_of('.');
  if (dot != std::string::npos && dot + 1 != name.size() &&
      name.find_first_not_of("0123456789", dot + 1) == std::string::npos)
    return name.substr(0, dot);
  return name;
}

void PrintDeps::addClass(const ClassTypePtr& cls) {
  for (const auto& e : entries)
    if (e.cls && e.cls->qualifiedName() == cls->qualifiedName()) return;
  entries.push_back({cls, nullptr, nullptr});
}

void PrintDeps::addEnum(const TypePtr& enumType) {
  const auto& q = enumType->expect<EnumType>().qualifiedName();
  for (const auto& e : entries)
    if (e.enumType && e.enumType->expect<EnumType>().qualifiedName() == q) return;
  entries.push_back({nullptr, nullptr, enumType});
}

void PrintDeps::addFunction(const Function* fn) {
  for (const auto& e : entries)
    if (e.function && e.function->qualifiedName() == fn->qualifiedName()) return;
  entries.push_back({nullptr, fn, nullptr});
}

std::string printedFunctionName(const Function& fn) {
  const std::string& q = fn.qualifiedName();
  return q.rfind("__torch__.", 0) == 0 ? q : "__torch__." + q;
}

// ---- names ----

std::string PythonPrinter::Impl::genName(const std::string& candidate) {
  std::string name = candidate;
  while (usedNames.count(name) || reservedNames().count(name)) name = candidate + std::to_string(nextId[name]++);
  usedNames.insert(name);
  return name;
}

std::string PythonPrinter::Impl::genUniqueNameFor(Value* v) {
  return genName(v->hasDebugName() ? makeValidIdentifier(debugNameBase(v)) : "_");
}

void PythonPrinter::Impl::assignUniqueNames(const std::vector<Value*>& values) {
  for (Value* v : values) identRefs[v] = genUniqueNameFor(v);
}

std::string PythonPrinter::Impl::useOf(Value* v) const {
  if (auto it = identRefs.find(v); it != identRefs.end()) return it->second;
  if (auto it = exprTable.find(v); it != exprTable.end()) return it->second;
  TSJIT_CHECK(false, "python printer: %", v->debugName(), " is used before it is defined");
  return {};
}

void PythonPrinter::Impl::indent() {
  for (size_t i = 0; i < level; ++i) body += "  ";
}

// ---- which expressions are written inline ----

bool PythonPrinter::Impl::canInline(Value* v) const {
  Node* n = v->node();
  if (n->numOutputs() != 1 || v->uses().size() != 1) return false;
  const Use& use = v->uses()[0];
  // A named value was a variable in the source: keep it, unless it only feeds a block's end.
  if (v->hasDebugName() && use.user->kind() != prim::Return) return false;
  if (!n->blocks().empty()) return false;
  // Loop-carried inputs need a variable, or the condition/trip count is emitted out of order.
  if (use.user->kind() == prim::Loop && use.offset >= 2) return false;
  // isinstance would refine types again when re-parsed inside a condition.
  if (n->kind() == prim::isinstance) return false;
  return true;
}

Node* PythonPrinter::Impl::scanValue(Node* blockPoint, Value* v) {
  Node* n = v->node();
  if (n == blockPoint && canInline(v)) {
    blockPoint = scanNode(blockPoint);
    outputInline.insert(n);
  } else if (n->kind() == prim::Constant) {
    outputInline.insert(n);
  }
  return blockPoint;
}

Node* PythonPrinter::Impl::scanNode(Node* n) {
  if (outputInline.count(n)) return n;
  for (Block* b : n->blocks()) scanBlock(b);
  Node* blockPoint = n->prev();
  while (blockPoint->kind() == prim::Constant) blockPoint = blockPoint->prev();
  for (auto it = n->inputs().rbegin(); it != n->inputs().rend(); ++it) blockPoint = scanValue(blockPoint, *it);
  return blockPoint;
}

void PythonPrinter::Impl::scanBlock(Block* b) {
  scanNode(b->returnNode());
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) scanNode(*it);
}

// ---- splitting long lines ----
// An inline argument that made a line too long gets a variable, and so does every inline argument
// before it (all the way up through the enclosing inline expressions), so effects keep their order.

void PythonPrinter::Impl::splitLongInlines(Value* v) {
  std::vector<Value*> toSplitReversed;
  const Use& u = v->uses().at(0);
  scanLongInlines(u.user, static_cast<int64_t>(u.offset), toSplitReversed);
  for (auto it = toSplitReversed.rbegin(); it != toSplitReversed.rend(); ++it)
    printOutputDefinition((*it)->node(), useOf(*it));
}

void PythonPrinter::Impl::scanLongInlines(Node* user, int64_t offset, std::vector<Value*>& toSplitReversed) {
  auto it = visitedSplitInlineUses.find(user);
  bool present = it != visitedSplitInlineUses.end();
  int64_t stop = present ? it->second + 1 : 0;
  for (int64_t i = offset; i >= stop; --i) {
    Value* arg = user->input(static_cast<size_t>(i));
    if (arg->node()->kind() != prim::Constant && outputInline.count(arg->node())) toSplitReversed.push_back(arg);
  }
  visitedSplitInlineUses[user] = offset;
  if (!present && outputInline.count(user)) {
    const Use& u = user->output()->uses().at(0);
    scanLongInlines(u.user, static_cast<int64_t>(u.offset) - 1, toSplitReversed);
  }
}

// ---- statements ----

void PythonPrinter::Impl::printValueList(std::string& out, const std::vector<Value*>& values, const char* begin,
                                         const char* end) const {
  out += begin;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ", ";
    out += useOf(values[i]);
  }
  out += end;
}

void PythonPrinter::Impl::printOutputDefinition(Node* node, const std::string& expr) {
  assignUniqueNames(node->outputs());
  indent();
  if (node->numOutputs() > 0) {
    printValueList(body, node->outputs());
    body += " = ";
  }
  body += expr + "\n";
}

void PythonPrinter::Impl::printAssignment(const std::vector<Value*>& lhs, const std::vector<Value*>& rhs) {
  if (lhs.empty()) return;
  indent();
  printValueList(body, lhs);
  if (lhs.size() == 1) {
    Value* v = lhs[0];
    TypeKind k = v->type()->kind();
    if (!annotatedUnions.count(v) && !exprTable.count(v) && (k == TypeKind::Union || k == TypeKind::Optional)) {
      body += " : " + v->type()->annotationStr();
      annotatedUnions.insert(v);
    }
  }
  body += " = ";
  printValueList(body, rhs);
  body += "\n";
}

void PythonPrinter::Impl::printAnnotatedAssignment(const std::vector<Value*>& lhs, const std::vector<Value*>& rhs) {
  for (size_t i = 0; i < lhs.size(); ++i) {
    indent();
    body += useOf(lhs[i]);
    TypeKind k = lhs[i]->type()->kind();
    bool annotate = (k == TypeKind::Union || k == TypeKind::Optional) ? annotatedUnions.insert(lhs[i]).second
                                                                      : *lhs[i]->type() != *rhs[i]->type();
    if (annotate) body += ": " + lhs[i]->type()->annotationStr();
    body += " = " + useOf(rhs[i]) + "\n";
  }
}

void PythonPrinter::Impl::printIf(Node* n) {
  assignUniqueNames(n->outputs());
  indent();
  body += "if " + useOf(n->input(0)) + ":\n";
  for (size_t b = 0; b < 2; ++b) {
    if (b == 1) {
      indent();
      body += "else:\n";
    }
    ++level;
    Block* block = n->blocks().at(b);
    printBlock(block, n->numOutputs() > 0);
    printAssignment(n->outputs(), block->outputs());
    --level;
  }
}

void PythonPrinter::Impl::printLoop(Node* n) {
  LoopParts l{n};
  LoopKind kind = loopKind(l);
  if (kind == LoopKind::Modified)
    throw CompileError("loop cannot be printed as python: an optimization combined its while and for forms",
                       n->sourceRange());
  bool asFor = kind == LoopKind::For;
  assignUniqueNames(l.carriedOutputs());
  auto carriedIn = l.bodyCarriedInputs();
  auto carriedOut = l.carriedOutputs();
  for (size_t i = 0; i < carriedIn.size(); ++i) identRefs[carriedIn[i]] = useOf(carriedOut[i]);
  printAnnotatedAssignment(carriedOut, l.carriedInputs());
  assignUniqueNames({l.currentTripCount()});
  if (asFor) {
    indent();
    body += "for " + useOf(l.currentTripCount()) + " in range(" + useOf(l.maxTripCount()) + "):\n";
  } else {
    printAssignment({l.currentTripCount()}, {l.inputCond()});
    indent();
    body += "while " + useOf(l.currentTripCount()) + ":\n";
  }
  ++level;
  size_t offset = asFor ? 1 : 0;
  Block* b = l.body();
  std::vector<Value*> blockIn(b->inputs().begin() + offset, b->inputs().end());
  std::vector<Value*> blockOut(b->outputs().begin() + offset, b->outputs().end());
  printBlock(b, !blockIn.empty());
  printAssignment(blockIn, blockOut);
  --level;
}

void PythonPrinter::Impl::checkVersion(Node* n) {
  static const std::map<std::string, int64_t> bumped = {
      {"aten::div", 4}, {"aten::div_", 4}, {"aten::full", 5}, {"aten::linspace", 8}, {"aten::logspace", 9},
      {"aten::gelu", 10}, {"aten::gelu_", 10}};
  auto it = bumped.find(n->kind().toQualString());
  if (it == bumped.end()) return;
  // div's upgrader is for tensors (int / int is a float division in every version).
  if (it->second == 4 && (n->numInputs() == 0 || n->input(0)->type()->kind() != TypeKind::Tensor)) return;
  minVersion = std::max(minVersion, it->second);
}

void PythonPrinter::Impl::printNode(Node* node, bool printConst) {
  static const Symbol forkKind = Symbol::prim("fork");
  if (node->kind() == forkKind) {
    scanTypeDependencies(node);
    printFork(node);
    return;
  }
  scanTypeDependencies(node);
  checkVersion(node);
  if (!printConst && node->kind() == prim::Constant) return;
  switch (node->kind()) {
    case prim::Return:
      if (node->numInputs() > 0) {
        indent();
        body += "return ";
        printValueList(body, node->inputs());
        body += "\n";
      }
      break;
    case prim::Loop:
      printLoop(node);
      break;
    case prim::If:
      printIf(node);
      break;
    case prim::TupleUnpack:
    case prim::ListUnpack:
      // `a, b, = t`: the trailing comma makes the importer unpack.
      assignUniqueNames(node->outputs());
      indent();
      if (node->numOutputs() > 0) printValueList(body, node->outputs(), "", ", = ");
      body += useOf(node->input(0)) + "\n";
      break;
    case prim::SetAttr:
      indent();
      body += useOf(node->input(0)) + "." + node->s(attr::name) + " = " + useOf(node->input(1)) + "\n";
      break;
    case prim::Enter: {
      // `with obj [as v]:` — the statements up to the matching prim::Exit are its body. Inlining
      // never crosses the Enter or the Exit (scanNode only inlines a value made by the node just
      // before its user), so nothing moves into or out of the block.
      Value* entered = node->output();
      indent();
      body += "with " + useOf(node->input(0));
      if (entered->hasUses()) {
        assignUniqueNames({entered});
        body += " as " + useOf(entered);
      }
      body += ":\n";
      ++level;
      break;
    }
    case prim::Exit:
      if (node->prev()->kind() == prim::Enter) {
        indent();
        body += "pass\n";
      }
      --level;
      break;
    case prim::Closure:
      throw CompileError("the python printer does not support " + node->kind().toQualString(), node->sourceRange());
    default: {
      std::string rhs = printRHS(node);
      if (!outputInline.count(node) || (node->kind() == prim::Constant && isLongLine(rhs))) {
        printOutputDefinition(node, rhs);
      } else {
        exprTable[node->output()] = rhs;
        if (isLongLine(rhs)) splitLongInlines(node->output());
      }
    }
  }
}

// As 1.13 prints a fork: its Subgraph as a closure without parameters whose body reads the fork's
// inputs by the names (or inline expressions) they have outside, then `fut = fork(closure)`:
//   def __forked_function():
//     return torch.add(x, x, alpha=2)
//   fut = fork(__forked_function)
void PythonPrinter::Impl::printFork(Node* n) {
  if (!n->hasAttribute(attr::Subgraph)) throw CompileError("prim::fork without a Subgraph", n->sourceRange());
  std::shared_ptr<Graph> g = n->g(attr::Subgraph);
  if (g->inputs().size() != n->numInputs())
    throw CompileError("prim::fork: its Subgraph takes another number of inputs", n->sourceRange());
  std::string name = genName("__forked_function");
  indent();
  body += "def " + name + "():\n";
  for (size_t i = 0; i < n->numInputs(); ++i) identRefs[g->inputs()[i]] = useOf(n->input(i));
  printBody(g->block());
  printOutputDefinition(n, "fork(" + name + ")");
}

void PythonPrinter::Impl::printBlock(Block* b, bool hasOtherStatements) {
  if (!hasOtherStatements && b->nodes().empty()) {
    indent();
    body += "pass\n";
  }
  // A `with` is printed as nested statements: each prim::Exit must close a prim::Enter of this block.
  int64_t open = 0;
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::Enter) ++open;
    if (n->kind() == prim::Exit && --open < 0)
      throw CompileError("prim::Exit without a prim::Enter before it in its block", n->sourceRange());
  }
  if (open != 0) throw CompileError("prim::Enter without a prim::Exit after it in its block", SourceRange{});
  for (Node* n : b->nodes()) printNode(n, false);
}

namespace {
void collectConstants(Block* b, std::unordered_set<Node*>& seen, std::vector<Node*>& out);
void collectConstants(Node* n, std::unordered_set<Node*>& seen, std::vector<Node*>& out) {
  for (Value* in : n->inputs())
    if (in->node()->kind() == prim::Constant && seen.insert(in->node()).second) out.push_back(in->node());
  for (Block* b : n->blocks()) collectConstants(b, seen, out);
}
void collectConstants(Block* b, std::unordered_set<Node*>& seen, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) collectConstants(n, seen, out);
  collectConstants(b->returnNode(), seen, out);
}
}  // namespace

void PythonPrinter::Impl::printBody(Block* b) {
  std::unordered_set<Node*> seen;
  std::vector<Node*> constants;
  collectConstants(b, seen, constants);
  scanBlock(b);
  ++level;
  for (Node* c : constants) printNode(c, true);
  printBlock(b, !b->outputs().empty());
  printNode(b->returnNode(), false);
  --level;
}

void PythonPrinter::Impl::printFunction(const Function& fn, bool printFirstArgType) {
  Graph& graph = *fn.graph();
  usedNames.clear();
  const auto& sig = fn.signature();
  bool haveSig = sig.argNames.size() == graph.inputs().size();
  indent();
  body += "def " + fn.name() + "(";
  for (size_t i = 0; i < graph.inputs().size(); ++i) {
    Value* in = graph.inputs()[i];
    registerClassDependencies(in->type());
    std::string argName = genName(haveSig ? sig.argNames[i] : makeValidIdentifier(debugNameBase(in)));
    if (i == 0) {
      body += argName;
      if (printFirstArgType) body += ": " + in->type()->annotationStr();
    } else {
      body += ",\n    " + argName + ": " + in->type()->annotationStr();
    }
    if (haveSig && sig.defaults[i]) body += "=" + literalExpr(*sig.defaults[i], in->type());
    identRefs[in] = argName;
  }
  TypePtr ret = graph.outputs().size() == 1 ? graph.outputs()[0]->type() : NoneType::get();
  body += ") -> " + ret->annotationStr() + ":\n";
  registerClassDependencies(ret);
  printBody(graph.block());
}

// ---- classes ----

void PythonPrinter::Impl::printClass(const ClassType& cls, const ClassPrintInfo& info) {
  body += "class " + cls.baseName() + (info.isModule ? "(Module)" : "") + ":\n";
  ++level;
  if (info.isModule) {
    std::string params, buffers;
    for (const auto& a : cls.attributes()) {
      if (a.kind == ClassType::SlotKind::Parameter) params += "\"" + a.name + "\", ";
      if (a.kind == ClassType::SlotKind::Buffer) buffers += "\"" + a.name + "\", ";
    }
    indent();
    body += "__parameters__ = [" + params + "]\n";
    indent();
    body += "__buffers__ = [" + buffers + "]\n";
  }
  for (size_t i = 0; i < cls.attributes().size(); ++i) {
    const auto& a = cls.attributes()[i];
    registerClassDependencies(a.type);
    indent();
    if (!isValidIdentifier(a.name)) {
      if (i == 0) {
        body += "__annotations__ = []\n";
        indent();
      }
      body += "__annotations__[\"" + a.name + "\"] = " + a.type->annotationStr() + "\n";
    } else {
      body += a.name + " : " + a.type->annotationStr() + "\n";
    }
  }
  for (const auto& c : info.constants) {
    indent();
    body += c.name + " : Final[" + c.type + "] = " + ivalueExpr(c.value) + "\n";
  }
  if (!info.methods.empty()) {
    for (const Function* m : info.methods)
      if (m->graph()) printFunction(*m, true);
  } else {
    for (const auto& m : cls.methods())
      if (m->graph()) printFunction(*m, true);
  }
  --level;
}

// As 1.13 declares an interface in code/: its methods' signatures (self untyped, no defaults) on
// one line each, with `pass` bodies.
void PythonPrinter::Impl::printInterface(const InterfaceType& iface) {
  body += "class " + iface.baseName() + (iface.isModuleInterface() ? "(ModuleInterface)" : "(Interface)") + ":\n";
  ++level;
  for (const auto& m : iface.interfaceMethods()) {
    indent();
    body += "def " + m.name + "(self";
    for (size_t i = 0; i < m.argNames.size(); ++i) {
      registerClassDependencies(m.argTypes[i]);
      body += ", " + m.argNames[i] + ": " + m.argTypes[i]->annotationStr();
    }
    registerClassDependencies(m.returnType);
    body += ") -> " + m.returnType->annotationStr() + ":\n";
    ++level;
    indent();
    body += "pass\n";
    --level;
  }
  --level;
}

// `class Color(Enum):` and a `NAME = value` line per member, as 1.13 declares an enum in code/.
void PythonPrinter::Impl::printEnum(const EnumType& e) {
  const std::string& q = e.qualifiedName();
  body += "class " + q.substr(q.rfind('.') + 1) + "(Enum):\n";
  ++level;
  for (const auto& m : e.members()) {
    indent();
    body += m.name + " = ";
    if (auto* i = std::get_if<int64_t>(&m.value)) body += std::to_string(*i);
    else if (auto* d = std::get_if<double>(&m.value)) body += formatIrDouble(*d);
    else body += quoteIrString(std::get<std::string>(m.value));
    body += "\n";
  }
  --level;
}

void PythonPrinter::Impl::registerClassDependencies(const TypePtr& t) {
  if (!t) return;
  if (t->kind() == TypeKind::Class) {
    if (ctx.deps) ctx.deps->addClass(std::const_pointer_cast<ClassType>(std::static_pointer_cast<const ClassType>(t)));
  }
  if (t->kind() == TypeKind::Enum && ctx.deps && !t->expect<EnumType>().members().empty()) ctx.deps->addEnum(t);
  for (const auto& c : t->containedTypes()) registerClassDependencies(c);
}

void PythonPrinter::Impl::scanTypeDependencies(Node* n) {
  for (Value* v : n->inputs()) registerClassDependencies(v->type());
  for (Value* v : n->outputs()) registerClassDependencies(v->type());
}

// ---- public face ----

PythonPrinter::PythonPrinter(PrintContext context) : impl_(std::make_unique<Impl>(std::move(context))) {}
PythonPrinter::~PythonPrinter() = default;

void PythonPrinter::printFunction(const Function& fn, bool printFirstArgType) {
  impl_->printFunction(fn, printFirstArgType);
}

void PythonPrinter::printClass(const ClassType& cls, const ClassPrintInfo& info) { impl_->printClass(cls, info); }
void PythonPrinter::printInterface(const InterfaceType& i) { impl_->printInterface(i); }

void PythonPrinter::printEnum(const EnumType& e) { impl_->printEnum(e); }

const std::string& PythonPrinter::str() const { return impl_->body; }

int64_t PythonPrinter::minVersion() const { return impl_->minVersion; }

std::string printFunctionCode(const Function& fn, bool isMethod,
                              const std::function<const Function*(const std::string&)>& resolveFunction,
                              std::vector<TensorConstant>* constants) {
  std::vector<TensorConstant> local;
  PrintContext ctx;
  ctx.constants = constants ? constants : &local;
  ctx.resolveFunction = resolveFunction;
  PythonPrinter p(ctx);
  p.printFunction(fn, !isMethod);
  return p.str();
}

}  // namespace tsjit::serialization
