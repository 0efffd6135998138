import numpy as np
from algoverify import register_generator as register


@register(sizes=("m",))
def pow2_signal(rng, m):
    """A real signal whose length is 2**m."""
    return rng.standard_normal(2 ** m)


def dft(x):
    x = np.asarray(x, dtype=float)
    n = len(x)
    j = np.arange(n)
    W = np.exp(-2j * np.pi * np.outer(j, j) / n)
    return W @ x
