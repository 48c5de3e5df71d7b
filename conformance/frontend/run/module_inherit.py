# Module subclasses compiled from source: `class Child(Base)` with Base(nn.Module) defining forward
# (min_inherit2: Child adds only an attribute; mod_inherit: Child overrides the helper `act` that
# Base.forward calls, so forward calls Child.act; mod_inherit_chain: C(B(A)), C's forward calls A's
# body, which calls B's override of scale, and B's exported extra). Inherited methods compile into
# the child's class as 1.13 does (it used to leave forward without a graph and crash). Cases
# recorded from PyTorch 1.13 by scripts/record_case.py (modules/pt113_cases); both engines, source
# and archive, and the printed code.
# RUN: for e in jit reference; do for m in --source --archive; do tsjit conform --corpus %S/../modules/pt113_cases --engine $e $m --case min_inherit2 --case mod_inherit --case mod_inherit_chain; done; done | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/pt113_cases --compare-code --case min_inherit2 --case mod_inherit --case mod_inherit_chain | FileCheck %s --check-prefix=CODE
# CHECK-COUNT-4: 3 passed, 0 failed
# CODE: compare-code: 3 of 3 cases print PyTorch's code exactly
