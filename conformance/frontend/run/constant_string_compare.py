# A comparison of constant strings folds in the emitter's cleanup, as 1.13's
# ConstantPropagationImmutableTypes folds it, and the If it decides is inlined: mod_final_consts's
# `if self.mode == "max":` with `mode` in __constants__ prints only the taken branch, as 1.13's
# code does (tsjit printed `if torch.eq("max", "max"):` with both branches). Case recorded from
# PyTorch 1.13 by scripts/record_case.py (modules/pt113_cases); both engines, source and archive,
# and the printed code.
# RUN: for e in jit reference; do for m in --source --archive; do tsjit conform --corpus %S/../modules/pt113_cases --engine $e $m --case mod_final_consts; done; done | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/pt113_cases --compare-code --case mod_final_consts | FileCheck %s --check-prefix=CODE
# CHECK-COUNT-4: 1 passed, 0 failed
# CODE: compare-code: 1 of 1 cases print PyTorch's code exactly
