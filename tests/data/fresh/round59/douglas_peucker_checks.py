import numpy as np


def _dist(P, l, i, j):
    a, b, c = P[i], P[j], P[l]
    u, v = b - a, c - a
    return abs(u[0] * v[1] - u[1] * v[0]) / np.hypot(*u)


def douglas_peucker(P, epsilon):
    P = np.asarray(P, dtype=float)
    n = len(P)
    keep = np.zeros(n, dtype=bool)
    keep[0] = keep[-1] = True

    def rec(i, j):
        dmax, k = 0.0, i
        for l in range(i + 1, j):
            d = _dist(P, l, i, j)
            if d > dmax:
                dmax, k = d, l
        if dmax > epsilon:
            keep[k] = True
            rec(i, k)
            rec(k, j)

    rec(0, n - 1)
    return keep


def max_deviation(P, keep):
    P = np.asarray(P, dtype=float)
    idx = [i for i, k in enumerate(np.ravel(keep)) if k]
    worst = 0.0
    for a, b in zip(idx, idx[1:]):
        if np.allclose(P[a], P[b]):
            continue
        for l in range(a + 1, b):
            worst = max(worst, _dist(P, l, a, b))
    return worst


FUNCTIONS = {"max_deviation": max_deviation}
