import math

import numpy as np


def exact_sum(x):
    return math.fsum(np.asarray(x, dtype=float).ravel().tolist())
