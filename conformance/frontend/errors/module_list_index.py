# Indexing an nn.ModuleList with a variable is a compile error in PyTorch 1.13 (only integer
# literals; the module container is not a value).
# RUN: not tsjit conform --corpus %S/../modules/errors_index --source --engine jit -v 2>&1 | FileCheck %s
# CHECK: Expected integer literal for index but got a variable or non-integer
