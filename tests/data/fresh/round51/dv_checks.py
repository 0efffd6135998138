import numpy as np
from algoverify import register_generator as register


@register()
def link_costs(rng, n):
    """Symmetric link costs, inf where there is no link, 0 on the diagonal (connected: a ring plus chords)."""
    n = int(n)
    c = np.full((n, n), np.inf)
    np.fill_diagonal(c, 0.0)
    for x in range(n - 1):
        w = float(rng.integers(1, 10))
        c[x, x + 1] = c[x + 1, x] = w
    for _ in range(n):
        a, b = rng.integers(0, n, size=2)
        if a != b:
            w = float(rng.integers(1, 10))
            c[a, b] = c[b, a] = w
    return c


def all_pairs_least_costs(c):
    D = np.array(c, dtype=float)
    n = D.shape[0]
    for k in range(n):
        D = np.minimum(D, D[:, [k]] + D[[k], :])
    return D
