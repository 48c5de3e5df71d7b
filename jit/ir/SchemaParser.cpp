// SchemaParser.cpp — recursive-descent parser for schema strings (grammar in SchemaParser.h).
//
// Tokenizes with tsjit's one lexer (jit/support/Lexer.h) in schema mode, then parses the tokens;
// every error is a CompileError with a SourceRange at the offending token. Postfixes (`[]`, `?`,
// alias annotations), `::`, overload dots, dotted class names and a default's minus sign must touch
// the token before them, as PyTorch writes schemas. Invariants that keep it total on arbitrary
// input: recursion depth is bounded (kMaxDepth), fixed list sizes are bounded (kMaxFixedSize, since
// a scalar default expands to N elements), numbers are range-checked, and every loop consumes a
// token or exits (the final TK_EOF is never consumed).
#include "jit/ir/SchemaParser.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <memory>

#include "jit/support/Error.h"
#include "jit/support/Lexer.h"

namespace tsjit {
namespace {

constexpr int kMaxDepth = 64;
constexpr int64_t kMaxFixedSize = 1024;

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
      : src_(std::make_shared<const Source>(std::string(text), filename)), registry_(registry) {
    Lexer::Options options;
    options.indentation = false;
    options.schema = true;
    toks_ = Lexer(src_, options).takeTokens();  // lexical errors are CompileErrors with ranges
  }

  FunctionSchema parseWhole() {
    auto [name, overload] = parseName();
    expect(Tok::TK_LPAREN, "'(' to open the argument list");
    std::vector<Argument> args;
    bool vararg = false, kwargOnly = false;
    if (!accept(Tok::TK_RPAREN)) {
      while (true) {
        const Token& at = cur();
        if (vararg) fail("'...' must be the last argument", at);
        if (accept(Tok::TK_ELLIPSIS)) {
          vararg = true;
        } else if (accept(Tok::TK_STAR)) {
          if (kwargOnly) fail("'*' may appear only once in an argument list", at);
          kwargOnly = true;
          if (is(Tok::TK_RPAREN)) fail("'*' must be followed by keyword-only arguments", cur());
        } else {
          args.push_back(parseArgument(/*isReturn=*/false, kwargOnly));
        }
        if (accept(Tok::TK_RPAREN)) break;
        expect(Tok::TK_COMMA, "',' or ')' in the argument list");
      }
    }
    if (!accept(Tok::TK_ARROW)) fail("expected '->' after the argument list", cur());
    std::vector<Argument> rets;
    bool varret = false;
    if (accept(Tok::TK_ELLIPSIS)) {
      varret = true;
    } else if (accept(Tok::TK_LPAREN)) {
      if (!accept(Tok::TK_RPAREN)) {
        while (true) {
          if (varret) fail("'...' must be the last return", cur());
          if (accept(Tok::TK_ELLIPSIS))
            varret = true;
          else
            rets.push_back(parseArgument(/*isReturn=*/true, false));
          if (accept(Tok::TK_RPAREN)) break;
          expect(Tok::TK_COMMA, "',' or ')' in the return list");
        }
      }
    } else {
      rets.push_back(parseArgument(/*isReturn=*/true, false));
    }
    if (!is(Tok::TK_EOF)) fail("unexpected text after the schema", cur());
    return FunctionSchema(std::move(name), std::move(overload), std::move(args), std::move(rets), vararg, varret);
  }

  DeclaredType parseWholeType() {
    DeclaredType t = parseType(0);
    if (!is(Tok::TK_EOF)) fail("unexpected text after the type", cur());
    return t;
  }

