import numpy as np


def mtf(x, m):
    """Move-to-front with the initial list 1..m, outputs counted from 0."""
    table = list(range(1, int(m) + 1))
    out = []
    for s in np.atleast_1d(x):
        s = int(s)
        j = table.index(s)
        out.append(j)
        table.pop(j)
        table.insert(0, s)
    return np.array(out)
