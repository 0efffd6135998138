import numpy as np


def algorithm_r(x, u, k):
    R = list(x[:k])
    for i in range(k + 1, len(x) + 1):      # i is 1-based, as in the note
        j = int(np.floor(i * u[i - 1])) + 1
        if j <= k:
            R[j - 1] = x[i - 1]
    return np.array(R)
