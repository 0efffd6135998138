import numpy as np


def components(A):
    """Connected components of the undirected graph whose edges are the pairs with a_uv = 1."""
    A = np.asarray(A)
    n = A.shape[0]
    seen = [False] * n
    count = 0
    for s in range(n):
        if seen[s]:
            continue
        count += 1
        stack = [s]
        seen[s] = True
        while stack:
            u = stack.pop()
            for v in range(n):
                if (A[u, v] == 1 or A[v, u] == 1) and not seen[v]:
                    seen[v] = True
                    stack.append(v)
    return count
