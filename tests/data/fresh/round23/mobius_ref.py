import numpy as np


def _mu(c):
    r = 0
    p = 2
    while p * p <= c:
        if c % p == 0:
            c //= p
            if c % p == 0:
                return 0
            r += 1
        p += 1
    if c > 1:
        r += 1
    return -1 if r % 2 else 1


def mobius_and_primes(N):
    """mu(1..N) by trial division, and the set of primes up to N."""
    mu = np.array([_mu(c) for c in range(1, N + 1)])
    primes = {c for c in range(2, N + 1) if all(c % q for q in range(2, int(c ** 0.5) + 1))}
    return mu, primes