 private:
  // ---- tokens ----
  [[noreturn]] void fail(const std::string& message, const Token& at) const {
    size_t b = at.range.start();
    throw CompileError(message, SourceRange(src_, b, std::max(at.range.end(), b + 1)));
  }
  const Token& cur() const { return toks_[pos_]; }  // the last token is TK_EOF and is never passed
  const Token& prev() const { return toks_[pos_ - 1]; }
  bool is(Tok k) const { return cur().kind == k; }
  void advance() {
    if (!is(Tok::TK_EOF)) ++pos_;
  }
  bool accept(Tok k) {
    if (!is(k)) return false;
    advance();
    return true;
  }
  // The current token starts where the previous one ends (`int[]`, `Tensor?`, `-1`).
  bool adjacent() const { return pos_ > 0 && cur().range.start() == prev().range.end(); }
  bool acceptAdjacent(Tok k) { return adjacent() && accept(k); }
  std::string describe(const Token& t) const {
    if (t.kind == Tok::TK_EOF) return "end of input";
    if (t.kind == Tok::TK_STRING) return "a string literal";
    return "'" + std::string(t.range.text()) + "'";
  }
  void expect(Tok k, const char* what) {
    if (!accept(k)) fail(str("expected ", what, " but found ", describe(cur())), cur());
  }
  // An identifier's name, or empty if none here.
  std::string identifier() {
    if (!is(Tok::TK_IDENT)) return {};
    std::string name = cur().text;
    advance();
    return name;
  }
  bool isWord(std::string_view word) const { return is(Tok::TK_IDENT) && cur().text == word; }
  // An identifier that is exactly `word`.
  bool acceptWord(std::string_view word) {
    if (!isWord(word)) return false;
    advance();
    return true;
  }

  // ---- names ----
  std::pair<std::string, std::string> parseName() {
    std::string name = identifier();
    if (name.empty()) fail(str("expected an operator name but found ", describe(cur())), cur());
    if (acceptAdjacent(Tok::TK_DOUBLE_COLON)) {
      std::string rest = adjacent() ? identifier() : "";
      if (rest.empty()) fail("expected a name after '::'", cur());
      name += "::";
      name += rest;
    }
    std::string overload;
    if (acceptAdjacent(Tok::TK_DOT)) {
      overload = adjacent() ? identifier() : "";
      if (overload.empty()) fail("expected an overload name after '.'", cur());
    }
    return {std::move(name), std::move(overload)};
  }

  // ---- arguments ----
  Argument parseArgument(bool isReturn, bool kwargOnly) {
    Argument arg;
    arg.kwargOnly = kwargOnly;
    arg.declared = parseType(0);
    const Token& at = cur();
    arg.name = identifier();
    if (arg.name.empty() && !isReturn) fail(str("expected an argument name but found ", describe(at)), at);
    if (is(Tok::TK_ASSIGN)) {
      if (isReturn) fail("a return cannot have a default value", cur());
      advance();
      arg.defaultValue = parseDefault(arg.declared);
    }
    return arg;
  }

  // ---- types ----
  DeclaredType parseType(int depth) {
    if (depth > kMaxDepth) fail("type is nested too deeply", cur());
    DeclaredType t = parseBaseType(depth);
    while (true) {
      // Postfixes must follow the type directly (`int[]`, `Tensor?`, `Tensor(a)`), as PyTorch writes them.
      if (!adjacent()) return t;
      const Token& at = cur();
      if (accept(Tok::TK_LBRACKET)) {
        DeclaredType list;
        list.form = DeclaredType::Form::List;
        if (is(Tok::TK_NUMBER)) {
          const Token& num = cur();
          const std::string& digits = num.text;
          int64_t n = 0;
          auto res = std::from_chars(digits.data(), digits.data() + digits.size(), n);
          if (res.ptr != digits.data() + digits.size() || digits.find_first_not_of("0123456789") != std::string::npos)
            fail(str("expected a list size or ']' but found ", describe(num)), num);
          if (res.ec != std::errc() || n > kMaxFixedSize) fail(str("list size must be at most ", kMaxFixedSize), num);
          if (n == 0) fail("list size must be positive", num);
          list.fixedSize = n;
          advance();
        }
        if (!accept(Tok::TK_RBRACKET)) fail(str("expected a list size or ']' but found ", describe(cur())), cur());
        list.type = ListType::create(t.type);
        list.elems.push_back(std::move(t));
        t = std::move(list);
      } else if (accept(Tok::TK_QUESTION)) {
        DeclaredType opt;
        opt.form = DeclaredType::Form::Optional;
        opt.type = OptionalType::create(t.type);
        opt.elems.push_back(std::move(t));
        t = std::move(opt);
      } else if (is(Tok::TK_LPAREN)) {
        if (t.alias) fail("a type can carry only one alias annotation", at);
        t.alias = parseAlias();
      } else {
        return t;
      }
    }
  }

