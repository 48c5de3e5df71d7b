// EnumRegistry.h — the enum.Enum classes known to type parsing, by qualified name.
//
// An enum class is declared in source (the frontend registers it when it builds its EnumType) or
// in an archive's code (the importer, through the frontend, likewise); a type string that names it
// afterwards — `Enum<__torch__.Color>` (IR spelling) or `__torch__.Color` (annotation spelling,
// parsed with a ClassRegistry) — resolves to that EnumType, so values decoded later (`tsjit run`
// inputs, module state) are members of the real class. Invariants: one process-wide table guarded
// by a mutex; registering a class again under the same name replaces the entry (values made with
// the older type keep it: EnumTypes are equal by qualified name). `Enum<X>` with X not registered
// parses to an opaque EnumType without members (it can carry values, not make them).
#pragma once

#include <string>

#include "jit/ir/Type.h"

namespace tsjit {

void registerEnumType(const TypePtr& enumType);
// The registered EnumType named qualifiedName ("__torch__.Color"), or nullptr.
TypePtr findEnumType(const std::string& qualifiedName);

}  // namespace tsjit
