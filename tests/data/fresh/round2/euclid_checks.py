import math


def gcd_ref(a, b):
    return math.gcd(a, b)
