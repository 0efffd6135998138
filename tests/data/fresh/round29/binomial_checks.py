import math


def comb(n, k):
    return math.comb(int(n), int(k))
