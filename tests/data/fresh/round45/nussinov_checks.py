from functools import lru_cache


def max_pairs(x):
    """Maximum number of nested Watson-Crick pairs, by direct recursion on the first base."""
    x = [int(v) for v in x]
    L = len(x)

    @lru_cache(maxsize=None)
    def best(i, j):
        if i >= j:
            return 0
        value = best(i + 1, j)  # x_i unpaired
        for k in range(i + 1, j + 1):  # x_i paired with x_k
            if x[i] + x[k] == 5:
                value = max(value, 1 + best(i + 1, k - 1) + best(k + 1, j))
        return value

    return best(0, L - 1)
