def tc(x, y):
    # type: (int, List[int]) -> int
    z = []  # type: List[int]
    return x + y[0]
