"""Reference for egyptian-fractions.md: the greedy expansion with Python's Fraction."""
from fractions import Fraction
import math

import numpy as np


def greedy_egyptian(p, q):
    rest = Fraction(int(p), int(q))
    ds = []
    while rest > 0:
        d = math.ceil(1 / rest)
        ds.append(d)
        rest -= Fraction(1, d)
    return np.array(ds, dtype=object)
