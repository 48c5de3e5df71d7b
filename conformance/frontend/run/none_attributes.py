# Module attributes set to None in __init__ are NoneType (module_state says so), and the branches
# they guard are static: `if self.proj is not None: x = self.proj(x)` compiles to nothing,
# `s = self.scale; if s is not None: x = x * s` too, and with `scale` a float the test is statically
# true (mod_optional_proj_none); with `proj` a submodule it calls it (mod_optional_proj). Cases
# recorded from PyTorch 1.13 by scripts/record_case.py (modules/pt113_cases); both engines, source
# and archive, and the printed code.
# RUN: for e in jit reference; do for m in --source --archive; do tsjit conform --corpus %S/../modules/pt113_cases --engine $e $m --case min_none_submodule --case min_none_attr_local --case mod_optional_proj --case mod_optional_proj_none; done; done | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/pt113_cases --compare-code --case min_none_submodule --case min_none_attr_local --case mod_optional_proj --case mod_optional_proj_none | FileCheck %s --check-prefix=CODE
# CHECK-COUNT-4: 4 passed, 0 failed
# CODE: compare-code: 4 of 4 cases print PyTorch's code exactly
