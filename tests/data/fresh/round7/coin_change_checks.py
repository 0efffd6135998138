import math
from collections import deque

import numpy as np
from algoverify import register_generator as register


def fewest_coins_bfs(c, T):
    """Breadth-first search over amounts: the level at which T is reached."""
    c = [int(v) for v in np.atleast_1d(c)]
    T = int(T)
    dist = {0: 0}
    queue = deque([0])
    while queue:
        t = queue.popleft()
        if t == T:
            return dist[t]
        for v in c:
            u = t + v
            if u <= T and u not in dist:
                dist[u] = dist[t] + 1
                queue.append(u)
    return math.inf


@register()
def coins_with_unit(rng, m):
    """m denominations in 1..9, one of which is 1."""
    c = rng.integers(1, 10, size=m)
    c[rng.integers(0, m)] = 1
    return c
