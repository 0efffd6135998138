"""Reference and the exact KKT multipliers for augmented-lagrangian-qp.md."""

import numpy as np


def method_of_multipliers(G, c, A, b, mu, lam_0, K):
    G = np.asarray(G, float); c = np.asarray(c, float)
    A = np.atleast_2d(np.asarray(A, float)); b = np.atleast_1d(np.asarray(b, float))
    lam = np.atleast_1d(np.asarray(lam_0, float)).copy()
    H = G + mu * A.T @ A
    x = None
    for _ in range(K):
        x = np.linalg.solve(H, A.T @ lam + mu * A.T @ b - c)
        lam = lam - mu * (A @ x - b)
    return x, lam


def kktmultipliers(G, c, A, b):
    """The multipliers lambda* of min 1/2 x'Gx + c'x s.t. Ax = b (G x + c = A' lambda, A x = b)."""
    G = np.asarray(G, float); c = np.asarray(c, float)
    A = np.atleast_2d(np.asarray(A, float)); b = np.atleast_1d(np.asarray(b, float))
    n, m = G.shape[0], A.shape[0]
    K = np.block([[G, -A.T], [A, np.zeros((m, m))]])
    sol = np.linalg.solve(K, np.concatenate([-c, b]))
    return sol[n:]


FUNCTIONS = {"kktmultipliers": kktmultipliers}
