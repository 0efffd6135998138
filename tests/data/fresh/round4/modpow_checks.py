def pow_mod(x, e, m):
    return pow(int(x), int(e), int(m))
