// OpTable.cpp — the op table's storage, the declaration builder, lookups and ops::initialize().
//
// The table is a process-wide singleton built exactly once (std::call_once) from the declare*
// functions of jit/ops/decl/; after that it is immutable apart from the internally synchronized
// extension slots, so lookups need no lock. Building parses every schema string; a malformed
// string, a schema whose name is not the declared kind, or a duplicate kind/overload is a bug of
// the declarations and raises InternalError.
#include "jit/ops/OpTable.h"

#include <algorithm>
#include <mutex>

#include "jit/ir/Graph.h"
#include "jit/ir/SchemaParser.h"
#include "jit/ops/SchemaMatching.h"
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

const char* toString(OpCategory c) {
  switch (c) {
    case OpCategory::ElementwiseUnary: return "ElementwiseUnary";
    case OpCategory::ElementwiseBinary: return "ElementwiseBinary";
    case OpCategory::ElementwiseTernary: return "ElementwiseTernary";
    case OpCategory::Comparison: return "Comparison";
    case OpCategory::Reduction: return "Reduction";
    case OpCategory::View: return "View";
    case OpCategory::ShapeIndexing: return "ShapeIndexing";
    case OpCategory::TensorInfo: return "TensorInfo";
    case OpCategory::Linalg: return "Linalg";
    case OpCategory::NN: return "NN";
    case OpCategory::Factory: return "Factory";
    case OpCategory::Conversion: return "Conversion";
    case OpCategory::Inplace: return "Inplace";
    case OpCategory::ScalarMath: return "ScalarMath";
    case OpCategory::Container: return "Container";
    case OpCategory::String: return "String";
    case OpCategory::Prim: return "Prim";
    case OpCategory::ControlFlow: return "ControlFlow";
  }
  return "?";
}

std::string Tolerance::str() const {
  switch (kind) {
    case Kind::Exact: return "exact";
    case Kind::Ulp: return tsjit::str("ulp(", bound, ")");
    case Kind::Operands: return tsjit::str("operands(", bound, ")");
    case Kind::ReductionBound: return tsjit::str("reduction(", bound, ")");
  }
  return "?";
}

// ---- SlotMap -----------------------------------------------------------------------------------

void SlotMap::setErased(std::type_index key, const char* name, std::any value, std::string_view owner) {
  std::unique_lock lock(mutex_);
  auto [it, inserted] = slots_.try_emplace(key, Entry{name, std::move(value)});
  TSJIT_CHECK(inserted, "slot '", name, "' of ", owner, " is already filled (one owner per slot)");
}

const std::any* SlotMap::getErased(std::type_index key) const {
  std::shared_lock lock(mutex_);
  auto it = slots_.find(key);
  return it == slots_.end() ? nullptr : &it->second.value;  // nodes are stable; entries never erased
}

std::vector<std::string> SlotMap::names() const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [key, entry] : slots_) out.emplace_back(entry.name);
  std::sort(out.begin(), out.end());
  return out;
}

// ---- OpOverload / OpInfo -----------------------------------------------------------------------

namespace {

bool mentions(const Type& t, TypeKind kind) {
  if (t.kind() == kind) return true;
  for (const auto& c : t.containedTypes())
    if (mentions(*c, kind)) return true;
  return false;
}

bool isTensorCategory(OpCategory c) {
  switch (c) {
    case OpCategory::ScalarMath:
    case OpCategory::Container:
    case OpCategory::String:
    case OpCategory::Prim:
    case OpCategory::ControlFlow:
      return false;
    default:
      return true;
  }
}

// aten::add.int is arithmetic on ints even though aten::add is an elementwise tensor op.
OpCategory deriveCategory(OpCategory opCategory, const FunctionSchema& s) {
  if (!isTensorCategory(opCategory)) return opCategory;
  bool tensor = false, container = false, string = false;
  auto scan = [&](const Argument& a) {
    tensor = tensor || mentions(*a.type(), TypeKind::Tensor);
    container = container || mentions(*a.type(), TypeKind::List) || mentions(*a.type(), TypeKind::Dict);
    string = string || mentions(*a.type(), TypeKind::Str);
  };
  for (const auto& a : s.arguments()) scan(a);
  for (const auto& r : s.returns()) scan(r);
  if (tensor || s.isVararg() || s.isVarret()) return opCategory;
  if (container) return OpCategory::Container;
  if (string) return OpCategory::String;
  return OpCategory::ScalarMath;
}

}  // namespace

OpOverload::OpOverload(const OpInfo* op, FunctionSchema schema, std::string schemaText)
    : op_(op), schema_(std::move(schema)), schemaText_(std::move(schemaText)),
      category_(deriveCategory(op->category(), schema_)) {}

Tolerance OpOverload::tolerance() const { return op_->tolerance(); }

bool OpOverload::isOutVariant() const {
  for (const auto& a : schema_.arguments())
    if (a.kwargOnly && a.isWrite()) return true;
  return false;
}

OpInfo::OpInfo(Symbol kind, OpCategory category, Tolerance tolerance, std::string family)
    : kind_(kind), category_(category), tolerance_(tolerance), family_(std::move(family)) {}

const OpOverload* OpInfo::findOverload(std::string_view overloadName) const {
  for (const auto& o : overloads_)
    if (o->overloadName() == overloadName) return o.get();
  return nullptr;
}

// ---- OpTableBuilder ----------------------------------------------------------------------------

