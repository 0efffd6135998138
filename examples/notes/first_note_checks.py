import numpy as np


def mean_and_sample_variance(x):
    """What the prose promises: the mean, and the variance with n - 1 in the denominator."""
    return np.mean(x), np.var(x, ddof=1)
