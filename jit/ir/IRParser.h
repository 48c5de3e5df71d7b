// IRParser.h — reads PyTorch 1.13's canonical graph text (what IRPrinter writes) into a Graph.
//
// Accepted input: optional `#` comment lines, then
//   graph(%x.1 : Tensor, %n : int):
//     %y : Tensor = aten::mul(%x.1, %n) # file.py:3:4
//     ...
//     return (%y)
//   [with prim::DifferentiableGraph_0 = graph(...) ...]
// Whitespace and line breaks between tokens are free; `# ...` at the end of a node's line is kept
// as the node's sourceLocation(); other comments are ignored.
// Value names are kept as written: `%x.1` becomes the debug name, `%23` the value id.
//
// Every malformed input raises CompileError with a SourceRange on the offending token
// (undefined or redefined values, bad types, bad attribute values, unterminated strings, wrong
// block structure of prim::If / prim::Loop, ...). Nesting is limited (blocks, literals and
// subgraphs), so no input crashes or exhausts the stack. The result passes the verifier.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace tsjit {

class Graph;
class ClassRegistry;

// `classes` resolves `__torch__.*` class types; without one the parser uses a private registry.
std::shared_ptr<Graph> parseIR(std::string_view text, const std::string& filename = "<ir>",
                               ClassRegistry* classes = nullptr);

}  // namespace tsjit
