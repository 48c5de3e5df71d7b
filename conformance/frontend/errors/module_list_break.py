# `break` in a loop over an nn.ModuleList (unrolled at compile time) is a compile error, as in
# PyTorch 1.13 (modules/errors/cases/fe_module_list_break.json).
# RUN: not tsjit conform --corpus %S/../modules/errors --source --engine jit -v 2>&1 | FileCheck %s
# CHECK: Because we emit iteration over modulelists or tuples as unrolled loops, we do not support break or continue inside the body of these loops