  DeclaredType parseBaseType(int depth) {
    DeclaredType t;
    const Token& at = cur();
    if (accept(Tok::TK_LPAREN)) {
      t.form = DeclaredType::Form::Tuple;
      std::vector<TypePtr> elems;
      if (!accept(Tok::TK_RPAREN)) {
        while (true) {
          t.elems.push_back(parseType(depth + 1));
          elems.push_back(t.elems.back().type);
          if (accept(Tok::TK_RPAREN)) break;
          expect(Tok::TK_COMMA, "',' or ')' in a tuple type");
        }
      }
      t.type = TupleType::create(std::move(elems));
      return t;
    }
    std::string name = identifier();
    // Class names are dotted: __torch__.foo.Bar
    while (!name.empty() && is(Tok::TK_DOT) && adjacent() && toks_[pos_ + 1].kind == Tok::TK_IDENT &&
           toks_[pos_ + 1].range.start() == cur().range.end()) {
      advance();
      name += ".";
      name += identifier();
    }
    if (name.empty()) fail(str("expected a type but found ", describe(at)), at);
    if (name == "Dict" && is(Tok::TK_LPAREN) && adjacent()) {
      advance();
      t.form = DeclaredType::Form::Dict;
      t.elems.push_back(parseType(depth + 1));
      expect(Tok::TK_COMMA, "',' between the key and value types of Dict");
      t.elems.push_back(parseType(depth + 1));
      expect(Tok::TK_RPAREN, "')' to close Dict(");
      t.type = DictType::create(t.elems[0].type, t.elems[1].type);
      return t;
    }
    if (name == "Future" && is(Tok::TK_LPAREN) && adjacent()) {
      advance();
      t.form = DeclaredType::Form::Future;
      t.elems.push_back(parseType(depth + 1));
      expect(Tok::TK_RPAREN, "')' to close Future(");
      t.type = FutureType::create(t.elems[0].type);
      return t;
    }
    t.form = DeclaredType::Form::Name;
    t.type = namedType(name, at);
    t.name = std::move(name);
    return t;
  }

  TypePtr namedType(const std::string& name, const Token& at) {
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
    const Token& open = cur();
    advance();  // '('
    AliasInfo info;
    auto parseSets = [&](std::vector<std::string>& sets) {
      while (true) {
        const Token& at = cur();
        if (accept(Tok::TK_STAR)) {
          sets.emplace_back("*");
        } else {
          std::string id = identifier();
          if (id.empty()) fail(str("expected an alias set name or '*' but found ", describe(at)), at);
          sets.push_back(std::move(id));
        }
        if (!accept(Tok::TK_PIPE)) return;
      }
    };
    parseSets(info.beforeSets);
    if (accept(Tok::TK_BANG)) info.isWrite = true;
    if (accept(Tok::TK_ARROW)) {
      parseSets(info.afterSets);
    } else {
      info.afterSets = info.beforeSets;
    }
    if (!accept(Tok::TK_RPAREN))
      fail(str("expected ')' to close the alias annotation opened at column ", open.range.column(), " but found ",
               describe(cur())),
           cur());
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
        fail(str("list defaults of ", base.elems[0].str(), " are not supported"), cur());
      if (!is(Tok::TK_LBRACKET)) {
        if (!base.fixedSize) fail(str("expected a list default for type ", declared.str()), cur());
        // `int[2] stride=1` means [1, 1].
        const Token& at = cur();
        DefaultValue single = parseScalar(*elem, base.elems[0]);
        return repeat(single, static_cast<size_t>(*base.fixedSize), at);
      }
      return parseList(*elem, base.elems[0]);
    }
    return parseScalar(*base.type, base);
  }