OpInfo& OpTableBuilder::add(std::string_view kind, OpCategory category, Tolerance tolerance) {
  Symbol sym = Symbol::fromQualString(kind);
  TSJIT_CHECK(!byKind_.count(sym.id()), "op ", kind, " is declared twice (second time in ", family_, ")");
  ops_.push_back(std::make_unique<OpInfo>(sym, category, tolerance, family_));
  byKind_[sym.id()] = ops_.back().get();
  return *ops_.back();
}

void OpTableBuilder::op(std::string_view kind, OpCategory category, Tolerance tolerance,
                        std::initializer_list<const char*> schemas) {
  TSJIT_CHECK(schemas.size() > 0, "op ", kind, " needs at least one schema (or use special())");
  OpInfo& info = add(kind, category, tolerance);
  for (const char* text : schemas) {
    FunctionSchema schema;
    try {
      schema = parseSchema(text);
    } catch (const CompileError& e) {
      TSJIT_CHECK(false, "schema of ", kind, " does not parse: ", e.what());
    }
    TSJIT_CHECK(schema.name() == kind, "schema '", text, "' is declared under ", kind);
    TSJIT_CHECK(!info.findOverload(schema.overloadName()), "overload ", schema.qualifiedOverloadName(),
                " is declared twice");
    info.overloads_.push_back(std::make_unique<OpOverload>(&info, std::move(schema), text));
  }
}

void OpTableBuilder::special(std::string_view kind, OpCategory category) {
  add(kind, category, Tolerance::exact());
}

std::vector<std::unique_ptr<OpInfo>> OpTableBuilder::finish() {
  for (auto& info : ops_) {
    const std::string& name = info->name();
    if (info->category() != OpCategory::Inplace) continue;
    // aten::abs_ -> aten::abs; the operator dunders aten::__iand__ -> aten::__and__.
    std::string functional;
    if (const size_t dunder = name.find("::__i"); dunder != std::string::npos && name.size() > dunder + 7 &&
                                                  name.compare(name.size() - 2, 2, "__") == 0)
      functional = name.substr(0, dunder + 4) + name.substr(dunder + 5);
    else if (name.size() > 1 && name.back() == '_')
      functional = name.substr(0, name.size() - 1);
    if (functional.empty()) continue;
    auto it = byKind_.find(Symbol::fromQualString(functional).id());
    if (it != byKind_.end()) info->functional_ = it->second;
  }
  byKind_.clear();
  return std::move(ops_);
}

// ---- the table ---------------------------------------------------------------------------------

namespace {

struct Table {
  std::vector<std::unique_ptr<OpInfo>> owned;
  std::vector<const OpInfo*> ordered;
  std::unordered_map<uint32_t, const OpInfo*> byKind;
  size_t overloads = 0;
};

Table& table() {
  static Table t;
  return t;
}

std::once_flag initOnce;

void build() {
  OpTableBuilder b;
  const std::pair<const char*, void (*)(OpTableBuilder&)> families[] = {
      {"ElementwiseUnary", declareElementwiseUnary},
      {"ElementwiseBinary", declareElementwiseBinary},
      {"Comparison", declareComparison},
      {"Inplace", declareInplace},
      {"Reductions", declareReductions},
      {"Shape", declareShape},
      {"Linalg", declareLinalg},
      {"NN", declareNN},
      {"Factories", declareFactories},
      {"Scalars", declareScalars},
      {"Containers", declareContainers},
      {"Strings", declareStrings},
      {"Prim", declarePrim},
  };
  for (const auto& [family, declare] : families) {
    b.setFamily(family);
    declare(b);
  }
  Table& t = table();
  t.owned = b.finish();
  for (const auto& info : t.owned) {
    t.ordered.push_back(info.get());
    t.byKind[info->kind().id()] = info.get();
    t.overloads += info->overloads().size();
  }
  setSchemaResolver(resolveSchema);
}

}  // namespace

void initialize() { std::call_once(initOnce, build); }

const OpInfo* findOp(Symbol kind) {
  initialize();
  auto& m = table().byKind;
  auto it = m.find(kind.id());
  return it == m.end() ? nullptr : it->second;
}

const OpInfo* findOp(std::string_view qualifiedName) {
  if (qualifiedName.find("::") == std::string_view::npos) return nullptr;
  return findOp(Symbol::fromQualString(qualifiedName));
}

const OpOverload* findOverload(std::string_view qualifiedOverloadName) {
  size_t sep = qualifiedOverloadName.find("::");
  if (sep == std::string_view::npos) return nullptr;
  size_t dot = qualifiedOverloadName.find('.', sep + 2);
  std::string_view kind = qualifiedOverloadName.substr(0, dot);
  std::string_view overload = dot == std::string_view::npos ? std::string_view() : qualifiedOverloadName.substr(dot + 1);
  const OpInfo* info = findOp(kind);
  return info ? info->findOverload(overload) : nullptr;
}

const OpInfo& op(std::string_view qualifiedName) {
  const OpInfo* info = findOp(qualifiedName);
  TSJIT_CHECK(info, "no op ", qualifiedName, " in the op table");
  return *info;
}

const OpOverload& overload(std::string_view qualifiedOverloadName) {
  const OpOverload* o = findOverload(qualifiedOverloadName);
  TSJIT_CHECK(o, "no overload ", qualifiedOverloadName, " in the op table");
  return *o;
}

const std::vector<const OpInfo*>& allOps() {
  initialize();
  return table().ordered;
}

size_t overloadCount() {
  initialize();
  return table().overloads;
}

}  // namespace tsjit::ops
