// OpCatalog.cpp — classifies every op-table overload: generated (with an argument plan) or left
// out (by named exclusion or by structural reason, counted). See OpCatalog.h.
#include "fuzz/lib/OpCatalog.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "fuzz/lib/KnownMismatches.h"
#include "jit/kernels/Kernel.h"
#include "jit/support/Error.h"
#include "reference/Kernel.h"

namespace tsjit::fuzz {

const char* toString(ArgKind k) {
  switch (k) {
    case ArgKind::Tensor: return "Tensor";
    case ArgKind::OptTensor: return "Tensor?";
    case ArgKind::TensorList: return "Tensor[]";
    case ArgKind::Scalar: return "Scalar";
    case ArgKind::OptScalar: return "Scalar?";
    case ArgKind::Int: return "int";
    case ArgKind::OptInt: return "int?";
    case ArgKind::IntList: return "int[]";
    case ArgKind::OptIntList: return "int[]?";
    case ArgKind::Float: return "float";
    case ArgKind::OptFloat: return "float?";
    case ArgKind::Bool: return "bool";
    case ArgKind::OptBool: return "bool?";
    case ArgKind::DType: return "ScalarType";
    case ArgKind::OptDType: return "ScalarType?";
    case ArgKind::Str: return "str";
    case ArgKind::OptStr: return "str?";
    case ArgKind::NoneOnly: return "None";
  }
  return "?";
}

namespace {

// Op kinds (unqualified) left out of generation, with the reason printed in the summary.
struct Exclusion {
  const char* name;
  const char* reason;
};
constexpr Exclusion kExclusions[] = {
    {"dropout", "nondeterministic"},       {"feature_dropout", "nondeterministic"},
    {"alpha_dropout", "nondeterministic"}, {"feature_alpha_dropout", "nondeterministic"},
    {"bernoulli", "nondeterministic"},     {"rand", "nondeterministic"},
    {"randn", "nondeterministic"},         {"randint", "nondeterministic"},
    {"rand_like", "nondeterministic"},     {"randn_like", "nondeterministic"},
    {"randint_like", "nondeterministic"},  {"randperm", "nondeterministic"},
    {"normal", "nondeterministic"},        {"multinomial", "nondeterministic"},
    {"uniform", "nondeterministic"},       {"poisson", "nondeterministic"},
    {"rrelu", "nondeterministic"},         {"rrelu_with_noise", "nondeterministic"},
    {"empty", "uninitialized memory"},     {"empty_like", "uninitialized memory"},
    {"new_empty", "uninitialized memory"}, {"empty_strided", "uninitialized memory"},
    {"new_empty_strided", "uninitialized memory"},
    {"data_ptr", "address-dependent"},     {"id", "address-dependent"},
    {"manual_seed", "global state"},       {"seed", "global state"},
    {"warn", "side effect on stderr"},
    // Nested tensors: declared so nn.TransformerEncoder's graph loads, kernels that raise (tsjit has
    // none); _nested_tensor_from_mask_left_aligned is checked against 1.13 by lit.
    {"_nested_tensor_from_mask", "nested tensors (not supported)"}, {"to_padded_tensor", "nested tensors (not supported)"},
    // In-place view ops change the shape of self's TensorImpl, which every alias returning self (to,
    // contiguous) shares; the lockstep harness hands the reference copies of the jit's values, which
    // do not share it. Checked against 1.13 by lit (run/inplace_variants.py) instead.
    {"unsqueeze_", "changes the shape of self's aliases"}, {"squeeze_", "changes the shape of self's aliases"},
    {"t_", "changes the shape of self's aliases"},         {"transpose_", "changes the shape of self's aliases"},
};

// String arguments the generator knows the legal values of.
std::optional<std::vector<std::string>> strChoicesFor(const std::string& name) {
  if (name == "rounding_mode") return std::vector<std::string>{"trunc", "floor"};
  if (name == "approximate") return std::vector<std::string>{"none", "tanh"};
  if (name == "interpolation") return std::vector<std::string>{"linear", "lower", "higher", "midpoint", "nearest"};
  return std::nullopt;
}

int categoryRank(ops::OpCategory c) {
  using C = ops::OpCategory;
  switch (c) {
    case C::ElementwiseUnary: return 0;
    case C::ElementwiseBinary: return 1;
    case C::Comparison: return 2;
    case C::ElementwiseTernary: return 3;
    case C::Reduction: return 4;
    case C::Conversion: return 5;
    case C::View: return 6;
    case C::ShapeIndexing: return 7;
    case C::TensorInfo: return 8;
    case C::ScalarMath: return 9;
    case C::Linalg: return 10;
    case C::NN: return 11;
    case C::Factory: return 12;
    default: return 13;
  }
}

// The plan for one argument, or nullopt with `why` when the generator cannot produce its type.
std::optional<ArgPlan> planArgument(const Argument& a, std::string& why) {
  ArgPlan p;
  p.name = a.name;
  p.argument = &a;
  const DeclaredType& outer = a.declared;
  bool optional = outer.form == DeclaredType::Form::Optional;
  const DeclaredType& d = outer.unwrapOptional();
  auto fail = [&](const std::string& reason) -> std::optional<ArgPlan> {
    why = reason;
    return std::nullopt;
  };
  if (d.form == DeclaredType::Form::Name) {
    const std::string& n = d.name;
    if (n == "Tensor") {
      p.kind = optional ? ArgKind::OptTensor : ArgKind::Tensor;
    } else if (n == "Scalar") {
      p.kind = optional ? ArgKind::OptScalar : ArgKind::Scalar;
    } else if (n == "int" || n == "SymInt") {
      p.kind = optional ? ArgKind::OptInt : ArgKind::Int;
    } else if (n == "float") {
      p.kind = optional ? ArgKind::OptFloat : ArgKind::Float;
    } else if (n == "bool") {
      p.kind = optional ? ArgKind::OptBool : ArgKind::Bool;
      if (optional && a.name == "pin_memory") p.kind = ArgKind::NoneOnly;
    } else if (n == "ScalarType") {
      p.kind = optional ? ArgKind::OptDType : ArgKind::DType;
    } else if (n == "str") {
      auto choices = strChoicesFor(a.name);
      if (!choices) return fail("str arguments");
      p.kind = optional ? ArgKind::OptStr : ArgKind::Str;
      p.strChoices = *choices;
    } else if (n == "Layout" || n == "Device" || n == "MemoryFormat" || n == "Generator") {
      if (!optional) return fail(n + " arguments");
      p.kind = ArgKind::NoneOnly;
    } else {
      return fail(n + " arguments");
    }
    return p;
  }
  if (d.form == DeclaredType::Form::List && d.elems.size() == 1 && d.elems[0].form == DeclaredType::Form::Name) {
    const std::string& e = d.elems[0].name;
    if (e == "int" || e == "SymInt") {
      p.kind = optional ? ArgKind::OptIntList : ArgKind::IntList;
      p.fixedSize = d.fixedSize;
      return p;
    }
    if (e == "Tensor" && !optional && !d.elems[0].alias) {
      p.kind = ArgKind::TensorList;
      return p;
    }
    return fail(d.str() + " arguments");
  }
  return fail(d.str() + " arguments");
}

std::optional<RetKind> planReturn(const Argument& r) {
  const DeclaredType& d = r.declared;
  if (d.form != DeclaredType::Form::Name) return std::nullopt;
  if (d.name == "Tensor") return RetKind::Tensor;
  if (d.name == "int" || d.name == "SymInt") return RetKind::Int;
  if (d.name == "float") return RetKind::Float;
  if (d.name == "bool") return RetKind::Bool;
  if (d.name == "Scalar") return RetKind::Scalar;
  return std::nullopt;
}

}  // namespace

const char* exclusionReason(const ops::OpOverload& overload) {
  std::string name = overload.schema().name();
  auto colon = name.find("::");
  std::string base = colon == std::string::npos ? name : name.substr(colon + 2);
  const std::string exact = base;  // "unsqueeze_": an exclusion of the in-place variant only
  if (!base.empty() && base.back() == '_') base.pop_back();
  for (const Exclusion& e : kExclusions)
    if (base == e.name || exact == e.name) return e.reason;
  for (const Argument& a : overload.schema().arguments())
    if (a.declared.unwrapOptional().form == DeclaredType::Form::Name && a.declared.unwrapOptional().name == "Generator")
      return "nondeterministic";
  return nullptr;
}

namespace {

std::vector<std::string> splitPatterns(const std::string& only) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : only + ",") {
    if (c == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (c != ' ') {
      cur += c;
    }
  }
  return out;
}

}  // namespace

