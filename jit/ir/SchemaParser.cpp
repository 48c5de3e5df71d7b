// SchemaParser.cpp — recursive-descent parser for schema strings (grammar in SchemaParser.h).
//
// Works on the raw characters with one position; every error is a CompileError with a SourceRange
// at the current position. Invariants that keep it total on arbitrary input: recursion depth is
// bounded (kMaxDepth), fixed list sizes are bounded (kMaxFixedSize, since a scalar default expands
// to N elements), numbers are range-checked, and every loop consumes input or exits.
#include "jit/ir/SchemaParser.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <memory>

#include "jit/support/Error.h"

namespace tsjit {
namespace {

constexpr int kMaxDepth = 64;
constexpr int64_t kMaxFixedSize = 1024;

bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Integer values of the enum identifiers PyTorch's schemas may use as defaults.
const std::pair<const char*, int64_t> kEnumDefaults[] = {
    // ScalarType
    {"uint8", 0}, {"int8", 1}, {"int16", 2}, {"short", 2}, {"int32", 3}, {"long", 4}, {"int64", 4},
    {"half", 5}, {"float16", 5}, {"float32", 6}, {"double", 7}, {"float64", 7}, {"complex32", 8},
    {"cfloat", 9}, {"complex64", 9}, {"cdouble", 10}, {"complex128", 10}, {"bfloat16", 15},
    // Layout
    {"strided", 0}, {"sparse_coo", 1},
    // MemoryFormat
    {"contiguous_format", 0}, {"preserve_format", 1}, {"channels_last", 2}, {"channels_last_3d", 3},
    // QScheme
    {"per_tensor_affine", 0}, {"per_channel_affine", 1}, {"per_tensor_symmetric", 2},
    {"per_channel_symmetric", 3},
    // at::Reduction
    {"Mean", 1}, {"Sum", 2},
};

class SchemaParser {
 public:
  SchemaParser(std::string_view text, ClassRegistry* registry, const std::string& filename)
      : src_(std::make_shared<const Source>(std::string(text), filename)), text_(src_->text()),
        registry_(registry) {}

  FunctionSchema parseWhole() {
    skipSpace();
    auto [name, overload] = parseName();
    expect('(', "'(' to open the argument list");
    std::vector<Argument> args;
    bool vararg = false, kwargOnly = false;
    skipSpace();
    if (!accept(')')) {
      while (true) {
        skipSpace();
        size_t at = pos_;
        if (vararg) fail("'...' must be the last argument", at);
        if (acceptStr("...")) {
          vararg = true;
        } else if (accept('*')) {
          if (kwargOnly) fail("'*' may appear only once in an argument list", at);
          kwargOnly = true;
          skipSpace();
          if (peek() == ')') fail("'*' must be followed by keyword-only arguments", pos_);
        } else {
          args.push_back(parseArgument(/*isReturn=*/false, kwargOnly));
        }
        skipSpace();
        if (accept(')')) break;
        expect(',', "',' or ')' in the argument list");
      }
    }
    skipSpace();
    if (!acceptStr("->")) fail("expected '->' after the argument list", pos_);
    skipSpace();
    std::vector<Argument> rets;
    bool varret = false;
    if (acceptStr("...")) {
      varret = true;
    } else if (accept('(')) {
      skipSpace();
      if (!accept(')')) {
        while (true) {
          skipSpace();
          size_t at = pos_;
          if (varret) fail("'...' must be the last return", at);
          if (acceptStr("..."))
            varret = true;
          else
            rets.push_back(parseArgument(/*isReturn=*/true, false));
          skipSpace();
          if (accept(')')) break;
          expect(',', "',' or ')' in the return list");
        }
      }
    } else {
      rets.push_back(parseArgument(/*isReturn=*/true, false));
    }
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected text after the schema", pos_);
    return FunctionSchema(std::move(name), std::move(overload), std::move(args), std::move(rets), vararg, varret);
  }

  DeclaredType parseWholeType() {
    DeclaredType t = parseType(0);
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected text after the type", pos_);
    return t;
  }

