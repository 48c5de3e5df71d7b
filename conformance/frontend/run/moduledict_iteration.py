# nn.ModuleDict iteration, unrolled as 1.13 does, and constant-key indexing: `for k, m in
# self.d.items()`, `for m in self.d.values()`, `for k in self.blocks.keys()` and `for k in
# self.blocks` (keys are string constants, so `k + "_2"` folds to "x_2" as 1.13's cleanup folds
# it), and indexing with a constant string (`self.experts["a"](x)` next to `for e in
# self.experts.values()`: mod_md_values). Cases recorded from PyTorch 1.13 by
# scripts/record_case.py (modules/pt113_cases); both engines, source and archive, and the printed
# code.
# RUN: for e in jit reference; do for m in --source --archive; do tsjit conform --corpus %S/../modules/pt113_cases --engine $e $m --case min_md_items --case min_md_values --case mod_moduledict_items --case mod_md_iter_keys --case mod_md_values; done; done | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/pt113_cases --compare-code --case min_md_items --case min_md_values --case mod_moduledict_items --case mod_md_iter_keys --case mod_md_values | FileCheck %s --check-prefix=CODE
# CHECK-COUNT-4: 5 passed, 0 failed
# CODE: compare-code: 5 of 5 cases print PyTorch's code exactly
