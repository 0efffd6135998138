"""Generator and reference for the single-linkage note."""
import numpy as np
from algoverify import register_generator as register


@register()
def distances(rng, n):
    """Euclidean distances between n random points of the plane."""
    P = rng.random((n, 2))
    return np.sqrt(((P[:, None, :] - P[None, :, :]) ** 2).sum(axis=2))


def mst_weights(D):
    """Edge weights of a minimum spanning tree of the complete graph weighted by D (Prim), sorted."""
    D = np.asarray(D, dtype=float)
    n = D.shape[0]
    inside = [0]
    best = D[0].copy()
    out = []
    for _ in range(n - 1):
        cand = [v for v in range(n) if v not in inside]
        v = min(cand, key=lambda u: best[u])
        out.append(best[v])
        inside.append(v)
        best = np.minimum(best, D[v])
    return np.sort(np.array(out))
