import numpy as np
from algoverify import register_generator as register


@register(contains=lambda value, K: len(value) == int(K) and len(set(np.round(value, 6))) == int(K))
def distinct_nodes(rng, K):
    """K well-separated nodes in [-2, 2], in random order."""
    K = int(K)
    base = np.linspace(-2.0, 2.0, K) if K > 1 else np.zeros(1)
    jitter = rng.uniform(-0.1, 0.1, K) * (4.0 / max(K, 2))
    return rng.permutation(base + jitter)


def divided_differences(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(x)
    table = [list(y)]
    for j in range(1, n):
        prev = table[-1]
        table.append([(prev[i + 1] - prev[i]) / (x[i + j] - x[i]) for i in range(n - j)])
    return np.array([col[0] for col in table])
