// Families.h — the list of optimized kernel families. Each family lives in
// jit/kernels/<Family>*.cpp and defines `void register<Family>Kernels()`.
#pragma once

#define TSJIT_FORALL_KERNEL_FAMILIES(_) \
  _(Prim)                               \
  _(Scalars)                            \
  _(Containers)                         \
  _(Strings)                            \
  _(Elementwise)                        \
  _(Reductions)                         \
  _(Factories)                          \
  _(Shape)                              \
  _(Indexing)                           \
  _(Linalg)                             \
  _(NN)                                 \
  _(Composite) /* ops defined through other ops (numpy_T, movedim, isclose...) */ \
  _(OutVariants) /* derives the out= kernels no family registered */ \
  _(InplaceVariants) /* last: derives the in-place kernels no family registered */

namespace tsjit::kernels {
#define TSJIT_DECLARE_FAMILY(name) void register##name##Kernels();
TSJIT_FORALL_KERNEL_FAMILIES(TSJIT_DECLARE_FAMILY)
#undef TSJIT_DECLARE_FAMILY
}  // namespace tsjit::kernels
