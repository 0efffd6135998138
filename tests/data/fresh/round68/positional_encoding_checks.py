import numpy as np
from algoverify import register_generator as register


@register()
def even(rng, lo, hi):
    """An even model width 2h with h drawn from lo..hi."""
    return 2 * int(rng.integers(lo, hi + 1))


def positional_encoding(L, d_model):
    pos = np.arange(L)[:, None]
    i = np.arange(d_model // 2)[None, :]
    angle = pos / 10000 ** (2 * i / d_model)
    PE = np.zeros((L, d_model))
    PE[:, 0::2] = np.sin(angle)
    PE[:, 1::2] = np.cos(angle)
    return PE
