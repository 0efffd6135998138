def _is_lyndon(w):
    return all(w < w[i:] + w[:i] for i in range(1, len(w)))


def lyndon_factor_ends(s):
    """Ends (1-based, inclusive) of the Lyndon factorisation, by taking the longest Lyndon prefix."""
    s = [int(c) for c in s]
    n, i, ends = len(s), 0, []
    while i < n:
        best = i + 1
        for e in range(i + 1, n + 1):
            if _is_lyndon(s[i:e]):
                best = e
        ends.append(best)
        i = best
    return ends
