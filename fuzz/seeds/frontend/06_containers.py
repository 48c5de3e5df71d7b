def containers(l: List[int], d: Dict[str, int]) -> Tuple[List[int], Dict[str, int], int]:
    out = [x * 2 for x in l if x > 0]
    m = {k: v + 1 for k, v in d.items()}
    t = (1,)
    first, *rest = l
    del d["b"]
    l[1:3] = [0, 0]
    return out[::-1], m, len(t) + l[-1]
