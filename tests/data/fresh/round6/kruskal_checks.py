import numpy as np
from algoverify import register_generator as register


@register()
def connected_graph(rng, n):
    """A connected graph on vertices 1..n: a random spanning tree plus a few extra edges,
    as a set of (weight, u, v) triples with u < v and distinct weights."""
    n = int(n)
    edges = {}
    order = list(rng.permutation(n) + 1)
    for i in range(1, n):
        a = int(order[i])
        b = int(order[int(rng.integers(0, i))])
        u, v = min(a, b), max(a, b)
        edges[(u, v)] = None
    extra = int(rng.integers(0, n + 1))
    for _ in range(extra):
        a, b = (int(t) for t in rng.integers(1, n + 1, size=2))
        if a != b:
            edges[(min(a, b), max(a, b))] = None
    weights = rng.permutation(len(edges)) + 1.0 + rng.random(len(edges)) * 0.5
    return {(float(w), u, v) for w, (u, v) in zip(weights, edges)}


def mst_weight_and_edges(n, E):
    """Prim's algorithm on the same graph: the weight and the edge set of the MST."""
    n = int(n)
    adj = {v: [] for v in range(1, n + 1)}
    for w, u, v in E:
        adj[u].append((w, v))
        adj[v].append((w, u))
    inside = {1}
    total = 0.0
    tree = set()
    while len(inside) < n:
        best = None
        for u in inside:
            for w, v in adj[u]:
                if v not in inside and (best is None or w < best[0]):
                    best = (w, u, v)
        w, u, v = best
        inside.add(v)
        total += w
        tree.add((min(u, v), max(u, v)))
    return total, tree
