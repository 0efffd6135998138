import numpy as np


def relax_right_to_left(z):
    """Relax by always toppling the rightmost unstable site (another order than the listing's)."""
    z = [int(v) for v in np.asarray(z).ravel()]
    L = len(z)
    T = 0
    while True:
        unstable = [i for i in range(L) if z[i] >= 2]
        if not unstable:
            break
        i = unstable[-1]
        z[i] -= 2
        if i > 0:
            z[i - 1] += 1
        if i < L - 1:
            z[i + 1] += 1
        T += 1
    return np.array(z, dtype=float), T
