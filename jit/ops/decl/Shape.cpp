// Shape.cpp — op declarations. Views (results alias their input: Tensor(a) self -> Tensor(a)),
// shape and indexing ops that build new tensors, and tensor metadata queries.
//
// One b.op(...) per node kind, with all of its PyTorch 1.13 schema strings verbatim (API facts);
// kinds without a schema are b.special(...). See jit/ops/OpTable.h for what the fields mean.
#include "jit/ops/decl/Declarations.h"

namespace tsjit::ops {

void declareShape(OpTableBuilder& b) {
  using Cat = OpCategory;
  b.op("aten::view", Cat::View, Tolerance::exact(), {
      "aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)",
      "aten::view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)",
  });
  b.op("aten::reshape", Cat::View, Tolerance::exact(), {
      "aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)",
  });
  b.op("aten::view_as", Cat::View, Tolerance::exact(), {
      "aten::view_as(Tensor(a) self, Tensor other) -> Tensor(a)",
  });
  b.op("aten::squeeze", Cat::View, Tolerance::exact(), {
      "aten::squeeze(Tensor(a) self) -> Tensor(a)",
      "aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)",
      "aten::squeeze.dimname(Tensor(a) self, str dim) -> Tensor(a)",
  });
  b.op("aten::unsqueeze", Cat::View, Tolerance::exact(), {
      "aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)",
  });
  b.op("aten::flatten", Cat::View, Tolerance::exact(), {
      "aten::flatten.DimnameList(Tensor(a) self, str[] dims, str out_dim) -> Tensor(a)",
      "aten::flatten.named_out_dim(Tensor(a) self, int start_dim, int end_dim, str out_dim) -> Tensor(a)",
      "aten::flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)",
      "aten::flatten.using_names(Tensor(a) self, str start_dim, str end_dim, str out_dim) -> Tensor(a)",
  });
  b.op("aten::transpose", Cat::View, Tolerance::exact(), {
      "aten::transpose.Dimname(Tensor(a) self, str dim0, str dim1) -> Tensor(a)",
      "aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)",
  });
  b.op("aten::t", Cat::View, Tolerance::exact(), {
      "aten::t(Tensor(a) self) -> Tensor(a)",
  });
  b.op("aten::mT", Cat::View, Tolerance::exact(), {
      "aten::mT(Tensor(a) self) -> Tensor(a)",
      "aten::mT.a(Tensor(a) self) -> Tensor(a)",
  });
  b.op("aten::permute", Cat::View, Tolerance::exact(), {
      "aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)",
  });
  b.op("aten::expand", Cat::View, Tolerance::exact(), {
      "aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)",
  });
  b.op("aten::expand_as", Cat::View, Tolerance::exact(), {
      "aten::expand_as(Tensor(a) self, Tensor other) -> Tensor(a)",
  });
  b.op("aten::narrow", Cat::View, Tolerance::exact(), {
      "aten::narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)",
      "aten::narrow.Tensor(Tensor(a) self, int dim, Tensor start, int length) -> Tensor(a)",
  });
  b.op("aten::select", Cat::View, Tolerance::exact(), {
      "aten::select.Dimname(Tensor(a) self, str dim, int index) -> Tensor(a)",
      "aten::select.int(Tensor(a) self, int dim, int index) -> Tensor(a)",
      "aten::select.t(t[](a) list, int idx) -> t(*)",
  });
  b.op("aten::slice", Cat::View, Tolerance::exact(), {
      "aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)",
      "aten::slice.str(str string, int? start=None, int? end=None, int step=1) -> str",
      "aten::slice.t(t[] l, int? start=None, int? end=None, int step=1) -> t[]",
  });
  b.op("aten::chunk", Cat::View, Tolerance::exact(), {
      "aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]",
  });
  b.op("aten::split", Cat::View, Tolerance::exact(), {
      "aten::split(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]",
      "aten::split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]",
      "aten::split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]",
      "aten::split.str(str self, str? separator=None, int max=-1) -> str[]",
  });
  b.op("aten::unbind", Cat::View, Tolerance::exact(), {
      "aten::unbind.Dimname(Tensor(a -> *) self, str dim) -> Tensor(a)[]",
      "aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
  });
  b.op("aten::diag", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::diag(Tensor self, int diagonal=0) -> Tensor",
      "aten::diag.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::tril", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::tril(Tensor self, int diagonal=0) -> Tensor",
      "aten::tril.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::triu", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::triu(Tensor self, int diagonal=0) -> Tensor",
      "aten::triu.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::cat", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::cat(Tensor[] tensors, int dim=0) -> Tensor",
      "aten::cat.names(Tensor[] tensors, str dim) -> Tensor",
      "aten::cat.names_out(Tensor[] tensors, str dim, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::stack", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::stack(Tensor[] tensors, int dim=0) -> Tensor",
      "aten::stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::hstack", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::hstack(Tensor[] tensors) -> Tensor",
      "aten::hstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::vstack", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::vstack(Tensor[] tensors) -> Tensor",
      "aten::vstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::flip", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::flip(Tensor self, int[] dims) -> Tensor",
      "aten::flip.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::roll", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor",
      "aten::roll.out(Tensor self, int[1] shifts, int[1] dims=[], *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::repeat", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::repeat(Tensor self, SymInt[] repeats) -> Tensor",
      "aten::repeat.out(Tensor self, SymInt[] repeats, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::repeat_interleave", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor",
      "aten::repeat_interleave.Tensor_out(Tensor repeats, *, int? output_size=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, int? output_size=None) -> Tensor",
      "aten::repeat_interleave.self_int(Tensor self, int repeats, int? dim=None, *, int? output_size=None) -> Tensor",
  });
  b.op("aten::constant_pad_nd", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor",
      "aten::constant_pad_nd.out(Tensor self, SymInt[] pad, Scalar value=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::pad", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::pad(Tensor self, int[] pad, str mode=\"constant\", float? value=None) -> Tensor",
  });
  b.op("aten::broadcast_tensors", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::broadcast_tensors(Tensor[] tensors) -> Tensor[]",
  });
  b.op("aten::index", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
      "aten::index.Tensor_hacked_twin(Tensor self, Tensor[] indices) -> Tensor",
      "aten::index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::index.list_Tensor(Tensor[] self, Tensor el) -> int",
      "aten::index.list_bool(bool[] self, bool el) -> int",
      "aten::index.list_float(float[] self, float el) -> int",
      "aten::index.list_int(int[] self, int el) -> int",
      "aten::index.list_str(str[] self, str el) -> int",
      "aten::index.str(str self, str substr, int start=0, int end=-1) -> int",
  });
  b.op("aten::index_select", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::index_select(Tensor self, int dim, Tensor index) -> Tensor",
      "aten::index_select.dimname(Tensor self, str dim, Tensor index) -> Tensor",
      "aten::index_select.dimname_out(Tensor self, str dim, Tensor index, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::gather", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor",
      "aten::gather.dimname(Tensor self, str dim, Tensor index, *, bool sparse_grad=False) -> Tensor",
      "aten::gather.dimname_out(Tensor self, str dim, Tensor index, *, bool sparse_grad=False, Tensor(a!) out) -> Tensor(a!)",
      "aten::gather.out(Tensor self, int dim, Tensor index, *, bool sparse_grad=False, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::scatter", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::scatter.dimname_src(Tensor self, str dim, Tensor index, Tensor src) -> Tensor",
      "aten::scatter.dimname_value(Tensor self, str dim, Tensor index, Scalar value) -> Tensor",
      "aten::scatter.reduce(Tensor self, int dim, Tensor index, Tensor src, *, str reduce) -> Tensor",
      "aten::scatter.reduce_out(Tensor self, int dim, Tensor index, Tensor src, *, str reduce, Tensor(a!) out) -> Tensor(a!)",
      "aten::scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
      "aten::scatter.src_out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
      "aten::scatter.value_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::scatter.value_reduce(Tensor self, int dim, Tensor index, Scalar value, *, str reduce) -> Tensor",
      "aten::scatter.value_reduce_out(Tensor self, int dim, Tensor index, Scalar value, *, str reduce, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::scatter_add", Cat::ShapeIndexing, Tolerance::reduction(1), {
      "aten::scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
      "aten::scatter_add.dimname(Tensor self, str dim, Tensor index, Tensor src) -> Tensor",
      "aten::scatter_add.out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::index_add", Cat::ShapeIndexing, Tolerance::reduction(1), {
      "aten::index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor",
      "aten::index_add.dimname(Tensor self, str dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor",
      "aten::index_add.out(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::masked_select", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::masked_select(Tensor self, Tensor mask) -> Tensor",
      "aten::masked_select.out(Tensor self, Tensor mask, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::nonzero", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::nonzero(Tensor self) -> Tensor",
      "aten::nonzero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::size", Cat::TensorInfo, Tolerance::exact(), {
      "aten::size(Tensor self) -> int[]",
      "aten::size.Dimname(Tensor self, str dim) -> int",
      "aten::size.int(Tensor self, int dim) -> int",
  });
  b.op("aten::dim", Cat::TensorInfo, Tolerance::exact(), {
      "aten::dim(Tensor self) -> int",
  });
  b.op("aten::stride", Cat::TensorInfo, Tolerance::exact(), {
      "aten::stride(Tensor self) -> int[]",
      "aten::stride.Dimname(Tensor self, str dim) -> int",
      "aten::stride.int(Tensor self, int dim) -> int",
  });
  b.op("aten::numel", Cat::TensorInfo, Tolerance::exact(), {
      "aten::numel(Tensor self) -> int",
  });
  b.op("aten::is_contiguous", Cat::TensorInfo, Tolerance::exact(), {
      "aten::is_contiguous(Tensor self) -> bool",
      "aten::is_contiguous.memory_format(Tensor self, MemoryFormat memory_format) -> bool",
  });
  b.op("aten::is_floating_point", Cat::TensorInfo, Tolerance::exact(), {
      "aten::is_floating_point(Tensor self) -> bool",
  });
  b.op("prim::dtype", Cat::TensorInfo, Tolerance::exact(), {
      "prim::dtype(Tensor a) -> int",
  });
  b.op("prim::device", Cat::TensorInfo, Tolerance::exact(), {
      "prim::device(Tensor a) -> Device",
  });
  // Ops 1.13 defines through other ops (kernels: jit/kernels/Composite.cpp, reference/kernels/Composite.cpp;
  // schemas from python3-torch 1.13.1).
  b.op("aten::numpy_T", Cat::View, Tolerance::exact(), {
      "aten::numpy_T(Tensor(a) self) -> Tensor(a)",
      "aten::numpy_T.a(Tensor(a) self) -> Tensor(a)",
  });
  b.op("aten::ravel", Cat::View, Tolerance::exact(), {
      "aten::ravel(Tensor(a) self) -> Tensor(a)",
  });
  b.op("aten::reshape_as", Cat::View, Tolerance::exact(), {
      "aten::reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)",
  });
  b.op("aten::movedim", Cat::View, Tolerance::exact(), {
      "aten::movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)",
      "aten::movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
  });
  b.op("aten::tile", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::tile(Tensor self, int[] dims) -> Tensor",
  });
  b.op("aten::new_zeros", Cat::Factory, Tolerance::exact(), {
      "aten::new_zeros(Tensor self, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
  });
  b.op("aten::new_ones", Cat::Factory, Tolerance::exact(), {
      "aten::new_ones(Tensor self, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
  });
  b.op("aten::new_full", Cat::Factory, Tolerance::exact(), {
      "aten::new_full(Tensor self, SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
  });
  b.op("aten::full_like", Cat::Factory, Tolerance::exact(), {
      "aten::full_like(Tensor self, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
  });
  b.op("aten::isclose", Cat::Comparison, Tolerance::exact(), {
      "aten::isclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool equal_nan=False) -> Tensor",
  });
  b.op("aten::allclose", Cat::Comparison, Tolerance::exact(), {
      "aten::allclose(Tensor self, Tensor other, float rtol=1.0000000000000001e-05, float atol=1e-08, bool equal_nan=False) -> bool",
  });
  // Views, builders and indexing ops of 1.13 (kernels: jit/kernels/ShapeViews.cpp, ShapeBuildMore.cpp,
  // IndexingMore.cpp and their reference counterparts; schemas from python3-torch 1.13.1).
  b.op("aten::diagonal", Cat::View, Tolerance::exact(), {
      "aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)",
      "aten::diagonal.Dimname(Tensor(a) self, *, str outdim, str dim1, str dim2, int offset=0) -> Tensor(a)",
  });
  b.op("aten::unfold", Cat::View, Tolerance::exact(), {
      "aten::unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)",
  });
  b.op("aten::unflatten", Cat::View, Tolerance::exact(), {
      "aten::unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)",
      "aten::unflatten.Dimname(Tensor(a) self, str dim, int[] sizes, str[] names) -> Tensor(a)",
  });
  b.op("aten::as_strided", Cat::View, Tolerance::exact(), {
      "aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)",
  });
  b.op("aten::swapaxes", Cat::View, Tolerance::exact(), {
      "aten::swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)",
  });
  b.op("aten::swapdims", Cat::View, Tolerance::exact(), {
      "aten::swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)",
  });
  b.op("aten::moveaxis", Cat::View, Tolerance::exact(), {
      "aten::moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
      "aten::moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)",
  });
  b.op("aten::atleast_1d", Cat::View, Tolerance::exact(), {
      "aten::atleast_1d(Tensor self) -> Tensor",
      "aten::atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]",
  });
  b.op("aten::atleast_2d", Cat::View, Tolerance::exact(), {
      "aten::atleast_2d(Tensor self) -> Tensor",
      "aten::atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]",
  });
  b.op("aten::atleast_3d", Cat::View, Tolerance::exact(), {
      "aten::atleast_3d(Tensor self) -> Tensor",
      "aten::atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]",
  });
  b.op("aten::tensor_split", Cat::View, Tolerance::exact(), {
      "aten::tensor_split.sections(Tensor(a -> *) self, int sections, int dim=0) -> Tensor(a)[]",
      "aten::tensor_split.indices(Tensor(a -> *) self, int[] indices, int dim=0) -> Tensor(a)[]",
      "aten::tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor tensor_indices_or_sections, int dim=0) -> Tensor(a)[]",
  });
  b.op("aten::hsplit", Cat::View, Tolerance::exact(), {
      "aten::hsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
      "aten::hsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
  });
  b.op("aten::vsplit", Cat::View, Tolerance::exact(), {
      "aten::vsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
      "aten::vsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
  });
  b.op("aten::dsplit", Cat::View, Tolerance::exact(), {
      "aten::dsplit.int(Tensor(a -> *) self, int sections) -> Tensor(a)[]",
      "aten::dsplit.array(Tensor(a -> *) self, int[] indices) -> Tensor(a)[]",
  });
  b.op("aten::meshgrid", Cat::View, Tolerance::exact(), {
      "aten::meshgrid(Tensor[] tensors) -> Tensor[]",
      "aten::meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]",
  });
  b.op("aten::diag_embed", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor",
      "aten::diag_embed.out(Tensor self, int offset=0, int dim1=-2, int dim2=-1, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::rot90", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::rot90(Tensor self, int k=1, int[] dims=[0, 1]) -> Tensor",
      "aten::rot90.out(Tensor self, int k=1, int[] dims=[0, 1], *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::fliplr", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::fliplr(Tensor self) -> Tensor",
  });
  b.op("aten::flipud", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::flipud(Tensor self) -> Tensor",
  });
  b.op("aten::dstack", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::dstack(Tensor[] tensors) -> Tensor",
      "aten::dstack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::column_stack", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::column_stack(Tensor[] tensors) -> Tensor",
      "aten::column_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::row_stack", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::row_stack(Tensor[] tensors) -> Tensor",
      "aten::row_stack.out(Tensor[] tensors, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::tril_indices", Cat::Factory, Tolerance::exact(), {
      "aten::tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::tril_indices.out(int row, int col, int offset=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::triu_indices", Cat::Factory, Tolerance::exact(), {
      "aten::triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=4, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::triu_indices.out(int row, int col, int offset=0, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // empty / empty_like / new_empty: PyTorch leaves the values undefined; both engines fill zeros
  // so that results are deterministic (only shapes, dtypes and strides are meaningful).
  b.op("aten::empty", Cat::Factory, Tolerance::exact(), {
      "aten::empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::empty.out(SymInt[] size, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
      "aten::empty.names(int[] size, *, str[]? names, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::empty.names_out(int[] size, *, str[]? names, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::empty_like", Cat::Factory, Tolerance::exact(), {
      "aten::empty_like(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor",
      "aten::empty_like.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::new_empty", Cat::Factory, Tolerance::exact(), {
      "aten::new_empty(Tensor self, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor",
      "aten::new_empty.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::take", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::take(Tensor self, Tensor index) -> Tensor",
      "aten::take.out(Tensor self, Tensor index, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::take_along_dim", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor",
      "aten::take_along_dim.out(Tensor self, Tensor indices, int? dim=None, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::index_copy", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor",
      "aten::index_copy.dimname(Tensor self, str dim, Tensor index, Tensor source) -> Tensor",
      "aten::index_copy.out(Tensor self, int dim, Tensor index, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::masked_scatter", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor",
      "aten::masked_scatter.out(Tensor self, Tensor mask, Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::index_fill", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::index_fill.Dimname_Scalar(Tensor self, str dim, Tensor index, Scalar value) -> Tensor",
      "aten::index_fill.Dimname_Tensor(Tensor self, str dim, Tensor index, Tensor value) -> Tensor",
      "aten::index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
      "aten::index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor",
      "aten::index_fill.int_Scalar_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
      "aten::index_fill.int_Tensor_out(Tensor self, int dim, Tensor index, Tensor value, *, Tensor(a!) out) -> Tensor(a!)",
  });
  // scatter_reduce sums / averages in self's dtype in index order (1.13's CPU loop); the reference
  // sums in double: reduction(1).
  b.op("aten::scatter_reduce", Cat::ShapeIndexing, Tolerance::reduction(1), {
      "aten::scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor",
      "aten::scatter_reduce.two_out(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True, Tensor(a!) out) -> Tensor(a!)",
  });
  b.op("aten::split_with_sizes", Cat::View, Tolerance::exact(), {
      "aten::split_with_sizes(Tensor(a -> *) self, int[] split_sizes, int dim=0) -> Tensor(a)[]",
  });
  b.op("aten::unsafe_split_with_sizes", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::unsafe_split_with_sizes(Tensor self, int[] split_sizes, int dim=0) -> Tensor[]",
  });
  b.op("aten::unsafe_split", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::unsafe_split.Tensor(Tensor self, int split_size, int dim=0) -> Tensor[]",
  });
  b.op("aten::unsafe_chunk", Cat::ShapeIndexing, Tolerance::exact(), {
      "aten::unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]",
  });
}

}  // namespace tsjit::ops
