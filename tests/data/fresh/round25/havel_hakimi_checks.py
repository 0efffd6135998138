import numpy as np


def _sort_non_increasing(step):
    step["d"] = np.array(sorted(step["d"], reverse=True))


BINDINGS = {"sort": _sort_non_increasing}


def is_graphical(d):
    """Brute force over all graphs on len(d) vertices (n <= 6)."""
    d = [int(x) for x in d]
    n = len(d)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for mask in range(1 << len(pairs)):
        deg = [0] * n
        for b, (i, j) in enumerate(pairs):
            if mask >> b & 1:
                deg[i] += 1
                deg[j] += 1
        if deg == d:
            return True
    return False
