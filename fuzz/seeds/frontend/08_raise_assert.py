import math
from typing import Dict, List, Optional, Tuple
def checks(x: Tensor, n: int) -> Tensor:
    assert x.dim() == 2, "expected a 2-D input"
    if n < 0:
        raise ValueError("negative n: " + str(n))
    with torch.no_grad():
        y = x.clone()
    return y[1:, ::2][..., 0] * math.pi