 private:
  // ---- characters ----
  [[noreturn]] void fail(const std::string& message, size_t at) const {
    throw CompileError(message, SourceRange(src_, at, at + 1));
  }
  char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool atEnd() const { return pos_ >= text_.size(); }
  void skipSpace() {
    while (!atEnd() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool accept(char c) {
    if (peek() == c && !atEnd()) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool acceptStr(std::string_view s) {
    if (text_.compare(pos_, s.size(), s) == 0 && pos_ + s.size() <= text_.size()) {
      pos_ += s.size();
      return true;
    }
    return false;
  }
  std::string describeHere() const {
    if (atEnd()) return "end of input";
    return "'" + std::string(1, text_[pos_]) + "'";
  }
  void expect(char c, const char* what) {
    skipSpace();
    if (!accept(c)) fail(str("expected ", what, " but found ", describeHere()), pos_);
  }
  // [A-Za-z_][A-Za-z0-9_]*, or empty if none here.
  std::string_view identifier() {
    size_t start = pos_;
    if (!isIdentStart(peek())) return {};
    while (isIdentChar(peek()) && !atEnd()) ++pos_;
    return std::string_view(text_).substr(start, pos_ - start);
  }
  // An identifier that is exactly `word` (not a prefix of a longer one).
  bool acceptWord(std::string_view word) {
    size_t save = pos_;
    if (identifier() == word) return true;
    pos_ = save;
    return false;
  }

  // ---- names ----
  std::pair<std::string, std::string> parseName() {
    size_t at = pos_;
    std::string name(identifier());
    if (name.empty()) fail(str("expected an operator name but found ", describeHere()), at);
    if (acceptStr("::")) {
      size_t at2 = pos_;
      std::string_view rest = identifier();
      if (rest.empty()) fail("expected a name after '::'", at2);
      name += "::";
      name += rest;
    }
    std::string overload;
    if (accept('.')) {
      size_t at3 = pos_;
      overload = identifier();
      if (overload.empty()) fail("expected an overload name after '.'", at3);
    }
    return {std::move(name), std::move(overload)};
  }

  // ---- arguments ----
  Argument parseArgument(bool isReturn, bool kwargOnly) {
    Argument arg;
    arg.kwargOnly = kwargOnly;
    arg.declared = parseType(0);
    skipSpace();
    size_t at = pos_;
    arg.name = std::string(identifier());
    if (arg.name.empty() && !isReturn) fail(str("expected an argument name but found ", describeHere()), at);
    skipSpace();
    if (peek() == '=') {
      if (isReturn) fail("a return cannot have a default value", pos_);
      ++pos_;
      skipSpace();
      arg.defaultValue = parseDefault(arg.declared);
    }
    return arg;
  }

  // ---- types ----
  DeclaredType parseType(int depth) {
    if (depth > kMaxDepth) fail("type is nested too deeply", pos_);
    skipSpace();
    DeclaredType t = parseBaseType(depth);
    while (true) {
      // Postfixes must follow the type directly (`int[]`, `Tensor?`, `Tensor(a)`), as PyTorch writes them.
      size_t at = pos_;
      if (accept('[')) {
        skipSpace();
        DeclaredType list;
        list.form = DeclaredType::Form::List;
        if (isDigit(peek())) {
          size_t numAt = pos_;
          int64_t n = 0;
          auto res = std::from_chars(text_.data() + pos_, text_.data() + text_.size(), n);
          pos_ = static_cast<size_t>(res.ptr - text_.data());
          if (res.ec != std::errc() || n > kMaxFixedSize) fail(str("list size must be at most ", kMaxFixedSize), numAt);
          if (n == 0) fail("list size must be positive", numAt);
          list.fixedSize = n;
          skipSpace();
        }
        if (!accept(']')) fail(str("expected a list size or ']' but found ", describeHere()), pos_);
        list.type = ListType::create(t.type);
        list.elems.push_back(std::move(t));
        t = std::move(list);
      } else if (accept('?')) {
        DeclaredType opt;
        opt.form = DeclaredType::Form::Optional;
        opt.type = OptionalType::create(t.type);
        opt.elems.push_back(std::move(t));
        t = std::move(opt);
      } else if (peek() == '(') {
        if (t.alias) fail("a type can carry only one alias annotation", at);
        t.alias = parseAlias();
      } else {
        return t;
      }
    }
  }

  DeclaredType parseBaseType(int depth) {
    DeclaredType t;
    size_t at = pos_;
    if (accept('(')) {
      t.form = DeclaredType::Form::Tuple;
      std::vector<TypePtr> elems;
      skipSpace();
      if (!accept(')')) {
        while (true) {
          t.elems.push_back(parseType(depth + 1));
          elems.push_back(t.elems.back().type);
          skipSpace();
          if (accept(')')) break;
          expect(',', "',' or ')' in a tuple type");
        }
      }
      t.type = TupleType::create(std::move(elems));
      return t;
    }
    std::string name(identifier());
    // Class names are dotted: __torch__.foo.Bar
    while (!name.empty() && peek() == '.' && isIdentStart(peek(1))) {
      ++pos_;
      name += ".";
      name += identifier();
    }
    if (name.empty()) fail(str("expected a type but found ", describeHere()), at);
    if (name == "Dict" && peek() == '(') {
      ++pos_;
      t.form = DeclaredType::Form::Dict;
      t.elems.push_back(parseType(depth + 1));
      expect(',', "',' between the key and value types of Dict");
      t.elems.push_back(parseType(depth + 1));
      expect(')', "')' to close Dict(");
      t.type = DictType::create(t.elems[0].type, t.elems[1].type);
      return t;
    }
    if (name == "Future" && peek() == '(') {
      ++pos_;
      t.form = DeclaredType::Form::Future;
      t.elems.push_back(parseType(depth + 1));
      expect(')', "')' to close Future(");
      t.type = FutureType::create(t.elems[0].type);
      return t;
    }
    t.form = DeclaredType::Form::Name;
    t.type = namedType(name, at);
    t.name = std::move(name);
    return t;
  }

  TypePtr namedType(const std::string& name, size_t at) {
    if (name == "Tensor") return TensorType::get();
    if (name == "int" || name == "SymInt" || name == "ScalarType" || name == "Layout" || name == "MemoryFormat" ||
        name == "QScheme")
      return IntType::get();
    if (name == "float") return FloatType::get();
    if (name == "bool") return BoolType::get();
    if (name == "str" || name == "Dimname") return StringType::get();
    if (name == "complex") return ComplexType::get();
    if (name == "Scalar") return NumberType::get();
    if (name == "Device") return DeviceObjType::get();
    if (name == "Generator") return GeneratorType::get();
    if (name == "NoneType") return NoneType::get();
    // No dedicated types in tsjit (yet): enums, storages and streams match anything.
    if (name == "Any" || name == "AnyEnumType" || name == "Storage" || name == "Stream") return AnyType::get();
    if (name.find('.') != std::string::npos) {
      if (!registry_) fail("class type '" + name + "' cannot be resolved here", at);
      return registry_->getOrCreate(name);
    }
    // PyTorch reads lower-case names that are not types as type variables (t, t1, tVal...).
    if (name[0] >= 'a' && name[0] <= 'z') return VarType::create(name);
    fail("unknown type '" + name + "'", at);
  }

  AliasInfo parseAlias() {
    size_t open = pos_;
    ++pos_;  // '('
    AliasInfo info;
    auto parseSets = [&](std::vector<std::string>& sets) {
      while (true) {
        skipSpace();
        size_t at = pos_;
        if (accept('*')) {
          sets.emplace_back("*");
        } else {
          std::string_view id = identifier();
          if (id.empty()) fail(str("expected an alias set name or '*' but found ", describeHere()), at);
          sets.emplace_back(id);
        }
        skipSpace();
        if (!accept('|')) return;
      }
    };
    parseSets(info.beforeSets);
    if (accept('!')) info.isWrite = true;
    skipSpace();
    if (acceptStr("->")) {
      parseSets(info.afterSets);
    } else {
      info.afterSets = info.beforeSets;
    }
    skipSpace();
    if (!accept(')')) fail(str("expected ')' to close the alias annotation opened at column ",
                               src_->columnOf(open), " but found ", describeHere()), pos_);
    return info;
  }

  // ---- default values ----
  DefaultValue parseDefault(const DeclaredType& declared) {
    if (acceptWord("None")) return std::monostate{};
    const DeclaredType& base = declared.unwrapOptional();
    if (base.form == DeclaredType::Form::List) {
      const TypePtr& elem = base.elems.at(0).type;
      TypeKind k = elem->kind();
      if (k != TypeKind::Int && k != TypeKind::Float && k != TypeKind::Bool && k != TypeKind::Str)
        fail(str("list defaults of ", base.elems[0].str(), " are not supported"), pos_);
      if (peek() != '[') {
        if (!base.fixedSize) fail(str("expected a list default for type ", declared.str()), pos_);
        // `int[2] stride=1` means [1, 1].
        DefaultValue single = parseScalar(*elem, base.elems[0]);
        return repeat(single, static_cast<size_t>(*base.fixedSize), pos_);
      }
      return parseList(*elem, base.elems[0]);
    }
    return parseScalar(*base.type, base);
  }

  DefaultValue repeat(const DefaultValue& v, size_t n, size_t at) {
    if (auto* i = std::get_if<int64_t>(&v)) return std::vector<int64_t>(n, *i);
    if (auto* d = std::get_if<double>(&v)) return std::vector<double>(n, *d);
    if (auto* b = std::get_if<bool>(&v)) return std::vector<bool>(n, *b);
    if (auto* s = std::get_if<std::string>(&v)) return std::vector<std::string>(n, *s);
    fail("this default cannot be repeated to fill a fixed-size list", at);
  }

  DefaultValue parseList(const Type& elem, const DeclaredType& elemDecl) {
    size_t open = pos_;
    ++pos_;  // '['
    std::vector<DefaultValue> items;
    skipSpace();
    if (!accept(']')) {
      while (true) {
        skipSpace();
        if (items.size() >= static_cast<size_t>(kMaxFixedSize)) fail("list default is too long", pos_);
        items.push_back(parseScalar(elem, elemDecl));
        skipSpace();
        if (accept(']')) break;
        expect(',', "',' or ']' in a list default");
      }
    }
    auto collect = [&](auto tag) {
      using T = decltype(tag);
      std::vector<T> out;
      for (auto& item : items) {
        auto* v = std::get_if<T>(&item);
        if (!v) fail(str("list defaults of ", elemDecl.str(), " must be plain literals"), open);
        out.push_back(*v);
      }
      return DefaultValue(std::move(out));
    };
    switch (elem.kind()) {
      case TypeKind::Int: return collect(int64_t{});
      case TypeKind::Float: return collect(double{});
      case TypeKind::Bool: return collect(bool{});
      case TypeKind::Str: return collect(std::string{});
      default:
        fail(str("list defaults of ", elemDecl.str(), " are not supported"), open);
    }
  }

  // A literal of type `t`: numbers, True/False, strings, enum identifiers.
  DefaultValue parseScalar(const Type& t, const DeclaredType& decl) {
    size_t at = pos_;
    switch (t.kind()) {
      case TypeKind::Int: {
        if (isIdentStart(peek())) {
          std::string_view id = identifier();
          for (const auto& [name, value] : kEnumDefaults)
            if (id == name) return EnumDefault{std::string(id), value};
          fail(str("unknown default value '", id, "' for type ", decl.str()), at);
        }
        DefaultValue v = parseNumber();
        if (!std::holds_alternative<int64_t>(v)) fail(str("expected an integer default for type ", decl.str()), at);
        return v;
      }
      case TypeKind::Float: {
        if (acceptWord("inf")) return std::numeric_limits<double>::infinity();
        if (acceptWord("nan")) return std::numeric_limits<double>::quiet_NaN();
        if (peek() == '-' && text_.compare(pos_ + 1, 3, "inf") == 0 && !isIdentChar(peek(4))) {
          pos_ += 4;
          return -std::numeric_limits<double>::infinity();
        }
        DefaultValue v = parseNumber();
        if (auto* i = std::get_if<int64_t>(&v)) return static_cast<double>(*i);
        return v;
      }
      case TypeKind::Number:
        return parseNumber();
      case TypeKind::Bool:
        if (acceptWord("True")) return true;
        if (acceptWord("False")) return false;
        fail(str("expected True or False as the default for type ", decl.str()), at);
      case TypeKind::Str:
        if (peek() != '"' && peek() != '\'') fail(str("expected a string default for type ", decl.str()), at);
        return parseString();
      case TypeKind::Any:
      case TypeKind::Var:
        if (acceptWord("True")) return true;
        if (acceptWord("False")) return false;
        if (peek() == '"' || peek() == '\'') return parseString();
        return parseNumber();
      default:
        fail(str("a default for type ", decl.str(), " can only be None"), at);
    }
  }

  // -?digits[.digits][e[+-]digits]: int64 without '.'/exponent, else double.
  DefaultValue parseNumber() {
    size_t start = pos_;
    if (peek() == '-') ++pos_;
    size_t digits = pos_;
    while (isDigit(peek())) ++pos_;
    bool isFloat = false;
    if (peek() == '.') {
      isFloat = true;
      ++pos_;
      while (isDigit(peek())) ++pos_;
    }
    if (pos_ == digits || (pos_ == digits + 1 && isFloat)) {
      pos_ = start;
      fail(str("expected a number but found ", describeHere()), start);
    }
    if (peek() == 'e' || peek() == 'E') {
      isFloat = true;
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      size_t expDigits = pos_;
      while (isDigit(peek())) ++pos_;
      if (pos_ == expDigits) fail("expected digits in the exponent", pos_);
    }
    if (isIdentChar(peek())) fail(str("unexpected ", describeHere(), " after a number"), pos_);
    const char* b = text_.data() + start;
    const char* e = text_.data() + pos_;
    if (!isFloat) {
      int64_t v = 0;
      auto res = std::from_chars(b, e, v);
      if (res.ec != std::errc() || res.ptr != e) fail("integer default is out of range", start);
      return v;
    }
    double d = 0;
    auto res = std::from_chars(b, e, d);
    if (res.ptr != e || (res.ec != std::errc() && res.ec != std::errc::result_out_of_range))
      fail("malformed floating-point default", start);
    if (res.ec == std::errc::result_out_of_range) fail("floating-point default is out of range", start);
    return d;
  }

  std::string parseString() {
    size_t open = pos_;
    char quote = text_[pos_++];
    std::string out;
    while (true) {
      if (atEnd()) fail("unterminated string literal", open);
      char c = text_[pos_++];
      if (c == quote) return out;
      if (c == '\n') fail("unterminated string literal", open);
      if (c != '\\') {
        out += c;
        continue;
      }
      if (atEnd()) fail("unterminated string literal", open);
      char e = text_[pos_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case '\\': case '\'': case '"': out += e; break;
        default:
          if (e >= '0' && e <= '7') {  // up to three octal digits
            int v = e - '0';
            for (int k = 0; k < 2 && peek() >= '0' && peek() <= '7'; ++k) v = v * 8 + (text_[pos_++] - '0');
            if (v > 255) fail("octal escape out of range", pos_ - 4);
            out += static_cast<char>(v);
          } else {
            fail(str("unknown escape sequence '\\", e, "'"), pos_ - 2);
          }
      }
    }
  }

  std::shared_ptr<const Source> src_;
  const std::string& text_;
  ClassRegistry* registry_;
  size_t pos_ = 0;
};

}  // namespace

FunctionSchema parseSchema(std::string_view text, ClassRegistry* registry, const std::string& filename) {
  return SchemaParser(text, registry, filename).parseWhole();
}

DeclaredType parseDeclaredType(std::string_view text, ClassRegistry* registry) {
  return SchemaParser(text, registry, "<type>").parseWholeType();
}

}  // namespace tsjit
