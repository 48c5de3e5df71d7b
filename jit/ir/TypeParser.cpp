// TypeParser.cpp — reads TorchScript types in both spellings: the IR form PyTorch prints in graphs
// (int[], Tensor?, Dict(str, int), (int, float), Float(2, 3, strides=[3, 1], requires_grad=0,
// device=cpu)) and the annotation form (List[int], Optional[Tensor], Tuple[int, float]).
// Errors are CompileErrors naming the offset; the IR parser re-raises them with a source range.
#include <cctype>
#include <map>
#include <mutex>

#include "jit/ir/EnumRegistry.h"
#include "jit/ir/InterfaceType.h"
#include "jit/ir/Type.h"
#include "jit/support/Error.h"

namespace tsjit {

namespace {
std::mutex enumTableMutex;
std::map<std::string, TypePtr>& enumTable() {
  static std::map<std::string, TypePtr> table;
  return table;
}
}  // namespace

void registerEnumType(const TypePtr& enumType) {
  const auto* e = enumType ? enumType->cast<EnumType>() : nullptr;
  if (!e) throw std::logic_error("registerEnumType: not an EnumType");
  std::lock_guard<std::mutex> lock(enumTableMutex);
  enumTable()[e->qualifiedName()] = enumType;
}

TypePtr findEnumType(const std::string& qualifiedName) {
  std::lock_guard<std::mutex> lock(enumTableMutex);
  auto it = enumTable().find(qualifiedName);
  return it == enumTable().end() ? nullptr : it->second;
}

namespace {

class TypeParser {
 public:
  TypeParser(std::string_view text, size_t pos, ClassRegistry* registry)
      : text_(text), pos_(pos), registry_(registry) {}

  TypePtr parse(int depth = 0) {
    if (depth > 64) fail("type is nested too deeply");
    TypePtr base = parseBase(depth);
    // postfix: [] (list) and ? (optional), in any sequence: int[]?, Tensor?[]
    while (true) {
      if (peekIs("[]")) {
        pos_ += 2;
        base = ListType::create(base);
      } else if (peekIs("?")) {
        pos_ += 1;
        base = OptionalType::create(base);
      } else {
        return base;
      }
    }
  }

  size_t pos() const { return pos_; }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    std::string near = std::string(text_.substr(pos_, 20));
    throw CompileError(str(what, " at offset ", pos_, (near.empty() ? " (end of input)" : " near '" + near + "'")));
  }

