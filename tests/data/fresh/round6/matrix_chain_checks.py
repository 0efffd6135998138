from functools import lru_cache


def best_cost(p):
    p = [int(round(x)) for x in p]
    n = len(p) - 1

    @lru_cache(maxsize=None)
    def cost(i, j):
        if i == j:
            return 0
        return min(cost(i, k) + cost(k + 1, j) + p[i - 1] * p[k] * p[j] for k in range(i, j))

    return cost(1, n)
