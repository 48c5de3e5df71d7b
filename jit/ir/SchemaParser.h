// SchemaParser.h — reads PyTorch schema strings into FunctionSchema values (jit/ir/FunctionSchema.h).
//
//   schema   := name '(' [arg {',' arg}] ')' '->' returns
//   name     := ident ['::' ident] ['.' overload]
//   arg      := '*' | '...' | type ident ['=' default]
//   returns  := '...' | return | '(' [return {',' return}] [',' '...'] ')'
//   return   := type [ident]
//   type     := ( '(' [type {',' type}] ')' | 'Dict' '(' type ',' type ')' | 'Future' '(' type ')' | ident )
//               { '[' [N] ']' | '?' | alias }
//   alias    := '(' set {'|' set} ['!'] ['->' set {'|' set}] ')'     set := ident | '*'
//
// Tokens come from tsjit's one lexer (jit/support/Lexer.h, schema mode), so schema strings and
// TorchScript source share literal syntax (numbers, strings and their escapes, identifiers).
// Every malformed input raises CompileError whose range points at the offending character (the
// error's range().column() is 1-based into the schema text); the parser never crashes, aborts or
// loops, and bounds its recursion depth and the sizes it allocates.
#pragma once

#include <string>
#include <string_view>

#include "jit/ir/FunctionSchema.h"

namespace tsjit {

// Parses one whole schema string. `registry` resolves class names (__torch__.Foo) such as those of
// method schemas; without one a dotted type name is an error. `filename` names the text in errors.
FunctionSchema parseSchema(std::string_view text, ClassRegistry* registry = nullptr,
                           const std::string& filename = "<schema>");

// Parses one declared schema type ("int[2]", "Tensor(a!)?", "Dict(str, t)(a!)").
DeclaredType parseDeclaredType(std::string_view text, ClassRegistry* registry = nullptr);

}  // namespace tsjit