  void skipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  bool peekIs(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }
  void expect(char c) {
    skipSpace();
    if (pos_ >= text_.size() || text_[pos_] != c) fail(str("expected '", c, "' in type"));
    ++pos_;
  }
  bool accept(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  std::string identifier() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
                                   (text_[pos_] == '.' && pos_ > start)))
      ++pos_;
    if (start == pos_) fail("expected a type");
    return std::string(text_.substr(start, pos_ - start));
  }

  int64_t integer() {
    skipSpace();
    size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (start == pos_ || (pos_ == start + 1 && text_[start] == '-')) fail("expected an integer in tensor type");
    try {
      return std::stoll(std::string(text_.substr(start, pos_ - start)));
    } catch (const std::exception&) {
      fail("integer out of range in tensor type");
    }
  }

  // Comma-separated types up to `close` (which may come first: an empty list).
  std::vector<TypePtr> typeList(char close, int depth) {
    std::vector<TypePtr> out;
    skipSpace();
    if (accept(close)) return out;
    while (true) {
      skipSpace();
      out.push_back(parse(depth + 1));
      if (accept(close)) return out;
      expect(',');
    }
  }

  TypePtr parseBase(int depth) {
    skipSpace();
    if (pos_ >= text_.size()) fail("expected a type");
    if (text_[pos_] == '(') {  // IR tuple
      ++pos_;
      return TupleType::create(typeList(')', depth));
    }
    std::string name = identifier();
    if (auto dtype = parseIrName(name)) return tensorDetails(*dtype);
    if (name == "Tensor") return tensorDetails(std::nullopt);
    if (name == "int" || name == "SymInt") return IntType::get();
    if (name == "float") return FloatType::get();
    if (name == "complex") return ComplexType::get();
    if (name == "bool") return BoolType::get();
    if (name == "str") return StringType::get();
    if (name == "NoneType" || name == "None") return NoneType::get();
    if (name == "Device") return DeviceObjType::get();
    if (name == "Scalar" || name == "number") return NumberType::get();
    if (name == "Any") return AnyType::get();
    if (name == "Function") return FunctionType::get();
    if (name == "Layout") return LayoutType::get();
    if (name == "Generator") return GeneratorType::get();
    if (name == "List" || name == "Optional" || name == "Future") {
      // Future(int) is the IR spelling; the others use brackets only.
      bool paren = name == "Future" && (skipSpace(), peekIs("("));
      expect(paren ? '(' : '[');
      TypePtr elem = parse(depth + 1);
      expect(paren ? ')' : ']');
      if (name == "List") return ListType::create(elem);
      if (name == "Optional") return OptionalType::create(elem);
      return FutureType::create(elem);
    }
    if (name == "Tuple") {
      expect('[');
      skipSpace();
      if (peekIs("()")) {
        pos_ += 2;
        expect(']');
        return TupleType::create({});
      }
      return TupleType::create(typeList(']', depth));
    }
    if (name == "Dict") {
      char open = (skipSpace(), pos_ < text_.size() ? text_[pos_] : '\0');
      if (open != '(' && open != '[') fail("expected '(' or '[' after Dict");
      ++pos_;
      char close = open == '(' ? ')' : ']';
      TypePtr key = parse(depth + 1);
      expect(',');
      TypePtr value = parse(depth + 1);
      expect(close);
      return DictType::create(key, value);
    }
    if (name == "Union") {
      char open = (skipSpace(), pos_ < text_.size() ? text_[pos_] : '\0');
      if (open != '(' && open != '[') fail("expected '(' or '[' after Union");
      ++pos_;
      auto members = typeList(open == '(' ? ')' : ']', depth);
      if (members.empty()) fail("Union needs at least one member");
      return UnionType::create(std::move(members));
    }
    if (name == "Enum") {  // Enum<__torch__.Color>: the IR spelling of an enum class
      expect('<');
      std::string qualified = identifier();
      if (qualified.find('.') == std::string::npos) fail("expected a qualified enum class name in Enum<...>");
      expect('>');
      if (TypePtr known = findEnumType(qualified)) return known;
      return std::make_shared<EnumType>(qualified, AnyType::get(), std::vector<EnumType::Member>{});
    }
    if (name == "NamedTuple") {  // NamedTuple(values : Tensor, indices : Tensor): a tuple (names dropped)
      expect('(');
      std::vector<TypePtr> elems;
      skipSpace();
      if (!accept(')')) {
        while (true) {
          std::string field = identifier();
          if (field.find('.') != std::string::npos) fail("expected a field name in NamedTuple(...)");
          expect(':');
          elems.push_back(parse(depth + 1));
          if (accept(')')) break;
          expect(',');
        }
      }
      return TupleType::create(std::move(elems));
    }
    if (name == "InterfaceType") {  // InterfaceType<Shape>: 1.13's graph spelling of __torch__.Shape
      expect('<');
      std::string base = identifier();
      expect('>');
      std::string qualified = base.find('.') == std::string::npos ? "__torch__." + base : base;
      if (registry_) {
        if (ClassTypePtr known = registry_->find(qualified)) {
          if (!dynamic_cast<const InterfaceType*>(known.get())) fail("'" + qualified + "' is a class, not an interface");
          return known;
        }
      }
      // An interface this graph does not declare: known by name only (its calls dispatch on the
      // object's class at run time).
      auto t = std::make_shared<InterfaceType>(qualified);
      if (registry_) registry_->add(t);
      return t;
    }
    if (name.find('.') != std::string::npos) {
      if (!registry_) fail("class type '" + name + "' cannot be resolved here");
      if (TypePtr known = findEnumType(name); known && !registry_->find(name)) return known;
      return registry_->getOrCreate(name);
    }
    fail("unknown type '" + name + "'");
  }

  // After `Float` or `Tensor`: an optional "(2, *, strides=[..], requires_grad=0, device=cpu)".
  TypePtr tensorDetails(std::optional<ScalarType> dtype) {
    if (!peekIs("(")) {
      if (!dtype) return TensorType::get();
      return TensorType::create(dtype, std::nullopt, std::nullopt, std::nullopt, std::nullopt);
    }
    ++pos_;
    std::optional<TensorType::Dims> sizes, strides;
    std::optional<bool> requiresGrad;
    std::optional<Device> device;
    skipSpace();
    if (!accept(')')) {
      while (true) {
        skipSpace();
        if (accept('*')) {
          if (!sizes) sizes.emplace();
          sizes->push_back(std::nullopt);
        } else if (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-')) {
          if (!sizes) sizes.emplace();
          sizes->push_back(integer());
        } else {
          std::string key = identifier();
          expect('=');
          skipSpace();
          if (key == "strides") {
            expect('[');
            strides.emplace();
            if (!accept(']')) {
              while (true) {
                strides->push_back(integer());
                if (accept(']')) break;
                expect(',');
              }
            }
          } else if (key == "requires_grad") {
            int64_t v = integer();
            if (v != 0 && v != 1) fail("requires_grad must be 0 or 1");
            requiresGrad = v == 1;
          } else if (key == "device") {
            size_t start = pos_;
            while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ')') ++pos_;
            std::string_view spelled = text_.substr(start, pos_ - start);
            try {
              device = Device::parse(spelled);
            } catch (const std::exception&) {
              fail("unknown device '" + std::string(spelled) + "'");
            }
          } else {
            fail("unknown tensor type attribute '" + key + "'");
          }
        }
        if (accept(')')) break;
        expect(',');
      }
    }
    if (!sizes && strides) fail("tensor type has strides but no sizes");
    if (sizes && strides && sizes->size() != strides->size()) fail("tensor type has different numbers of sizes and strides");
    return TensorType::create(dtype, device, sizes, strides, requiresGrad);
  }

  std::string_view text_;
  size_t pos_;
  ClassRegistry* registry_;
};

}  // namespace

TypePtr parseTypeAt(std::string_view text, size_t& pos, ClassRegistry* registry) {
  TypeParser parser(text, pos, registry);
  TypePtr t = parser.parse();
  pos = parser.pos();
  return t;
}

TypePtr parseType(std::string_view text, ClassRegistry* registry) {
  size_t pos = 0;
  TypePtr t = parseTypeAt(text, pos, registry);
  while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  if (pos != text.size())
    throw CompileError(str("unexpected '", text.substr(pos), "' after type '", text.substr(0, pos), "'"));
  return t;
}

}  // namespace tsjit
