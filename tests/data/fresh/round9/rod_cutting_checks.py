from itertools import product


def best_revenue(p):
    """Brute force: try every composition of n into whole pieces."""
    p = [float(v) for v in p]
    n = len(p)
    best = float("-inf")
    for cuts in product((False, True), repeat=n - 1):
        total, length = 0.0, 1
        for cut in cuts:
            if cut:
                total += p[length - 1]
                length = 1
            else:
                length += 1
        total += p[length - 1]
        best = max(best, total)
    return best
