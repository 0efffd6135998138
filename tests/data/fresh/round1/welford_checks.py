import numpy as np


def mean_and_sample_variance(x):
    x = np.asarray(x, dtype=float)
    return float(np.mean(x)), float(np.var(x, ddof=1))
