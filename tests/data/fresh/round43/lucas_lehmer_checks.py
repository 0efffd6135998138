"""Generator and reference for the Lucas-Lehmer note."""
import sympy
from algoverify import register_generator as register

ODD_PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 107, 127]


@register()
def odd_prime_exponent(rng):
    return int(rng.choice(ODD_PRIMES))


def mersenne_is_prime(q):
    return bool(sympy.isprime(2 ** int(q) - 1))
