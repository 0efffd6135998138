import numpy as np
from algoverify import register_generator as register


def shanks_transform(S):
    """e_K(S_0) as a ratio of Hankel determinants (Brezinski & Redivo Zaglia, eq. 2.9)."""
    S = np.asarray(S, dtype=float)
    N = len(S) - 1
    K = N // 2
    d = np.diff(S)
    num = np.empty((K + 1, K + 1))
    den = np.empty((K + 1, K + 1))
    num[0, :] = S[: K + 1]
    den[0, :] = 1.0
    for r in range(1, K + 1):
        num[r, :] = d[r - 1 : r - 1 + K + 1]
        den[r, :] = d[r - 1 : r - 1 + K + 1]
    return np.linalg.det(num) / np.linalg.det(den)


@register()
def geometric_partial_sums(rng, q, m):
    return np.cumsum(q ** np.arange(m))
