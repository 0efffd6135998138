import math


def kepler_bisection(M, e, epsilon):
    """Root of E - e sin E - M on [0, 2 pi] (M in [0, 2 pi)) by bisection."""
    lo, hi = 0.0, 2 * math.pi
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid - e * math.sin(mid) - M > 0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)
