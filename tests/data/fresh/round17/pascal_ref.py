from math import comb

def binomial_row(n):
    return [comb(n, k) for k in range(n + 1)]
