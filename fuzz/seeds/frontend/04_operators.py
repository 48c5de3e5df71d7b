def ops(a: int, b: float) -> Tuple[float, int, bool]:
    c = -a ** 2 + b // 3 % 2 - (a << 1) | a & 3 ^ ~a
    d = a if b > 0.5 else -1
    e = not a == b and a < b <= 3 or a is not None
    return c / 2.5e-3, d, e
