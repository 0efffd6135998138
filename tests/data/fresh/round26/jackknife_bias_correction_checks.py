import numpy as np


def jackknife_corrected(x):
    x = np.asarray(x, dtype=float)
    n = len(x)
    theta = np.mean((x - x.mean()) ** 2)
    loo = np.array([np.var(np.delete(x, i)) for i in range(n)])
    bias = (n - 1) * (loo.mean() - theta)
    return theta - bias
