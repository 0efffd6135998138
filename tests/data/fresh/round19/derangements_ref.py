from math import factorial


def derangements(n):
    n = int(n)
    return sum((-1) ** k * (factorial(n) // factorial(k)) for k in range(n + 1))