OpCatalog::OpCatalog(bool includeKnown, const std::string& only) {
  std::vector<std::string> patterns = splitPatterns(only);
  auto selected = [&](const ops::OpOverload& ov) {
    if (patterns.empty()) return true;
    for (const std::string& p : patterns)
      if (p == ov.schema().name() || p == ov.qualifiedName()) return true;
    return false;
  };
  (void)includeKnown;  // known mismatches are generated: the property excuses them only under their precondition
  ops::initialize();
  reference::registerAllKernels();
  kernels::registerAllKernels();
  for (const ops::OpInfo* op : ops::allOps()) {
    for (const auto& ovp : op->overloads()) {
      const ops::OpOverload& ov = *ovp;
      const FunctionSchema& s = ov.schema();
      if (!selected(ov)) continue;
      bool hasRef = reference::findKernel(ov) != nullptr;
      bool hasOpt = kernels::findKernel(ov) != nullptr;
      if (!hasRef || !hasOpt) {
        ++skipped_[!hasRef && !hasOpt ? "no kernels" : !hasOpt ? "no optimized kernel" : "no reference kernel"];
        continue;
      }
      if (s.isMutable() || ov.isOutVariant() || ov.category() == ops::OpCategory::Inplace) {
        // In-place overloads (only `self` written, one Tensor return) go to the in-place catalog.
        bool inplace = !ov.isOutVariant() && !s.arguments().empty() && s.isMutable(0) && !s.isVararg();
        for (size_t i = 1; i < s.arguments().size() && inplace; ++i) inplace = !s.isMutable(i);
        std::string why;
        if (inplace && s.returns().size() == 1 && planReturn(s.returns()[0]) == RetKind::Tensor &&
            !exclusionReason(ov)) {
          CatalogEntry e;
          e.overload = &ov;
          e.rets = {RetKind::Tensor};
          bool ok = true;
          for (const Argument& a : s.arguments()) {
            auto plan = planArgument(a, why);
            if (!plan) {
              ok = false;
              break;
            }
            e.args.push_back(std::move(*plan));
          }
          if (ok && !e.args.empty() && e.args[0].kind == ArgKind::Tensor) {
            auto cat = ov.category();
            e.broadcastOperands = s.arguments().size() >= 2 && s.arguments()[1].declared.unwrapOptional().form ==
                                                                   DeclaredType::Form::Name &&
                                  s.arguments()[1].declared.unwrapOptional().name == "Tensor" &&
                                  cat != ops::OpCategory::ShapeIndexing;
            inplace_.push_back(std::move(e));
            continue;
          }
        }
        ++skipped_["mutating (in-place / out=)"];
        continue;
      }
      if (s.isVararg() || s.isVarret()) {
        ++skipped_["varargs"];
        continue;
      }
      if (const char* reason = exclusionReason(ov)) {
        excluded_[ov.qualifiedName()] = reason;
        continue;
      }
      CatalogEntry e;
      e.overload = &ov;
      std::string why;
      bool ok = true;
      for (const Argument& a : s.arguments()) {
        auto plan = planArgument(a, why);
        if (!plan) {
          ok = false;
          break;
        }
        e.args.push_back(std::move(*plan));
      }
      if (ok) {
        for (const Argument& r : s.returns()) {
          auto rk = planReturn(r);
          if (!rk) {
            ok = false;
            why = "returns of type " + r.declared.str();
            break;
          }
          e.rets.push_back(*rk);
        }
        if (ok && e.rets.empty()) {
          ok = false;
          why = "no returns";
        }
      }
      if (!ok) {
        ++skipped_[why];
        continue;
      }
      auto cat = ov.category();
      e.broadcastOperands = cat == ops::OpCategory::ElementwiseBinary || cat == ops::OpCategory::ElementwiseTernary ||
                            cat == ops::OpCategory::Comparison;
      entries_.push_back(std::move(e));
    }
  }
  std::stable_sort(entries_.begin(), entries_.end(), [](const CatalogEntry& a, const CatalogEntry& b) {
    return categoryRank(a.overload->category()) < categoryRank(b.overload->category());
  });
}

