from functools import lru_cache


@lru_cache(maxsize=None)
def _p(n, largest):
    if n == 0:
        return 1
    return sum(_p(n - k, k) for k in range(1, min(n, largest) + 1))


def partition_number(n):
    """p(n) by the recursion on the largest part."""
    n = int(n)
    return _p(n, n)
