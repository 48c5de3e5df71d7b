// IRParser.cpp — recursive-descent parser for PyTorch's graph text (grammar in IRParser.h).
// Invariants: every error is a CompileError carrying the offending token's SourceRange; the
// parser never reads past the text (all peeks are bounds-checked) and bounds its recursion
// (kMaxBlockDepth, kMaxLiteralDepth, kMaxSubgraphDepth); scoping follows the verifier's rules,
// so a parsed graph verifies.
#include "jit/ir/IRParser.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "jit/ir/Graph.h"
#include "jit/ir/TensorText.h"
#include "jit/ir/Verifier.h"

namespace tsjit {

namespace {
constexpr size_t kMaxBlockDepth = 128;
constexpr size_t kMaxLiteralDepth = 64;
constexpr size_t kMaxSubgraphDepth = 16;

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return isIdentChar(c) || c == '.'; }
bool allDigits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}
}  // namespace

class IRParser {
 public:
  IRParser(std::string_view text, const std::string& filename, ClassRegistry* classes)
      : source_(std::make_shared<Source>(std::string(text), filename)),
        text_(source_->text()),
        classes_(classes ? classes : &ownClasses_) {}

  std::shared_ptr<Graph> parse() {
    reserveNumericIds();
    skipSpace();
    size_t start = pos_;
    if (!acceptKeyword("graph")) error(start, start + 1, "expected 'graph(' at the start of the IR");
    auto g = parseGraph(0);
    skipSpace();
    if (pos_ < text_.size()) {
      if (peekKeyword("with")) error(pos_, pos_ + 4, str("'with' section '", peekWithName(), "' matches no node"));
      error(pos_, pos_ + 1, "unexpected text after the graph's return");
    }
    try {
      verifyIfEnabled(*g, "the IR parser");
    } catch (const InternalError& e) {
      error(0, 5, str("the graph does not verify: ", e.what()));
    }
    return g;
  }

 private:
  using Scope = std::unordered_map<std::string, Value*>;

  struct GraphState {
    Graph* graph;
    std::unordered_set<std::string> defined;               // every name in this graph
    std::vector<Scope> scopes;                              // visible names, innermost last
    std::map<std::string, std::vector<Node*>> groupRefs;    // `prim::FusionGroup_0` -> nodes
  };

  // ---------------------------------------------------------------------------------------------
  // errors and low-level scanning

  [[noreturn]] void error(size_t start, size_t end, const std::string& message) const {
    if (end <= start) end = start + 1;
    throw CompileError(message, SourceRange(source_, start, end));
  }
  [[noreturn]] void errorHere(const std::string& message) const {
    error(pos_, pos_ + 1, pos_ >= text_.size() ? message + " (found end of input)" : message);
  }

