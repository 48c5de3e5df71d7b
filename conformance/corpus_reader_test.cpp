// corpus_reader_test.cpp — the corpus value codec and case reader: hex floats decode bit-exactly
// (also float32 subnormals, signed zeros, inf/nan), strides are reproduced, containers keep their
// element types and order, enum members keep their identity, corrupt documents are reported (never crash), module state becomes an
// object with typed slots, and every public case file reads and prepares.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>

#include "conformance/lib/CorpusReader.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/ir/EnumRegistry.h"
#include "jit/ir/Graph.h"

using namespace tsjit;
using namespace tsjit::conformance;
using nlohmann::json;

namespace {
uint64_t bitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}
}  // namespace

TEST(ValueCodec, HexFloatsAreExact) {
  EXPECT_EQ(decodeFloat("0x1.8000000000000p+1", "v"), 3.0);
  EXPECT_EQ(decodeFloat("-0x1.0000000000000p-149", "v"), -std::ldexp(1.0, -149));
  EXPECT_EQ(bitsOf(decodeFloat("-0x0.0p+0", "v")), bitsOf(-0.0));
  EXPECT_EQ(decodeFloat("0x0.0000000000001p-1022", "v"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(decodeFloat("inf", "v"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(decodeFloat("-inf", "v"), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(decodeFloat("nan", "v")));
  EXPECT_THROW(decodeFloat("0x1.8p+1junk", "v"), ValueFormatError);
  EXPECT_THROW(decodeFloat(json(true), "v"), ValueFormatError);
  // Round trip through Python's float.hex() spelling.
  for (double d : {3.0, 0.1, -2.5e-300, std::ldexp(1.0, -1074), -0.0, 1e308})
    EXPECT_EQ(bitsOf(decodeFloat(pythonFloatHex(d), "v")), bitsOf(d)) << pythonFloatHex(d);
  EXPECT_EQ(pythonFloatHex(3.0), "0x1.8000000000000p+1");
  EXPECT_EQ(pythonFloatHex(-0.0), "-0x0.0p+0");
  EXPECT_EQ(pythonFloatHex(std::ldexp(1.0, -1074)), "0x0.0000000000001p-1022");
}

TEST(ValueCodec, TensorsKeepDtypeValuesAndStrides) {
  // shape [3, 4], strides [1, 3]: a transposed 4x3 tensor; data in logical order 0..11.
  json data = json::array();
  for (int i = 0; i < 12; ++i) data.push_back(pythonFloatHex(i * 0.5));
  json j = {{"type", "Tensor"}, {"dtype", "float32"}, {"shape", {3, 4}}, {"strides", {1, 3}}, {"data", data}};
  Tensor t = decodeValue(j).toTensor();
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_EQ(t.sizes(), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(t.strides(), (std::vector<int64_t>{1, 3}));
  EXPECT_FALSE(t.isContiguous());
  for (int i = 0; i < 12; ++i) EXPECT_EQ(t.getDouble(i), i * 0.5);
  // Element (1, 2) lives at storage position 1*1 + 2*3 = 7.
  EXPECT_EQ(static_cast<const float*>(t.data())[7], 3.0f);  // logical index 1*4+2 = 6 -> 3.0
  // float32 subnormal narrowed exactly.
  json sub = {{"type", "Tensor"}, {"dtype", "float32"}, {"shape", json::array()}, {"strides", json::array()},
              {"data", {"-0x1.0000000000000p-149"}}};
  EXPECT_EQ(decodeValue(sub).toTensor().getDouble(0), -std::ldexp(1.0, -149));
  json ints = {{"type", "Tensor"}, {"dtype", "int64"}, {"shape", {2}}, {"strides", {1}},
               {"data", {9223372036854775807LL, -3}}};
  EXPECT_EQ(decodeValue(ints).toTensor().getInt64(0), INT64_MAX);
  json bools = {{"type", "Tensor"}, {"dtype", "bool"}, {"shape", {2}}, {"strides", {1}}, {"data", {true, false}}};
  EXPECT_EQ(decodeValue(bools).toTensor().dtype(), ScalarType::Bool);
  json empty = {{"type", "Tensor"}, {"dtype", "float64"}, {"shape", {0, 3}}, {"strides", {3, 1}},
                {"data", json::array()}};
  EXPECT_EQ(decodeValue(empty).toTensor().numel(), 0);
  // Wrong element count, unknown dtype: reported by path.
  json bad = j;
  bad["data"].erase(0);
  try {
    decodeValue(bad, nullptr, "inputs[0]");
    FAIL();
  } catch (const ValueFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("inputs[0].data"), std::string::npos) << e.what();
  }
  bad = j;
  bad["dtype"] = "float99";
  EXPECT_THROW(decodeValue(bad), ValueFormatError);
  // Encoding reproduces the document (strides included).
  EXPECT_EQ(encodeValue(IValue(t)), j);
}

TEST(ValueCodec, ContainersScalarsAndTypes) {
  json doc = json::parse(R"J({"type": "Tuple", "items": [
      {"type": "List", "elem": "List[int]", "items": [{"type": "List", "elem": "int", "items": [{"type": "int", "value": -9007199254740993}]}]},
      {"type": "Dict", "key": "str", "value": "Optional[float]", "items": [["b", {"type": "None", "value": null}], ["a", {"type": "float", "value": "0x1.0000000000000p-1"}]]},
      {"type": "Dict", "key": "int", "value": "bool", "items": [[3, {"type": "bool", "value": true}]]},
      {"type": "str", "value": "h\u00e9"}]})J");
  IValue v = decodeValue(doc);
  const auto& items = v.toTupleRef().items;
  EXPECT_EQ(items[0].toListRef().elementType->annotationStr(), "List[int]");
  EXPECT_EQ(items[0].toListRef().items[0].toListRef().items[0].toInt(), -9007199254740993LL);  // not via double
  const DictObj& d = items[1].toDictRef();
  EXPECT_EQ(d.entries()[0].first.toStringRef(), "b");  // insertion order kept
  EXPECT_TRUE(d.entries()[0].second.isNone());
  EXPECT_EQ(d.entries()[1].second.toDouble(), 0.5);
  EXPECT_EQ(d.valueType->annotationStr(), "Optional[float]");
  EXPECT_EQ(items[2].toDictRef().entries()[0].first.toInt(), 3);
  EXPECT_EQ(items[3].toStringRef(), "h\xc3\xa9");
  EXPECT_EQ(encodeValue(v), doc);
  EXPECT_THROW(decodeValue(json::parse(R"({"type": "Widget"})")), ValueFormatError);
  EXPECT_THROW(decodeValue(json::parse(R"({"type": "int", "value": 1.5})")), ValueFormatError);
  EXPECT_THROW(decodeValue(json::parse(R"({"type": "List", "elem": "List[", "items": []})")), ValueFormatError);
}

TEST(ValueCodec, EnumMembersOfStandInAndDeclaredClasses) {
  // The encoding scripts/torch_oracle.py writes for PyTorch 1.13's enum.Enum members.
  auto member = [](const char* cls, const char* name, int64_t value) {
    return json{{"type", "Enum"}, {"class", cls}, {"name", name}, {"value", {{"type", "int"}, {"value", value}}}};
  };
  // A class no program declared: stand-ins keep member identity (RED != GREEN, GREEN == GREEN).
  IValue red = decodeValue(member("__torch__.CodecShade", "RED", 1));
  IValue green = decodeValue(member("__torch__.CodecShade", "GREEN", 2));
  IValue green2 = decodeValue(member("__torch__.CodecShade", "GREEN", 2));
  EXPECT_FALSE(red.toEnumRef() == green.toEnumRef());
  EXPECT_TRUE(green.toEnumRef() == green2.toEnumRef());
  EXPECT_EQ(green.toEnumRef().value().toInt(), 2);
  EXPECT_THROW(decodeValue(member("__torch__.CodecShade", "GREEN", 3)), ValueFormatError);  // another value
  // A declared class: the member must exist with its value.
  registerEnumType(std::make_shared<EnumType>("__torch__.CodecColor", IntType::get(),
                                              std::vector<EnumType::Member>{{"RED", int64_t(1)}, {"BLUE", int64_t(3)}}));
  IValue blue = decodeValue(member("__torch__.CodecColor", "BLUE", 3));
  EXPECT_EQ(blue.toEnumRef().index, 1u);
  EXPECT_THROW(decodeValue(member("__torch__.CodecColor", "GREEN", 2)), ValueFormatError);
  EXPECT_THROW(decodeValue(member("__torch__.CodecColor", "RED", 2)), ValueFormatError);
  EXPECT_THROW(decodeValue(member("Color", "RED", 1)), ValueFormatError);
  // Encoding writes the same object back.
  EXPECT_EQ(encodeValue(blue), member("__torch__.CodecColor", "BLUE", 3));
  EXPECT_EQ(encodeValue(green), member("__torch__.CodecShade", "GREEN", 2));
}

TEST(ValueCodec, CopyContainersSharesTensorsOnly) {
  Tensor t = Tensor::zeros({2});
  IValue l = makeList(TensorType::get(), {IValue(t)});
  IValue c = copyContainers(l);
  EXPECT_FALSE(c.isSameIdentity(l));
  EXPECT_TRUE(c.toListRef().items[0].isSameIdentity(l.toListRef().items[0]));
}

TEST(CorpusReader, CorruptDocumentsAreReported) {
  EXPECT_THROW(parseCase(json::parse("[1, 2]"), "x.json"), CorpusError);
  EXPECT_THROW(parseCase(json::parse(R"({"name": "a"})"), "x.json"), CorpusError);
  json ok = {{"name", "a"},       {"category", "c"}, {"kind", "function"},
             {"graph", "graph():\n  %0 : int = prim::Constant[value=1]()\n  return (%0)\n"},
             {"inputs", json::array()}, {"outputs", {{{"type", "int"}, {"value", 1}}}}};
  Case c = parseCase(ok, "x.json");
  EXPECT_EQ(c.name, "a");
  EXPECT_EQ(c.inlinedGraph, c.graph);  // falls back to graph
  json noResult = ok;
  noResult.erase("outputs");
  EXPECT_THROW(parseCase(noResult, "x.json"), CorpusError);
  json badGraph = ok;
  badGraph["graph"] = "graph(:";
  Case bg = parseCase(badGraph, "x.json");
  EXPECT_THROW(prepareCase(bg, GraphChoice::Graph), CorpusError);
  EXPECT_THROW(readCase("/nonexistent/case.json"), CorpusError);
}

TEST(CorpusReader, ModuleStateBecomesAnObject) {
  json state = json::parse(R"J({"qualified_name": "__torch__.Outer",
    "attributes": [
      {"name": "training", "kind": "attribute", "type": "bool", "value": {"type": "bool", "value": false}},
      {"name": "w", "kind": "parameter", "type": "Tensor", "value": {"type": "Tensor", "dtype": "float32", "shape": [1], "strides": [1], "data": ["0x1.0000000000000p+0"]}},
      {"name": "sizes", "kind": "attribute", "type": "List[int]", "value": {"type": "List", "elem": "int", "items": []}},
      {"name": "inner", "kind": "module", "type": "__torch__.Inner"}],
    "constants": [],
    "submodules": [{"name": "inner", "qualified_name": "__torch__.Inner",
       "attributes": [{"name": "k", "kind": "buffer", "type": "Tensor", "value": {"type": "Tensor", "dtype": "int64", "shape": [], "strides": [], "data": [7]}}],
       "constants": [], "submodules": []}]})J");
  ClassRegistry classes;
  IValue m = buildModule(state, classes);
  const Object& o = m.toObjectRef();
  EXPECT_EQ(o.type->qualifiedName(), "__torch__.Outer");
  ASSERT_EQ(o.type->attributes().size(), 4u);
  EXPECT_EQ(o.type->attributes()[1].kind, ClassType::SlotKind::Parameter);
  EXPECT_EQ(o.type->attributes()[3].kind, ClassType::SlotKind::Module);
  EXPECT_FALSE(o.attr("training").toBool());
  EXPECT_EQ(o.attr("w").toTensor().getDouble(0), 1.0);
  const Object& inner = o.attr("inner").toObjectRef();
  EXPECT_EQ(inner.type.get(), classes.find("__torch__.Inner").get());
  EXPECT_EQ(inner.attr("k").toTensor().getInt64(0), 7);
  EXPECT_EQ(inner.type->attributes()[0].kind, ClassType::SlotKind::Buffer);
}

TEST(CorpusReader, EveryPublicCaseReadsAndPrepares) {
  std::string dir = defaultCorpusDir();
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "corpus not found at " << dir;
  auto files = listCaseFiles(dir);
  EXPECT_GE(files.size(), 60u);
  size_t modules = 0, fallbacks = 0;
  for (const auto& f : files) {
    Case c = readCase(f);
    for (GraphChoice g : {GraphChoice::Graph, GraphChoice::InlinedGraph}) {
      Prepared p = prepareCase(c, g);
      ASSERT_TRUE(p.graph) << c.name;
      if (c.isModule()) {
        EXPECT_TRUE(p.self.has_value()) << c.name;
        EXPECT_EQ(p.graph->inputs().size(), c.inputs.size() + 1) << c.name;
      } else {
        EXPECT_EQ(p.graph->inputs().size(), c.inputs.size()) << c.name;
      }
      if (g == GraphChoice::Graph && p.graphUsed != "graph") ++fallbacks;
      // Inputs decode without error.
      EXPECT_NO_THROW(decodeValues(c.inputs, p.classes.get())) << c.name;
    }
    if (c.isModule()) ++modules;
  }
  EXPECT_GE(modules, 10u);
  EXPECT_GT(fallbacks, 0u);  // library calls (F.relu...) are only in inlined_graph
}
