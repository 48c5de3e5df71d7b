// BuiltinCallArguments.h — the inputs and the argument choices of builtin_calls_test.
//
// Every generated call is the body of `def f(x, i, v, w, sq, b3, m, n, s, k, img, ix)` (kInputNames,
// made by makeInputs()). A required parameter gets a value of its type (typeDefault); where one
// value per type cannot satisfy an op's documented preconditions (matrix shapes, a bool mask, an
// integral dtype, a 4-D image...), kOverrides names the argument an ordinary caller would pass,
// keyed by op name and parameter name (and the parameter's type where overloads differ; a leading
// '*' passes the text positionally, for an argument that varargs follow), and
// kReceivers names the tensor a Tensor method is called on. Only argument *choices* live here:
// an entry is never dropped, and the few that cannot be generated are listed in
// BuiltinCallExclusions.h with the reason.
#pragma once

#include <map>
#include <regex>
#include <string>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/tensor/Tensor.h"

namespace tsjit::builtin_calls {

// Defined before the generated function: what a Future argument forks.
inline const char* kPrelude = "def fork_body(x: Tensor) -> Tensor:\n    return x * 2\n\n";

// Parameter order of the generated function; all are Tensors.
inline const char* kInputNames = "x: Tensor, i: Tensor, v: Tensor, w: Tensor, sq: Tensor, b3: Tensor, m: Tensor, n: Tensor, "
                                 "s: Tensor, k: Tensor, img: Tensor, ix: Tensor";

inline std::vector<IValue> makeInputs() {
  std::vector<IValue> in;
  in.emplace_back(Tensor::fromDoubles({0.25, -0.5, 1.5, 0.75, -1.25, 2.0}, {2, 3}));  // x: float [2, 3]
  in.emplace_back(Tensor::fromInt64s({1, 0}, {2}));                                   // i: index [2]
  in.emplace_back(Tensor::fromDoubles({0.5, -1.0, 2.0}, {3}));                        // v: float [3]
  in.emplace_back(Tensor::fromDoubles({1.5, -0.25}, {2}));                            // w: float [2]
  in.emplace_back(Tensor::fromDoubles({2.0, 0.5, -0.75, 1.25}, {2, 2}));              // sq: float [2, 2]
  std::vector<double> b;
  for (int j = 0; j < 18; ++j) b.push_back((j % 7) * 0.25 - 0.5);
  in.emplace_back(Tensor::fromDoubles(b, {2, 3, 3}));                                 // b3: float [2, 3, 3]
  in.emplace_back(Tensor::fromInt64s({1, 0, 0, 1, 1, 0}, {2, 3}, ScalarType::Bool)); // m: bool mask [2, 3]
  in.emplace_back(Tensor::fromInt64s({6, 3, 5, 12, 9, 4}, {2, 3}));                  // n: int64 [2, 3]
  in.emplace_back(Tensor::scalar(0.75, ScalarType::Float));                          // s: float, 0-dim
  in.emplace_back(Tensor::scalarInt(1));                                              // k: int64, 0-dim
  in.emplace_back(Tensor::fromDoubles({0.25, -0.5, 1.5, 0.75, -1.25, 2.0}, {1, 1, 2, 3}));  // img: [1, 1, 2, 3]
  in.emplace_back(Tensor::fromInt64s({2, 0, 1, 1, 2, 0}, {2, 3}));                   // ix: index [2, 3], < 3
  return in;
}

// One value per type (the parameter's name picks an index tensor).
inline std::string typeDefault(const std::string& name, const std::string& type) {
  if (type.rfind("Optional[", 0) == 0) return "None";
  if (type == "Tensor") {
    static const std::regex indexName("index|indices|target|idx|indexes");
    return std::regex_match(name, indexName) ? "i" : "x";
  }
  if (type == "int") return "1";
  if (type == "float") return "0.5";
  if (type == "complex") return "(0.5 - 1.5j)";
  if (type == "bool") return "False";
  if (type == "number") return "1";
  if (type == "str") return "'ab'";
  if (type == "List[int]") return "[1]";
  if (type == "List[float]") return "[0.5, 1.5]";
  if (type == "List[complex]") return "[0.5j, (2 - 1j)]";
  if (type == "List[bool]") return "[True, False]";
  if (type == "List[str]") return "['b', 'a']";
  if (type == "List[t]") return "[2, 1]";
  if (type == "List[Tensor]") return "[x, x]";
  if (type == "List[Optional[Tensor]]") return "[i]";
  if (type == "Device") return "x.device";
  if (type == "Future[t]") return "torch.jit.fork(fork_body, x)";
  return "";
}

// op name -> {parameter name or "name:type" -> argument}. "self" also picks a method's receiver.
inline const std::map<std::string, std::map<std::string, std::string>>& overrides() {
  static const std::map<std::string, std::map<std::string, std::string>> table = {
      // matrix products: shapes that multiply (x is [2, 3]).
      {"addmm", {{"mat1", "sq"}, {"mat2", "x"}}},
      {"addmv", {{"self", "w"}, {"mat", "x"}, {"vec", "v"}}},
      {"addr", {{"vec1", "w"}, {"vec2", "v"}}},
      {"baddbmm", {{"self", "b3"}, {"batch1", "b3"}, {"batch2", "b3"}}},
      {"bmm", {{"self", "b3"}, {"mat2", "b3"}}},
      {"mm", {{"mat2", "x.t()"}}},
      {"matmul", {{"other", "x.t()"}}},
      {"mv", {{"vec", "v"}}},
      {"dot", {{"self", "v"}, {"tensor", "v"}}},
      {"outer", {{"self", "v"}, {"vec2", "w"}}},
      {"nuclear_norm", {{"dim", "[0, 1]"}}},
      {"addbmm", {{"self", "b3[0]"}, {"batch1", "b3"}, {"batch2", "b3"}}},
      {"chain_matmul", {{"matrices", "[x, x.t()]"}}},
      {"vdot", {{"self", "v"}, {"other", "v"}}},
      // square (and positive-definite, for cholesky) matrices; triangular_solve solves sq X = sq.
      {"cholesky", {{"self", "sq.mm(sq.t())"}}},
      {"logdet", {{"self", "sq"}}},
      {"slogdet", {{"self", "sq"}}},
      {"triangular_solve", {{"self", "sq"}, {"A", "sq"}}},
      {"cholesky_solve", {{"self", "sq"}, {"input2", "sq"}}},
      {"cholesky_inverse", {{"self", "sq"}}},
      // prelu: one weight per channel (x's dim 1 has 3).
      {"prelu", {{"weight", "v"}}},
      // split sizes that add up to x's first dim (2).
      {"split_with_sizes", {{"split_sizes", "[1, 1]"}}},
      {"unsafe_split_with_sizes", {{"split_sizes", "[1, 1]"}}},
      // integral-only ops: an int64 tensor.
      {"bitwise_not", {{"self", "n"}}},
      {"gcd", {{"self", "n"}, {"other", "n"}}},
      {"__and__", {{"self", "n"}, {"other", "n"}}},
      {"__or__", {{"self", "n"}, {"other", "n"}}},
      {"__xor__", {{"self", "n"}, {"other", "n"}}},
      {"__lshift__", {{"self", "n"}, {"other", "n"}}},
      {"__rshift__", {{"self", "n"}, {"other", "n"}}},
      {"bitwise_and", {{"self", "n"}, {"other", "n"}, {"out", "n"}}},
      {"bitwise_or", {{"self", "n"}, {"other", "n"}, {"out", "n"}}},
      {"bitwise_xor", {{"self", "n"}, {"other", "n"}, {"out", "n"}}},
      // at least one bound.
      {"clamp", {{"min:Optional[number]", "0.0"}, {"min:Optional[Tensor]", "s"}}},
      {"clamp_", {{"min:Optional[number]", "0.0"}, {"min:Optional[Tensor]", "s"}}},
      // sort.stable: 1.13 asserts that stable has a value (None raises an internal assert).
      // sorting a list of tensors takes bool(a < b): one-element tensors, as a caller must pass.
      {"sort", {{"stable", "False"}, {"self:List[Tensor]", "[s * 2.0, s, k]"}}},
      // constant_pad_nd: pads come in pairs.
      {"constant_pad_nd", {{"pad", "[1, 1]"}}},
      // convolutions and pooling: batched images.
      {"conv1d", {{"input", "x.unsqueeze(0)"}, {"weight", "x.unsqueeze(0)"}}},
      {"conv2d", {{"input", "img"}, {"weight", "img"}}},
      {"conv_transpose2d", {{"input", "img"}, {"weight", "img"}}},
      {"max_pool2d", {{"self", "img"}}},
      {"conv3d", {{"input", "img.unsqueeze(0)"}, {"weight", "img.unsqueeze(0)"}}},
      {"conv_transpose1d", {{"input", "x.unsqueeze(1)"}, {"weight", "x.unsqueeze(0)"}}},
      {"conv_transpose3d", {{"input", "img.unsqueeze(0)"}, {"weight", "img.unsqueeze(0)"}}},
      {"max_pool3d", {{"self", "img"}}},
      // shuffles: channels (dim 1 / -3) of a batched image.
      {"pixel_shuffle", {{"self", "img"}}},
      {"pixel_unshuffle", {{"self", "img"}}},
      {"channel_shuffle", {{"self", "img"}}},
      // normalization: statistics of x's 3 channels.
      {"batch_norm", {{"running_mean", "v"}, {"running_var", "v * v"}}},
      {"instance_norm", {{"use_input_stats", "True"}}},
      {"layer_norm", {{"normalized_shape", "[3]"}}},
      {"binary_cross_entropy_with_logits", {{"target", "x.sigmoid()"}}},
      // loss targets of x's shape: probabilities, counts, signs.
      {"kl_div", {{"target", "x.sigmoid()"}}},
      {"poisson_nll_loss", {{"target", "x.abs()"}}},
      {"hinge_embedding_loss", {{"target", "x.sign()"}}},
      {"margin_ranking_loss", {{"target", "x.sign()"}}},
      // bilinear: a [2, 3, 3] weight for two [2, 3] inputs; embedding_bag: bags starting at 0.
      {"bilinear", {{"weight", "b3"}}},
      {"embedding_bag", {{"offsets", "torch.tensor([0, 1])"}}},
      // grid sampling: a 4-D / 5-D image and a grid of (x, y[, z]) points; a [1, 2, 3] theta.
      {"grid_sampler", {{"input", "img"}, {"grid", "img.view(1, 1, 3, 2)"}}},
      {"grid_sampler_2d", {{"input", "img"}, {"grid", "img.view(1, 1, 3, 2)"}}},
      {"grid_sampler_3d", {{"input", "img.view(1, 1, 1, 2, 3)"}, {"grid", "img.view(1, 1, 1, 2, 3)"}}},
      {"affine_grid_generator", {{"theta", "x.view(1, 2, 3)"}, {"size", "[1, 1, 2, 2]"}}},
      // masks and conditions: bool tensors.
      {"masked_fill", {{"mask", "m"}, {"value:Tensor", "s"}}},
      {"masked_fill_", {{"mask", "m"}, {"value:Tensor", "s"}}},
      {"masked_select", {{"mask", "m"}}},
      {"masked_scatter", {{"mask", "m"}}},
      {"masked_scatter_", {{"mask", "m"}}},
      {"where", {{"condition", "m"}}},
      // values that must be 0-dim.
      {"fill_", {{"value:Tensor", "s"}}},
      {"index_fill_", {{"value:Tensor", "s"}}},
      {"index_fill", {{"value:Tensor", "s"}}},
      // index_copy along dim 1 of x with i (2 indices): a [2, 2] source.
      {"index_copy", {{"source", "sq"}}},
      {"index_copy_", {{"source", "sq"}}},
      {"scatter_reduce", {{"index", "ix"}, {"reduce", "'sum'"}}},
      {"scatter_reduce_", {{"index", "ix"}, {"reduce", "'sum'"}, {"src", "x * 2.0"}}},  // src must not alias self
      // shape ops: 1-D grids, sizes that multiply up to x's dim 1 (3), an int64 section count.
      {"meshgrid", {{"tensors", "[v, w]"}, {"indexing", "'xy'"}}},
      {"tril_indices", {{"out", "n"}}},
      {"triu_indices", {{"out", "n"}}},
      {"unflatten", {{"sizes", "[3, 1]"}}},
      {"tensor_split", {{"tensor_indices_or_sections", "k"}}},
      {"dsplit", {{"self", "b3"}}},  // a 3-D tensor
      {"narrow", {{"start:Tensor", "k"}}},
      {"item", {{"self", "s"}}},
      {"eq", {{"a:List[Tensor]", "[s, s]"}, {"b:List[Tensor]", "[s, s]"}}},
      {"ne", {{"a:List[Tensor]", "[s, s]"}, {"b:List[Tensor]", "[s, s]"}}},
      // index tensors of x's rank, values within its sizes.
      {"gather", {{"index", "ix"}}},
      {"scatter", {{"index", "ix"}, {"reduce", "'add'"}}},
      {"scatter_", {{"index", "ix"}, {"reduce", "'add'"}}},
      {"scatter_add", {{"index", "ix"}}},
      {"index_add", {{"source", "sq"}}},
      {"index_add_", {{"source", "sq"}}},
      {"index_put_", {{"indices:List[Tensor]", "[i]"}, {"values", "s"}}},
      {"repeat_interleave", {{"repeats:Tensor", "i"}, {"self", "w"}}},
      // sizes consistent with x's 6 elements / 2 dims.
      {"permute", {{"dims", "[1, 0]"}}},
      {"reshape", {{"shape", "[3, 2]"}}},
      {"view", {{"size", "[3, 2]"}}},
      {"expand", {{"size", "[2, 2, 3]"}}},
      {"repeat", {{"repeats", "[1, 2]"}}},
      {"split", {{"split_size:List[int]", "[1, 1]"}, {"split_sizes", "[1, 1]"}}},
      {"lstm_cell",
       {{"hx", "[x[:, :1], x[:, 1:2]]"}, {"w_ih", "x.repeat([2, 1])"}, {"w_hh", "sq.reshape([4, 1])"}}},
      // recurrent ops, hidden size 1: a [T=2, B=1, 3] sequence (packed: x's 2 rows with batch sizes
      // [1, 1]), h0 [1, 1, 1], per-gate weights from b3's rows.
      {"gru_cell", {{"hx", "x[:, :1]"}, {"w_ih", "b3[0]"}, {"w_hh", "b3[0, :, :1]"}}},
      {"rnn_tanh_cell", {{"hx", "x[:, :1]"}, {"w_ih", "b3[0, :1]"}, {"w_hh", "b3[0, :1, :1]"}}},
      {"rnn_relu_cell", {{"hx", "x[:, :1]"}, {"w_ih", "b3[0, :1]"}, {"w_hh", "b3[0, :1, :1]"}}},
      {"lstm",
       {{"input", "b3[:, :1]"}, {"data", "x"}, {"batch_sizes", "torch.tensor([1, 1])"},
        {"hx", "[b3[:1, :1, :1], b3[:1, :1, :1]]"}, {"params", "[b3.reshape([6, 3])[:4], b3.reshape([18, 1])[:4]]"}}},
      {"gru",
       {{"input", "b3[:, :1]"}, {"data", "x"}, {"batch_sizes", "torch.tensor([1, 1])"}, {"hx", "b3[:1, :1, :1]"},
        {"params", "[b3[0], b3[0, :, :1]]"}}},
      {"rnn_tanh",
       {{"input", "b3[:, :1]"}, {"data", "x"}, {"batch_sizes", "torch.tensor([1, 1])"}, {"hx", "b3[:1, :1, :1]"},
        {"params", "[b3[0, :1], b3[0, :1, :1]]"}}},
      {"rnn_relu",
       {{"input", "b3[:, :1]"}, {"data", "x"}, {"batch_sizes", "torch.tensor([1, 1])"}, {"hx", "b3[:1, :1, :1]"},
        {"params", "[b3[0, :1], b3[0, :1, :1]]"}}},
      // a floating result dtype (6 is torch.float32's code).
      {"norm", {{"dtype:int", "6"}}},
      // counting / bucketing: a non-negative int64 input, 1-d boundaries, int64 outputs (ops-c).
      {"bincount", {{"self", "i"}, {"out", "n"}}},
      {"bucketize", {{"boundaries", "v"}, {"out", "n"}}},
      {"searchsorted", {{"sorted_sequence", "v"}, {"out", "n"}}},
      // float_power's result is float64: in-place and out= need a float64 tensor.
      {"float_power", {{"out", "x.double()"}}},
      {"float_power_", {{"self", "x.double()"}}},
      // string functions.
      // einsum's sublist form (varargs): an operand and its subscripts, positionally ('*').
      {"einsum", {{"equation", "'ij,kj->ik'"}, {"a:Tensor", "*x, [0, 1]"}}},
  };
  return table;
}

// The argument for `name : type` of op `op`, or "" when no override applies. An in-place variant
// (addmv_) takes its functional op's arguments (addmv), an in-place operator dunder (__iand__) its
// operator's (__and__).
inline std::string overrideFor(const std::string& op, const std::string& name, const std::string& type) {
  auto it = overrides().find(op);
  if (it == overrides().end() && op.size() > 1 && op.back() == '_' && !op.ends_with("__"))
    it = overrides().find(op.substr(0, op.size() - 1));
  if (it == overrides().end() && op.starts_with("__i") && op.ends_with("__") && op.size() > 5)
    it = overrides().find("__" + op.substr(3));
  if (it == overrides().end()) return "";
  if (auto t = it->second.find(name + ":" + type); t != it->second.end()) return t->second;
  if (auto t = it->second.find(name); t != it->second.end()) return t->second;
  return "";
}

}  // namespace tsjit::builtin_calls
