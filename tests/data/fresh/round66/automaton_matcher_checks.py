"""References for the string-matching automaton note (CLRS 3rd ed., section 32.3)."""
import numpy as np


def transition_function(P, sigma):
    """delta as an (m+1) x sigma table: row q (from 0), column a (from 1)."""
    P = [int(c) for c in P]
    m = len(P)
    delta = np.zeros((m + 1, int(sigma)), dtype=int)
    for q in range(m + 1):
        for a in range(1, int(sigma) + 1):
            s = P[:q] + [a]
            k = min(m, q + 1)
            while k > 0 and P[:k] != s[len(s) - k:]:
                k -= 1
            delta[q, a - 1] = k
    return delta


def shifts(T, P, sigma):
    """The valid shifts s (0 <= s <= n - m) of P in T, by the naive matcher."""
    T = [int(c) for c in T]
    P = [int(c) for c in P]
    n, m = len(T), len(P)
    return {s for s in range(n - m + 1) if T[s:s + m] == P}
