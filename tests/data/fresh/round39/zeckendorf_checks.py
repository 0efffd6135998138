"""Reference for zeckendorf.md: the greedy indices k_1 > k_2 > ... (F_2 = 1, F_3 = 2, ...)."""
import numpy as np


def zeckendorf_indices(n):
    n = int(n)
    fib = [0, 1]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    out = []
    k = len(fib) - 1
    while n > 0:
        while fib[k] > n:
            k -= 1
        out.append(k)
        n -= fib[k]
    return np.array(out)