  DefaultValue repeat(const DefaultValue& v, size_t n, const Token& at) {
    if (auto* i = std::get_if<int64_t>(&v)) return std::vector<int64_t>(n, *i);
    if (auto* d = std::get_if<double>(&v)) return std::vector<double>(n, *d);
    if (auto* b = std::get_if<bool>(&v)) return std::vector<bool>(n, *b);
    if (auto* s = std::get_if<std::string>(&v)) return std::vector<std::string>(n, *s);
    fail("this default cannot be repeated to fill a fixed-size list", at);
  }

  DefaultValue parseList(const Type& elem, const DeclaredType& elemDecl) {
    const Token& open = cur();
    advance();  // '['
    std::vector<DefaultValue> items;
    if (!accept(Tok::TK_RBRACKET)) {
      while (true) {
        if (items.size() >= static_cast<size_t>(kMaxFixedSize)) fail("list default is too long", cur());
        items.push_back(parseScalar(elem, elemDecl));
        if (accept(Tok::TK_RBRACKET)) break;
        expect(Tok::TK_COMMA, "',' or ']' in a list default");
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
    const Token& at = cur();
    switch (t.kind()) {
      case TypeKind::Int: {
        if (is(Tok::TK_IDENT)) {
          std::string id = identifier();
          for (const auto& [name, value] : kEnumDefaults)
            if (id == name) return EnumDefault{id, value};
          fail(str("unknown default value '", id, "' for type ", decl.str()), at);
        }
        DefaultValue v = parseNumber();
        if (!std::holds_alternative<int64_t>(v)) fail(str("expected an integer default for type ", decl.str()), at);
        return v;
      }
      case TypeKind::Float: {
        if (acceptWord("inf")) return std::numeric_limits<double>::infinity();
        if (acceptWord("nan")) return std::numeric_limits<double>::quiet_NaN();
        if (is(Tok::TK_MINUS) && toks_[pos_ + 1].kind == Tok::TK_IDENT && toks_[pos_ + 1].text == "inf" &&
            toks_[pos_ + 1].range.start() == cur().range.end()) {
          advance();
          advance();
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
        if (!is(Tok::TK_STRING)) fail(str("expected a string default for type ", decl.str()), at);
        return parseString();
      case TypeKind::Any:
      case TypeKind::Var:
        if (acceptWord("True")) return true;
        if (acceptWord("False")) return false;
        if (is(Tok::TK_STRING)) return parseString();
        return parseNumber();
      default:
        fail(str("a default for type ", decl.str(), " can only be None"), at);
    }
  }

  // ['-']NUMBER (the sign directly before a decimal literal): int64 without '.'/exponent, else
  // double. Hex, octal, binary and complex literals are not schema defaults.
  DefaultValue parseNumber() {
    const Token& start = cur();
    bool negative = false;
    if (is(Tok::TK_MINUS)) {
      const Token& next = toks_[pos_ + 1];
      if (next.kind != Tok::TK_NUMBER || next.range.start() != start.range.end())
        fail(str("expected a number but found ", describe(start)), start);
      negative = true;
      advance();
    }
    if (!is(Tok::TK_NUMBER)) fail(str("expected a number but found ", describe(cur())), cur());
    const Token& num = cur();
    const std::string& digits = num.text;
    if (digits.find_first_not_of("0123456789.e+-") != std::string::npos)
      fail(str("expected a decimal number but found ", describe(num)), num);
    advance();
    std::string text = (negative ? "-" : "") + digits;
    const char* b = text.data();
    const char* e = text.data() + text.size();
    bool isFloat = digits.find_first_of(".e") != std::string::npos;
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

  // A string literal, already decoded by the lexer (Python's escapes).
  std::string parseString() {
    std::string value = cur().text;
    advance();
    return value;
  }

  std::shared_ptr<const Source> src_;
  ClassRegistry* registry_;
  std::vector<Token> toks_;
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
