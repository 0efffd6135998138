from algoverify import register_generator as register


def is_prime(n):
    n = int(n)
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    f = 3
    while f * f <= n:
        if n % f == 0:
            return False
        f += 2
    return True


@register()
def odd_integer(rng, lo, hi):
    """An odd integer in [lo, hi] (lo and hi odd)."""
    k = int(rng.integers((lo - 1) // 2, (hi - 1) // 2 + 1))
    return 2 * k + 1
