def lis_quadratic(a):
    """O(m^2) dynamic programme: best[i] = longest strictly increasing run ending at i."""
    a = list(a)
    best = []
    for i, x in enumerate(a):
        best.append(1 + max([best[j] for j in range(i) if a[j] < x], default=0))
    return max(best, default=0)
