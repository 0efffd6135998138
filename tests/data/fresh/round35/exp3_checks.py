"""Binding and reference for the Exp3 note."""
import hashlib

import numpy as np


def _draw(p, t):
    """A draw from p that is the same every time it is made with the same p and round t."""
    p = np.asarray(p, dtype=float)
    h = hashlib.sha256(np.round(p, 12).tobytes() + int(t).to_bytes(4, "little")).digest()
    u = int.from_bytes(h[:8], "little") / 2.0**64
    i = int(np.searchsorted(np.cumsum(p), u * p.sum(), side="right"))
    return min(i, len(p) - 1) + 1          # arms are numbered from 1


def draw_arm(step):
    """Binds 'draw I_t at random from {1, ..., K} with Pr[I_t = i] = p_i'."""
    step["I_t"] = _draw(step["p"], step["t"])


BINDINGS = {"draw": draw_arm}


def exp3(X, gamma):
    """Exp3 with the same draws as the binding: final weights and total reward."""
    X = np.asarray(X, dtype=float)
    K, T = X.shape
    w = np.ones(K)
    G = 0.0
    for t in range(1, T + 1):
        p = (1 - gamma) * w / w.sum() + gamma / K
        i = _draw(p, t)
        xhat = X[i - 1, t - 1] / p[i - 1]
        w[i - 1] *= np.exp(gamma * xhat / K)
        G += X[i - 1, t - 1]
    return w, G
