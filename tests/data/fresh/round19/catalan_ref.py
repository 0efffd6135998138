from math import comb


def catalan(N):
    N = int(N)
    return comb(2 * N, N) // (N + 1)
