import itertools
import numpy as np
from algoverify import register_generator as register


def successor(a):
    a = [int(v) for v in a]
    perms = sorted(itertools.permutations(sorted(a)))
    k = perms.index(tuple(a))
    nxt = perms[k + 1] if k + 1 < len(perms) else perms[k]
    return np.array(nxt, dtype=float)


@register()
def permutation(rng, n):
    return [int(v) for v in rng.permutation(n) + 1]
