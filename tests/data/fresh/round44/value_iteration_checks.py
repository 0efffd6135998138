import numpy as np
from algoverify import register_generator as register


@register()
def mdp(rng, m, n):
    """Random transition probabilities P[a, s, s'] (each row a distribution)."""
    P = rng.random((m, n, n)) + 0.05
    return P / P.sum(axis=2, keepdims=True)


def vstar(P, R, gamma):
    """Optimal values by running synchronous value iteration to machine precision."""
    P = np.asarray(P, float); R = np.asarray(R, float)
    m, n, _ = P.shape
    V = np.zeros(n)
    for _ in range(100000):
        Qsa = R + gamma * np.einsum("asz,z->sa", P, V)
        Vn = Qsa.max(axis=1)
        if np.max(np.abs(Vn - V)) < 1e-14:
            return Vn
        V = Vn
    return V


FUNCTIONS = {"vstar": vstar}