  bool atEnd() const { return pos_ >= text_.size(); }
  char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }

  // Skips blanks, line breaks and `#` comments.
  void skipSpace() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  // After a node: a `# comment` on the same line is its source location.
  std::optional<std::string> trailingComment() {
    size_t p = pos_;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    if (p >= text_.size() || text_[p] != '#') return std::nullopt;
    size_t end = text_.find('\n', p);
    if (end == std::string::npos) end = text_.size();
    std::string body(text_.substr(p + 1, end - p - 1));
    pos_ = end;
    size_t b = body.find_first_not_of(' ');
    size_t e = body.find_last_not_of(" \t\r");
    if (b == std::string::npos) return std::nullopt;
    return body.substr(b, e - b + 1);
  }

  // `, scope: __module.a/__module.a.b` after a node's inputs (on the same line).
  std::optional<std::string> scopeSuffix() {
    size_t p = pos_;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    if (p >= text_.size() || text_[p] != ',') return std::nullopt;
    ++p;
    while (p < text_.size() && text_[p] == ' ') ++p;
    if (text_.compare(p, 6, "scope:") != 0) error(p, p + 1, "expected 'scope:' after ',' following a node's inputs");
    p += 6;
    while (p < text_.size() && text_[p] == ' ') ++p;
    size_t s = p;
    while (p < text_.size() && !std::isspace(static_cast<unsigned char>(text_[p]))) ++p;
    if (p == s) error(s, s + 1, "expected a scope name after 'scope:'");
    pos_ = p;
    return std::string(text_.substr(s, p - s));
  }

  bool accept(char c) {
    skipSpace();
    if (peek() == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c, const char* context) {
    if (!accept(c)) errorHere(str("expected '", c, "' ", context));
  }
  bool acceptArrow() {
    skipSpace();
    if (peek() == '-' && peek(1) == '>') {
      pos_ += 2;
      return true;
    }
    return false;
  }

  bool peekKeyword(std::string_view kw) const {
    return text_.compare(pos_, kw.size(), kw) == 0 && !isIdentChar(pos_ + kw.size() < text_.size() ? text_[pos_ + kw.size()] : '\0');
  }
  bool acceptKeyword(std::string_view kw) {
    skipSpace();
    if (!peekKeyword(kw)) return false;
    pos_ += kw.size();
    return true;
  }

  std::string identifier(const char* what) {
    skipSpace();
    size_t start = pos_;
    if (!isIdentStart(peek())) errorHere(str("expected ", what));
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  std::string peekWithName() const {
    size_t p = pos_ + 4;
    while (p < text_.size() && text_[p] == ' ') ++p;
    size_t s = p;
    while (p < text_.size() && (isIdentChar(text_[p]) || text_[p] == ':')) ++p;
    return std::string(text_.substr(s, p - s));
  }

  // Ids below every `%<number>` in the text are reserved, so named values never collide with them.
  void reserveNumericIds() {
    for (size_t p = 0; p < text_.size(); ++p) {
      if (text_[p] != '%') continue;
      size_t s = p + 1, e = s;
      while (e < text_.size() && isNameChar(text_[e])) ++e;
      std::string_view name = text_.substr(s, e - s);
      if (allDigits(name) && name.size() <= 9) {
        maxNumericId_ = std::max<size_t>(maxNumericId_, std::stoul(std::string(name)));
        sawNumericId_ = true;
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // graphs, blocks, nodes

  std::shared_ptr<Graph> parseGraph(size_t subgraphDepth) {
    if (subgraphDepth > kMaxSubgraphDepth) errorHere("subgraphs are nested too deeply");
    auto graph = std::make_shared<Graph>();
    if (sawNumericId_) graph->reserveValueIds(maxNumericId_);
    GraphState st{graph.get(), {}, {}, {}};
    st.scopes.emplace_back();
    expect('(', "after 'graph'");
    parseParams(st, graph->block(), "graph input");
    expect(':', "after the graph's inputs");
    parseStatements(st, graph->block(), 0);
    skipSpace();
    size_t retPos = pos_;
    if (!acceptKeyword("return")) {
      if (peekKeyword("->")) error(pos_, pos_ + 2, "'->' outside a block");
      errorHere("expected a node, or 'return' at the end of the graph");
    }
    expect('(', "after 'return'");
    for (Value* v : parseValueRefs(st, ')')) graph->registerOutput(v);
    (void)retPos;
    trailingComment();
    // with-sections defining the subgraphs of this graph's `kind_N` nodes
    while (true) {
      skipSpace();
      if (!peekKeyword("with")) break;
      size_t save = pos_;
      pos_ += 4;
      skipSpace();
      size_t nameStart = pos_;
      std::string name = qualifiedName("a group name after 'with'");
      auto it = st.groupRefs.find(name);
      if (it == st.groupRefs.end() || it->second.empty()) {
        pos_ = save;  // belongs to an enclosing graph (or to none: reported there)
        break;
      }
      expect('=', "after the group name");
      if (!acceptKeyword("graph")) errorHere("expected 'graph(' after 'with ... ='");
      auto sub = parseGraph(subgraphDepth + 1);
      size_t underscore = name.rfind('_');
      Symbol base = Symbol::fromQualString(name.substr(0, underscore));
      if (base == prim::If || base == prim::Loop || base == prim::Param || base == prim::Return ||
          base == prim::Constant)
        error(nameStart, nameStart + name.size(), str(base, " cannot hold a subgraph"));
      bool firstRef = true;
      for (Node* n : it->second) {
        n->kind_ = base;
        n->setAttr(attr::Subgraph, firstRef ? sub : sub->copy());
        firstRef = false;
      }
      st.groupRefs.erase(it);
    }
    return graph;
  }

  // `%a : T, %b : T` up to ')' — inputs of a graph or a block.
  void parseParams(GraphState& st, Block* block, const char* what) {
    if (accept(')')) return;
    while (true) {
      auto [name, start, end] = valueName();
      TypePtr type = parseTypeAnnotation();
      Value* v = block->addInput();
      nameValue(st, v, name, start, end);
      v->setType(type);
      st.scopes.back()[name] = v;
      if (accept(')')) return;
      if (!accept(',')) errorHere(str("expected ',' or ')' after a ", what));
    }
  }

  struct NameTok {
    std::string name;
    size_t start, end;
  };

  NameTok valueName() {
    skipSpace();
    size_t start = pos_;
    if (peek() != '%') errorHere("expected a value name starting with '%'");
    ++pos_;
    size_t s = pos_;
    while (pos_ < text_.size() && isNameChar(text_[pos_])) ++pos_;
    if (pos_ == s) error(start, start + 1, "expected a value name after '%'");
    std::string name(text_.substr(s, pos_ - s));
    if (allDigits(name)) {  // %007 is value 7
      if (name.size() > 9) error(start, pos_, str("value number %", name, " is too large"));
      name = std::to_string(std::stoul(name));
    }
    return {std::move(name), start, pos_};
  }

  void nameValue(GraphState& st, Value* v, const std::string& name, size_t start, size_t end) {
    if (!st.defined.insert(name).second) error(start, end, str("value %", name, " is already defined"));
    if (allDigits(name)) {
      if (name.size() > 9) error(start, end, str("value number %", name, " is too large"));
      v->setUnique(std::stoul(name));
    } else {
      v->setDebugName(name);
    }
  }

  TypePtr parseTypeAnnotation() {
    expect(':', "and a type after the value name");
    skipSpace();
    return parseTypeHere();
  }

  TypePtr parseTypeHere() {
    size_t start = pos_;
    if (atEnd()) errorHere("expected a type");
    try {
      size_t p = pos_;
      TypePtr t = parseTypeAt(text_, p, classes_);
      if (!t || p == start) errorHere("expected a type");
      pos_ = p;
      return t;
    } catch (const CompileError& e) {
      if (e.range().valid()) throw;
      // The type parser reports "... at offset N ..."; point at that offset.
      size_t at = start;
      std::string msg = e.message();
      size_t k = msg.find(" at offset ");
      if (k != std::string::npos) {
        at = std::strtoull(msg.c_str() + k + 11, nullptr, 10);
        if (at < start || at > text_.size()) at = start;
        msg = msg.substr(0, k);
      }
      error(start, std::max(at, start) + 1, "bad type: " + msg);
    } catch (const std::exception& e) {
      error(start, start + 1, str("bad type: ", e.what()));
    }
  }

  std::string qualifiedName(const char* what) {
    skipSpace();
    size_t start = pos_;
    if (!isIdentStart(peek())) errorHere(str("expected ", what));
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    if (!(peek() == ':' && peek(1) == ':'))
      error(start, pos_, str("expected a qualified name such as aten::add (", what, ")"));
    pos_ += 2;
    size_t nameStart = pos_;
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    if (pos_ == nameStart) error(start, pos_, str("expected a name after '::' (", what, ")"));
    return std::string(text_.substr(start, pos_ - start));
  }

  Value* lookup(GraphState& st, const NameTok& tok) {
    for (auto it = st.scopes.rbegin(); it != st.scopes.rend(); ++it) {
      auto found = it->find(tok.name);
      if (found != it->end()) return found->second;
    }
    if (st.defined.count(tok.name))
      error(tok.start, tok.end, str("value %", tok.name, " is not visible here (defined in another block or later)"));
    error(tok.start, tok.end, str("undefined value %", tok.name));
  }

  std::vector<Value*> parseValueRefs(GraphState& st, char close) {
    std::vector<Value*> out;
    if (accept(close)) return out;
    while (true) {
      out.push_back(lookup(st, valueName()));
      if (accept(close)) return out;
      if (!accept(',')) errorHere(str("expected ',' or '", close, "' in a value list"));
    }
  }

  void parseStatements(GraphState& st, Block* block, size_t depth) {
    while (true) {
      skipSpace();
      char c = peek();
      if (c == '%' || c == '=') {
        parseNode(st, block, depth);
      } else {
        return;
      }
    }
  }

  void parseNode(GraphState& st, Block* block, size_t depth) {
    std::vector<std::pair<NameTok, TypePtr>> outs;
    skipSpace();
    if (peek() == '%') {
      while (true) {
        NameTok name = valueName();
        TypePtr type = parseTypeAnnotation();
        outs.emplace_back(std::move(name), std::move(type));
        if (accept('=')) break;
        if (!accept(',')) errorHere("expected ',' or '=' after a node output");
      }
    } else {
      expect('=', "at the start of a node without outputs");
    }
    skipSpace();
    size_t kindStart = pos_;
    std::string kindText = qualifiedName("a node kind");
    size_t kindEnd = pos_;
    Node* n = st.graph->create(Symbol::fromQualString(kindText), 0);
    block->appendNode(n);
    for (auto& [name, type] : outs) {
      Value* v = n->addOutput();
      nameValue(st, v, name.name, name.start, name.end);
      v->setType(type);
    }
    skipSpace();
    if (peek() == '[') parseAttributes(n);
    expect('(', str("after the node kind ", kindText).c_str());
    for (Value* v : parseValueRefs(st, ')')) n->addInput(v);
    n->setScope(scopeSuffix());
    n->setSourceLocation(trailingComment());
    refineTensorConstant(n);
    recordGroupReference(st, n, kindText);
    // sub-blocks
    size_t index = 0;
    while (true) {
      skipSpace();
      if (!peekKeyword("block" + std::to_string(index))) {
        if (text_.compare(pos_, 5, "block") == 0 && pos_ + 5 < text_.size() &&
            std::isdigit(static_cast<unsigned char>(text_[pos_ + 5])))
          errorHere(str("expected block", index, " (blocks are numbered from 0 in order)"));
        break;
      }
      if (depth + 1 > kMaxBlockDepth) errorHere("blocks are nested too deeply");
      pos_ += 5 + std::to_string(index).size();
      Block* b = n->addBlock();
      st.scopes.emplace_back();
      expect('(', "after the block label");
      parseParams(st, b, "block input");
      expect(':', "after the block's inputs");
      parseStatements(st, b, depth + 1);
      if (!acceptArrow()) {
        skipSpace();
        if (peekKeyword("return")) error(pos_, pos_ + 6, "'return' inside a block (expected '-> (...)')");
        errorHere("expected a node or '-> (...)' ending the block");
      }
      expect('(', "after '->'");
      for (Value* v : parseValueRefs(st, ')')) b->registerOutput(v);
      trailingComment();
      st.scopes.pop_back();
      ++index;
    }
    checkStructure(n, kindStart, kindEnd);
    for (size_t i = 0; i < outs.size(); ++i) st.scopes.back()[outs[i].first.name] = n->output(i);
  }

  // `%c : Double(...) = prim::Constant[value={2}]()`: the tensor's dtype is the output's. 1.13
  // prints every one-element tensor as `{v}`: `Long(1, 1, ...)` gives it its shape (then it is a
  // tensor, not a wrapped number, in type promotion).
  static void refineTensorConstant(Node* n) {
    if (n->kind() != prim::Constant || n->numOutputs() != 1 || !n->hasAttribute(attr::value) ||
        n->kindOfAttribute(attr::value) != AttributeKind::t)
      return;
    const auto* tt = n->output()->type()->cast<TensorType>();
    if (!tt || !tt->dtype()) return;
    TensorConstant t = n->t(attr::value);
    t.dtype = *tt->dtype();
    if (!t.opaque && t.sizes.empty() && t.values.size() == 1 && tt->sizes() && !tt->sizes()->empty()) {
      std::vector<int64_t> sizes;
      for (const auto& d : *tt->sizes())
        if (d && *d == 1) sizes.push_back(1);
      if (sizes.size() == tt->sizes()->size()) {
        t.sizes = std::move(sizes);
        t.wrappedNumber = false;
      }
    }
    n->t_(attr::value, std::move(t));
  }

  void recordGroupReference(GraphState& st, Node* n, const std::string& kindText) {
    size_t underscore = kindText.rfind('_');
    size_t sep = kindText.find("::");
    if (underscore == std::string::npos || underscore < sep + 3) return;
    if (!allDigits(std::string_view(kindText).substr(underscore + 1))) return;
    st.groupRefs[kindText].push_back(n);
  }

  void checkStructure(const Node* n, size_t start, size_t end) {
    if (n->kind() == prim::If) {
      if (n->numInputs() != 1) error(start, end, str("prim::If takes 1 input (the condition), got ", n->numInputs()));
      if (n->blocks().size() != 2) error(start, end, str("prim::If needs block0 and block1, got ", n->blocks().size(), " blocks"));
      for (size_t b = 0; b < 2; ++b) {
        if (!n->blocks()[b]->inputs().empty()) error(start, end, str("block", b, " of prim::If must not have inputs"));
        if (n->blocks()[b]->outputs().size() != n->numOutputs())
          error(start, end, str("block", b, " of prim::If returns ", n->blocks()[b]->outputs().size(),
                                " values but the If has ", n->numOutputs(), " outputs"));
      }
    } else if (n->kind() == prim::Loop) {
      if (n->numInputs() < 2) error(start, end, "prim::Loop takes a max trip count, a condition and the carried values");
      if (n->blocks().size() != 1) error(start, end, str("prim::Loop needs exactly block0, got ", n->blocks().size(), " blocks"));
      size_t carried = n->numInputs() - 2;
      const Block* body = n->blocks()[0];
      if (body->inputs().size() != carried + 1)
        error(start, end, str("prim::Loop's block0 takes ", body->inputs().size(), " inputs, expected ", carried + 1,
                              " (iteration counter + ", carried, " carried)"));
      if (body->outputs().size() != carried + 1)
        error(start, end, str("prim::Loop's block0 returns ", body->outputs().size(), " values, expected ", carried + 1,
                              " (condition + ", carried, " carried)"));
      if (n->numOutputs() != carried)
        error(start, end, str("prim::Loop has ", n->numOutputs(), " outputs, expected ", carried, " (one per carried value)"));
    } else if (n->kind() == prim::Param || n->kind() == prim::Return) {
      error(start, end, str(n->kind(), " cannot appear as a node"));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // attributes

  void parseAttributes(Node* n) {
    expect('[', "");
    if (accept(']')) return;
    while (true) {
      skipSpace();
      size_t start = pos_;
      std::string name = identifier("an attribute name");
      Symbol sym = Symbol::attr(name);
      if (n->hasAttribute(sym)) error(start, pos_, str("attribute '", name, "' given twice"));
      expect('=', str("after the attribute name '", name, "'").c_str());
      n->setAttr(sym, parseAttributeValue());
      if (accept(']')) return;
      if (!accept(',')) errorHere("expected ',' or ']' after an attribute value");
    }
  }

  std::string parseString() {
    size_t start = pos_;
    ++pos_;  // opening quote
    std::string out;
    while (true) {
      if (atEnd() || text_[pos_] == '\n') error(start, pos_, "unterminated string");
      char c = text_[pos_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (atEnd()) error(start, pos_, "unterminated string");
      char e = text_[pos_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        default:
          if (e >= '0' && e <= '7') {
            int value = e - '0';
            for (int k = 0; k < 2 && pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '7'; ++k)
              value = value * 8 + (text_[pos_++] - '0');
            if (value > 255) error(pos_ - 4, pos_, "octal escape out of range");
            out += static_cast<char>(value);
          } else {
            error(pos_ - 2, pos_, str("unknown escape sequence '\\", e, "' in string"));
          }
      }
    }
  }

  bool atNumber() const {
    char c = peek();
    if (std::isdigit(static_cast<unsigned char>(c))) return true;
    if (c == '-' || c == '+')
      return std::isdigit(static_cast<unsigned char>(peek(1))) || text_.compare(pos_ + 1, 3, "inf") == 0 ||
             text_.compare(pos_ + 1, 3, "nan") == 0;
    return peekKeyword("inf") || peekKeyword("nan");
  }

  // An int (returned as int64) or a double.
  // imaginary: the number must end in 'j' (a complex constant's second part), which is skipped.
  std::variant<int64_t, double> parseNumber(bool imaginary = false) {
    size_t start = pos_;
    size_t p = pos_;
    if (text_[p] == '-' || text_[p] == '+') ++p;
    bool isFloat = false;
    if (text_.compare(p, 3, "inf") == 0 || text_.compare(p, 3, "nan") == 0) {
      p += 3;
      isFloat = true;
    } else {
      while (p < text_.size() && std::isdigit(static_cast<unsigned char>(text_[p]))) ++p;
      if (p < text_.size() && text_[p] == '.') {
        isFloat = true;
        ++p;
        while (p < text_.size() && std::isdigit(static_cast<unsigned char>(text_[p]))) ++p;
      }
      if (p < text_.size() && (text_[p] == 'e' || text_[p] == 'E')) {
        isFloat = true;
        ++p;
        if (p < text_.size() && (text_[p] == '-' || text_[p] == '+')) ++p;
        size_t digits = p;
        while (p < text_.size() && std::isdigit(static_cast<unsigned char>(text_[p]))) ++p;
        if (digits == p) error(start, p, "malformed number (exponent without digits)");
      }
    }
    const size_t end = p;
    if (imaginary) {
      if (p >= text_.size() || text_[p] != 'j') error(start, p, "malformed complex constant (expected 'j')");
      ++p;
    }
    if (p < text_.size() && isIdentChar(text_[p])) error(start, p + 1, "malformed number");
    std::string tok(text_.substr(start, end - start));
    pos_ = p;
    errno = 0;
    if (isFloat) {
      double d = std::strtod(tok.c_str(), nullptr);
      return d;
    }
    char* endp = nullptr;
    long long v = std::strtoll(tok.c_str(), &endp, 10);
    if (errno == ERANGE) error(start, p, str("integer ", tok, " is out of range"));
    return static_cast<int64_t>(v);
  }

  Literal parseLiteral(size_t depth) {
    if (depth > kMaxLiteralDepth) errorHere("constant is nested too deeply");
    skipSpace();
    char c = peek();
    if (c == '"') return Literal{parseString()};
    if (atNumber()) {
      auto num = parseNumber();
      if (peek() == '+' || peek() == '-') {  // a complex: 0.+2.j, -2.5-nanj (both parts printed, 1.13's form)
        auto asDouble = [](const std::variant<int64_t, double>& n) {
          return std::holds_alternative<double>(n) ? std::get<double>(n) : static_cast<double>(std::get<int64_t>(n));
        };
        return Literal{std::complex<double>(asDouble(num), asDouble(parseNumber(/*imaginary=*/true)))};
      }
      if (auto* i = std::get_if<int64_t>(&num)) return Literal{*i};
      return Literal{std::get<double>(num)};
    }
    if (acceptKeyword("None")) return Literal{Literal::None{}};
    if (peekKeyword("annotate")) {  // annotate(List[int], [])
      size_t start = pos_;
      pos_ += 8;
      expect('(', "after 'annotate'");
      skipSpace();
      TypePtr type = parseTypeHere();
      expect(',', "after the type in annotate(...)");
      Literal inner = parseLiteral(depth + 1);
      expect(')', "closing annotate(...)");
      if (auto* l = std::get_if<Literal::List>(&inner.v)) l->annotation = type;
      else if (auto* d = std::get_if<Literal::Dict>(&inner.v)) d->annotation = type;
      else error(start, pos_, "annotate(...) needs a list or dict constant");
      return inner;
    }
    if (acceptKeyword("True")) return Literal{true};
    if (acceptKeyword("False")) return Literal{false};
    if (c == '(') {
      ++pos_;
      Literal::Tuple t;
      if (accept(')')) return Literal{t};
      while (true) {
        t.elems.push_back(parseLiteral(depth + 1));
        if (accept(')')) return Literal{t};
        if (!accept(',')) errorHere("expected ',' or ')' in a tuple constant");
        if (accept(')')) return Literal{t};  // (x,)
      }
    }
    if (c == '[') {
      ++pos_;
      Literal::List l;
      if (accept(']')) return Literal{l};
      while (true) {
        l.elems.push_back(parseLiteral(depth + 1));
        if (accept(']')) return Literal{l};
        if (!accept(',')) errorHere("expected ',' or ']' in a list constant");
      }
    }
    if (c == '{') {
      ++pos_;
      Literal::Dict d;
      if (accept('}')) return Literal{d};
      while (true) {
        Literal k = parseLiteral(depth + 1);
        expect(':', "between a dict key and its value");
        d.keys.push_back(std::move(k));
        d.values.push_back(parseLiteral(depth + 1));
        if (accept('}')) return Literal{d};
        if (!accept(',')) errorHere("expected ',' or '}' in a dict constant");
      }
    }
    errorHere("expected a constant (number, string, None, True, False, tuple, list or dict)");
  }

  AttributeValue parseAttributeValue() {
    skipSpace();
    char c = peek();
    if (c == '"') return parseString();
    if (looksLikeTensorText(text_, pos_)) {  // ` 1  0 [ CPULongType{2} ]`: 1.13's text of a small tensor
      try {
        return parseTensorText(text_, pos_);
      } catch (const TensorTextError& e) {
        error(e.start, std::max(e.end, e.start + 1), e.message);
      }
    }
    if (atNumber()) {  // an int, a double, or a complex constant (0.5-1.5j) kept as a literal (ival)
      Literal number = parseLiteral(0);
      if (auto* i = std::get_if<int64_t>(&number.v)) return *i;
      if (auto* d = std::get_if<double>(&number.v)) return *d;
      return number;
    }
    if (c == '<') {
      if (text_.compare(pos_, 8, "<Tensor>") == 0) {
        pos_ += 8;
        TensorConstant t;
        t.opaque = true;
        return t;
      }
      if (text_.compare(pos_, 7, "<Graph>") == 0) {
        pos_ += 7;
        return std::make_shared<Graph>();
      }
      errorHere("unknown attribute value (expected <Tensor> or <Graph>)");
    }
    if (c == '[') return parseListAttribute();
    if (c == '{') {  // `{2}` / `{0.5}`: a one-element tensor; otherwise a dict constant
      size_t start = pos_;
      ++pos_;
      skipSpace();
      if (atNumber()) {
        auto num = parseNumber();
        if (accept('}')) {
          if (auto* i = std::get_if<int64_t>(&num)) return TensorConstant::scalar(ScalarType::Int64, double(*i));
          return TensorConstant::scalar(ScalarType::Double, std::get<double>(num));
        }
      }
      pos_ = start;
      return parseLiteral(0);
    }
    if (c == '(' || peekKeyword("None") || peekKeyword("True") || peekKeyword("False") || peekKeyword("annotate"))
      return parseLiteral(0);
    if (isIdentStart(c)) return parseTypeHere();
    errorHere("unknown attribute value syntax");
  }

  AttributeValue parseListAttribute() {
    size_t start = pos_;
    ++pos_;  // '['
    skipSpace();
    if (accept(']')) return std::vector<int64_t>{};
    if (text_.compare(pos_, 9, "<Tensors>") == 0) {
      pos_ += 9;
      expect(']', "after <Tensors>");
      return std::vector<TensorConstant>{};
    }
    if (text_.compare(pos_, 8, "<Graphs>") == 0) {
      pos_ += 8;
      expect(']', "after <Graphs>");
      return std::vector<GraphPtr>{};
    }
    if (peek() == '"') {
      std::vector<std::string> out;
      while (true) {
        skipSpace();
        if (peek() != '"') errorHere("expected a string in a string list");
        out.push_back(parseString());
        if (accept(']')) return out;
        if (!accept(',')) errorHere("expected ',' or ']' in a list");
      }
    }
    if (atNumber()) {
      std::vector<std::variant<int64_t, double>> nums;
      bool anyFloat = false;
      while (true) {
        skipSpace();
        if (!atNumber()) errorHere("expected a number in a number list");
        nums.push_back(parseNumber());
        anyFloat |= std::holds_alternative<double>(nums.back());
        if (accept(']')) break;
        if (!accept(',')) errorHere("expected ',' or ']' in a list");
      }
      if (!anyFloat) {
        std::vector<int64_t> out;
        for (auto& v : nums) out.push_back(std::get<int64_t>(v));
        return out;
      }
      std::vector<double> out;
      for (auto& v : nums) out.push_back(std::holds_alternative<double>(v) ? std::get<double>(v) : double(std::get<int64_t>(v)));
      return out;
    }
    if (peek() == '(' || peekKeyword("None") || peekKeyword("True") || peekKeyword("False") || peek() == '[' || peek() == '{') {
      pos_ = start;
      return parseLiteral(0);
    }
    std::vector<TypePtr> types;
    while (true) {
      skipSpace();
      types.push_back(parseTypeHere());
      if (accept(']')) return types;
      if (!accept(',')) errorHere("expected ',' or ']' in a type list");
    }
  }

  std::shared_ptr<const Source> source_;
  std::string_view text_;
  ClassRegistry ownClasses_;
  ClassRegistry* classes_;
  size_t pos_ = 0;
  size_t maxNumericId_ = 0;
  bool sawNumericId_ = false;
};

std::shared_ptr<Graph> parseIR(std::string_view text, const std::string& filename, ClassRegistry* classes) {
  IRParser parser(text, filename, classes);
  return parser.parse();
}

}  // namespace tsjit
