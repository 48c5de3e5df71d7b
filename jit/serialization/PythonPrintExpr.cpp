// PythonPrintExpr.cpp — the right-hand sides of the python printer (PythonPrint.h): operator calls
// (`torch.add(x, y)`, `ops.prim.dtype(x)`, trailing defaults dropped, keyword-only names), the
// node kinds with their own spelling (casts, indexing, tuples, lists, dicts, attributes, calls),
// and constants (literals, `CONSTANTS.c<i>`, function names).
#include <variant>

#include "jit/ir/FunctionSchema.h"
#include "jit/serialization/PythonPrintImpl.h"
#include "jit/support/Error.h"

namespace tsjit::serialization {

namespace {


struct Syms {
  Symbol Int = Symbol::fromQualString("aten::Int");
  Symbol Float = Symbol::fromQualString("aten::Float");
  Symbol Bool = Symbol::fromQualString("aten::Bool");
  Symbol str = Symbol::fromQualString("aten::str");
  Symbol sorted = Symbol::fromQualString("aten::sorted");
  Symbol ScalarImplicit = Symbol::fromQualString("aten::ScalarImplicit");
  Symbol FloatImplicit = Symbol::fromQualString("aten::FloatImplicit");
  Symbol IntImplicit = Symbol::fromQualString("aten::IntImplicit");
  Symbol unwrapOptional = Symbol::fromQualString("aten::_unwrap_optional");
  Symbol backward = Symbol::fromQualString("aten::backward");
  Symbol grad = Symbol::fromQualString("aten::grad");
  Symbol beg = Symbol::fromQualString("attr::beg");
  Symbol end = Symbol::fromQualString("attr::end");
};
const Syms& syms() {
  static const Syms s;
  return s;
}

// PyTorch builds list/dict element types it cannot infer from the members into `annotate(...)`.
bool inferableFromMembers(const TypePtr& t) {
  TypeKind k = t->kind();
  return k != TypeKind::Union && k != TypeKind::Optional && k != TypeKind::Number && k != TypeKind::Any;
}

bool sameAsDefault(const DefaultValue& d, const Literal& actual) {
  const auto& v = actual.v;
  if (std::holds_alternative<std::monostate>(d)) return std::holds_alternative<Literal::None>(v);
  if (auto* b = std::get_if<bool>(&d)) return std::holds_alternative<bool>(v) && std::get<bool>(v) == *b;
  if (auto* i = std::get_if<int64_t>(&d)) return std::holds_alternative<int64_t>(v) && std::get<int64_t>(v) == *i;
  if (auto* e = std::get_if<EnumDefault>(&d))
    return std::holds_alternative<int64_t>(v) && std::get<int64_t>(v) == e->value;
  if (auto* x = std::get_if<double>(&d)) return std::holds_alternative<double>(v) && std::get<double>(v) == *x;
  if (auto* s = std::get_if<std::string>(&d))
    return std::holds_alternative<std::string>(v) && std::get<std::string>(v) == *s;
  auto* list = std::get_if<Literal::List>(&v);
  if (!list) return false;
  auto sameList = [&](const auto& xs, auto get) {
    if (xs.size() != list->elems.size()) return false;
    for (size_t i = 0; i < xs.size(); ++i)
      if (!get(list->elems[i], xs[i])) return false;
    return true;
  };
  if (auto* xs = std::get_if<std::vector<int64_t>>(&d))
    return sameList(*xs, [](const Literal& l, int64_t x) {
      return std::holds_alternative<int64_t>(l.v) && std::get<int64_t>(l.v) == x;
    });
  if (auto* xs = std::get_if<std::vector<double>>(&d))
    return sameList(*xs, [](const Literal& l, double x) {
      return std::holds_alternative<double>(l.v) && std::get<double>(l.v) == x;
    });
  if (auto* xs = std::get_if<std::vector<bool>>(&d))
    return sameList(*xs, [](const Literal& l, bool x) {
      return std::holds_alternative<bool>(l.v) && std::get<bool>(l.v) == x;
    });
  if (auto* xs = std::get_if<std::vector<std::string>>(&d))
    return sameList(*xs, [](const Literal& l, const std::string& x) {
      return std::holds_alternative<std::string>(l.v) && std::get<std::string>(l.v) == x;
    });
  return false;
}

// How many leading inputs a call must print: trailing inputs equal to the schema's defaults (as
// constants) are left out, as 1.13 does.
size_t necessaryArgs(const FunctionSchema& s, const std::vector<Value*>& inputs) {
  const auto& args = s.arguments();
  if (args.size() < inputs.size()) return inputs.size();
  size_t n = std::min(args.size(), inputs.size());
  while (n > 0) {
    const Argument& a = args[n - 1];
    if (!a.defaultValue) return n;
    auto lit = constantLiteral(inputs[n - 1]->node());
    if (!lit || !sameAsDefault(*a.defaultValue, *lit)) return n;
    --n;
  }
  return 0;
}

}  // namespace

std::optional<Literal> constantLiteral(const Node* n) {
  if (n->kind() != prim::Constant || n->numOutputs() != 1) return std::nullopt;
  const TypePtr& t = n->output()->type();
  if (t->kind() == TypeKind::Function) return std::nullopt;
  if (!n->hasAttribute(attr::value)) return Literal{Literal::None{}};
  switch (n->kindOfAttribute(attr::value)) {
    case AttributeKind::i:
      if (t->kind() == TypeKind::Bool) return Literal{n->i(attr::value) != 0};
      return Literal{n->i(attr::value)};
    case AttributeKind::f:
      return Literal{n->f(attr::value)};
    case AttributeKind::s:
      if (t->kind() == TypeKind::Device) return std::nullopt;
      return Literal{n->s(attr::value)};
    case AttributeKind::is: {
      Literal::List l;
      for (int64_t x : n->is(attr::value)) l.elems.push_back(Literal{x});
      l.annotation = t;
      return Literal{l};
    }
    case AttributeKind::fs: {
      Literal::List l;
      for (double x : n->fs(attr::value)) l.elems.push_back(Literal{x});
      l.annotation = t;
      return Literal{l};
    }
    case AttributeKind::ival:
      return n->ival(attr::value);
    default:
      return std::nullopt;
  }
}

size_t PythonPrinter::Impl::addTensorConstant(const TensorConstant& t) {
  TSJIT_CHECK(ctx.constants, "python printer: a tensor constant needs a CONSTANTS table");
  auto& table = *ctx.constants;
  if (!t.opaque)
    for (size_t i = 0; i < table.size(); ++i)
      if (!table[i].opaque && table[i] == t) return i;
  table.push_back(t);
  return table.size() - 1;
}

std::string PythonPrinter::Impl::literalExpr(const Literal& l, const TypePtr& type) {
  const auto& v = l.v;
  if (std::holds_alternative<Literal::None>(v)) return "None";
  if (auto* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
  if (auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  if (auto* d = std::get_if<double>(&v)) return formatIrDouble(*d);
  if (auto* c = std::get_if<std::complex<double>>(&v)) return formatIrComplex(*c);  // 1.13: 0.+2.j
  if (auto* s = std::get_if<std::string>(&v)) return quoteIrString(*s);
  if (auto* e = std::get_if<Literal::Enum>(&v)) {  // __torch__.Color.RED, as 1.13 prints it
    registerClassDependencies(e->type);
    return e->type->annotationStr() + "." + e->name;
  }
  auto elemType = [&](size_t i) -> TypePtr {
    if (type && type->kind() == TypeKind::Tuple) {
      auto cs = type->containedTypes();
      return i < cs.size() ? cs[i] : nullptr;
    }
    return nullptr;
  };
  if (auto* t = std::get_if<Literal::Tuple>(&v)) {
    std::string out = "(";
    for (size_t i = 0; i < t->elems.size(); ++i) out += (i ? ", " : "") + literalExpr(t->elems[i], elemType(i));
    return out + (t->elems.size() == 1 ? ",)" : ")");
  }
  auto containerType = [&](const TypePtr& annotation) -> TypePtr {
    if (annotation) return annotation;
    if (type && type->kind() == TypeKind::Optional) return type->containedTypes().at(0);
    return type;
  };
  if (auto* list = std::get_if<Literal::List>(&v)) {
    TypePtr lt = containerType(list->annotation);
    TypePtr et = lt && lt->kind() == TypeKind::List ? lt->containedTypes().at(0) : nullptr;
    std::string out = "[";
    for (size_t i = 0; i < list->elems.size(); ++i) out += (i ? ", " : "") + literalExpr(list->elems[i], et);
    out += "]";
    if (lt && lt->kind() == TypeKind::List && (list->elems.empty() || !inferableFromMembers(et)))
      return "annotate(" + lt->annotationStr() + ", " + out + ")";
    return out;
  }
  const auto& dict = std::get<Literal::Dict>(v);
  TypePtr dt = containerType(dict.annotation);
  auto cs = dt && dt->kind() == TypeKind::Dict ? dt->containedTypes() : std::vector<TypePtr>{nullptr, nullptr};
  std::string out = "{";
  for (size_t i = 0; i < dict.keys.size(); ++i)
    out += (i ? ", " : "") + literalExpr(dict.keys[i], cs[0]) + ": " + literalExpr(dict.values[i], cs[1]);
  out += "}";
  if (dt && dt->kind() == TypeKind::Dict &&
      (dict.keys.empty() || !inferableFromMembers(cs[0]) || !inferableFromMembers(cs[1])))
    return "annotate(" + dt->annotationStr() + ", " + out + ")";
  return out;
}

std::string PythonPrinter::Impl::ivalueExpr(const IValue& v) {
  if (v.isNone()) return "None";
  if (v.isBool()) return v.toBool() ? "True" : "False";
  if (v.isInt()) return std::to_string(v.toInt());
  if (v.isDouble()) return formatIrDouble(v.toDouble());
  if (v.isString()) return quoteIrString(v.toStringRef());
  if (v.isDevice()) return "torch.device(" + quoteIrString(v.toDevice().str()) + ")";
  if (v.isEnum()) {
    registerClassDependencies(v.toEnumRef().type);
    return v.toEnumRef().type->qualifiedName() + "." + v.toEnumRef().name();
  }
  if (v.isTuple()) {
    const auto& items = v.toTupleRef().items;
    std::string out = "(";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + ivalueExpr(items[i]);
    return out + (items.size() == 1 ? ",)" : ")");
  }
  if (v.isList()) {
    const auto& l = v.toListRef();
    std::string out = "[";
    for (size_t i = 0; i < l.items.size(); ++i) out += (i ? ", " : "") + ivalueExpr(l.items[i]);
    out += "]";
    if (l.items.empty() || !inferableFromMembers(l.elementType))
      return "annotate(List[" + l.elementType->annotationStr() + "], " + out + ")";
    return out;
  }
  throw CompileError("the python printer cannot write this constant value");
}

std::string PythonPrinter::Impl::constantExpr(Node* n) {
  const TypePtr& t = n->output()->type();
  if (t->kind() == TypeKind::Function) {
    const std::string& name = n->s(attr::name);
    const Function* fn = ctx.resolveFunction ? ctx.resolveFunction(name) : nullptr;
    if (!fn) return name;
    if (ctx.deps) ctx.deps->addFunction(fn);
    return printedFunctionName(*fn);
  }
  if (n->hasAttribute(attr::value)) {
    AttributeKind k = n->kindOfAttribute(attr::value);
    if (k == AttributeKind::t) return "CONSTANTS.c" + std::to_string(addTensorConstant(n->t(attr::value)));
    if (k == AttributeKind::s && t->kind() == TypeKind::Device)
      return "torch.device(" + quoteIrString(n->s(attr::value)) + ")";
  }
  auto lit = constantLiteral(n);
  if (!lit) throw CompileError("the python printer cannot write this constant: " + n->str(), n->sourceRange());
  return literalExpr(*lit, t);
}

std::string PythonPrinter::Impl::printOpCall(Node* n) {
  Symbol kind = n->kind();
  std::string out;
  if (kind == syms().backward) {
    out = "torch.autograd.backward";
  } else if (kind == syms().grad) {
    out = "torch.autograd.grad";
  } else if (kind.isAten()) {
    out = "torch." + kind.toUnqualString();
  } else {
    out = "ops." + std::string(kind.nsName()) + "." + kind.toUnqualString();
  }
  out += "(";
  const FunctionSchema* schema = n->maybeSchema();
  size_t count = schema ? necessaryArgs(*schema, n->inputs()) : n->numInputs();
  for (size_t i = 0; i < count; ++i) {
    if (i) out += ", ";
    if (schema && i < schema->arguments().size() && schema->arguments()[i].kwargOnly)
      out += schema->arguments()[i].name + "=";
    out += useOf(n->input(i));
  }
  return out + ")";
}

std::string PythonPrinter::Impl::printRHS(Node* n) {
  const Syms& s = syms();
  Symbol k = n->kind();
  auto wrapped = [&](const char* begin) {
    std::string out;
    printValueList(out, n->inputs(), begin, ")");
    return out;
  };
  if (k == prim::Constant) return constantExpr(n);
  if (k == prim::Uninitialized) return "uninitialized(" + n->output()->type()->annotationStr() + ")";
  if (k == s.ScalarImplicit || k == s.FloatImplicit || k == s.IntImplicit)
    return "annotate(" + n->output()->type()->annotationStr() + ", " + useOf(n->input(0)) + ")";
  if (k == s.Int) return wrapped("int(");
  if (k == s.Float) return wrapped("float(");
  if (k == s.Bool) return wrapped("bool(");
  if (k == s.str) return wrapped("str(");
  if (k == s.sorted) return wrapped("sorted(");
  if (k == prim::Print) return wrapped("print(");
  if (k == aten::__getitem__) {
    std::string base = useOf(n->input(0));
    return (isValidIdentifier(base) ? base : "(" + base + ")") + "[" + useOf(n->input(1)) + "]";
  }
  if (k == prim::TupleConstruct) {
    std::string out;
    printValueList(out, n->inputs(), "(", n->numInputs() == 1 ? ",)" : ")");
    return out;
  }
  if (k == prim::TupleIndex) return "(" + useOf(n->input(0)) + ")[" + useOf(n->input(1)) + "]";
  if (k == prim::TupleSlice)
    return "(" + useOf(n->input(0)) + ")[" + std::to_string(n->i(s.beg)) + ":" + std::to_string(n->i(s.end)) + "]";
  if (k == prim::ListConstruct) {
    const TypePtr& lt = n->output()->type();
    TypePtr et = lt->kind() == TypeKind::List ? lt->containedTypes().at(0) : nullptr;
    std::string items;
    printValueList(items, n->inputs(), "[", "]");
    if (n->numInputs() == 0 || (et && !inferableFromMembers(et)))
      return "annotate(" + lt->annotationStr() + ", " + items + ")";
    return items;
  }
  if (k == prim::DictConstruct) {
    const TypePtr& dt = n->output()->type();
    auto cs = dt->containedTypes();
    std::string out = "{";
    for (size_t i = 0; i + 1 < n->numInputs(); i += 2)
      out += (i ? ", " : "") + useOf(n->input(i)) + ": " + useOf(n->input(i + 1));
    out += "}";
    if (n->numInputs() == 0 || (cs.size() == 2 && (!inferableFromMembers(cs[0]) || !inferableFromMembers(cs[1]))))
      return "annotate(" + dt->annotationStr() + ", " + out + ")";
    return out;
  }
  if (k == prim::CreateObject) {
    std::string c = n->output()->type()->annotationStr();
    return c + ".__new__(" + c + ")";
  }
  if (k == prim::GetAttr) {
    const std::string& field = n->s(attr::name);
    if (isValidIdentifier(field)) return useOf(n->input(0)) + "." + field;
    return "getattr(" + useOf(n->input(0)) + ", " + quoteIrString(field) + ")";
  }
  if (k == prim::CallFunction || k == prim::CallMethod) {
    std::string out = k == prim::CallFunction ? useOf(n->input(0)) + "("
                                              : "(" + useOf(n->input(0)) + ")." + n->s(attr::name) + "(";
    for (size_t i = 1; i < n->numInputs(); ++i) out += useOf(n->input(i)) + ", ";
    if (k == prim::CallMethod && n->input(0)->type()->kind() == TypeKind::Class && ctx.deps)
      ctx.deps->addClass(std::const_pointer_cast<ClassType>(std::static_pointer_cast<const ClassType>(n->input(0)->type())));
    return out + ")";
  }
  if (k == s.unwrapOptional) {
    Value* in = n->input(0);
    std::string arg = useOf(in);
    if (in->type()->kind() == TypeKind::None)
      arg = "annotate(Optional[" + n->output()->type()->annotationStr() + "], " + arg + ")";
    return "torch._unwrap_optional(" + arg + ")";
  }
  if (k == prim::unchecked_cast || k == prim::unchecked_unwrap_optional)
    return "unchecked_cast(" + n->output()->type()->annotationStr() + ", " + useOf(n->input(0)) + ")";
  if (k == prim::isinstance) {
    std::string out = "isinstance(" + useOf(n->input(0)) + ", ";
    const auto& types = n->tys(attr::types);
    if (types.size() == 1) return out + types[0]->annotationStr() + ")";
    out += "(";
    for (size_t i = 0; i < types.size(); ++i) out += (i ? ", " : "") + types[i]->annotationStr();
    return out + "))";
  }
  if (k == prim::tolist) return "annotate(" + n->output()->type()->annotationStr() + ", " + useOf(n->input(0)) + ".tolist())";
  if (k == prim::EnumValue) return "(" + useOf(n->input(0)) + ").value";
  if (k == prim::EnumName) return "(" + useOf(n->input(0)) + ").name";
  return printOpCall(n);
}

}  // namespace tsjit::serialization
