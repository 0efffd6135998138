"""Reference Nadaraya-Watson smoother for nadaraya-watson.md."""
import numpy as np


def nadaraya_watson(x, y, z, h):
    x = np.atleast_1d(np.asarray(x, dtype=float))
    y = np.atleast_1d(np.asarray(y, dtype=float))
    z = np.atleast_1d(np.asarray(z, dtype=float))
    W = np.exp(-((z[:, None] - x[None, :]) ** 2) / (2 * h ** 2))
    return (W @ y) / W.sum(axis=1)
