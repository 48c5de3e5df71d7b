// printer_fixpoint_test.cpp — print -> import -> print on every public corpus case
// (jit/serialization/PythonPrint.h, ArchiveCode.h):
//   1. `code`: tsjit's printed `code` of each case equals PyTorch's recorded one (the figure of
//      `tsjit conform --compare-code`; the expected text comes from the corpus);
//   2. fixpoint from source (function and module cases): the module (function cases: the entry and
//      what it calls) compiled from `source` is printed as an archive's code/ files (F1), those
//      files are compiled back the way `tsjit load` compiles an archive's code and printed (F2),
//      and once more (F3): F1 == F2 == F3 for every case (the first print is a fixpoint: archive
//      code's `x = _4` aliases an unnamed value without naming it on import); the re-imported
//      forward computes the same outputs as the original on the
//      case's inputs, on the reference and on the jit (conformance/lib/Compare.h, exact);
//      the version record the printed ops need equals the one in PyTorch's archive of the case;
//   3. fixpoint from the archive (every case, traced ones too): PyTorch's archive loaded, printed
//      and saved, reloaded and printed (F2), saved and reloaded again and printed (F3):
//      F1 == F2 == F3.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "conformance/lib/Compare.h"
#include "conformance/lib/CompareCode.h"
#include "conformance/lib/CorpusRunner.h"
#include "conformance/lib/SourceCase.h"
#include "conformance/lib/ValueCodec.h"
#include "jit/frontend/Emitter.h"
#include "jit/ir/Graph.h"
#include "jit/serialization/ArchiveCode.h"
#include "jit/serialization/Export.h"
#include "jit/serialization/Import.h"
#include "jit/support/Error.h"
#include "reference/Evaluator.h"
#include "reference/Kernel.h"
#include "tools/tsjit/JitEngine.h"

namespace tsjit::conformance {
namespace {

using serialization::ArchiveCode;
using serialization::ArchiveCodeRequest;

std::function<const Function*(const std::string&)> resolverOf(const frontend::CompilationUnit* cu) {
  return [cu](const std::string& name) -> const Function* { return cu->findCallee(name); };
}

// A program compiled from code: the function or module, its unit, and what forward to run.
struct Program {
  std::shared_ptr<frontend::CompilationUnit> cu;
  std::shared_ptr<Function> function;  // function cases
  frontend::CompiledModule module;     // module cases
  std::shared_ptr<frontend::ModuleDesc> desc;
  std::shared_ptr<ClassRegistry> classes = std::make_shared<ClassRegistry>();

  ArchiveCode print() const {
    ArchiveCodeRequest req;
    req.resolveFunction = resolverOf(cu.get());
    if (function) {
      req.roots = {{nullptr, function.get()}};
    } else {
      req.roots = {{module.info->type, nullptr}};
      auto infos = serialization::moduleClassInfos(*module.info);
      req.classInfo = [infos](const ClassType& c) {
        auto it = infos.find(&c);
        return it != infos.end() ? it->second : serialization::ClassPrintInfo{};
      };
    }
    return serialization::printArchiveCode(req);
  }

  // The graph an engine runs: forward with every library call inlined (methods keep CallMethod).
  std::shared_ptr<Graph> runnable() {
    if (function) {
      auto g = function->graph()->copy();
      frontend::inlineFunctionCalls(*g, *cu);
      return g;
    }
    std::set<Function*> done;
    inlineAll(*module.info, done);
    return module.info->type->findMethod("forward")->graph();
  }

