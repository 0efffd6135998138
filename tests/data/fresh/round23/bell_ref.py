from math import comb


def bell_by_recurrence(n):
    """B_0..B_n from B_{m+1} = sum_k C(m, k) B_k."""
    b = [1]
    for m in range(n):
        b.append(sum(comb(m, k) * b[k] for k in range(m + 1)))
    return b
