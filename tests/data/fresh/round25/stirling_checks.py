import math

import numpy as np


def stirling_table(N):
    N = int(N)
    S = np.zeros((N + 1, N + 1))
    for n in range(N + 1):
        for k in range(n + 1):
            S[n, k] = sum((-1) ** j * math.comb(k, j) * (k - j) ** n for j in range(k + 1)) // math.factorial(k)
    return S