  void inlineAll(const frontend::ModuleInfo& info, std::set<Function*>& done) {
    for (const auto& m : info.type->methods()) {
      if (!m->graph() || !done.insert(m.get()).second) continue;
      auto g = m->graph()->copy();
      frontend::inlineFunctionCalls(*g, *cu);
      m->setGraph(g);
    }
    for (const auto& [name, sub] : info.submodules) inlineAll(*sub, done);
  }
};

Program compileFromSource(const Case& c) {
  Program p;
  frontend::CompileOptions opts;
  opts.libraryCode = c.archiveCode;
  if (c.kind == "module") {
    p.desc = decodeModuleDesc(c.moduleState, *p.classes);
    p.module = frontend::compileModule(c.source, c.entry, *p.desc, opts, c.name + ".py");
    p.cu = std::static_pointer_cast<frontend::CompilationUnit>(p.module.unit);
  } else {
    p.cu = frontend::compileFunctions(c.source, c.entry, opts, c.name + ".py");
    for (const auto& f : p.cu->functions())
      if (f->qualifiedName() == c.entry) p.function = f;
  }
  return p;
}

// Compiles printed code/ files back, as `tsjit load` compiles an archive's code.
Program compilePrinted(const Case& c, const ArchiveCode& code) {
  Program p;
  frontend::CompileOptions opts;
  opts.libraryCode = code.files;
  opts.archiveConstants = code.constants;
  opts.allMethods = true;
  const std::string& root = code.files.at("code/__torch__.py");
  if (c.kind == "module") {
    p.desc = decodeModuleDesc(c.moduleState, *p.classes);
    std::string q = p.desc->qualifiedName;
    p.module = frontend::compileModule(root, q.substr(q.rfind('.') + 1), *p.desc, opts, "code/__torch__.py");
    p.cu = std::static_pointer_cast<frontend::CompilationUnit>(p.module.unit);
  } else {
    p.cu = frontend::compileFunctions(root, c.entry, opts, "code/__torch__.py");
    for (const auto& f : p.cu->functions())
      if (f->name() == c.entry) p.function = f;
  }
  return p;
}

// Runs forward on the case's inputs (fresh copies); the outputs, or the error's text.
std::variant<IValue, std::string> runOn(const Engine& engine, Program& p, const Case& c) {
  try {
    ClassRegistry classes;
    std::vector<IValue> inputs = decodeValues(c.inputs, &classes);
    if (!p.function) inputs.insert(inputs.begin(), IValue(p.module.object));
    auto g = p.runnable();
    auto out = engine.run(*g, inputs);
    return out.size() == 1 ? out[0] : IValue();
  } catch (const reference::NotSupported& e) {
    return std::string("not supported: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("error");
  }
}

class PrinterFixpoint : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference::registerAllKernels(); }
};

TEST_F(PrinterFixpoint, RecordedCode) {
  std::vector<std::string> files = listCaseFiles(defaultCorpusDir(""));
  ASSERT_EQ(files.size(), 67u);
  size_t exact = 0;
  for (const auto& f : files) {
    CodeComparison r = compareCaseCode(f);
    SCOPED_TRACE(r.name);
    EXPECT_TRUE(r.error.empty()) << r.error;
    EXPECT_FALSE(r.expected.empty()) << "the case records no code";
    if (r.matches) ++exact;
    else ADD_FAILURE() << "printed code differs from PyTorch's:\n" << r.diff;
  }
  std::printf("printed code identical to PyTorch's: %zu of %zu cases\n", exact, files.size());
}

TEST_F(PrinterFixpoint, FromSourceOnBothEngines) {
  Engine jit = tool::engineNamed("jit", "printer_fixpoint_test");
  Engine ref = referenceEngine();
  size_t cases = 0, fixpoints = 0, firstRound = 0, runs = 0;
  for (const auto& f : listCaseFiles(defaultCorpusDir(""))) {
    Case c = readCase(f);
    if (!hasSource(c)) continue;
    SCOPED_TRACE(c.name);
    ++cases;
    Program original = compileFromSource(c);
    ASSERT_TRUE(original.function || original.module.info) << "no entry compiled";
    ArchiveCode printed = original.print();
    Program again;
    try {
      again = compilePrinted(c, printed);
    } catch (const CompileError& e) {
      std::string all;
      for (const auto& [path, text] : printed.files) all += "# " + path + "\n" + text;
      FAIL() << "the printed code does not compile: " << e.what() << "\n" << all;
    }
    // The version record the printed ops need is the one PyTorch wrote for the case.
    serialization::LoadedArchive recorded = serialization::loadArchiveFile(c.archivePath);
    EXPECT_EQ(printed.minVersion, recorded.version) << "version record";
    ArchiveCode reprinted = again.print();
    // Printed code is a fixpoint once imported: printing what it imports to gives it back.
    Program third = compilePrinted(c, reprinted);
    ArchiveCode thirdPrint = third.print();
    EXPECT_EQ(reprinted.files, thirdPrint.files);
    EXPECT_EQ(reprinted.constants, thirdPrint.constants);
    if (reprinted.files == thirdPrint.files) ++fixpoints;
    // Already from the first print: `it = _4` in printed code binds `it` to _4's unnamed value
    // without naming it (PyTorch's import would name it `it`, so its second print can differ).
    EXPECT_EQ(printed.files, reprinted.files) << "the first print is not a fixpoint";
    if (printed.files == reprinted.files) ++firstRound;
    for (const Engine* e : {&ref, &jit}) {
      auto a = runOn(*e, original, c);
      auto b = runOn(*e, again, c);
      ASSERT_EQ(a.index(), b.index()) << e->name << ": one side raised, the other returned";
      if (a.index() == 0) {
        CompareResult cr = compareValues(std::get<IValue>(a), std::get<IValue>(b));
        EXPECT_TRUE(cr.ok) << e->name << ": " << cr.message;
      } else {
        EXPECT_EQ(std::get<std::string>(a), std::get<std::string>(b)) << e->name;
      }
      ++runs;
    }
  }
  std::printf(
      "from source: %zu cases, %zu print->import->print fixpoints (%zu already at the first print), %zu engine runs "
      "compared\n",
      cases, fixpoints, firstRound, runs);
  EXPECT_EQ(cases, 61u);
  EXPECT_EQ(firstRound, cases);
}

TEST_F(PrinterFixpoint, FromArchive) {
  size_t n = 0, fixpoints = 0, firstRound = 0;
  for (const auto& f : listCaseFiles(defaultCorpusDir(""))) {
    Case c = readCase(f);
    SCOPED_TRACE(c.name);
    serialization::LoadedArchive l1 = serialization::loadArchiveFile(c.archivePath);
    serialization::PrintedModule p1 = serialization::printModuleCode(l1);
    std::string bytes = serialization::saveArchive(l1, c.name);
    serialization::LoadedArchive l2 = serialization::loadArchive(
        serialization::ZipReader(std::make_shared<const std::string>(bytes), c.name + " (saved)"));
    EXPECT_EQ(l2.code, p1.code) << "the saved archive holds other code than the printer's";
    serialization::PrintedModule p2 = serialization::printModuleCode(l2);
    // As from source: a fixpoint from the first print on.
    std::string bytes2 = serialization::saveArchive(l2, c.name);
    serialization::LoadedArchive l3 = serialization::loadArchive(
        serialization::ZipReader(std::make_shared<const std::string>(bytes2), c.name + " (saved twice)"));
    EXPECT_EQ(p2.code, serialization::printModuleCode(l3).code);
    ++n;
    if (p2.code == serialization::printModuleCode(l3).code) ++fixpoints;
    EXPECT_EQ(p1.code, p2.code) << "the first print is not a fixpoint";
    if (p1.code == p2.code) ++firstRound;
  }
  std::printf("from archives: %zu cases, %zu print->import->print fixpoints (%zu already at the first print)\n", n,
              fixpoints, firstRound);
}

}  // namespace
}  // namespace tsjit::conformance
