def brute_force_max_sum(A):
    n = len(A)
    best = -float("inf")
    for i in range(n):
        s = 0.0
        for j in range(i, n):
            s += A[j]
            best = max(best, s)
    return best
