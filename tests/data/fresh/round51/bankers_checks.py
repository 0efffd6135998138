import numpy as np
from algoverify import register_generator as register


@register()
def alloc(rng, n, m):
    return rng.integers(0, 4, size=(int(n), int(m))).astype(float)


@register()
def avail(rng, m):
    return rng.integers(0, 5, size=int(m)).astype(float)


def is_safe(Allocation, Need, Available):
    work = np.array(Available, dtype=float)
    A, N = np.asarray(Allocation, float), np.asarray(Need, float)
    n = A.shape[0]
    finish = [False] * n
    progress = True
    while progress:
        progress = False
        for i in range(n):
            if not finish[i] and np.all(N[i] <= work):
                work = work + A[i]
                finish[i] = True
                progress = True
    return all(finish)
