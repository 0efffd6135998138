import math


def iterate_cosine(x_0, tau):
    x, k = x_0, 0
    while True:
        y = x
        x = math.cos(y)
        k += 1
        if abs(x - y) < tau:
            return x, k
