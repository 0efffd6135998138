import heapq

import numpy as np
from algoverify import register_generator as register


def two_queue_lengths(w):
    w = [float(x) for x in w]
    n = len(w)
    W = {k + 1: w[k] for k in range(n)}
    p = {}
    i, j = 1, n + 1
    for k in range(n + 1, 2 * n):
        c = []
        for _ in range(2):
            if i <= n and (j == k or w[i - 1] <= W[j]):
                c.append(i)
                i += 1
            else:
                c.append(j)
                j += 1
        W[k] = W[c[0]] + W[c[1]]
        p[c[0]] = k
        p[c[1]] = k
    d = {2 * n - 1: 0}
    for k in range(2 * n - 2, 0, -1):
        d[k] = d[p[k]] + 1
    return np.array([d[k] for k in range(1, n + 1)])


def huffmancost(w):
    h = [float(x) for x in w]
    heapq.heapify(h)
    cost = 0.0
    while len(h) > 1:
        a = heapq.heappop(h)
        b = heapq.heappop(h)
        cost += a + b
        heapq.heappush(h, a + b)
    return cost


FUNCTIONS = {"huffmancost": huffmancost}


@register()
def sorted_weights(rng, n):
    """n positive weights in non-decreasing order; about half the draws have ties."""
    if rng.random() < 0.5:
        w = rng.integers(1, 6, size=n).astype(float)
    else:
        w = rng.uniform(0.1, 10.0, size=n)
    return np.sort(w)
