from functools import lru_cache


def lcs_length(x, y):
    x = [int(v) for v in x]
    y = [int(v) for v in y]

    @lru_cache(maxsize=None)
    def go(i, j):
        if i == 0 or j == 0:
            return 0
        if x[i - 1] == y[j - 1]:
            return go(i - 1, j - 1) + 1
        return max(go(i - 1, j), go(i, j - 1))

    return go(len(x), len(y))
