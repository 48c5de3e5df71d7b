# tiny_mlp.py — an example program for scripts/record_case.py (docs/record-a-case.md): a module
# with a submodule, a buffer, a constant and a helper function, all TorchScript.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor
from typing import Final


def clamp_scale(x: Tensor, limit: float) -> Tensor:
    return torch.clamp(x, -limit, limit) * 0.5


class TinyMLP(nn.Module):
    hidden: Final[int]

    def __init__(self, features: int, hidden: int):
        super().__init__()
        self.hidden = hidden
        self.fc1 = nn.Linear(features, hidden)
        self.fc2 = nn.Linear(hidden, 2)
        self.register_buffer("shift", torch.linspace(-1.0, 1.0, hidden))

    def forward(self, x: Tensor, limit: float) -> Tensor:
        h = F.relu(self.fc1(x)) + self.shift
        return self.fc2(clamp_scale(h, limit)).softmax(dim=-1)
