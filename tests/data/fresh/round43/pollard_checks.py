"""Generator for the Pollard rho note: odd composite numbers of a few digits."""
from algoverify import register_generator as register

ODD_PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]


@register()
def odd_composite(rng):
    p = int(rng.choice(ODD_PRIMES))
    q = int(rng.choice(ODD_PRIMES))
    r = int(rng.choice([1, 1, 3, 5, 7]))
    return p * q * r
