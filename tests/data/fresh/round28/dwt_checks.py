import numpy as np
from algoverify import register_generator as register


@register()
def even_signal(rng, M):
    """A signal of even length 2M."""
    return rng.standard_normal(2 * int(M))


def dwt_reference(x, h, g):
    x = np.asarray(x, float); h = np.asarray(h, float); g = np.asarray(g, float)
    N, L = len(x), len(h)
    idx = (2 * np.arange(N // 2)[:, None] + np.arange(L)[None, :]) % N
    return x[idx] @ h, x[idx] @ g