const OpCatalog& OpCatalog::get(bool includeKnown, const std::string& only) {
  static std::mutex mu;
  static auto* catalogs = new std::map<std::pair<bool, std::string>, std::unique_ptr<OpCatalog>>();
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = (*catalogs)[{includeKnown, only}];
  if (!slot) {
    auto c = std::unique_ptr<OpCatalog>(new OpCatalog(includeKnown, only));
    if (c->entries_.empty())
      throw CompileError("fuzz: --ops '" + only +
                         "' selects no generated overload (name kinds like aten::fmod or overloads like "
                         "aten::fmod.Tensor; ops without both kernels, mutating ops and excluded ops are never generated)");
    slot = std::move(c);
  }
  return *slot;
}

std::string OpCatalog::summary() const {
  std::ostringstream os;
  os << "generated overloads: " << entries_.size() << "\n";
  os << "excluded ops:";
  if (excluded_.empty()) os << " none";
  bool first = true;
  for (const auto& [name, reason] : excluded_) {
    os << (first ? " " : ", ") << name << " (" << reason << ")";
    first = false;
  }
  os << "\n";
  std::vector<std::pair<size_t, std::string>> counts;
  for (const auto& [why, n] : skipped_) counts.push_back({n, why});
  std::sort(counts.rbegin(), counts.rend());
  os << "overloads not generated:";
  first = true;
  for (const auto& [n, why] : counts) {
    os << (first ? " " : ", ") << n << " " << why;
    first = false;
  }
  os << "\n";
  return os.str();
}

}  // namespace tsjit::fuzz
