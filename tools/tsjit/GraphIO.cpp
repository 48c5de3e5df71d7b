// GraphIO.cpp — inputs and outputs of the commands that run one graph (GraphIO.h).
#include "tools/tsjit/GraphIO.h"

#include <iostream>

#include "conformance/lib/ValueCodec.h"
#include "jit/ir/Function.h"
#include "jit/ir/Graph.h"
#include "jit/support/Error.h"
#include "reference/Evaluator.h"
#include "tools/tsjit/Commands.h"
#include "tools/tsjit/JitEngine.h"

namespace tsjit::tool {

nlohmann::json readInputsJson(const std::string& path, const std::string& command) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(readFile(path));
  } catch (const nlohmann::json::exception& e) {
    throw CompileError(command + ": " + path + ": bad JSON: " + e.what());
  }
  if (j.is_object() && j.contains("inputs")) j = j["inputs"];
  return j;
}

std::vector<IValue> readInputs(const std::string& path, ClassRegistry* classes, const std::string& command) {
  nlohmann::json j = readInputsJson(path, command);
  try {
    return conformance::decodeValues(j, classes, path);
  } catch (const conformance::ValueFormatError& e) {
    throw CompileError(command + ": bad input value: " + e.what());
  }
}

int runAndPrintOutputs(std::shared_ptr<Graph> graph, std::vector<IValue> inputs, const std::string& engine,
                       const std::string& command) {
  std::vector<IValue> outs;
  try {
    if (engine == "jit") {
      outs = runJit(std::move(graph), std::move(inputs));
    } else {
      reference::EvaluatorOptions eo;
      eo.warnings = &std::cerr;
      reference::Evaluator ev(eo);
      outs = ev.run(*graph, std::move(inputs));
    }
  } catch (const CompileError&) {
    throw;
  } catch (const reference::NotSupported& e) {
    throw CompileError(command + ": not yet supported by the reference: " + e.what());
  } catch (const InternalError&) {
    throw;
  } catch (const std::exception& e) {
    std::cout.flush();
    // As scripts/pt113_script_run.py prints what 1.13 raised: the exception class, then the last
    // line unless it already starts with that class. A script's raise / assert is a torch.jit.Error
    // ("Error: builtins.ValueError: msg", "Error: RuntimeError: AssertionError: msg"), a failed op a
    // RuntimeError ("RuntimeError: msg").
    const std::string type = reference::pythonExceptionType(e), last = reference::pythonLastLine(e);
    std::cerr << "error: " << (last.rfind(type + ":", 0) == 0 ? last : type + ": " + last) << "\n";
    return 1;
  }
  std::cout << conformance::encodeValues(outs).dump(2) << "\n";
  return 0;
}

std::function<IValue(const Function&, std::vector<IValue>)> methodRunner(const std::string& engine) {
  return [engine](const Function& method, std::vector<IValue> args) -> IValue {
    std::vector<IValue> outs;
    try {
      auto graph = method.graph()->copy();
      if (engine == "jit") {
        outs = runJit(graph, std::move(args));
      } else {
        reference::Evaluator ev;
        outs = ev.run(*graph, std::move(args));
      }
    } catch (const CompileError&) {
      throw;
    } catch (const InternalError&) {
      throw;
    } catch (const reference::NotSupported& e) {
      throw CompileError(method.qualifiedName() + ": not yet supported: " + e.what());
    } catch (const std::exception& e) {
      throw CompileError(method.qualifiedName() + " raised: " + reference::pythonLastLine(e));
    }
    return outs.empty() ? IValue() : outs.front();
  };
}

}  // namespace tsjit::tool
