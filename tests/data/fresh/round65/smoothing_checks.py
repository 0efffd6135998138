import numpy as np


def smoothed_loss(z, y, epsilon):
    z = np.asarray(z, dtype=float); y = np.asarray(y, dtype=float)
    K = len(z)
    q = (1 - epsilon) * y + epsilon / K
    logp = z - z.max() - np.log(np.exp(z - z.max()).sum())
    return -np.sum(q * logp), q
