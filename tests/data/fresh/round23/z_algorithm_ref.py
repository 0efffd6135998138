import numpy as np


def z_array_naive(s):
    """Z-array by direct comparison, Z[0] = n by convention."""
    s = list(s)
    n = len(s)
    z = [n]
    for i in range(1, n):
        k = 0
        while i + k < n and s[k] == s[i + k]:
            k += 1
        z.append(k)
    return np.array(z)
