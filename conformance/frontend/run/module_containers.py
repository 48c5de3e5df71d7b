# nn.ModuleList / nn.Sequential in forward, compiled from source against a hand-written
# module_state (modules/ok/cases/fe_module_containers.json): `for layer in self.layers` unrolled,
# `self.seq(x)` (Sequential.forward applies each child), `self.layers[0]` / `self.layers[-1]`,
# `enumerate(self.layers)`, `len(self.layers)`. Expected outputs computed by hand: for x = [1, 2]
# the three layers scale by 2, 3, -1 and the Sequential by 0.5 then 4, so
# (y, z, w + acc, n) = (-6x, 2x, 3x, 3).
# RUN: tsjit conform --corpus %S/../modules/ok --source --engine jit | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/ok --source --engine reference | FileCheck %s
# CHECK: 1 passed, 0 failed
