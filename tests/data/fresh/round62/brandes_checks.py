import numpy as np
from algoverify import register_generator as register


@register()
def connected_graph(rng, n):
    """A random connected undirected graph on n vertices: a random tree plus random edges."""
    n = int(n)
    A = np.zeros((n, n), dtype=int)
    for v in range(1, n):
        u = int(rng.integers(0, v))
        A[u, v] = A[v, u] = 1
    extra = rng.random((n, n)) < 0.3
    extra = np.triu(extra, 1)
    A = np.maximum(A, extra.astype(int))
    A = np.maximum(A, A.T)
    np.fill_diagonal(A, 0)
    return A


def _bfs(A, s):
    n = len(A)
    d = [-1] * n
    sigma = [0] * n
    d[s], sigma[s] = 0, 1
    q = [s]
    for v in q:
        for w in range(n):
            if A[v][w]:
                if d[w] < 0:
                    d[w] = d[v] + 1
                    q.append(w)
                if d[w] == d[v] + 1:
                    sigma[w] += sigma[v]
    return d, sigma


def betweenness_by_pairs(A):
    """C_B(v) = sum over ordered pairs s != v != t of sigma_st(v) / sigma_st."""
    A = np.asarray(A)
    n = len(A)
    D, S = zip(*[_bfs(A, s) for s in range(n)])
    C = np.zeros(n)
    for s in range(n):
        for t in range(n):
            if s == t or D[s][t] < 0:
                continue
            for v in range(n):
                if v in (s, t):
                    continue
                if D[s][v] >= 0 and D[v][t] >= 0 and D[s][v] + D[v][t] == D[s][t]:
                    C[v] += S[s][v] * S[v][t] / S[s][t]
    return C


def distance_excess(A):
    A = np.asarray(A)
    n = len(A)
    total = 0
    for s in range(n):
        d, _ = _bfs(A, s)
        total += sum(x - 1 for t, x in enumerate(d) if t != s and x > 0)
    return float(total)


FUNCTIONS = {"DistanceExcess": distance_excess}
