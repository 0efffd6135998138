import math


def gcd(a, b):
    return math.gcd(int(a), int(b))
