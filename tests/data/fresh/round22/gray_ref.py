"""References for the Gray code note."""
import numpy as np


def popcount(v):
    return bin(int(v)).count("1")


FUNCTIONS = {"popcount": popcount}


def gray_list(n):
    return np.array([i ^ (i >> 1) for i in range(2 ** int(n))])


def gray_rank(g):
    g = int(g)
    r = 0
    while g:
        r ^= g
        g >>= 1
    return r
