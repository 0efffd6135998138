import numpy as np
from algoverify import register_generator as register


@register()
def adjacency(rng, n):
    """A random simple undirected graph: symmetric 0/1 matrix with zero diagonal."""
    n = int(n)
    p = rng.uniform(0.1, 0.9)
    U = (rng.uniform(size=(n, n)) < p).astype(int)
    U = np.triu(U, 1)
    return U + U.T
