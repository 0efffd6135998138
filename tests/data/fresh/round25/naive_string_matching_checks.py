def valid_shifts(T, P):
    n, m = len(T), len(P)
    return {s for s in range(n - m + 1) if list(T[s:s + m]) == list(P)}
