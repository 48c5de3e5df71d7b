// Property.cpp — jit vs reference on one generated case (see Property.h).
#include "fuzz/lib/Property.h"

#include <optional>

#include "conformance/lib/Compare.h"
#include "jit/runtime/Code.h"
#include "jit/runtime/GraphExecutor.h"
#include "reference/Evaluator.h"

namespace tsjit::fuzz {

PropertyEngines jitVsReference() {
  PropertyEngines e;
  e.expectedName = "reference";
  e.expected = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    reference::Evaluator ev;
    return ev.run(*g, std::move(in));
  };
  e.actualName = "jit";
  e.actual = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    runtime::GraphExecutor executor(g);  // plans run on a copy of the graph
    return executor.call(std::move(in));
  };
  return e;
}

PropertyEngines referenceVsReference() {
  PropertyEngines e = jitVsReference();
  e.actualName = "reference";
  e.actual = [](const std::shared_ptr<Graph>& g, std::vector<IValue> in) {
    reference::Evaluator ev;
    return ev.run(*g->copy(), std::move(in));
  };
  return e;
}

namespace {

struct EngineRun {
  std::vector<IValue> outputs;
  std::vector<IValue> inputsAfter;
  std::optional<std::string> error;  // Python's last line
  bool internal = false;             // InternalError / unsupported: never acceptable
};

EngineRun runEngine(const EngineFn& fn, const GeneratedCase& c) {
  EngineRun r;
  std::vector<IValue> inputs = c.makeInputs();
  r.inputsAfter = inputs;  // IValue copies alias the same tensors: they show mutations
  try {
    r.outputs = fn(c.graph, std::move(inputs));
  } catch (const InternalError& e) {
    r.error = std::string("InternalError: ") + e.what();
    r.internal = true;
  } catch (const CompileError& e) {  // generated graphs are well formed: a bug on one side
    r.error = std::string("CompileError: ") + e.what();
    r.internal = true;
  } catch (const reference::NotSupported& e) {
    r.error = std::string("not supported: ") + e.what();
    r.internal = true;
  } catch (const runtime::UnsupportedOperator& e) {
    r.error = std::string("unsupported operator: ") + e.what();
    r.internal = true;
  } catch (const std::exception& e) {
    r.error = reference::pythonLastLine(e);
  }
  return r;
}

}  // namespace

PropertyResult checkCase(const GeneratedCase& c, const PropertyEngines& engines) {
  PropertyResult res;
  EngineRun exp = runEngine(engines.expected, c);
  EngineRun act = runEngine(engines.actual, c);
  auto fail = [&](std::string msg) {
    res.passed = false;
    res.message = std::move(msg);
    return res;
  };
  if (exp.internal) return fail(engines.expectedName + " failed internally: " + *exp.error);
  if (act.internal) return fail(engines.actualName + " failed internally: " + *act.error);
  if (exp.error || act.error) {
    if (!exp.error) return fail(engines.actualName + " raised `" + *act.error + "` but " + engines.expectedName + " returned");
    if (!act.error) return fail(engines.expectedName + " raised `" + *exp.error + "` but " + engines.actualName + " returned");
    if (*exp.error != *act.error)
      return fail("different errors: " + engines.expectedName + " `" + *exp.error + "`, " + engines.actualName + " `" +
                  *act.error + "`");
    res.bothRaised = true;
    return res;
  }
  if (exp.outputs.size() != act.outputs.size())
    return fail(str(engines.expectedName, " returned ", exp.outputs.size(), " outputs, ", engines.actualName, " ",
                    act.outputs.size()));
  conformance::CompareOptions opts = conformance::compareOptionsForGraph(*c.graph);
  opts.reductionTerms = std::max<int64_t>(c.maxNumel, 1);
  opts.operandMagnitude = std::max(opts.operandMagnitude, conformance::operandMagnitude(c.makeInputs()));
  for (size_t i = 0; i < exp.outputs.size(); ++i) {
    auto cmp = conformance::compareValues(exp.outputs[i], act.outputs[i], opts);
    if (!cmp) return fail(str("output ", i, " (", c.graph->outputs()[i]->debugName(), "): ", cmp.message));
  }
  // Generated graphs are functional: no engine may write into its inputs.
  std::vector<IValue> pristine = c.makeInputs();
  for (size_t i = 0; i < pristine.size(); ++i) {
    if (!conformance::compareValues(pristine[i], exp.inputsAfter[i]))
      return fail(str(engines.expectedName, " modified input ", i));
    if (!conformance::compareValues(pristine[i], act.inputsAfter[i]))
      return fail(str(engines.actualName, " modified input ", i));
  }
  return res;
}

}  // namespace tsjit::fuzz
