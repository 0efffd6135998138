"""Reference for the Rabin-Karp note: the naive O(nm) count."""
import numpy as np


def naive_count(t, s):
    t = [int(v) for v in np.asarray(t).ravel()]
    s = [int(v) for v in np.asarray(s).ravel()]
    m = len(s)
    return sum(1 for j in range(len(t) - m + 1) if t[j:j + m] == s)
