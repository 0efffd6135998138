import numpy as np


def lse_ref(z):
    return float(np.logaddexp.reduce(np.asarray(z, dtype=float)))
