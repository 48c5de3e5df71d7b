def loops(xs: List[Tensor], k: int) -> Tensor:
    acc = torch.zeros(3)
    for i in range(len(xs)):
        acc += xs[i]
    while k > 0:
        k -= 1
        if k == 2:
            continue
        break
    return acc
