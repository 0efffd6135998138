"""Generators and a reference for the Tonelli-Shanks note."""
from algoverify import register_generator as register


def _is_prime(k):
    if k < 2:
        return False
    d = 2
    while d * d <= k:
        if k % d == 0:
            return False
        d += 1
    return True


@register()
def odd_prime(rng, hi):
    """An odd prime below hi; half the time one with p = 1 (mod 8), where the loop has work."""
    primes = [k for k in range(3, int(hi)) if _is_prime(k)]
    if rng.random() < 0.5:
        primes = [k for k in primes if k % 8 == 1]
    return int(primes[int(rng.integers(0, len(primes)))])


@register()
def quadratic_residue(rng, p):
    """A non-zero square modulo p."""
    y = int(rng.integers(1, int(p)))
    return y * y % int(p)


def tonelli_shanks(p, a):
    """Cohen's Algorithm 1.5.1, with the non-residue found by trying 2, 3, ..."""
    p, a = int(p), int(a)
    q, e = p - 1, 0
    while q % 2 == 0:
        q //= 2
        e += 1
    n = 2
    while pow(n, (p - 1) // 2, p) != p - 1:
        n += 1
    z = pow(n, q, p)
    y, r, x = z, e, pow(a, (q - 1) // 2, p)
    b = a * x * x % p
    x = a * x % p
    while b % p != 1:
        m = 1
        while pow(b, 2**m, p) != 1:
            m += 1
        t = pow(y, 2 ** (r - m - 1), p)
        y = t * t % p
        r = m
        x = x * t % p
        b = b * y % p
    return x
