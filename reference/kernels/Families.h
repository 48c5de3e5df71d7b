// Families.h — the list of reference kernel families. Each family lives in
// reference/kernels/<Family>*.cpp and defines `void register<Family>Kernels()`.
// Adding a family: add it here and write its file; nothing else changes.
#pragma once

#define TSJIT_FORALL_REFERENCE_FAMILIES(_) \
  _(Prim)                                  \
  _(Scalars)                               \
  _(Containers)                            \
  _(Strings)                               \
  _(Elementwise)                           \
  _(Reductions)                            \
  _(Factories)                             \
  _(Shape)                                 \
  _(Indexing)                              \
  _(Linalg)                                \
  _(NN)                                   \
  _(Composite) /* ops defined through other ops (numpy_T, movedim, isclose...) */ \
  _(OutVariants) /* the out= kernels no family registered, from their functional overloads */ \
  _(InplaceVariants) /* last: the in-place kernels no family registered, from their functional ones */

namespace tsjit::reference {
#define TSJIT_DECLARE_FAMILY(name) void register##name##Kernels();
TSJIT_FORALL_REFERENCE_FAMILIES(TSJIT_DECLARE_FAMILY)
#undef TSJIT_DECLARE_FAMILY
}  // namespace tsjit::reference
