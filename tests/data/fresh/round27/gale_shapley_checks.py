import numpy as np
from algoverify import register_generator as register


@register()
def preferences(rng, n):
    """An n x n matrix whose rows are permutations of 1..n (preference lists)."""
    return np.array([rng.permutation(n) + 1 for _ in range(n)], dtype=float)


@register()
def ranks(rng, Q):
    """R[w, m] = position (1-based) of man m on woman w's list Q[w]."""
    Q = np.asarray(Q, int)
    n = len(Q)
    R = np.zeros((n, n))
    for w in range(n):
        for r in range(n):
            R[w, Q[w, r] - 1] = r + 1
    return R


def _free_men(h, t, n):
    engaged = {int(x) for x in h if x != 0}
    return [m for m in range(1, n + 1) if m not in engaged and t[m - 1] <= n]


def while_condition(step):
    """Binding for the While's English condition: is there a free man with someone left to propose to?"""
    n = len(step["h"])
    return bool(_free_men(step["h"], step["t"], n))


def choose_man(step):
    """Binding for 'choose such a man m': the lowest-numbered one."""
    n = len(step["h"])
    step["m"] = _free_men(step["h"], step["t"], n)[0]


BINDINGS = {
    "there is a man": while_condition,
    "choose such a man": choose_man,
}


def man_optimal_matching(P, R):
    P = np.asarray(P, int); R = np.asarray(R, int)
    n = len(P)
    h = [0] * n; t = [0] * n; free = list(range(n))
    while free:
        m = free[0]
        w = P[m][t[m]] - 1; t[m] += 1
        if h[w] == 0:
            h[w] = m + 1; free.pop(0)
        elif R[w][m] < R[w][h[w] - 1]:
            free[0] = h[w] - 1; h[w] = m + 1
    return np.array(h, dtype=float)
