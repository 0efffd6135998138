"""Reference for the Störmer–Verlet note: a direct NumPy transcription of GNI (I.1.17)."""
import numpy as np


def stormer_verlet(q_0, p_0, K, h, N):
    q = np.asarray(q_0, dtype=float).copy()
    p = np.asarray(p_0, dtype=float).copy()
    K = np.asarray(K, dtype=float)
    for _ in range(int(N)):
        p_half = p - 0.5 * h * (K @ q)
        q = q + h * p_half
        p = p_half - 0.5 * h * (K @ q)
    return q, p
