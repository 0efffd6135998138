import numpy as np
from algoverify import register_generator as register


@register()
def prime(rng):
    return int(rng.choice([3, 5, 7, 11, 13]))


@register()
def poly_with_simple_root(rng, p, a_1, m):
    """Integer coefficients c_0..c_m of f with f(a_1) = 0 mod p and f'(a_1) != 0 mod p."""
    p, a_1, m = int(p), int(a_1), int(m)
    while True:
        c = [int(v) for v in rng.integers(-20, 21, m + 1)]
        # fix c_0 so that f(a_1) = 0 mod p
        val = sum(ci * a_1 ** i for i, ci in enumerate(c))
        c[0] -= val % p
        d = sum(i * ci * a_1 ** (i - 1) for i, ci in enumerate(c) if i > 0)
        if d % p != 0:
            return np.array(c)


def hensel_lift(p, c, a_1, k):
    c = [int(v) for v in c]
    f = lambda x: sum(ci * x ** i for i, ci in enumerate(c))
    df = lambda x: sum(i * ci * x ** (i - 1) for i, ci in enumerate(c) if i > 0)
    ubar = pow(df(a_1), -1, p)
    a = a_1
    for j in range(1, k):
        a = (a - f(a) * ubar) % p ** (j + 1)
    return a
