"""Checks for count-min-sketch.md: the hash family and a direct construction of the sketch."""
import numpy as np
from algoverify import register_generator as register

from _rng import randint

P = 2_147_483_647  # a Mersenne prime, larger than any item


class Hash:
    """h(i) = ((a i + b) mod P) mod w + 1, a member of the Carter–Wegman family, 1-based."""

    def __init__(self, a, b, w):
        self.a, self.b, self.w = a, b, w

    def __call__(self, i):
        return ((self.a * int(i) + self.b) % P) % self.w + 1

    def __repr__(self):
        return f"Hash(a={self.a}, b={self.b}, w={self.w})"


@register()
def hash_family(rng, d, w, n):
    """d hash functions from {1..n} to {1..w}."""
    return [Hash(randint(rng, 1, P - 1), randint(rng, 0, P - 1), int(w)) for _ in range(int(d))]


def count_min(i, c, h, q, d, w):
    count = np.zeros((int(d), int(w)))
    for it, ct in zip(i, c):
        for j in range(int(d)):
            count[j, h[j](it) - 1] += ct
    est = min(count[j, h[j](q) - 1] for j in range(int(d)))
    return count, est
