// GraphIO.h — what `tsjit run`, `tsjit load` and `tsjit reduce` share: reading `--inputs` (the corpus
// value encoding: a JSON list, or a case file whose "inputs" is taken) and running a graph on an
// engine with its outputs printed as JSON. User errors become CompileError prefixed with the
// command's name; an exception the program itself raises is printed as `error: <last line>`.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jit/ir/IValue.h"

namespace tsjit {
class ClassRegistry;
class Function;
class Graph;
}  // namespace tsjit

namespace tsjit::tool {

// The JSON list of inputs in `path`; CompileError "<command>: PATH: bad JSON: ..." when unparsable.
nlohmann::json readInputsJson(const std::string& path, const std::string& command);

// readInputsJson decoded (object types from `classes`); CompileError "<command>: bad input value".
std::vector<IValue> readInputs(const std::string& path, ClassRegistry* classes, const std::string& command);

// Runs `graph` on `inputs` with engine "jit" or "reference" and prints the outputs (JSON, stdout):
// 0. An error the program raises is printed as `error: <Python-style last line>` on stderr: 1.
int runAndPrintOutputs(std::shared_ptr<Graph> graph, std::vector<IValue> inputs, const std::string& engine,
                       const std::string& command);

// Engine "jit" or "reference" as a serialization::MethodRunner: runs a copy of a method's graph
// (self first) and returns its result (loading an archive runs __setstate__ with it, saving
// __getstate__). The program's own errors propagate.
std::function<IValue(const Function&, std::vector<IValue>)> methodRunner(const std::string& engine);

}  // namespace tsjit::tool
