// pickle_test.cpp — the restricted unpickler and the pickler (Pickle.h): values round-trip,
// PyTorch's data.pkl idioms decode, and hostile pickles (a forbidden global, opcodes on the wrong
// type, short storages, overflowing sizes and strides, deep nesting, huge memo indexes, cycles)
// are ArchiveErrors naming the member and the offset, never crashes.
#include <gtest/gtest.h>

#include <cstring>

#include "jit/ir/EnumRegistry.h"
#include "jit/serialization/ArchiveError.h"
#include "jit/serialization/Pickle.h"

namespace tsjit::serialization {
namespace {

// A tiny pickle assembler.
struct P {
  std::string s = std::string("\x80\x02", 2);
  P& op(char c) {
    s.push_back(c);
    return *this;
  }
  P& raw(const std::string& x) {
    s += x;
    return *this;
  }
  P& str(const std::string& x) {
    s.push_back('X');
    for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>((x.size() >> (8 * i)) & 0xFF));
    s += x;
    return *this;
  }
  P& i1(int v) {
    s.push_back('K');
    s.push_back(static_cast<char>(v));
    return *this;
  }
  P& global(const std::string& m, const std::string& n) { return op('c').raw(m + "\n" + n + "\n"); }
  std::string done() { return s + "."; }
};

UnpickleHooks storageHooks(size_t bytes) {
  UnpickleHooks h;
  h.loadStorage = [bytes](const std::string&, uint64_t nbytes) {
    Storage st = Storage::allocate(std::min<uint64_t>(bytes, nbytes));
    if (st.nbytes()) std::memset(st.data(), 0, st.nbytes());
    return st;
  };
  return h;
}

std::string errorOf(const std::string& bytes, const UnpickleHooks& h = {}) {
  try {
    unpickle(bytes, h, "f.pt", "f/data.pkl");
  } catch (const ArchiveError& e) {
    std::string w = e.what();
    EXPECT_NE(w.find("member 'f/data.pkl' at offset"), std::string::npos) << w;
    return w;
  }
  return "";
}

// The opcodes of one tensor: a storage of `numel` elements (key "0"), offset, sizes, strides.
std::string tensorBody(int64_t numel, int64_t offset, std::vector<int64_t> sizes, std::vector<int64_t> strides,
                       const char* storageClass = "FloatStorage") {
  P p;
  p.s.clear();
  p.global("torch._utils", "_rebuild_tensor_v2").op('(').op('(').str("storage").global("torch", storageClass);
  p.str("0").str("cpu");
  auto pushInt = [&](int64_t v) {
    p.op(static_cast<char>(0x8a)).op(8);
    for (int i = 0; i < 8; ++i) p.s.push_back(static_cast<char>((static_cast<uint64_t>(v) >> (8 * i)) & 0xFF));
  };
  pushInt(numel);
  p.op('t').op('Q');
  pushInt(offset);
  p.op('(');
  for (auto s : sizes) pushInt(s);
  p.op('t').op('(');
  for (auto s : strides) pushInt(s);
  p.op('t').op(static_cast<char>(0x89)).global("collections", "OrderedDict").op(')').op('R').op('t').op('R');
  return p.s;
}

std::string tensorPickle(int64_t numel, int64_t offset, std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  return P().raw(tensorBody(numel, offset, std::move(sizes), std::move(strides))).done();
}

TEST(Unpickle, ScalarsAndContainers) {
  P p;
  p.op('(').i1(7).op('N').op(static_cast<char>(0x88)).str("hé").op('G').raw(std::string("\x3f\xf8\0\0\0\0\0\0", 8));
  p.op('t');
  IValue v = unpickle(p.done(), {});
  ASSERT_TRUE(v.isTuple());
  const auto& xs = v.toTupleRef().items;
  ASSERT_EQ(xs.size(), 5u);
  EXPECT_EQ(xs[0].toInt(), 7);
  EXPECT_TRUE(xs[1].isNone());
  EXPECT_TRUE(xs[2].toBool());
  EXPECT_EQ(xs[3].toStringRef(), "hé");
  EXPECT_EQ(xs[4].toDouble(), 1.5);
}

TEST(Unpickle, TypedListsAndDicts) {
  P p;
  p.global("torch.jit._pickle", "build_intlist").op('(').op(']').op('(').i1(2).i1(3).op('e').op('t').op('R');
  p.global("torch.jit._pickle", "restore_type_tag").op('}').op('(').str("b").i1(2).op('u').str("Dict[str, int]");
  p.op(static_cast<char>(0x86)).op('R').op(static_cast<char>(0x86));
  IValue v = unpickle(p.done(), {});
  const auto& l = v.toTupleRef().items[0].toListRef();
  EXPECT_EQ(l.elementType->str(), "int");
  EXPECT_EQ(l.items.size(), 2u);
  const auto& d = v.toTupleRef().items[1].toDictRef();
  EXPECT_EQ(d.keyType->str(), "str");
  EXPECT_EQ(d.valueType->str(), "int");
  EXPECT_EQ(d.find(IValue("b"))->toInt(), 2);
}

// A type tag must describe its value (found by unpickler_fuzz: a List[Int] tag on a list of
// strings was kept, and pickling the value again wrote a tensor list of strings).
TEST(Unpickle, TypeTagsThatDoNotFitTheirValueAreRejected) {
  auto tagged = [](const std::string& tag) {
    P p;
    p.global("torch.jit._pickle", "restore_type_tag").op(']').op('(').str("cat").str("dog").op('e').str(tag);
    p.op(static_cast<char>(0x86)).op('R');
    return p.done();
  };
  EXPECT_EQ(unpickle(tagged("List[str]"), {}).toListRef().elementType->str(), "str");
  EXPECT_EQ(unpickle(tagged("List[Optional[str]]"), {}).toListRef().items.size(), 2u);
  for (const char* bad : {"List[int]", "List[Tensor]", "List[List[str]]", "Dict[str, str]"}) {
    try {
      unpickle(tagged(bad), {});
      ADD_FAILURE() << bad << " was accepted on a list of two strings";
    } catch (const ArchiveError& e) {
      EXPECT_NE(std::string(e.what()).find("restore_type_tag"), std::string::npos) << e.what();
    }
  }
  try {
    unpickle(tagged("List[Int]"), {});  // the IR's int32 tensor, never a tag
    ADD_FAILURE() << "a tag with a tensor dtype was accepted";
  } catch (const ArchiveError& e) {
    EXPECT_NE(std::string(e.what()).find("tags name Tensor"), std::string::npos) << e.what();
  }
}

TEST(Unpickle, TensorViewOfStorage) {
  IValue v = unpickle(tensorPickle(6, 1, {2, 2}, {1, 2}), storageHooks(24));
  ASSERT_TRUE(v.isTensor());
  EXPECT_EQ(v.toTensor().sizes(), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(v.toTensor().strides(), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(v.toTensor().storageOffset(), 1);
}

TEST(Unpickle, ForbiddenGlobalIsNamed) {
  P p;
  p.global("os", "system").str("echo pwned").op(static_cast<char>(0x85)).op('R');
  std::string e = errorOf(p.done());
  EXPECT_NE(e.find("global 'os system' is not allowed"), std::string::npos) << e;
  P q;
  q.global("builtins", "eval");
  EXPECT_NE(errorOf(q.done()).find("builtins eval"), std::string::npos);
  P r;  // an allowlisted prefix is not enough
  r.global("__torch__ x; import os", "A");
  EXPECT_NE(errorOf(r.done()), "");
}

TEST(Unpickle, OpcodesOnTheWrongType) {
  P setitemOnList;
  setitemOnList.op(']').str("k").i1(1).op('s');
  EXPECT_NE(errorOf(setitemOnList.done()).find("SETITEM(S) applied to List"), std::string::npos);
  P appendOnDict;
  appendOnDict.op('}').i1(1).op('a');
  EXPECT_NE(errorOf(appendOnDict.done()).find("not a list"), std::string::npos);
  P buildOnInt;
  buildOnInt.i1(1).op('}').op('b');
  EXPECT_NE(errorOf(buildOnInt.done()).find("BUILD applied to"), std::string::npos);
  P reduceOnStr;
  reduceOnStr.str("x").op(')').op('R');
  EXPECT_NE(errorOf(reduceOnStr.done()).find("REDUCE on"), std::string::npos);
  P underflow;
  underflow.op('a');
  EXPECT_NE(errorOf(underflow.done()).find("underflow"), std::string::npos);
}

TEST(Unpickle, StorageShorterThanTheTensor) {
  // 4 floats viewed as 2x3: PyTorch 1.13's torch.jit.load accepts this silently.
  std::string e = errorOf(tensorPickle(4, 0, {2, 3}, {3, 1}), storageHooks(1 << 20));
  EXPECT_NE(e.find("reaches element 5 of a storage of 4 elements"), std::string::npos) << e;
  e = errorOf(tensorPickle(6, 1, {2, 3}, {3, 1}), storageHooks(1 << 20));
  EXPECT_NE(e.find("of a storage of 6 elements"), std::string::npos) << e;
  // The member holding fewer bytes than the persistent id claims.
  e = errorOf(tensorPickle(6, 0, {6}, {1}), storageHooks(8));
  EXPECT_NE(e.find("holds 8 bytes"), std::string::npos) << e;
}

TEST(Unpickle, OneStorageKeyWithTwoDtypes) {
  // Storage "0" as 4 floats and as 4 int32: the same bytes under two dtypes is refused.
  std::string two = P().raw(tensorBody(4, 0, {4}, {1}, "FloatStorage"))
                        .raw(tensorBody(4, 0, {4}, {1}, "IntStorage"))
                        .op(static_cast<char>(0x86))
                        .done();
  EXPECT_NE(errorOf(two, storageHooks(16)).find("two different dtypes"), std::string::npos);
}

TEST(Unpickle, OverflowingSizesAndStrides) {
  int64_t big = int64_t(1) << 62;
  EXPECT_NE(errorOf(tensorPickle(6, 0, {big, 4}, {1, 1}), storageHooks(24)).find("overflows int64"), std::string::npos);
  EXPECT_NE(errorOf(tensorPickle(6, 0, {3, 3}, {big, big}), storageHooks(24)).find("overflow"), std::string::npos);
  EXPECT_NE(errorOf(tensorPickle(6, 0, {-1}, {1}), storageHooks(24)).find("negative size"), std::string::npos);
  EXPECT_NE(errorOf(tensorPickle(6, -1, {1}, {1}), storageHooks(24)).find("negative storage offset"),
            std::string::npos);
  // A storage whose byte size overflows.
  EXPECT_NE(errorOf(tensorPickle(int64_t(1) << 62, 0, {1}, {1}), storageHooks(24)).find("overflow"),
            std::string::npos);
}

TEST(Unpickle, DeepNestingIsBounded) {
  // 100k nested tuples, lists through APPEND, and MARKs: errors, and no recursion blows the stack.
  P t;
  t.op(')');
  for (int i = 0; i < 100000; ++i) t.op(static_cast<char>(0x85));
  EXPECT_NE(errorOf(t.done()).find("nested more than"), std::string::npos);
  P l;
  for (int i = 0; i < 100000; ++i) l.op(']');
  for (int i = 0; i < 99999; ++i) l.op('a');
  EXPECT_NE(errorOf(l.done()).find("nested more than"), std::string::npos);
  P m;
  for (int i = 0; i < 100000; ++i) m.op('(');
  EXPECT_NE(errorOf(m.done()).find("open MARKs"), std::string::npos);
  // Nesting through the memo: append the innermost list again and again.
  P q;
  q.op(']').op('q').raw(std::string(1, '\0'));
  for (int i = 0; i < 5000; ++i) {
    q.op(']').op('h').raw(std::string(1, '\0')).op('a');  // would need the new list appended, then re-memoized
  }
  errorOf(q.done());  // whatever it decides, it must not crash
}

TEST(Unpickle, CyclesAreRejected) {
  // L = []; L.append(L): a list may not contain itself.
  P p;
  p.op(']').op('q').raw(std::string(1, '\0')).op('h').raw(std::string(1, '\0')).op('a');
  EXPECT_NE(errorOf(p.done()).find("contain itself"), std::string::npos);
  // L = []; M = [L]; L.append(M): L is sealed once inside M.
  P q;
  q.op(']').op('q').raw(std::string(1, '\0'));
  q.op(']').op('h').raw(std::string(1, '\0')).op('a').op('q').raw(std::string(1, '\1'));
  q.op('h').raw(std::string(1, '\0')).op('h').raw(std::string(1, '\1')).op('a');
  EXPECT_NE(errorOf(q.done()).find("already inside another one"), std::string::npos);
}

TEST(Unpickle, HugeMemoIndexes) {
  P p;
  p.i1(1).op('r').raw(std::string("\xff\xff\xff\xff", 4)).op('j').raw(std::string("\xfe\xff\xff\xff", 4));
  EXPECT_NE(errorOf(p.done()).find("memo index 4294967294 was never set"), std::string::npos);
  P q;  // a huge LONG_BINPUT index allocates nothing
  q.i1(1).op('r').raw(std::string("\xff\xff\xff\xff", 4)).op('j').raw(std::string("\xff\xff\xff\xff", 4));
  q.op(static_cast<char>(0x86));
  EXPECT_TRUE(unpickle(q.done(), {}).isTuple());
}

// A tuple holding a global, then 40 times a tuple of two memo references to the previous tuple:
// 300 bytes that named 2^40 items while a memo copy copied the whole tree (fuzz finding). Copies
// share the tree now: this is quick and ends in the error about the 41 items left on the stack.
TEST(Unpickle, MemoReferencesToTuplesAreNotCopiedDeeply) {
  P p;
  p.global("torch", "FloatStorage").op(static_cast<char>(0x85)).op('q').raw(std::string(1, '\0'));
  for (int i = 0; i < 40; ++i)
    p.op('h').raw(std::string(1, '\0')).op('h').raw(std::string(1, '\0')).op(static_cast<char>(0x86)).op('q').raw(std::string(1, '\0'));
  EXPECT_NE(errorOf(p.done()).find("STOP with 41 items on the stack"), std::string::npos)
      << errorOf(p.done());
}

// A tuple of two memo references to the previous one, n times: 2^n values in the expansion from
// ~7n bytes. The loader's object hook takes the type of such a state (found by unpickler_fuzz: a
// BUILD state nested so took 12 s and ran out of memory), so the expansion is bounded by the
// pickle's length; a few doublings stay well within it.
std::string doublingTuples(int n) {
  const std::string zero(1, '\0');
  P p;
  p.op('(').i1(7).op('q').raw(zero);  // under a MARK: every level stays on the stack
  for (int i = 0; i < n; ++i)
    p.op('h').raw(zero).op('h').raw(zero).op(static_cast<char>(0x86)).op('q').raw(zero);
  return p.op('t').done();  // one tuple of all the levels
}

TEST(Unpickle, SharedReferencesCannotExpandAValueBeyondThePickleSize) {
  IValue small = unpickle(doublingTuples(6), {});
  ASSERT_TRUE(small.isTuple());
  EXPECT_EQ(small.toTupleRef().items.size(), 7u);
  const std::string e = errorOf(doublingTuples(40));
  EXPECT_NE(e.find("shared references expand a value to more than"), std::string::npos) << e;
}

TEST(Unpickle, TruncatedAndBadStreams) {
  EXPECT_NE(errorOf(std::string("\x80\x02", 2)).find("without STOP"), std::string::npos);
  EXPECT_NE(errorOf(std::string("\x80\x02X\xff\xff\xff\x7f", 8)).find("claims 2147483647 bytes"), std::string::npos);
  EXPECT_NE(errorOf(std::string("\x80\x02\xff", 3)).find("unsupported pickle opcode 0xff"), std::string::npos);
  EXPECT_NE(errorOf(std::string("\x80\x02K\x01K\x02.", 7)).find("STOP with"), std::string::npos);
  EXPECT_NE(errorOf(std::string("\x80\x02", 2) + "c__torch__ A").find("newline"), std::string::npos);
}

// data.pkl of conformance/pt113/enum/enum_module.pt, written by PyTorch 1.13.1's torch.jit.save
// (scripts/pt113_lang_archives.py): attributes color = Color.GREEN, units = [Unit.KM, Unit.MM]
// (a List[__torch__.Unit] type tag), scale = Scale.HALF, each member as GLOBAL '__torch__ Color',
// its value, REDUCE (memoized global reused by BINGET for the second Unit).
std::string pytorchEnumModulePickle() {
  const std::string hex =
      "8002635f5f746f7263685f5f0a456e756d4d6f64756c650a710029817d285808000000747261696e696e6771018858160000"
      "005f69735f66756c6c5f6261636b776172645f686f6f6b71024e5805000000636f6c6f727103635f5f746f7263685f5f0a43"
      "6f6c6f720a71044b02525805000000756e697473710563746f7263682e6a69742e5f7069636b6c650a726573746f72655f74"
      "7970655f7461670a71065d28635f5f746f7263685f5f0a556e69740a710758020000006b6d710852680758020000006d6d71"
      "09526558140000004c6973745b5f5f746f7263685f5f2e556e69745d710a865258050000007363616c65710b635f5f746f72"
      "63685f5f0a5363616c650a710c473fe0000000000000527562710d2e";
  std::string bytes;
  for (size_t i = 0; i < hex.size(); i += 2) bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return bytes;
}

TypePtr enumType(const std::string& q, TypePtr valueType, std::vector<EnumType::Member> members) {
  TypePtr t = std::make_shared<EnumType>(q, std::move(valueType), std::move(members));
  registerEnumType(t);
  return t;
}

TEST(Unpickle, EnumMembersAsPyTorchWritesThem) {
  TypePtr color = enumType("__torch__.Color", IntType::get(), {{"RED", int64_t(1)}, {"GREEN", int64_t(2)}, {"BLUE", int64_t(3)}});
  TypePtr unit = enumType("__torch__.Unit", StringType::get(), {{"MM", std::string("mm")}, {"KM", std::string("km")}});
  TypePtr scale = enumType("__torch__.Scale", FloatType::get(), {{"HALF", 0.5}, {"TWICE", 2.0}});
  UnpickleHooks h;
  IValue state;
  h.buildObject = [&](const std::string& q, IValue s) {
    EXPECT_EQ(q, "__torch__.EnumModule");
    state = s;
    return IValue(Ref<Object>::make(ClassType::create(q), 0));
  };
  unpickle(pytorchEnumModulePickle(), h, "enum_module.pt", "enum_module/data.pkl");
  ASSERT_TRUE(state.isDict());
  const DictObj& d = state.toDictRef();
  const IValue& c = *d.find(IValue("color"));
  ASSERT_TRUE(c.isEnum());
  EXPECT_EQ(c.toEnumRef().name(), "GREEN");
  EXPECT_TRUE(c.toEnumRef().type->equals(*color));
  const IValue& units = *d.find(IValue("units"));
  ASSERT_TRUE(units.isList());
  EXPECT_EQ(units.toListRef().elementType->str(), "Enum<__torch__.Unit>");
  ASSERT_EQ(units.toListRef().items.size(), 2u);
  EXPECT_EQ(units.toListRef().items[0].toEnumRef().name(), "KM");
  EXPECT_EQ(units.toListRef().items[1].toEnumRef().name(), "MM");
  EXPECT_EQ(units.toListRef().items[1].toEnumRef().value().toStringRef(), "mm");
  EXPECT_EQ(d.find(IValue("scale"))->toEnumRef().name(), "HALF");
  // Pickled again, a member is what 1.13 writes: the class global, the value, REDUCE.
  const std::string member = std::string("\x80\x02", 2) + "c__torch__\nColor\n" + std::string("q\x00", 2) + "K\x02R.";
  EXPECT_EQ(pickle(c).bytes, member);
  IValue units2 = unpickle(pickle(units).bytes, {});
  EXPECT_EQ(units2.toListRef().items[0].toEnumRef().name(), "KM");
  EXPECT_EQ(units2.toListRef().elementType->str(), "Enum<__torch__.Unit>");
  (void)scale;
}

TEST(Unpickle, EnumMemberOfAnUndeclaredClassOrValueIsAnError) {
  enumType("__torch__.Shade", IntType::get(), {{"DARK", int64_t(1)}});
  EXPECT_NE(errorOf(P().global("__torch__", "NoSuchEnum").i1(1).op('R').done()).find(
                "no enum class __torch__.NoSuchEnum is declared in the archive's code/"),
            std::string::npos);
  EXPECT_NE(errorOf(P().global("__torch__", "Shade").i1(7).op('R').done()).find(
                "enum __torch__.Shade has no member with this value"),
            std::string::npos);
  // A tuple argument is a call, not a member: refused as before.
  EXPECT_NE(errorOf(P().global("__torch__", "Shade").i1(1).op(0x85).op('R').done()).find("cannot be called"),
            std::string::npos);
}

TEST(Pickle, RoundTripsValues) {
  auto list = makeList(IntType::get(), {IValue(int64_t(1)), IValue(int64_t(-70000)), IValue(int64_t(1) << 40)});
  auto strs = makeList(StringType::get(), {IValue("a"), IValue("a")});
  auto dict = makeDict(StringType::get(), FloatType::get());
  dict.toDictRef().insertOrAssign(IValue("x"), IValue(0.1));
  Tensor t = Tensor::fromDoubles({1, 2, 3, 4, 5, 6}, {2, 3}, ScalarType::Float);
  Tensor view = t.transpose(0, 1);
  IValue v = makeTuple({list, strs, dict, IValue(t), IValue(view), IValue(), IValue(true), IValue(2.5)});
  PickleOutput out = pickle(v);
  ASSERT_EQ(out.storages.size(), 1u);  // the view shares the tensor's storage
  UnpickleHooks h;
  h.loadStorage = [&](const std::string& key, uint64_t nbytes) {
    EXPECT_EQ(key, "0");
    EXPECT_EQ(nbytes, 24u);
    return out.storages[0];
  };
  IValue back = unpickle(out.bytes, h);
  const auto& xs = back.toTupleRef().items;
  EXPECT_EQ(xs[0].toListRef().items[2].toInt(), int64_t(1) << 40);
  EXPECT_EQ(xs[0].toListRef().elementType->str(), "int");
  EXPECT_EQ(xs[1].toListRef().elementType->str(), "str");
  EXPECT_EQ(xs[2].toDictRef().find(IValue("x"))->toDouble(), 0.1);
  EXPECT_EQ(xs[4].toTensor().strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_TRUE(xs[3].toTensor().sharesStorageWith(xs[4].toTensor()));
  EXPECT_TRUE(xs[5].isNone());
  // Pickling what was unpickled gives the same bytes.
  EXPECT_EQ(pickle(back).bytes, out.bytes);
}

}  // namespace
}  // namespace tsjit::serialization
