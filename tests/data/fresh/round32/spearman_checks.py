"""Reference for the Spearman note (scipy.stats.spearmanr without ties)."""

import numpy as np


def spearman(x, y):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    R = np.argsort(np.argsort(x)) + 1.0
    S = np.argsort(np.argsort(y)) + 1.0
    return float(np.corrcoef(R, S)[0, 1])
