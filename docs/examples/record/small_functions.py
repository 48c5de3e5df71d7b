# small_functions.py — example functions for scripts/record_case.py (docs/record-a-case.md): one
# that changes its input in place (the case records `inputs_after`) and one that raises (the case
# records the error instead of an output).
import torch
from torch import Tensor
from typing import List


def scale_in_place(x: Tensor, k: float) -> Tensor:
    x.mul_(k)
    return x.sum(dim=0)


def checked_mean(values: List[int]) -> float:
    if len(values) == 0:
        raise ValueError("checked_mean: no values")
    return sum(values) / len(values)
