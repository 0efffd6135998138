import numpy as np
from algoverify import register_generator as register


@register()
def supplies(rng, m):
    """Integer supplies in 0..30."""
    return rng.integers(0, 31, size=m).astype(float)


@register()
def demands_for(rng, s, n):
    """n integer demands with the same total as the supplies s."""
    total = int(round(float(np.sum(s))))
    cuts = np.sort(rng.integers(0, total + 1, size=n - 1))
    edges = np.concatenate([[0], cuts, [total]])
    return np.diff(edges).astype(float)
