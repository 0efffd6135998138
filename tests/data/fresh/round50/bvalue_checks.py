import numpy as np


def b_mle(M, M_c, Delta_M):
    """Aki (1965) with Utsu's half-bin correction."""
    return np.log10(np.e) / (np.mean(M) - (M_c - Delta_M / 2))
