import numpy as np
from algoverify import register_generator as register


def ldl_pivots(gamma):
    """Diagonal D of Gamma = L D L^T, Gamma the Toeplitz matrix of gamma(0..N)."""
    g = np.asarray(gamma, dtype=float)
    n = len(g)
    G = np.array([[g[abs(i - j)] for j in range(n)] for i in range(n)])
    C = np.linalg.cholesky(G)
    return np.diag(C) ** 2


@register()
def arma_acvf(rng, N):
    """Autocovariances gamma(0..N) of a random causal ARMA(1,1) process."""
    phi = rng.uniform(-0.9, 0.9)
    th = rng.uniform(-0.9, 0.9)
    s2 = rng.uniform(0.5, 2.0)
    g0 = s2 * (1 + 2 * th * phi + th**2) / (1 - phi**2)
    g1 = s2 * (1 + th * phi) * (phi + th) / (1 - phi**2)
    g = [g0, g1]
    for h in range(2, N + 1):
        g.append(phi * g[-1])
    return np.array(g[: N + 1])


@register()
def ar1_acvf(rng, N, phi, sigma):
    """Autocovariances gamma(h) = sigma^2 phi^h / (1 - phi^2), h = 0..N."""
    s2 = sigma**2
    h = np.arange(N + 1)
    return s2 * phi**h / (1 - phi**2)
