// FormulaLoader.cpp — symbolic_script formula files -> Formula graphs (see Formula.h).
//
// The rewrite works on the parser's trees and copies statement text by whole lines, so a formula
// keeps its own spelling (and a compile error in it still names its file; line numbers refer to
// the rewritten text, whose statements stay in file order). Loading: rewrite, compile with the
// prelude, inline helper calls, flatten the returned tuple into graph outputs, match the overload
// from the op name and the parameters' types.
#include <mutex>
#include <regex>
#include <sstream>

#include "jit/autodiff/Formula.h"
#include "jit/frontend/Emitter.h"
#include "jit/frontend/Parser.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/passes/CorePasses.h"
#include "jit/passes/LowerTuples.h"

namespace tsjit::autodiff {
namespace {

using namespace frontend;

// The lines of statement `s`, dedented to its own column and indented by `indent` spaces.
std::string stmtLines(const Source& src, const TreeView& s, size_t indent) {
  const size_t first = src.lineOf(s.range().start());
  const size_t last = src.lineOf(s.range().end() > s.range().start() ? s.range().end() - 1 : s.range().start());
  const size_t column = src.columnOf(s.range().start());
  std::string out;
  for (size_t l = first; l <= last; ++l) {
    std::string_view line = src.lineText(l);
    size_t strip = 0;
    while (strip + 1 < column && strip < line.size() && (line[strip] == ' ' || line[strip] == '\t')) ++strip;
    out += std::string(indent, ' ');
    out += line.substr(strip);
    out += '\n';
  }
  return out;
}

std::string paramText(const Param& p) {
  std::string t = p.ident().name();
  if (p.type().present()) t += ": " + std::string(p.type().value().range().text());
  return t;
}

// The comma-separated element texts of a return value (a tuple literal is flattened).
std::vector<std::string> returnedTexts(const Expr& e) {
  std::vector<std::string> out;
  if (e.kind() == Kind::TupleLiteral) {
    for (TreeRef t : e.get()->trees()[0]->trees()) out.emplace_back(t->range().text());
  } else {
    out.emplace_back(e.range().text());
  }
  return out;
}

std::optional<Def> nestedDef(const Def& def) {
  for (Stmt s : def.statements())
    if (s.kind() == Kind::Def) return Def(s.get());
  return std::nullopt;
}

// Appends `text` (whole lines) so that its first line lands on 1-based line `line` of `out` when
// `out` has not passed it yet (keeps the file's line numbers in compile errors).
void emitAt(std::string& out, size_t& outLine, size_t line, const std::string& text) {
  while (outLine < line) {
    out += '\n';
    ++outLine;
  }
  out += text;
  for (char c : text) outLine += c == '\n';
}

// One formula def -> the straight function text, each statement on its own line of the file when
// the statements allow it (forward statements, then the closure's body, then the return).
void rewriteOne(const Source& src, const Def& def, const Def& backward, std::string& out, size_t& outLine) {
  const auto stmts = def.statements();
  if (stmts.empty() || stmts[stmts.size() - 1].kind() != Kind::Return)
    throw CompileError("a formula must end with `return result, " + backward.name().name() + "`", def.range());
  Return ret(stmts[stmts.size() - 1].get());
  std::vector<std::string> returned;
  if (ret.expr().present()) returned = returnedTexts(ret.expr().value());
  if (returned.size() != 2 || returned[1] != backward.name().name())
    throw CompileError("a formula must end with `return result, " + backward.name().name() + "`", ret.range());
  const auto bstmts = backward.statements();
  if (bstmts.empty() || bstmts[bstmts.size() - 1].kind() != Kind::Return)
    throw CompileError("the backward closure must end with a return of one gradient per input", backward.range());
  for (size_t i = 0; i + 1 < bstmts.size(); ++i) {
    // An early return inside the closure cannot be inlined into the straight function.
    std::string text = stmtLines(src, bstmts[i], 0);
    if (std::regex_search(text, std::regex(R"((^|\n)\s*return\b)")))
      throw CompileError("the backward closure may return only in its last statement", bstmts[i].range());
  }
  Return bret(bstmts[bstmts.size() - 1].get());
  if (!bret.expr().present()) throw CompileError("the backward closure must return its gradients", bret.range());

  std::string header = "def " + def.name().name() + "(";
  bool firstParam = true;
  for (Param p : def.decl().params()) {
    header += (firstParam ? "" : ", ") + paramText(p);
    firstParam = false;
  }
  for (Param p : backward.decl().params()) {
    header += (firstParam ? "" : ", ") + paramText(p);
    firstParam = false;
  }
  header += "):\n";
  emitAt(out, outLine, src.lineOf(def.range().start()), header);
  size_t defIndex = 0;
  for (size_t i = 0; i < stmts.size(); ++i)
    if (stmts[i].get() == backward.get()) defIndex = i;
  // Forward statements before the closure, the closure's body, forward statements after it.
  for (size_t i = 0; i < defIndex; ++i) emitAt(out, outLine, src.lineOf(stmts[i].range().start()), stmtLines(src, stmts[i], 4));
  for (size_t i = 0; i + 1 < bstmts.size(); ++i)
    emitAt(out, outLine, src.lineOf(bstmts[i].range().start()), stmtLines(src, bstmts[i], 4));
  for (size_t i = defIndex + 1; i + 1 < stmts.size(); ++i)
    emitAt(out, outLine, src.lineOf(stmts[i].range().start()), stmtLines(src, stmts[i], 4));
  std::string last = "    return (" + returned[0] + ")";
  for (const std::string& g : returnedTexts(bret.expr().value())) last += ", " + g;
  emitAt(out, outLine, src.lineOf(bret.range().start()), last + "\n");
}

// A None constant's value (the gradient of an input without one).
bool isNoneValue(const Value* v) { return v->node()->kind() == prim::Constant && v->type()->kind() == TypeKind::None; }

}  // namespace

std::string rewriteFormulaSource(const std::string& source, const std::string& filename,
                                 std::vector<std::string>* formulaNames) {
  auto src = std::make_shared<Source>(source, filename);
  frontend::Module module = parseSource(src);
  std::string out;
  size_t outLine = 1;
  for (Stmt s : module.statements()) {
    if (s.kind() == Kind::Def) {
      Def def(s.get());
      if (auto backward = nestedDef(def)) {
        rewriteOne(*src, def, *backward, out, outLine);
        if (formulaNames) formulaNames->push_back(def.name().name());
        continue;
      }
    }
    emitAt(out, outLine, src->lineOf(s.range().start()), stmtLines(*src, s, 0));
  }
  return out + "\n";
}

void FormulaSet::load(const std::string& source, const std::string& filename) {
  std::vector<std::string> names;
  const std::string rewritten = rewriteFormulaSource(source, filename, &names);
  // The prelude goes after the file's text so that line numbers in errors are the file's own.
  const std::string full = rewritten + "\n" + preludeSource();
  std::shared_ptr<CompilationUnit> cu = compileFunctions(full, "", {}, filename);
  auto defRanges = std::make_shared<Source>(source, filename);
  for (const std::string& name : names) {
    Function* fn = cu->findFunction(name);
    if (!fn) throw CompileError("formula '" + name + "' did not compile", {});
    auto graph = fn->graph()->copy();
    inlineFunctionCalls(*graph, *cu);
    // Flatten `return (result, g1, g2...)` into graph outputs.
    Value* ret = graph->outputs().at(0);
    if (ret->node()->kind() != prim::TupleConstruct) throw CompileError("formula '" + name + "' must return a tuple", {});
    Node* tuple = ret->node();
    graph->eraseOutput(0);
    for (Value* v : tuple->inputs()) graph->registerOutput(v);
    lowerSimpleTuples(graph);
    eliminateDeadCode(graph);

    // The op: the name without a `_N` overload suffix; the overload: by the parameters' types.
    std::string base = name;
    std::smatch m;
    if (std::regex_match(name, m, std::regex(R"((.*[^_])_(\d+))")) && !ops::findOp("aten::" + name)) base = m[1];
    const ops::OpInfo* op = ops::findOp("aten::" + base);
    if (!op) throw CompileError("formula '" + name + "': no op aten::" + base + " in the op table", {});
    std::vector<TypePtr> argTypes;
    const size_t nargs = graph->inputs().size() - 1;
    for (size_t i = 0; i < nargs; ++i) argTypes.push_back(graph->inputs()[i]->type());
    const ops::OpOverload* ov = ops::resolveOverload(op->kind(), argTypes);
    if (!ov || ov->schema().arguments().size() != nargs) {
      std::string msg = "formula '" + name + "': no overload of " + op->name() + " takes these " +
                        std::to_string(nargs) + " parameters (the schemas:";
      for (const auto& o : op->overloads()) msg += "\n  " + o->schemaText();
      throw CompileError(msg + ")", {});
    }
    if (graph->outputs().size() != 1 + nargs)
      throw CompileError("formula '" + name + "': backward returns " + std::to_string(graph->outputs().size() - 1) +
                             " gradients for " + std::to_string(nargs) + " inputs",
                         {});
    const std::string key = ov->qualifiedName();
    if (byOverload_.count(key)) throw CompileError("formula '" + name + "': a second formula for " + key, {});
    auto f = std::make_unique<Formula>();
    f->name = name;
    f->overload = ov;
    f->graph = graph;
    f->file = filename;
    for (size_t i = 1; i < graph->outputs().size(); ++i)
      if (!isNoneValue(graph->outputs()[i]) && !graph->outputs()[i]->type()->isSubtypeOf(*TensorType::get()) &&
          graph->outputs()[i]->type()->kind() != TypeKind::Optional)
        throw CompileError("formula '" + name + "': gradient " + std::to_string(i - 1) + " is a " +
                               graph->outputs()[i]->type()->str() + ", not a Tensor or None",
                           {});
    byOverload_[key] = f.get();
    formulas_.push_back(std::move(f));
  }
}

const Formula* FormulaSet::find(const ops::OpOverload& overload) const { return find(overload.qualifiedName()); }

const Formula* FormulaSet::find(const std::string& qualifiedOverload) const {
  auto it = byOverload_.find(qualifiedOverload);
  if (it != byOverload_.end()) return it->second;
  return fallback_ ? fallback_->find(qualifiedOverload) : nullptr;
}

const FormulaSet& builtinFormulas() {
  static FormulaSet* set = [] {
    auto* s = new FormulaSet();
    const auto& sources = builtinFormulaSources();
    for (size_t i = 1; i < sources.size(); ++i) s->load(sources[i].second, sources[i].first);
    for (const auto& f : s->all()) f->overload->set(GradientFormula{f.get()});
    return s;
  }();
  return *set;
}

const std::string& preludeSource() { return builtinFormulaSources().at(0).second; }

}  // namespace tsjit::autodiff
