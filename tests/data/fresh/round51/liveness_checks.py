import numpy as np
from algoverify import register_generator as register


@register()
def cfg(rng, n):
    """Successor sets of a random flow graph on blocks 1..n (block n exits)."""
    succ = []
    for b in range(1, n + 1):
        if b == n:
            succ.append(set())
            continue
        k = int(rng.integers(1, 3))
        succ.append({int(s) for s in rng.integers(1, n + 1, size=k)})
    return succ


@register()
def varsets(rng, n):
    """n random subsets of the variables {1, ..., 5}."""
    return [{int(v) for v in range(1, 6) if rng.random() < 0.3} for _ in range(n)]


def liveness_fixpoint(**kw):
    succ, use, dfn = kw["succ"], kw["use"], kw["def"]
    n = len(succ)
    IN = [set() for _ in range(n)]
    OUT = [set() for _ in range(n)]
    changed = True
    while changed:
        changed = False
        for b in range(n):
            out = set()
            for s in succ[b]:
                out |= IN[s - 1]
            new = set(use[b]) | (out - set(dfn[b]))
            OUT[b] = out
            if new != IN[b]:
                IN[b] = new
                changed = True
    return IN, OUT
