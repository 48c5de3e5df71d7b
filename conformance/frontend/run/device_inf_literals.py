# `torch.device("cpu")` in source and in archive code (a Device constant, as 1.13's cleanup folds
# aten::device of a constant string), and the bare `inf` / `-inf` / `nan` that printed code writes
# for float("inf") (archives, traced ones included, and the library code): min_device_fn
# (`torch.ones(x.size(), device=torch.device("cpu"))`), min_neg_inf_fn (`masked_fill(m,
# float("-inf"))`, printed `-inf` as 1.13 prints it after folding float("-inf")) and the traced
# tw_masked_fill_inf. Cases recorded from PyTorch 1.13 (modules/pt113_cases); both engines, source
# (the traced case replays its graph there) and archive, and the printed code.
# RUN: for e in jit reference; do for m in --source --archive; do tsjit conform --corpus %S/../modules/pt113_cases --engine $e $m --case min_device_fn --case min_neg_inf_fn --case tw_masked_fill_inf; done; done | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/pt113_cases --compare-code --case min_device_fn --case min_neg_inf_fn | FileCheck %s --check-prefix=CODE
# CHECK-COUNT-4: 3 passed, 0 failed
# CODE: compare-code: 2 of 2 cases print PyTorch's code exactly
