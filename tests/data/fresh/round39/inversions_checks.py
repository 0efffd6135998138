"""Reference for counting-inversions.md: the O(n^2) definition of an inversion, and numpy's sort."""
import numpy as np


def inversions_and_sorted(L):
    a = [float(x) for x in np.atleast_1d(L)]
    n = len(a)
    r = sum(1 for i in range(n) for j in range(i + 1, n) if a[i] > a[j])
    return r, np.sort(np.asarray(a, dtype=float))
