// Pickle.h — pickle protocol 2 as torch.jit.save writes data.pkl and constants.pkl, read and
// written without running any code.
//
// unpickle() interprets the opcodes PyTorch's pickler emits (plus the few later ones a protocol
// 2-4 stream may carry: SHORT_BINUNICODE, BINUNICODE8, MEMOIZE, FRAME) and builds IValues.
// Globals are an allowlist, resolved by name, never imported or called:
//   torch._utils _rebuild_tensor_v2     tensors (storage from a persistent id, offset, sizes, strides)
//   torch <Dtype>Storage                the storage's dtype inside a persistent id
//   collections OrderedDict             an empty dict (tensor backward hooks, always empty)
//   torch.jit._pickle restore_type_tag  a list/dict with its static type ("List[str]")
//   torch.jit._pickle build_{int,double,bool,tensor}list   typed lists
//   torch device                        a Device
//   __torch__.<qualified name>          an object: NEWOBJ, then BUILD hands its state to the hooks;
//                                       or, REDUCE on a plain int/float/str, a member of an enum
//                                       class the archive's code declared (EnumRegistry.h)
// Anything else is an ArchiveError naming the global. Opcodes applied to the wrong kind of value
// (SETITEM on a list, APPEND on a dict, BUILD on a tensor), memo indexes that were never set,
// nesting deeper than kMaxDepth, and tensors whose view reaches past their storage (or whose
// sizes/strides overflow int64) are ArchiveErrors naming the member and the byte offset.
//
// pickle() writes the same dialect: every value PyTorch 1.13 writes for module state (None, bool,
// int, float, str, tuple, typed list and dict with restore_type_tag / build_*list, tensors as
// persistent ids to storages, __torch__ objects via NEWOBJ + BUILD, enum members as the class
// global, the member's value and REDUCE) with BINPUT memoization of
// strings, globals and shared tensors/objects, so pickle(unpickle(x)) is deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "jit/ir/IValue.h"
#include "jit/tensor/Allocator.h"

namespace tsjit::serialization {

inline constexpr size_t kMaxDepth = 2000;  // containers nested deeper are rejected

struct UnpickleHooks {
  // The storage with this key (the archive's `data/<key>`), `nbytes` = numel * element size as
  // the persistent id claims. Called once per key; the result is shared by every tensor viewing it.
  std::function<Storage(const std::string& key, uint64_t nbytes)> loadStorage;
  // An object of class `qualifiedName` built from its pickled state (BUILD's argument).
  std::function<IValue(const std::string& qualifiedName, IValue state)> buildObject;
};

// `file`/`member` name the stream in error messages.
IValue unpickle(std::string_view bytes, const UnpickleHooks& hooks, const std::string& file = "",
                const std::string& member = "");

struct PickleOutput {
  std::string bytes;
  // Storages in the order of their keys ("0", "1", ...): the caller writes them as data/<key>.
  std::vector<Storage> storages;
};

struct PickleOptions {
  // The state BUILD gives an object. Without it, a dict of attribute name -> value in slot order
  // (module state); a hook may return anything picklable (what a class's __getstate__ returns).
  // Only objects of __torch__ classes can be pickled (InternalError otherwise).
  std::function<IValue(const Ref<Object>&)> objectState;
};

// Pickles `value` (protocol 2). Tensors are written as views of their storage (offset, sizes,
// strides kept); storages shared between tensors are written once.
PickleOutput pickle(const IValue& value, const PickleOptions& options = {});

// The "torch <Name>Storage" class name of a dtype and back (FloatStorage <-> Float ...).
std::string storageClassName(ScalarType dtype);
std::optional<ScalarType> dtypeOfStorageClass(std::string_view name);

}  // namespace tsjit::serialization
