// ImportClasses.cpp — what the archive's code/ files declare about each class (Import.h):
// attribute annotations, __parameters__ / __buffers__, Final constants with literal values; an
// enum class (`class Color(Enum):` with `NAME = literal` members, as 1.13 prints it) is not an
// ArchiveClass: its EnumType is registered (EnumRegistry.h) so that data.pkl's members and the
// code's annotations resolve to it.
#include <algorithm>

#include "jit/frontend/Parser.h"
#include "jit/ir/EnumRegistry.h"
#include "jit/serialization/Import.h"

namespace tsjit::serialization {

namespace {

using namespace tsjit::frontend;

// "code/__torch__/torch/nn/modules/linear.py" -> "__torch__.torch.nn.modules.linear"
std::string modulePathOf(const std::string& file) {
  std::string p = file;
  if (p.rfind("code/", 0) == 0) p = p.substr(5);
  if (p.size() > 3 && p.substr(p.size() - 3) == ".py") p = p.substr(0, p.size() - 3);
  std::replace(p.begin(), p.end(), '/', '.');
  return p;
}

[[noreturn]] void bad(const Expr& e, const std::string& what) { throw CompileError(what, e.range()); }

IValue literalValue(const Expr& e, int depth = 0) {
  if (depth > 32) bad(e, "constant nested too deeply");
  switch (e.kind()) {
    case Kind::Const: {
      Const c(e.get());
      if (c.isComplex()) bad(e, "complex constants are not supported");
      return c.isFloatingPoint() ? IValue(c.asFloatingPoint()) : IValue(c.asIntegral());
    }
    case Kind::StringLiteral: return IValue(StringLiteral(e.get()).text());
    case Kind::True: return IValue(true);
    case Kind::False: return IValue(false);
    case Kind::None: return IValue();
    case Kind::Neg: {
      IValue v = literalValue(UnaryOp(e.get()).operand(), depth + 1);
      if (v.isInt()) return IValue(-v.toInt());
      if (v.isDouble()) return IValue(-v.toDouble());
      bad(e, "only numbers can be negated in a constant");
    }
    case Kind::Ident: {
      const std::string& n = e.get()->value();
      if (n == "inf") return IValue(std::numeric_limits<double>::infinity());
      if (n == "nan") return IValue(std::numeric_limits<double>::quiet_NaN());
      bad(e, "a class constant must be a literal, not '" + n + "'");
    }
    case Kind::TupleLiteral:
    case Kind::ListLiteral: {
      std::vector<IValue> xs;
      TypePtr elem;
      for (auto x : ListView<Expr>(e.get()->tree(0))) {
        xs.push_back(literalValue(x, depth + 1));
        if (!elem) elem = xs.back().type();
      }
      if (e.kind() == Kind::TupleLiteral) return makeTuple(std::move(xs));
      return makeList(elem ? elem : AnyType::get(), std::move(xs));
    }
    default:
      bad(e, "a class constant must be a literal");
  }
}

bool isEnumClass(const ClassDef& cd) {
  for (auto b : cd.bases())
    if ((b.kind() == Kind::Ident && b.get()->value() == "Enum") || std::string(b.range().text()) == "enum.Enum") return true;
  return false;
}

TypePtr enumClassType(const ClassDef& cd, const std::string& qualifiedName) {
  std::vector<EnumType::Member> members;
  for (auto st : cd.body()) {
    if (st.kind() == Kind::Pass) continue;
    if (st.kind() != Kind::Assign) throw CompileError("enum class " + qualifiedName + ": only `NAME = value` members", st.range());
    Assign a(st.get());
    if (a.targets().size() != 1 || a.lhs().kind() != Kind::Ident || !a.rhs().present() || a.type().present())
      throw CompileError("enum class " + qualifiedName + ": only `NAME = value` members", st.range());
    IValue v = literalValue(a.rhs().value());
    EnumType::MemberValue mv;
    if (v.isInt()) mv = v.toInt();
    else if (v.isDouble()) mv = v.toDouble();
    else if (v.isString()) mv = v.toStringRef();
    else bad(a.rhs().value(), "an enum member's value must be an int, a float or a str");
    if (!members.empty() && members[0].value.index() != mv.index())
      bad(a.rhs().value(), "the members of enum class " + qualifiedName + " have values of different types");
    std::string name = a.lhs().get()->value();
    for (const auto& m : members)
      if (m.name == name) bad(a.lhs(), "enum member '" + name + "' is defined twice");
    members.push_back({name, std::move(mv)});
  }
  if (members.empty()) throw CompileError("enum class " + qualifiedName + " has no members", cd.range());
  static const TypePtr valueTypes[] = {IntType::get(), FloatType::get(), StringType::get()};
  TypePtr valueType = valueTypes[members[0].value.index()];
  return std::make_shared<EnumType>(qualifiedName, valueType, std::move(members));
}

std::vector<std::string> stringList(const Expr& e) {
  if (e.kind() != Kind::ListLiteral) bad(e, "__parameters__ / __buffers__ must be a list of strings");
  std::vector<std::string> out;
  for (auto x : ListView<Expr>(e.get()->tree(0))) {
    if (x.kind() != Kind::StringLiteral) bad(x, "__parameters__ / __buffers__ must be a list of strings");
    out.push_back(StringLiteral(x.get()).text());
  }
  return out;
}

}  // namespace

const std::string* ArchiveClass::annotationOf(const std::string& attr) const {
  for (const auto& [n, t] : annotations)
    if (n == attr) return &t;
  return nullptr;
}

std::map<std::string, ArchiveClass> parseArchiveClasses(const std::map<std::string, std::string>& code,
                                                        std::map<std::string, frontend::Module>* parsed) {
  std::map<std::string, ArchiveClass> out;
  for (const auto& [file, text] : code) {
    frontend::Module m = parseSource(text, file);
    if (parsed) parsed->emplace(file, m);
    std::string prefix = modulePathOf(file);
    for (auto s : m.statements()) {
      if (s.kind() != Kind::ClassDef) continue;
      ClassDef cd(s.get());
      if (isEnumClass(cd)) {
        registerEnumType(enumClassType(cd, prefix + "." + cd.name().name()));
        continue;
      }
      ArchiveClass c;
      c.qualifiedName = prefix + "." + cd.name().name();
      c.file = file;
      for (auto b : cd.bases())
        if (b.kind() == Kind::Ident && b.get()->value() == "Module") c.isModule = true;
      for (auto st : cd.body()) {
        if (st.kind() == Kind::Def && Def(st.get()).name().name() == "__setstate__") c.hasSetState = true;
        if (st.kind() != Kind::Assign) continue;
        Assign a(st.get());
        if (a.targets().size() != 1 || a.lhs().kind() != Kind::Ident) continue;
        std::string name = a.lhs().get()->value();
        if (a.type().present()) {
          std::string type(a.type().value().range().text());
          if (type.rfind("Final[", 0) == 0 && type.back() == ']') {
            if (!a.rhs().present()) bad(a.lhs(), "Final attribute '" + name + "' without a value");
            c.constants.push_back({name, type.substr(6, type.size() - 7), literalValue(a.rhs().value())});
          } else {
            c.annotations.emplace_back(name, type);
          }
        } else if (a.rhs().present() && name == "__parameters__") {
          c.parameters = stringList(a.rhs().value());
        } else if (a.rhs().present() && name == "__buffers__") {
          c.buffers = stringList(a.rhs().value());
        }
      }
      for (const auto& k : c.constants) c.constantOrder.push_back(k.name);
      std::sort(c.constants.begin(), c.constants.end(),
                [](const auto& x, const auto& y) { return x.name < y.name; });
      if (out.count(c.qualifiedName)) throw CompileError("class " + c.qualifiedName + " is defined twice", cd.range());
      out.emplace(c.qualifiedName, std::move(c));
    }
  }
  return out;
}

}  // namespace tsjit::serialization
