import numpy as np
from algoverify import register_generator as register


@register()
def curvature_pair(rng, s_k):
    """A gradient difference y = M s for a random symmetric positive definite M, so y's > 0."""
    s = np.asarray(s_k, dtype=float)
    n = s.shape[0]
    G = rng.standard_normal((n, n))
    M = G @ G.T + 0.5 * np.eye(n)
    return M @ s
