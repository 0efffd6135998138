"""Reference for the Shift-And note."""
import numpy as np


def occurrences(p, t):
    """The 1-based positions s with t_s ... t_{s+m-1} = p_1 ... p_m."""
    p = [int(c) for c in np.asarray(p).ravel()]
    t = [int(c) for c in np.asarray(t).ravel()]
    m, n = len(p), len(t)
    return {s + 1 for s in range(n - m + 1) if t[s:s + m] == p}
