import numpy as np
from algoverify import register_generator as register


@register()
def diagonally_dominant(rng, n):
    n = int(n)
    A = rng.standard_normal((n, n))
    for i in range(n):
        off = np.sum(np.abs(A[i])) - abs(A[i, i])
        sign = 1.0 if rng.random() < 0.5 else -1.0
        A[i, i] = sign * (off + rng.uniform(0.5, 2.0))
    return A
