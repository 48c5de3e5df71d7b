// unpickler_fuzz.cpp — libFuzzer target for the restricted unpickler (jit/serialization/Pickle.h).
// The input is a pickle: storages come from a zero-filled buffer of the claimed size (refused
// above 1 MiB, as a member that does not exist would be), objects are built from any state. An
// ArchiveError is the expected outcome for bad input; a crash, a sanitizer report, a leak (a
// reference cycle), a stack overflow (deep nesting) or any other exception is a finding. Every
// accepted value must pickle, and unpickling that must give the same bytes again.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Pickle.h"

using namespace tsjit;
using namespace tsjit::serialization;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 16) return 0;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  UnpickleHooks h;
  h.loadStorage = [](const std::string&, uint64_t nbytes) {
    if (nbytes > (1u << 20)) throw CompileError("storage too large for the fuzzer");
    Storage s = Storage::allocate(nbytes);
    if (nbytes) std::memset(s.data(), 0, nbytes);
    return s;
  };
  h.buildObject = [](const std::string& q, IValue state) {
    if (!state.isDict()) throw CompileError("state must be a dict");
    auto cls = ClassType::create(q);
    std::vector<IValue> slots;
    for (const auto& [k, v] : state.toDictRef().entries()) {
      if (!k.isString() || cls->findAttribute(k.toStringRef())) throw CompileError("bad attribute name");
      cls->addAttribute(k.toStringRef(), v.type());
      slots.push_back(v);
    }
    auto o = Ref<Object>::make(cls, slots.size());
    o->slots = std::move(slots);
    return IValue(o);
  };
  IValue v;
  try {
    v = unpickle(bytes, h, "fuzz.pt", "fuzz/data.pkl");
  } catch (const ArchiveError&) {
    return 0;
  }
  PickleOutput once = pickle(v);
  UnpickleHooks back = h;
  back.loadStorage = [&](const std::string& key, uint64_t) { return once.storages.at(std::stoul(key)); };
  IValue again;
  try {
    again = unpickle(once.bytes, back, "repickled", "data.pkl");
  } catch (const ArchiveError& e) {
    std::fprintf(stderr, "a pickle tsjit wrote does not load: %s\n", e.what());
    std::abort();
  }
  if (pickle(again).bytes != once.bytes) {
    std::fprintf(stderr, "pickle(unpickle(pickle(v))) != pickle(v)\n");
    std::abort();
  }
  return 0;
}
