"""Checks for kasai-lcp.md: suffix arrays for the draws, and the LCP array by brute force."""
from algoverify import register_generator as register


def _suffix_array(A):
    a = [int(round(float(v))) for v in A]
    return sorted(range(1, len(a) + 1), key=lambda i: a[i - 1:])


@register()
def suffix_array(rng, A):
    """The 1-based suffix array of the text A."""
    return _suffix_array(A)


def lcp_array(A, Pos):
    a = [int(round(float(v))) for v in A]
    pos = [int(p) for p in Pos]
    n = len(a)
    height = [0] * n
    for k in range(1, n):
        u, v = a[pos[k - 1] - 1:], a[pos[k] - 1:]
        h = 0
        while h < min(len(u), len(v)) and u[h] == v[h]:
            h += 1
        height[k] = h
    return height
