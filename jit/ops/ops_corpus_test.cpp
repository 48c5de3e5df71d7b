// ops_corpus_test.cpp — the op table against the PyTorch 1.13 corpus:
//   * every node kind of node_kinds.txt (both sections) is declared;
//   * every schema of schemas.txt is an overload of the table, spelled identically;
//   * every node with schemas (aten:: and prim:: kinds that are not special) of every case's `graph`
//     and `inlined_graph` (also `method_graphs`, and the profiling executor's `optimized_graph*`,
//     including DifferentiableGraph subgraphs) resolves to exactly one best overload, and
//     Node::schema() (the resolver ops::initialize() registers) returns that overload's schema.
// Counts are printed; failures list each offending node with the reasons per overload.
// The corpus directory comes from TSJIT_CORPUS (set by ctest), else conformance/corpus/torch-1.13 of the checkout.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "jit/ir/Graph.h"
#include "jit/ir/IRParser.h"
#include "jit/ops/OpTable.h"
#include "jit/ops/SchemaMatching.h"

// The source tree: ctest passes TSJIT_SOURCE_DIR; run by hand, the path this file was compiled from
// (which ccache's base_dir may have made relative to the build folder).
static std::filesystem::path testSourceDir() {
  if (const char* d = std::getenv("TSJIT_SOURCE_DIR"); d && *d) return d;
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path();
}

namespace fs = std::filesystem;
using namespace tsjit;
using namespace tsjit::ops;

namespace {

fs::path corpusDir() {
  if (const char* env = std::getenv("TSJIT_CORPUS"); env && *env) return env;
  // The repository root is three levels above this file (jit/ops/ops_corpus_test.cpp).
  return fs::path(testSourceDir()) / "conformance/corpus/torch-1.13";
}

std::vector<std::string> dataLines(const std::string& file) {
  std::ifstream in(corpusDir() / file);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

struct Tally {
  size_t graphs = 0, nodes = 0, resolved = 0, ambiguous = 0;
  std::map<std::string, size_t> overloadsUsed;
  std::map<std::string, size_t> undeclaredKinds;  // kinds outside node_kinds.txt (optimized subgraphs)
  std::vector<std::string> unparsed;              // graph texts the IR parser rejects (not ours to judge)
  std::vector<std::string> failures;
};

void checkBlock(const Block* block, const std::string& label, Tally& t) {
  for (const Node* n : block->nodes()) {
    for (const Block* sub : n->blocks()) checkBlock(sub, label, t);
    // prim::DifferentiableGraph / prim::FusionGroup carry their body as a graph attribute.
    if (n->hasAttribute(attr::Subgraph) && n->kindOfAttribute(attr::Subgraph) == AttributeKind::g)
      checkBlock(n->g(attr::Subgraph)->block(), label + "/Subgraph", t);
    const OpInfo* info = findOp(n->kind());
    if (!info) {
      ++t.undeclaredKinds[n->kind().toQualString()];
      continue;
    }
    if (info->isSpecial()) continue;  // structural kinds (prim::If, prim::Constant...) have no schema
    ++t.nodes;
    Resolution r = resolve(*n);
    if (!r.best) {
      t.failures.push_back(label + ": no overload of " + n->kind().toQualString() + " accepts\n  " + n->str() +
                           "\n" + r.whyNot);
      continue;
    }
    if (r.ambiguous()) {
      ++t.ambiguous;
      std::string names = r.best->qualifiedName();
      for (const OpOverload* o : r.tied) names += ", " + o->qualifiedName();
      t.failures.push_back(label + ": ambiguous (" + names + ") for\n  " + n->str());
      continue;
    }
    if (n->maybeSchema() != &r.best->schema())
      t.failures.push_back(label + ": Node::schema() disagrees with resolve() for " + n->str());
    ++t.resolved;
    ++t.overloadsUsed[r.best->qualifiedName()];
  }
}

void checkGraphText(const std::string& label, const std::string& text, Tally& t) {
  ++t.graphs;
  std::shared_ptr<Graph> g;
  try {
    g = parseIR(text, label);
  } catch (const std::exception& e) {
    t.unparsed.push_back(label + ": " + e.what());
    return;
  }
  checkBlock(g->block(), label, t);
}

void report(const char* what, const Tally& t) {
  std::cout << "[ops] " << what << ": " << t.graphs << " graphs, " << t.nodes << " nodes with schemas, " << t.resolved
            << " resolved to one best overload, " << t.ambiguous << " ambiguous, "
            << (t.nodes - t.resolved - t.ambiguous) << " unresolved; " << t.overloadsUsed.size()
            << " distinct overloads used\n";
  for (const auto& [kind, count] : t.undeclaredKinds)
    std::cout << "[ops]   not checked: " << count << " node(s) of " << kind << ", a kind outside node_kinds.txt\n";
  for (const auto& u : t.unparsed) std::cout << "[ops]   not checked: the IR parser rejects " << u << "\n";
  size_t shown = 0;
  for (const auto& f : t.failures) {
    if (++shown > 40) break;
    ADD_FAILURE() << f;
  }
  EXPECT_TRUE(t.failures.empty()) << t.failures.size() << " failures";
}

std::vector<nlohmann::json> cases() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(corpusDir() / "cases"))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<nlohmann::json> out;
  for (const auto& f : files) {
    std::ifstream in(f);
    out.push_back(nlohmann::json::parse(in));
  }
  return out;
}

}  // namespace

TEST(OpsCorpus, EveryNodeKindIsDeclared) {
  size_t kinds = 0;
  for (const auto& line : dataLines("node_kinds.txt")) {
    std::string kind = line.substr(0, line.find(' '));
    if (kind.empty()) continue;
    ++kinds;
    EXPECT_NE(findOp(kind), nullptr) << kind << " is not in the op table";
  }
  EXPECT_EQ(kinds, 310u);
  size_t special = 0;
  for (const OpInfo* info : allOps()) special += info->isSpecial() ? 1 : 0;
  std::cout << "[ops] " << kinds << " corpus node kinds declared; table: " << allOps().size() << " ops ("
            << special << " special), " << overloadCount() << " overloads\n";
}

