// CorpusReader.h — reads the recorded PyTorch 1.13 corpus (conformance/corpus/torch-1.13, described
// in conformance/corpus/FORMAT.md)
// and turns a case into something an engine can run.
//
//   readCase(path)        one cases/<name>.json into a Case (values stay JSON so every run decodes
//                         fresh inputs; decodeValues() does it bit-exactly).
//   listCaseFiles(dir)    the case files of a corpus folder, sorted by name (manifest.json when
//                         present, else cases/*.json).
//   prepareCase(c, which) parses the graph to run and, for module cases, builds the module object
//                         from module_state: one ClassType per qualified name with the attribute
//                         slots in order (kinds parameter/buffer/attribute/module), submodules
//                         recursively, the top-level type's methods parsed from method_graphs.
//                         `GraphChoice::Graph` runs `graph` when every call target it reaches is
//                         available, otherwise falls back to `inlined_graph` (library functions
//                         of prim::CallFunction and submodule methods are not recorded) and says so
//                         in Prepared::graphUsed.
// Malformed files (bad JSON, missing fields, bad values, unparsable graphs) raise CorpusError with
// the file name; nothing here aborts.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jit/ir/IValue.h"
#include "jit/ir/Type.h"

namespace tsjit {
class Graph;
}

namespace tsjit::conformance {

class CorpusError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CaseError {
  std::string type;      // "Error", "RuntimeError"
  std::string module;    // "torch.jit", "builtins"
  std::string message;   // full str(exception)
  std::string lastLine;  // "builtins.ValueError: negative n: -2"
};

struct Case {
  std::string file;      // path of the JSON document
  std::string name;
  std::string category;  // elementwise, reduction_shape, ..., modules
  std::string kind;      // function, module, traced
  std::string tracedObject;  // traced cases: "function" or "module"
  std::string graph;
  std::string inlinedGraph;
  std::map<std::string, std::string> methodGraphs;  // module cases: method name -> graph text
  nlohmann::json moduleState;                      // null unless module / traced module
  std::vector<std::string> inputTypes;
  std::string outputType;
  nlohmann::json inputs;                       // list of encoded values
  std::optional<nlohmann::json> outputs;       // list with exactly one encoded value
  std::optional<nlohmann::json> inputsAfter;   // list of encoded values
  std::optional<CaseError> error;
  // The TorchScript source (`tsjit conform --source`): `source`, its `entry` (function or class
  // name) and `archive_code` (archive path -> python-printed library code). Empty when absent.
  std::string source;
  std::string entry;
  std::map<std::string, std::string> archiveCode;
  // The torch.jit.save archive (`tsjit conform --archive`): "archives/<name>.pt" resolved against
  // the corpus folder (the parent of cases/). Empty when the document names none.
  std::string archivePath;
  bool isModule() const { return !moduleState.is_null(); }
};

Case readCase(const std::string& path);
Case parseCase(const nlohmann::json& doc, const std::string& file);
std::vector<std::string> listCaseFiles(const std::string& corpusDir);

enum class GraphChoice { Graph, InlinedGraph };
const char* toString(GraphChoice c);

struct Prepared {
  std::shared_ptr<ClassRegistry> classes;
  std::shared_ptr<Graph> graph;  // what to run
  std::string graphUsed;         // "graph", "inlined_graph", or "inlined_graph (fallback: ...)"
  std::optional<IValue> self;    // the module object for module cases (first graph input)
  // Keeps method graphs and the inlined graph alive.
  std::vector<std::shared_ptr<Graph>> graphs;
  std::shared_ptr<Graph> inlined;  // the parsed inlined_graph (for tolerances)
};

// Builds the module object of `moduleState` (section 6 of FORMAT.md) in `classes`.
IValue buildModule(const nlohmann::json& moduleState, ClassRegistry& classes);

Prepared prepareCase(const Case& c, GraphChoice which);

// The corpus folder: `explicitDir` if given, else $TSJIT_CORPUS, else conformance/corpus/torch-1.13
// of the checkout containing the current directory (the first ancestor with a .git entry and that
// folder), else that folder in the source tree this binary was built from.
std::string defaultCorpusDir(const std::string& explicitDir = "");

}  // namespace tsjit::conformance
