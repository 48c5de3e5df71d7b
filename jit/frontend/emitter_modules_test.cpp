// emitter_modules_test.cpp — pins the IR the emitter produces for module containers
// (nn.ModuleList / nn.Sequential): iteration unrolled at compile time (every child read with
// prim::GetAttr first, then one prim::CallMethod per child, no prim::Loop), constant indexing,
// enumerate, len() as a constant, Sequential.forward from its Python definition, and the compile
// errors PyTorch 1.13 gives for break / variable indexing. The module state is built by hand
// (what a corpus module_state holds for `nn.ModuleList([Scale(2.), Scale(3.), Scale(-1.)])`).
// Running these modules on both engines: conformance/frontend/run/module_containers.py.
#include <gtest/gtest.h>

#include <string>

#include "jit/frontend/Emitter.h"

using namespace tsjit;
using namespace tsjit::frontend;

namespace {

const char* kScale = R"(class Scale(nn.Module):
    def __init__(self, k: float):
        super().__init__()
        self.k = k

    def forward(self, x: Tensor) -> Tensor:
        return x * self.k

)";

ModuleAttrDesc attr(const std::string& name, const std::string& type, IValue v) {
  ModuleAttrDesc a;
  a.name = name;
  a.type = type;
  a.value = std::move(v);
  return a;
}

ModuleAttrDesc sub(const std::string& name, std::shared_ptr<ModuleDesc> m) {
  ModuleAttrDesc a;
  a.name = name;
  a.kind = ModuleAttrDesc::Kind::Module;
  a.type = m->qualifiedName;
  a.module = std::move(m);
  return a;
}

std::shared_ptr<ModuleDesc> scale(double k) {
  auto d = std::make_shared<ModuleDesc>();
  d->qualifiedName = "__torch__.Scale";
  d->attributes = {attr("training", "bool", IValue(false)), attr("k", "float", IValue(k))};
  return d;
}

std::shared_ptr<ModuleDesc> container(const std::string& kind, const std::vector<double>& ks) {
  auto d = std::make_shared<ModuleDesc>();
  d->qualifiedName = "__torch__.torch.nn.modules.container." + kind;
  d->attributes = {attr("training", "bool", IValue(false))};
  for (size_t i = 0; i < ks.size(); ++i) d->attributes.push_back(sub(std::to_string(i), scale(ks[i])));
  return d;
}

ModuleDesc stack(const std::string& name) {
  ModuleDesc d;
  d.qualifiedName = "__torch__." + name;
  d.attributes = {attr("training", "bool", IValue(false)), sub("layers", container("ModuleList", {2.0, 3.0, -1.0})),
                  sub("seq", container("Sequential", {0.5, 4.0}))};
  return d;
}

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

std::string forwardOf(const std::string& cls, const std::string& body) {
  std::string src = std::string(kScale) + "class " + cls + "(nn.Module):\n    def forward(self, x: Tensor)" + body;
  CompiledModule m = compileModule(src, cls, stack(cls));
  return m.method("forward")->graph()->toString(false);
}

}  // namespace

TEST(EmitterModules, ForOverModuleListIsUnrolled) {
  std::string g = forwardOf("A", R"( -> Tensor:
        for layer in self.layers:
            x = layer(x)
        return x
)");
  EXPECT_EQ(count(g, "prim::Loop"), 0u) << g;
  EXPECT_EQ(count(g, "prim::CallMethod[name=\"forward\"]"), 3u) << g;
  // Every child is read before the first call, in order.
  size_t l = g.find("prim::GetAttr[name=\"layers\"](%self)");
  size_t c0 = g.find("prim::GetAttr[name=\"0\"]"), c1 = g.find("prim::GetAttr[name=\"1\"]"),
         c2 = g.find("prim::GetAttr[name=\"2\"]"), call = g.find("prim::CallMethod");
  ASSERT_NE(l, std::string::npos) << g;
  ASSERT_NE(c2, std::string::npos) << g;
  EXPECT_LT(l, c0);
  EXPECT_LT(c0, c1);
  EXPECT_LT(c1, c2);
  EXPECT_LT(c2, call);
  // The calls chain: the first takes %x, each next one the previous result.
  EXPECT_NE(g.find("prim::CallMethod[name=\"forward\"](%_0, %x"), std::string::npos) << g;
}

TEST(EmitterModules, IndexingLenEnumerateAndSequential) {
  std::string g = forwardOf("B", R"( -> Tuple[Tensor, Tensor, int]:
        w = self.layers[0](x) + self.layers[-1](x)
        acc = x
        for i, m in enumerate(self.layers):
            acc = acc + m(x) * i
        return w + acc, self.seq(x), len(self.layers)
)");
  EXPECT_EQ(count(g, "prim::Loop"), 0u) << g;
  // layers[0], layers[-1] (= child 2), three enumerate iterations, the Sequential.
  EXPECT_EQ(count(g, "prim::CallMethod[name=\"forward\"]"), 6u) << g;
  EXPECT_NE(g.find("prim::Constant[value=3]()"), std::string::npos) << g;  // len(self.layers)
  EXPECT_EQ(count(g, "aten::len"), 0u) << g;
  // enumerate's index is a constant per iteration: `m(x) * 0`, `* 1`, `* 2`.
  EXPECT_EQ(count(g, "aten::mul"), 3u) << g;
}

TEST(EmitterModules, SequentialForwardAppliesEachChild) {
  std::string src = std::string(kScale) +
                    "class C(nn.Module):\n    def forward(self, x: Tensor) -> Tensor:\n        return self.seq(x)\n";
  CompiledModule m = compileModule(src, "C", stack("C"));
  auto seqInfo = m.info->submodules.at("seq");
  Function* fwd = seqInfo->type->findMethod("forward");
  ASSERT_NE(fwd, nullptr);
  std::string g = fwd->graph()->toString(false);
  EXPECT_EQ(count(g, "prim::Loop"), 0u) << g;
  EXPECT_EQ(count(g, "prim::CallMethod[name=\"forward\"]"), 2u) << g;
}

TEST(EmitterModules, BreakContinueReturnInUnrolledLoopAreErrors) {
  for (const char* stmt : {"break", "continue"}) {
    try {
      forwardOf("D", std::string(" -> Tensor:\n        for layer in self.layers:\n            x = layer(x)\n"
                                 "            if bool(x.sum() > 0):\n                ") +
                         stmt + "\n        return x\n");
      ADD_FAILURE() << stmt << " compiled";
    } catch (const CompileError& e) {
      EXPECT_NE(std::string(e.what()).find("Because we emit iteration over modulelists or tuples as unrolled loops, "
                                           "we do not support break or continue"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(EmitterModules, VariableIndexIsAnError) {
  try {
    forwardOf("E", " -> Tensor:\n        i = 1\n        return self.layers[i](x)\n");
    ADD_FAILURE() << "compiled";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("Expected integer literal for index"), std::string::npos) << e.what();
  }
  try {
    forwardOf("F", " -> Tensor:\n        return self.layers[3](x)\n");
    ADD_FAILURE() << "compiled";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("Index 3 out of range of length 3"), std::string::npos) << e.what();
  }
}
