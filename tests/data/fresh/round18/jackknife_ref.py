import numpy as np


def jackknife_se(x):
    x = np.asarray(x, dtype=float)
    n = len(x)
    loo = np.array([np.delete(x, i).mean() for i in range(n)])
    return np.sqrt((n - 1) / n * np.sum((loo - loo.mean()) ** 2))
