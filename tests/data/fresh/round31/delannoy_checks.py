from math import comb


def delannoy_closed_form(m, n):
    return sum(comb(m, k) * comb(n, k) * 2 ** k for k in range(min(m, n) + 1))
