from functools import lru_cache


def chaincost(p):
    """Fewest scalar multiplications over all parenthesisations, by brute-force recursion."""
    p = [int(round(v)) for v in p]
    n = len(p) - 1

    @lru_cache(maxsize=None)
    def best(i, j):
        if i == j:
            return 0
        return min(best(i, k) + best(k + 1, j) + p[i - 1] * p[k] * p[j] for k in range(i, j))

    return best(1, n)


FUNCTIONS = {"chaincost": chaincost}
