import numpy as np


def base_b_digits(N, b):
    N, b = int(N), int(b)
    d = []
    while N > 0:
        d.append(N % b)
        N //= b
    return np.array(d, dtype=float), len(d)
