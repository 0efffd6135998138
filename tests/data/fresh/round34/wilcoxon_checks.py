import numpy as np


def signed_rank_statistic(Z):
    """Sum of the ranks of |Z_i| over the positive Z_i (no zeros, no ties)."""
    Z = np.asarray(Z, float)
    ranks = np.empty(len(Z))
    ranks[np.argsort(np.abs(Z), kind="stable")] = np.arange(1, len(Z) + 1)
    return float(ranks[Z > 0].sum())
