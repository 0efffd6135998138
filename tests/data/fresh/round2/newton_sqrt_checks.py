import math


def sqrt_ref(a, tau):
    return math.sqrt(a)
