import numpy as np
from algoverify import register_generator as register


def _build(rng, leaves, out):
    """Append a random full binary tree with `leaves` leaves in preorder; return its root."""
    v = len(out) + 1
    out.append([0, 0])
    if leaves == 1:
        return v
    k = int(rng.integers(1, leaves))
    lc = _build(rng, k, out)
    rc = _build(rng, leaves - k, out)
    out[v - 1] = [lc, rc]
    return v


@register()
def tree_left(rng, L):
    out = []
    _build(rng, int(L), out)
    return np.array([c[0] for c in out], dtype=int)


@register()
def tree_right(rng, ell):
    """The right children that go with a preorder left-child array of a full binary tree."""
    ell = [int(x) for x in ell]
    N = len(ell)
    right = [0] * N

    def size(v):  # returns the last node of the subtree at v
        if ell[v - 1] == 0:
            return v
        last_left = size(v + 1)
        right[v - 1] = last_left + 1
        return size(last_left + 1)

    size(1)
    return np.array(right, dtype=int)


def ershov(ell, r, v):
    def lab(u):
        if ell[u - 1] == 0:
            return 1
        a, b = lab(int(ell[u - 1])), lab(int(r[u - 1]))
        return a + 1 if a == b else max(a, b)
    return lab(int(v))