TEST(OpsCorpus, EverySchemaIsAnOverload) {
  auto lines = dataLines("schemas.txt");
  ASSERT_EQ(lines.size(), 1090u);
  std::set<const OpOverload*> seen;
  for (const auto& line : lines) {
    std::string qualified = line.substr(0, line.find('('));
    const OpOverload* o = findOverload(qualified);
    ASSERT_NE(o, nullptr) << qualified << " is not in the op table";
    EXPECT_EQ(o->schema().str(), line);
    seen.insert(o);
  }
  EXPECT_EQ(seen.size(), 1090u);
  // Schemas the language needs beyond the corpus, each copied from what PyTorch 1.13 declares
  // (python3-torch 1.13.1: torch._C._jit_get_schemas_for_operator(name)).
  static const char* kBeyondCorpus[] = {
      "aten::percentFormat(str self, ...) -> str",  // "%d items" % n
      // symbolic autodiff's broadcasting helpers (jit/autodiff formulas)
      "aten::sum_to_size(Tensor self, int[] size) -> Tensor",
      "aten::_grad_sum_to_size(Tensor(a) self, int[]? size) -> Tensor(a)",
      "aten::_size_if_not_equal(int[] self_size, int[] other_size) -> int[]?",
      // string methods the source fuzzer needed (CPython's str methods)
      "aten::lower(str self) -> str",
      "aten::strip(str self, str chars=\" \\n\\t\\f\\v\") -> str",
      "aten::lstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str",
      "aten::rstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str",
      // activations whose aten nodes scripted F.* calls leave in graphs (pt113-corpus accept2_*)
      "aten::relu6(Tensor self) -> Tensor",
      "aten::selu(Tensor self) -> Tensor",
      "aten::hardsigmoid(Tensor self) -> Tensor",
      "aten::hardsigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::hardswish(Tensor self) -> Tensor",
      "aten::hardswish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::log_sigmoid(Tensor self) -> Tensor",
      "aten::log_sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::mish(Tensor self) -> Tensor",
      "aten::mish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::logit(Tensor self, float? eps=None) -> Tensor",
      "aten::logit.out(Tensor self, float? eps=None, *, Tensor(a!) out) -> Tensor(a!)",
      // torch.bitwise_and / or / xor (pt113-corpus accept2_bitwise_*)
      "aten::bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::bitwise_and.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::bitwise_and.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_and.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_and.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::bitwise_and.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::bitwise_or.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::bitwise_or.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_or.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_or.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::bitwise_or.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::bitwise_xor.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::bitwise_xor.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_xor.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bitwise_xor.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
      "aten::bitwise_xor.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::wait(Future(t) self) -> t",  // torch.jit.wait (schema from python3-torch 1.13.1)
      // torch.no_grad's __enter__ / __exit__, torch.is_grad_enabled, t.requires_grad (python3-torch 1.13.1)
      "aten::is_grad_enabled() -> bool",
      "aten::set_grad_enabled(bool val) -> ()",
      "prim::requires_grad(Tensor a) -> bool",
      // tensor factories and NN ops the corpus's graphs never used (python3-torch 1.13.1)
      "aten::logspace(Scalar start, Scalar end, int steps, float base=10., *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::logspace.out(Scalar start, Scalar end, int steps, float base=10., *, Tensor(a!) out) -> Tensor(a!)",
      "aten::avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], bool ceil_mode=False, bool count_include_pad=True) -> Tensor",
      "aten::constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor",
      "aten::constant_pad_nd.out(Tensor self, SymInt[] pad, Scalar value=0, *, Tensor(a!) out) -> Tensor(a!)",
      // torch.unique's kernels (python3-torch 1.13.1)
      "aten::_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)",
      "aten::unique_dim(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)",
      "aten::unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)",
      // F.huber_loss's kernel (python3-torch 1.13.1)
      "aten::huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.) -> Tensor",
      "aten::huber_loss.out(Tensor self, Tensor target, int reduction=1, float delta=1., *, Tensor(a!) out) -> Tensor(a!)",
      // complex(re, im) (python3-torch 1.13.1's torch._C._jit_get_all_schemas())
      "aten::Complex.Scalar(Scalar a) -> complex",
      "aten::Complex.Tensor_Tensor(Tensor a, Tensor b) -> complex",
      "aten::Complex.int_bool(int x, bool y) -> complex",
      "aten::Complex.bool_int(bool x, int y) -> complex",
      "aten::Complex.float_bool(float x, bool y) -> complex",
      "aten::Complex.bool_float(bool x, float y) -> complex",
      "aten::Complex.float_int(float x, int y) -> complex",
      "aten::Complex.int_float(int x, float y) -> complex",
      "aten::Complex.int_int(int x, int y) -> complex",
      "aten::Complex.bool_bool(bool x, bool y) -> complex",
      "aten::Complex.float_float(float x, float y) -> complex",
      "aten::Complex.Tensor_float(Tensor x, float y) -> complex",
      "aten::Complex.float_Tensor(float x, Tensor y) -> complex",
      "aten::Complex.Tensor_int(Tensor x, int y) -> complex",
      "aten::Complex.int_Tensor(int x, Tensor y) -> complex",
      "aten::Complex.Tensor_bool(Tensor x, bool y) -> complex",
      "aten::Complex.bool_Tensor(bool x, Tensor y) -> complex",
      // less common elementwise math ops and their in-place variants (python3-torch 1.13.1)
      "aten::atan(Tensor self) -> Tensor",
      "aten::atan.Scalar(Scalar a) -> Scalar",
      "aten::atan.float(float a) -> float",
      "aten::atan.int(int a) -> float",
      "aten::atan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::atan_(Tensor(a!) self) -> Tensor(a!)",
      "aten::acos(Tensor self) -> Tensor",
      "aten::acos.Scalar(Scalar a) -> Scalar",
      "aten::acos.float(float a) -> float",
      "aten::acos.int(int a) -> float",
      "aten::acos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::acos_(Tensor(a!) self) -> Tensor(a!)",
      "aten::cosh(Tensor self) -> Tensor",
      "aten::cosh.Scalar(Scalar a) -> Scalar",
      "aten::cosh.float(float a) -> float",
      "aten::cosh.int(int a) -> float",
      "aten::cosh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::cosh_(Tensor(a!) self) -> Tensor(a!)",
      "aten::asinh(Tensor self) -> Tensor",
      "aten::asinh.Scalar(Scalar a) -> Scalar",
      "aten::asinh.float(float a) -> float",
      "aten::asinh.int(int a) -> float",
      "aten::asinh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::asinh_(Tensor(a!) self) -> Tensor(a!)",
      "aten::acosh(Tensor self) -> Tensor",
      "aten::acosh.Scalar(Scalar a) -> Scalar",
      "aten::acosh.float(float a) -> float",
      "aten::acosh.int(int a) -> float",
      "aten::acosh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::acosh_(Tensor(a!) self) -> Tensor(a!)",
      "aten::erfc(Tensor self) -> Tensor",
      "aten::erfc.Scalar(Scalar a) -> Scalar",
      "aten::erfc.float(float a) -> float",
      "aten::erfc.int(int a) -> float",
      "aten::erfc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::erfc_(Tensor(a!) self) -> Tensor(a!)",
      "aten::lgamma(Tensor self) -> Tensor",
      "aten::lgamma.Scalar(Scalar a) -> Scalar",
      "aten::lgamma.float(float a) -> float",
      "aten::lgamma.int(int a) -> float",
      "aten::lgamma.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::lgamma_(Tensor(a!) self) -> Tensor(a!)",
      "aten::sinc(Tensor self) -> Tensor",
      "aten::sinc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::sinc_(Tensor(a!) self) -> Tensor(a!)",
      "aten::deg2rad(Tensor self) -> Tensor",
      "aten::deg2rad.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::deg2rad_(Tensor(a!) self) -> Tensor(a!)",
      "aten::rad2deg(Tensor self) -> Tensor",
      "aten::rad2deg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::rad2deg_(Tensor(a!) self) -> Tensor(a!)",
      "aten::sgn(Tensor self) -> Tensor",
      "aten::sgn.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::sgn_(Tensor(a!) self) -> Tensor(a!)",
      "aten::signbit(Tensor self) -> Tensor",
      "aten::signbit.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::hypot(Tensor self, Tensor other) -> Tensor",
      "aten::hypot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::hypot_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::logaddexp(Tensor self, Tensor other) -> Tensor",
      "aten::logaddexp.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::logaddexp2(Tensor self, Tensor other) -> Tensor",
      "aten::logaddexp2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.OutScalar_Other(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.OutScalar_Self(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.OutTensor(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::xlogy.Scalar_Other(Tensor self, Scalar other) -> Tensor",
      "aten::xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor",
      "aten::xlogy.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::xlogy_.Scalar_Other(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::xlogy_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::copysign(Scalar a, Scalar b) -> float",
      "aten::copysign.Scalar(Tensor self, Scalar other) -> Tensor",
      "aten::copysign.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::copysign.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::copysign.float(float a, float b) -> float",
      "aten::copysign.float_int(float a, int b) -> float",
      "aten::copysign.int(int a, int b) -> float",
      "aten::copysign.int_float(int a, float b) -> float",
      "aten::copysign.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::copysign_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::copysign_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::heaviside(Tensor self, Tensor values) -> Tensor",
      "aten::heaviside.out(Tensor self, Tensor values, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::heaviside_(Tensor(a!) self, Tensor values) -> Tensor(a!)",
      "aten::clamp_max(Tensor self, Scalar max) -> Tensor",
      "aten::clamp_max.Tensor(Tensor self, Tensor max) -> Tensor",
      "aten::clamp_max.Tensor_out(Tensor self, Tensor max, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::clamp_max.out(Tensor self, Scalar max, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::clamp_max_(Tensor(a!) self, Scalar max) -> Tensor(a!)",
      "aten::clamp_max_.Tensor(Tensor(a!) self, Tensor max) -> Tensor(a!)",
      // ops defined through other ops (python3-torch 1.13.1)
      "aten::numpy_T(Tensor(a) self) -> Tensor(a)",
      "aten::numpy_T.a(Tensor(a) self) -> Tensor(a)",
      "aten::ravel(Tensor(a) self) -> Tensor(a)",
      "aten::reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)",
      "aten::movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)",
      "aten::movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
      "aten::tile(Tensor self, int[] dims) -> Tensor",
      "aten::new_zeros(Tensor self, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::new_ones(Tensor self, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::new_full(Tensor self, SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::full_like(Tensor self, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::isclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool equal_nan=False) -> Tensor",
      "aten::allclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool equal_nan=False) -> bool",
      // str methods, int-to-text builtins, clear / popitem, math.degrees / radians / remainder
      "aten::endswith(str self, str substr, int start=0, int end=-1) -> bool",
      "aten::rfind(str self, str substr, int start=0, int end=-1) -> int",
      "aten::rindex(str self, str substr, int start=0, int end=-1) -> int",
      "aten::zfill(str self, int width) -> str",
      "aten::title(str self) -> str",
      "aten::capitalize(str self) -> str",
      "aten::swapcase(str self) -> str",
      "aten::center(str self, int width, str fillchar=\" \") -> str",
      "aten::ljust(str self, int width, str fillchar=\" \") -> str",
      "aten::rjust(str self, int width, str fillchar=\" \") -> str",
      "aten::isdigit(str self) -> bool",
      "aten::isdecimal(str self) -> bool",
      "aten::isnumeric(str self) -> bool",
      "aten::isalpha(str self) -> bool",
      "aten::isalnum(str self) -> bool",
      "aten::isspace(str self) -> bool",
      "aten::isprintable(str self) -> bool",
      "aten::islower(str self) -> bool",
      "aten::isupper(str self) -> bool",
      "aten::istitle(str self) -> bool",
      "aten::partition(str self, str separator) -> (str, str, str)",
      "aten::rpartition(str self, str separator) -> (str, str, str)",
      "aten::rsplit(str self, str separator=\" \", int max=-1) -> str[]",
      "aten::ord(str string) -> int",
      "aten::chr(int i) -> str",
      "aten::hex(int i) -> str",
      "aten::oct(int i) -> str",
      "aten::bin(int i) -> str",
      "aten::clear.Tensor(Dict(Tensor, t)(a!) self) -> ()",
      "aten::clear.bool(Dict(bool, t)(a!) self) -> ()",
      "aten::clear.complex(Dict(complex, t)(a!) self) -> ()",
      "aten::clear.float(Dict(float, t)(a!) self) -> ()",
      "aten::clear.int(Dict(int, t)(a!) self) -> ()",
      "aten::clear.str(Dict(str, t)(a!) self) -> ()",
      "aten::clear.t(t[](a!) self) -> ()",
      "aten::popitem.Tensor(Dict(Tensor, t)(a!) self) -> ((Tensor, t))",
      "aten::popitem.bool(Dict(bool, t)(a!) self) -> ((bool, t))",
      "aten::popitem.complex(Dict(complex, t)(a!) self) -> ((complex, t))",
      "aten::popitem.float(Dict(float, t)(a!) self) -> ((float, t))",
      "aten::popitem.int(Dict(int, t)(a!) self) -> ((int, t))",
      "aten::popitem.str(Dict(str, t)(a!) self) -> ((str, t))",
      "aten::degrees.Scalar(Scalar a) -> Scalar",
      "aten::degrees.float(float a) -> float",
      "aten::degrees.int(int a) -> float",
      "aten::radians.Scalar(Scalar a) -> Scalar",
      "aten::radians.float(float a) -> float",
      "aten::radians.int(int a) -> float",
      "aten::mathremainder(Scalar a, Scalar b) -> float",
      "aten::mathremainder.float(float a, float b) -> float",
      "aten::mathremainder.float_int(float a, int b) -> float",
      "aten::mathremainder.int(int a, int b) -> float",
      "aten::mathremainder.int_float(int a, float b) -> float",
      // activations and one_hot (python3-torch 1.13.1)
      "aten::celu(Tensor self, Scalar alpha=1.) -> Tensor",
      "aten::celu.out(Tensor self, Scalar alpha=1., *, Tensor(a!) out) -> Tensor(a!)",
      "aten::softshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
      "aten::softshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
      "aten::hardshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor",
      "aten::threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::glu(Tensor self, int dim=-1) -> Tensor",
      "aten::glu.out(Tensor self, int dim=-1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::one_hot(Tensor self, int num_classes=-1) -> Tensor",
      "aten::celu_(Tensor(a!) self, Scalar alpha=1.) -> Tensor(a!)",
      "aten::threshold_(Tensor(a!) self, Scalar threshold, Scalar value) -> Tensor(a!)",
      // split / chunk under the names traced graphs record (python3-torch 1.13.1)
      "aten::split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]",
      "aten::unsafe_split_with_sizes(Tensor self, int[] split_sizes, int dim=0) -> Tensor[]",
      "aten::unsafe_split.Tensor(Tensor self, int split_size, int dim=0) -> Tensor[]",
      "aten::unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]",
      "aten::prelu(Tensor self, Tensor weight) -> Tensor",
      // in-place variants whose kernels both engines derive from the functional ones
      // (python3-torch 1.13.1's torch._C._jit_get_all_schemas())
      "aten::abs_(Tensor(a!) self) -> Tensor(a!)",
      "aten::addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)",
      "aten::addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)",
      "aten::addmm_(Tensor(a!) self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
      "aten::addmv_(Tensor(a!) self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
      "aten::addr_(Tensor(a!) self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
      "aten::asin_(Tensor(a!) self) -> Tensor(a!)",
      "aten::atan2_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::atanh_(Tensor(a!) self) -> Tensor(a!)",
      "aten::baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)",
      "aten::bitwise_and_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::bitwise_not_(Tensor(a!) self) -> Tensor(a!)",
      "aten::bitwise_or_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::bitwise_xor_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::ceil_(Tensor(a!) self) -> Tensor(a!)",
      "aten::cos_(Tensor(a!) self) -> Tensor(a!)",
      "aten::cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
      "aten::cumprod_.dimname(Tensor(a!) self, str dim, *, ScalarType? dtype=None) -> Tensor(a!)",
      "aten::cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)",
      "aten::cumsum_.dimname(Tensor(a!) self, str dim, *, ScalarType? dtype=None) -> Tensor(a!)",
      "aten::eq_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::eq_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::erf_(Tensor(a!) self) -> Tensor(a!)",
      "aten::exp2_(Tensor(a!) self) -> Tensor(a!)",
      "aten::exp_(Tensor(a!) self) -> Tensor(a!)",
      "aten::expm1_(Tensor(a!) self) -> Tensor(a!)",
      "aten::floor_(Tensor(a!) self) -> Tensor(a!)",
      "aten::fmod_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::frac_(Tensor(a!) self) -> Tensor(a!)",
      "aten::gcd_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::ge_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::ge_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::gelu_(Tensor(a!) self, *, str approximate=\"none\") -> Tensor(a!)",
      "aten::gt_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::gt_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::hardsigmoid_(Tensor(a!) self) -> Tensor(a!)",
      "aten::hardswish_(Tensor(a!) self) -> Tensor(a!)",
      "aten::le_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::le_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)",
      "aten::lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)",
      "aten::log10_(Tensor(a!) self) -> Tensor(a!)",
      "aten::log1p_(Tensor(a!) self) -> Tensor(a!)",
      "aten::log2_(Tensor(a!) self) -> Tensor(a!)",
      "aten::log_(Tensor(a!) self) -> Tensor(a!)",
      "aten::logical_and_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::logical_not_(Tensor(a!) self) -> Tensor(a!)",
      "aten::logical_or_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::logical_xor_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::logit_(Tensor(a!) self, float? eps=None) -> Tensor(a!)",
      "aten::lt_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::lt_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::mish_(Tensor(a!) self) -> Tensor(a!)",
      "aten::nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)",
      "aten::ne_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::ne_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::neg_(Tensor(a!) self) -> Tensor(a!)",
      "aten::reciprocal_(Tensor(a!) self) -> Tensor(a!)",
      "aten::relu6_(Tensor(a!) self) -> Tensor(a!)",
      "aten::remainder_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::round_(Tensor(a!) self) -> Tensor(a!)",
      "aten::round_.decimals(Tensor(a!) self, *, int decimals) -> Tensor(a!)",
      "aten::rsqrt_(Tensor(a!) self) -> Tensor(a!)",
      "aten::scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)",
      "aten::selu_(Tensor(a!) self) -> Tensor(a!)",
      "aten::sign_(Tensor(a!) self) -> Tensor(a!)",
      "aten::sin_(Tensor(a!) self) -> Tensor(a!)",
      "aten::sinh_(Tensor(a!) self) -> Tensor(a!)",
      "aten::sqrt_(Tensor(a!) self) -> Tensor(a!)",
      "aten::square_(Tensor(a!) self) -> Tensor(a!)",
      "aten::squeeze_(Tensor(a!) self) -> Tensor(a!)",
      "aten::squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)",
      "aten::squeeze_.dimname(Tensor(a!) self, str dim) -> Tensor(a!)",
      "aten::t_(Tensor(a!) self) -> Tensor(a!)",
      "aten::tan_(Tensor(a!) self) -> Tensor(a!)",
      "aten::transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)",
      "aten::tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)",
      "aten::triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)",
      "aten::trunc_(Tensor(a!) self) -> Tensor(a!)",
      "aten::unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)",
      "aten::__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::__ior__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__ior__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::__ixor__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__ixor__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::__ilshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__ilshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      "aten::__irshift__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::__irshift__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
      // pooling, unpooling, im2col/col2im, shuffles, 3-d and transposed 1-d/3-d convolutions
      "aten::conv3d(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] dilation=1, int groups=1) -> Tensor",
      "aten::conv3d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, str padding=\"valid\", int[3] dilation=1, int groups=1) -> Tensor",
      "aten::conv_transpose1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], int[1] output_padding=[0], int groups=1, int[1] dilation=[1]) -> Tensor",
      "aten::conv_transpose3d.input(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] output_padding=0, int groups=1, int[3] dilation=1) -> Tensor",
      "aten::max_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> Tensor",
      "aten::max_pool1d_with_indices(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], int[1] dilation=[1], bool ceil_mode=False) -> (Tensor, Tensor)",
      "aten::max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
      "aten::max_pool2d_with_indices.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
      "aten::max_pool3d_with_indices(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
      "aten::max_pool3d_with_indices.out(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, bool ceil_mode=False, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
      "aten::avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor",
      "aten::avg_pool3d.out(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::adaptive_max_pool1d(Tensor self, int[1] output_size) -> (Tensor, Tensor)",
      "aten::adaptive_max_pool3d(Tensor self, int[3] output_size) -> (Tensor, Tensor)",
      "aten::adaptive_max_pool3d.out(Tensor self, int[3] output_size, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
      "aten::max_unpool2d(Tensor self, Tensor indices, int[2] output_size) -> Tensor",
      "aten::max_unpool2d.out(Tensor self, Tensor indices, int[2] output_size, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::max_unpool3d(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding) -> Tensor",
      "aten::max_unpool3d.out(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor",
      "aten::im2col.out(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor",
      "aten::col2im.out(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pixel_shuffle(Tensor self, int upscale_factor) -> Tensor",
      "aten::pixel_shuffle.out(Tensor self, int upscale_factor, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor",
      "aten::pixel_unshuffle.out(Tensor self, int downscale_factor, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::channel_shuffle(Tensor self, int groups) -> Tensor",
      "aten::channel_shuffle.out(Tensor self, int groups, *, Tensor(a!) out) -> Tensor(a!)",
      // nn.MultiheadAttention / TransformerEncoderLayer fast-path checks, torch.jit._unwrap_optional, the tracer's tensor -> Scalar
      "prim::is_nested(Tensor a) -> bool",
      "prim::is_cuda(Tensor a) -> bool",
      "aten::_unwrap_optional(t(a)? optional) -> t(a)",
      "aten::ScalarImplicit(Tensor a) -> Scalar",
      "aten::splitlines(str self, bool keepends=False) -> str[]",
      "aten::is_autocast_enabled() -> bool",
      "aten::is_autocast_cpu_enabled() -> bool",
      // recurrent cells and whole-sequence RNNs
      "aten::gru_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
      "aten::rnn_tanh_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
      "aten::rnn_relu_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None) -> Tensor",
      "aten::lstm.input(Tensor input, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor, Tensor)",
      "aten::lstm.data(Tensor data, Tensor batch_sizes, Tensor[] hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor, Tensor)",
      "aten::gru.input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)",
      "aten::gru.data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",
      "aten::rnn_tanh.input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)",
      "aten::rnn_tanh.data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",
      "aten::rnn_relu.input(Tensor input, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional, bool batch_first) -> (Tensor, Tensor)",
      "aten::rnn_relu.data(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, bool bidirectional) -> (Tensor, Tensor)",
      // nn.MultiheadAttention / TransformerEncoderLayer fast path
      "aten::_native_multi_head_attention(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool need_weights=True, bool average_attn_weights=True, int? mask_type=None) -> (Tensor, Tensor)",
      "aten::_native_multi_head_attention.out(Tensor query, Tensor key, Tensor value, int embed_dim, int num_head, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, Tensor? mask=None, bool need_weights=True, bool average_attn_weights=True, int? mask_type=None, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
      "aten::_transformer_encoder_layer_fwd(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None) -> Tensor",
      "aten::_transformer_encoder_layer_fwd.out(Tensor src, int embed_dim, int num_heads, Tensor qkv_weight, Tensor qkv_bias, Tensor proj_weight, Tensor proj_bias, bool use_gelu, bool norm_first, float eps, Tensor norm_weight_1, Tensor norm_bias_1, Tensor norm_weight_2, Tensor norm_bias_2, Tensor ffn_weight_1, Tensor ffn_bias_1, Tensor ffn_weight_2, Tensor ffn_bias_2, Tensor? mask=None, int? mask_type=None, *, Tensor(a!) out) -> Tensor(a!)",
      // losses, distances, dropout variants, rrelu
      "aten::_infer_size(int[] a, int[] b) -> int[]",
      "aten::binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor",
      "aten::binary_cross_entropy.out(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor",
      "aten::soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
      "aten::soft_margin_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor",
      "aten::hinge_embedding_loss(Tensor self, Tensor target, float margin=1., int reduction=1) -> Tensor",
      "aten::cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> Tensor",
      "aten::triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1., float p=2., float eps=9.9999999999999995e-07, bool swap=False, int reduction=1) -> Tensor",
      "aten::poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction) -> Tensor",
      "aten::multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1) -> Tensor",
      "aten::multi_margin_loss.out(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
      "aten::multilabel_margin_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pairwise_distance(Tensor x1, Tensor x2, float p=2., float eps=9.9999999999999995e-07, bool keepdim=False) -> Tensor",
      "aten::cdist(Tensor x1, Tensor x2, float p=2., int? compute_mode=None) -> Tensor",
      "aten::_cdist_forward(Tensor x1, Tensor x2, float p, int? compute_mode) -> Tensor",
      "aten::_cdist_forward.out(Tensor x1, Tensor x2, float p, int? compute_mode, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pdist(Tensor self, float p=2.) -> Tensor",
      "aten::_pdist_forward(Tensor self, float p=2.) -> Tensor",
      "aten::_pdist_forward.out(Tensor self, float p=2., *, Tensor(a!) out) -> Tensor(a!)",
      "aten::dist(Tensor self, Tensor other, Scalar p=2) -> Tensor",
      "aten::dist.out(Tensor self, Tensor other, Scalar p=2, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::feature_dropout(Tensor input, float p, bool train) -> Tensor",
      "aten::alpha_dropout(Tensor input, float p, bool train) -> Tensor",
      "aten::feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor",
      "aten::feature_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
      "aten::alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
      "aten::feature_alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
      "aten::rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, Generator? generator=None) -> Tensor",
      "aten::rrelu_(Tensor(a!) self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, Generator? generator=None) -> Tensor(a!)",
      "aten::bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor",
      "aten::embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False) -> (Tensor, Tensor, Tensor, Tensor)",
      "aten::embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int? padding_idx) -> (Tensor, Tensor, Tensor, Tensor)",
      "aten::_embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1) -> (Tensor, Tensor, Tensor, Tensor)",
      "aten::_embedding_bag.out(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2, Tensor(d!) out3) -> (Tensor(a!), Tensor(b!), Tensor(c!), Tensor(d!))",
      "aten::grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor",
      "aten::grid_sampler_2d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor",
      "aten::grid_sampler_2d.out(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::grid_sampler_3d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners) -> Tensor",
      "aten::grid_sampler_3d.out(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor",
      "aten::affine_grid_generator.out(Tensor theta, int[] size, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)",
      // shape, view and indexing ops (helper D)
      "aten::hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
      "aten::hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
      "aten::vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
      "aten::vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
      "aten::dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
      "aten::dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
      "aten::index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)",
      "aten::index_copy_.dimname(Tensor(a!) self, str dim, Tensor index, Tensor source) -> Tensor(a!)",
      "aten::masked_scatter_(Tensor(a!) self, Tensor mask, Tensor source) -> Tensor(a!)",
      "aten::scatter_reduce_.two(Tensor(a!) self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor(a!)",
      "aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)",
      "aten::diagonal.Dimname(Tensor(a) self, *, str outdim, str dim1, str dim2, int offset=0) -> Tensor(a)",
      "aten::unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)",
      "aten::unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)",
      "aten::unflatten.Dimname(Tensor(a) self, str dim, int[] sizes, str[] names) -> Tensor(a)",
      "aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)",
      "aten::swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)",
      "aten::swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)",
      "aten::moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
      "aten::moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)",
      "aten::atleast_1d(Tensor self) -> Tensor",
      "aten::atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]",
      "aten::atleast_2d(Tensor self) -> Tensor",
      "aten::atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]",
      "aten::atleast_3d(Tensor self) -> Tensor",
      "aten::atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]",
      "aten::tensor_split.sections(Tensor(a -> *) self, int sections, int dim=0) -> Tensor(a)[]",
      "aten::tensor_split.indices(Tensor(a -> *) self, int[] indices, int dim=0) -> Tensor(a)[]",
      "aten::tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor tensor_indices_or_sections, int dim=0) -> Tensor(a)[]",
      "aten::meshgrid(Tensor[] tensors) -> Tensor[]",
      "aten::meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]",
      "aten::diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor",
      "aten::diag_embed.out(Tensor self, int offset=0, int dim1=-2, int dim2=-1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::rot90(Tensor self, int k=1, int[] dims=[0, 1]) -> Tensor",
      "aten::rot90.out(Tensor self, int k=1, int[] dims=[0, 1], *, Tensor(a!) out) -> Tensor(a!)",
      "aten::fliplr(Tensor self) -> Tensor",
      "aten::flipud(Tensor self) -> Tensor",
      "aten::dstack(Tensor[] tensors) -> Tensor",
      "aten::dstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::column_stack(Tensor[] tensors) -> Tensor",
      "aten::column_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::row_stack(Tensor[] tensors) -> Tensor",
      "aten::row_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::tril_indices.out(int row, int col, int offset=0, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::triu_indices.out(int row, int col, int offset=0, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::empty.out(SymInt[] size, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::empty.names(int[] size, *, str[]? names, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::empty.names_out(int[] size, *, str[]? names, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::empty_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::empty_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::new_empty(Tensor self, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::new_empty.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::take(Tensor self, Tensor index) -> Tensor",
      "aten::take.out(Tensor self, Tensor index, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor",
      "aten::take_along_dim.out(Tensor self, Tensor indices, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor",
      "aten::index_copy.dimname(Tensor self, str dim, Tensor index, Tensor source) -> Tensor",
      "aten::index_copy.out(Tensor self, int dim, Tensor index, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor",
      "aten::masked_scatter.out(Tensor self, Tensor mask, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::index_fill.Dimname_Scalar(Tensor self, str dim, Tensor index, Scalar value) -> Tensor",
      "aten::index_fill.Dimname_Tensor(Tensor self, str dim, Tensor index, Tensor value) -> Tensor",
      "aten::index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
      "aten::index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor",
      "aten::index_fill.int_Scalar_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::index_fill.int_Tensor_out(Tensor self, int dim, Tensor index, Tensor value, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor",
      "aten::scatter_reduce.two_out(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True, Tensor(a!) out) -> Tensor(a!)",
      // reductions, scans, special functions (ops-c)
      "aten::ldexp(float x, int i) -> float",
      "aten::ldexp.Tensor(Tensor self, Tensor other) -> Tensor",
      "aten::ldexp.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::float_power.Scalar(Scalar self, Tensor exponent) -> Tensor",
      "aten::float_power.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
      "aten::float_power.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
      "aten::float_power.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
      "aten::rsub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
      "aten::rsub.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      "aten::digamma(Tensor self) -> Tensor",
      "aten::digamma.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::polygamma(int n, Tensor self) -> Tensor",
      "aten::polygamma.out(int n, Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::erfinv(Tensor self) -> Tensor",
      "aten::erfinv.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::i0(Tensor self) -> Tensor",
      "aten::i0.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::gamma.Scalar(Scalar a) -> Scalar",
      "aten::gamma.float(float a) -> float",
      "aten::gamma.int(int a) -> float",
      "aten::digamma_(Tensor(a!) self) -> Tensor(a!)",
      "aten::polygamma_(Tensor(a!) self, int n) -> Tensor(a!)",
      "aten::erfinv_(Tensor(a!) self) -> Tensor(a!)",
      "aten::i0_(Tensor(a!) self) -> Tensor(a!)",
      "aten::ldexp_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
      "aten::float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
      "aten::float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
      "aten::median(Tensor self) -> Tensor",
      "aten::median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::median.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::median.names_dim(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::median.names_dim_values(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::median.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::nanmedian(Tensor self) -> Tensor",
      "aten::nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::nanmedian.dim_values(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::nanmedian.names_dim(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::nanmedian.names_dim_values(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::nanmedian.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::mode.dimname(Tensor self, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::mode.dimname_out(Tensor self, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::mode.values(Tensor self, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::kthvalue.dimname(Tensor self, int k, str dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
      "aten::kthvalue.dimname_out(Tensor self, int k, str dim, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::kthvalue.values(Tensor self, int k, int dim=-1, bool keepdim=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)",
      "aten::aminmax.out(Tensor self, *, int? dim=None, bool keepdim=False, Tensor(a!) min, Tensor(b!) max) -> (Tensor(a!) min, Tensor(b!) max)",
      "aten::var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)",
      "aten::var_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::var_mean.correction_names(Tensor self, str[1] dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::var_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
      "aten::var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::var_mean.names_dim(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)",
      "aten::std_mean.correction(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean.correction_names(Tensor self, str[1] dim, *, int? correction, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean.correction_out(Tensor self, int[1]? dim, *, int? correction, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))",
      "aten::std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::std_mean.names_dim(Tensor self, str[1] dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)",
      "aten::nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::nansum.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::nanmean.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)",
      "aten::cummax.dimname(Tensor self, str dim) -> (Tensor values, Tensor indices)",
      "aten::cummax.dimname_out(Tensor self, str dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::cummax.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)",
      "aten::cummin.dimname(Tensor self, str dim) -> (Tensor values, Tensor indices)",
      "aten::cummin.dimname_out(Tensor self, str dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::cummin.out(Tensor self, int dim, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::logcumsumexp(Tensor self, int dim) -> Tensor",
      "aten::logcumsumexp.dimname(Tensor self, str dim) -> Tensor",
      "aten::logcumsumexp.dimname_out(Tensor self, str dim, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::logcumsumexp.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor",
      "aten::diff.out(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::bincount(Tensor self, Tensor? weights=None, int minlength=0) -> Tensor",
      "aten::bincount.out(Tensor self, Tensor? weights=None, int minlength=0, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0) -> Tensor",
      "aten::histc.out(Tensor self, int bins=100, Scalar min=0, Scalar max=0, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None) -> Tensor",
      "aten::searchsorted.Scalar_out(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None) -> Tensor",
      "aten::searchsorted.Tensor_out(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
      "aten::bucketize.Scalar_out(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
      "aten::bucketize.Tensor_out(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::kron(Tensor self, Tensor other) -> Tensor",
      "aten::kron.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::inner(Tensor self, Tensor other) -> Tensor",
      "aten::inner.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::vdot(Tensor self, Tensor other) -> Tensor",
      "aten::vdot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor",
      "aten::tensordot.out(Tensor self, Tensor other, int[] dims_self, int[] dims_other, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::chain_matmul(Tensor[] matrices) -> Tensor",
      "aten::chain_matmul.out(Tensor[] matrices, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_multi_dot(Tensor[] tensors) -> Tensor",
      "aten::linalg_multi_dot.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::cross(Tensor self, Tensor other, int? dim=None) -> Tensor",
      "aten::cross.out(Tensor self, Tensor other, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_cross(Tensor self, Tensor other, *, int dim=-1) -> Tensor",
      "aten::linalg_cross.out(Tensor self, Tensor other, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)",
      "aten::addbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      "aten::addbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)",
      "aten::linalg_slogdet.out(Tensor A, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) logabsdet)",
      "aten::slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)",
      "aten::slogdet.out(Tensor self, *, Tensor(a!) sign, Tensor(b!) logabsdet) -> (Tensor(a!) sign, Tensor(b!) logabsdet)",
      "aten::logdet(Tensor self) -> Tensor",
      "aten::linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor",
      "aten::linalg_solve.out(Tensor A, Tensor B, *, bool left=True, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> (Tensor result, Tensor info)",
      "aten::linalg_solve_ex.out(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, Tensor(a!) result, Tensor(b!) info) -> (Tensor(a!) result, Tensor(b!) info)",
      "aten::linalg_inv_ex(Tensor A, *, bool check_errors=False) -> (Tensor inverse, Tensor info)",
      "aten::linalg_inv_ex.inverse(Tensor A, *, bool check_errors=False, Tensor(a!) inverse, Tensor(b!) info) -> (Tensor(a!) inverse, Tensor(b!) info)",
      "aten::linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor",
      "aten::linalg_cholesky.out(Tensor self, *, bool upper=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::cholesky(Tensor self, bool upper=False) -> Tensor",
      "aten::cholesky.out(Tensor self, bool upper=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_power(Tensor self, int n) -> Tensor",
      "aten::linalg_matrix_power.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_solve_triangular(Tensor self, Tensor B, *, bool upper, bool left=True, bool unitriangular=False) -> Tensor",
      "aten::linalg_solve_triangular.out(Tensor self, Tensor B, *, bool upper, bool left=True, bool unitriangular=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::triangular_solve(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False) -> (Tensor solution, Tensor cloned_coefficient)",
      "aten::triangular_solve.X(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False, *, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, Tensor(b!) cloned_coefficient)",
      "aten::linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor",
      "aten::linalg_svdvals.out(Tensor A, *, str? driver=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_eigvalsh(Tensor self, str UPLO=\"L\") -> Tensor",
      "aten::linalg_eigvalsh.out(Tensor self, str UPLO=\"L\", *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_qr(Tensor A, str mode=\"reduced\") -> (Tensor Q, Tensor R)",
      "aten::linalg_qr.out(Tensor A, str mode=\"reduced\", *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)",
      "aten::qr(Tensor self, bool some=True) -> (Tensor Q, Tensor R)",
      "aten::qr.Q(Tensor self, bool some=True, *, Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)",
      "aten::linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_matrix_norm.str_ord(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_matrix_norm.out(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_norm.str_ord_out(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
      "aten::linalg_norm.out(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_norm.ord_str_out(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank(Tensor self, float tol, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.tol_tensor(Tensor input, Tensor tol, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.atol_rtol_tensor(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_matrix_rank.atol_rtol_tensor_out(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank.out(Tensor self, float tol, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_rank.out_tol_tensor(Tensor input, Tensor tol, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv(Tensor self, float rcond, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.atol_rtol_tensor(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.atol_rtol_tensor_out(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv.atol_rtol_float_out(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv.out(Tensor self, float rcond, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_pinv.rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False) -> Tensor",
      "aten::linalg_pinv.out_rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::pinverse(Tensor self, float rcond=1.0000000000000001e-15) -> Tensor",
      "aten::cholesky_solve(Tensor self, Tensor input2, bool upper=False) -> Tensor",
      "aten::cholesky_solve.out(Tensor self, Tensor input2, bool upper=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::cholesky_inverse(Tensor self, bool upper=False) -> Tensor",
      "aten::cholesky_inverse.out(Tensor self, bool upper=False, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_matrix_exp(Tensor self) -> Tensor",
      "aten::linalg_matrix_exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::linalg_vecdot(Tensor x, Tensor y, *, int dim=-1) -> Tensor",
      "aten::linalg_vecdot.out(Tensor x, Tensor y, *, int dim=-1, Tensor(a!) out) -> Tensor(a!)",
      "aten::_nested_tensor_from_mask_left_aligned(Tensor t, Tensor mask) -> bool",
      "aten::_nested_tensor_from_mask(Tensor t, Tensor mask, bool mask_check=True) -> Tensor",
      "aten::_nested_tensor_from_mask.out(Tensor t, Tensor mask, bool mask_check=True, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::to_padded_tensor(Tensor self, float padding, int[]? output_size=None) -> Tensor",
      "aten::to_padded_tensor.out(Tensor self, float padding, int[]? output_size=None, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::requires_grad_(Tensor(a!) self, bool requires_grad=True) -> Tensor(a!)",  // x.requires_grad_()
  };
  for (const char* schema : kBeyondCorpus) {
    std::string text = schema;
    const OpOverload* o = findOverload(text.substr(0, text.find('(')));
    ASSERT_NE(o, nullptr) << schema << " is not in the op table";
    EXPECT_EQ(o->schema().str(), text);
  }
  // The table holds nothing that PyTorch 1.13 does not declare for these kinds.
  EXPECT_EQ(overloadCount(), 1090u + std::size(kBeyondCorpus));
}

TEST(OpsCorpus, EveryNodeOfGraphsResolves) {
  initialize();
  Tally t;
  for (const auto& c : cases()) {
    std::string name = c.at("name");
    checkGraphText(name + ".graph", c.at("graph"), t);
    checkGraphText(name + ".inlined_graph", c.at("inlined_graph"), t);
    if (c.contains("method_graphs"))
      for (const auto& [method, text] : c.at("method_graphs").items())
        checkGraphText(name + ".method_graphs." + method, text, t);
  }
  EXPECT_GT(t.nodes, 1000u);
  EXPECT_TRUE(t.undeclaredKinds.empty());  // node_kinds.txt covers these graphs
  report("graph + inlined_graph + method_graphs", t);
}

TEST(OpsCorpus, EveryNodeOfOptimizedGraphsResolves) {
  initialize();
  Tally t;
  for (const auto& c : cases()) {
    std::string name = c.at("name");
    for (const char* field : {"optimized_graph", "optimized_graph_requires_grad"})
      if (c.contains(field) && c.at(field).is_string()) checkGraphText(name + "." + field, c.at(field), t);
  }
  report("optimized graphs", t);
}
