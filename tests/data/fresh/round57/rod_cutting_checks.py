from functools import lru_cache


def best_revenue(p, n):
    """Brute force over the first cut."""
    p = list(p)

    @lru_cache(maxsize=None)
    def best(j):
        if j == 0:
            return 0.0
        return max(p[i - 1] + best(j - i) for i in range(1, j + 1))

    return best(int(n))
