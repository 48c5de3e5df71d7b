def strings(s: str, n: int) -> Tuple[str, str, List[str]]:
    a = 'it\'s' + "q\"q" + r'raw\n' + '''tri
ple''' + "\x41\u00e9"
    b = f"n={n} {s}" + "{}:{}".format(s, n)
    return a, b, s.split(",")
