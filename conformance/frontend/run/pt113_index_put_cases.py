# Tensor-indexed assignment (`y[i] = y[i] * 2.0`, `y[y < 0] = 0.0`, mixed with `y[:, 1] += 5.0`) and
# basic-index assignment (`y[:, 1] += 5.0`, `y[0] *= 2.0`, `y[1:, :2] -= 1.0`): the cases recorded
# from PyTorch 1.13 by scripts/record_case.py (modules/pt113_cases), compiled from source on both
# engines (the write through aten::index_put_ must reach the tensor), loaded from their archives,
# and their printed code byte for byte as 1.13's.
# RUN: for e in jit reference; do for m in --source --archive; do tsjit conform --corpus %S/../modules/pt113_cases --engine $e $m --case min_sip_a --case min_sip_b --case min_script_index_put --case min_sip_c --case min_sip_d; done; done | FileCheck %s
# RUN: tsjit conform --corpus %S/../modules/pt113_cases --compare-code --case min_sip_a --case min_sip_b --case min_script_index_put --case min_sip_c --case min_sip_d | FileCheck %s --check-prefix=CODE
# CHECK-COUNT-4: 5 passed, 0 failed
# CODE: compare-code: 5 of 5 cases print PyTorch's code exactly
