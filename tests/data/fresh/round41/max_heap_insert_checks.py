import numpy as np
from algoverify import register_generator as register


@register()
def heap_with_free_slot(rng, n):
    """n + 1 entries: a random max-heap of n integer keys, then a free slot (0)."""
    keys = sorted(rng.integers(-20, 21, size=n).tolist(), reverse=True)
    heap = []
    for key in rng.permutation(keys).tolist():
        heap.append(key)
        i = len(heap)
        while i > 1 and heap[i // 2 - 1] < heap[i - 1]:
            heap[i // 2 - 1], heap[i - 1] = heap[i - 1], heap[i // 2 - 1]
            i //= 2
    return np.array(heap + [0], dtype=float)


def sift_up(A, x):
    """heapq-style sift-up for a max-heap (1-based arithmetic on a 0-based list)."""
    A = [float(a) for a in np.asarray(A).ravel()]
    n = len(A) - 1
    A[n] = float(x)
    pos = n
    while pos > 0:
        parent = (pos - 1) // 2
        if A[parent] < A[pos]:
            A[parent], A[pos] = A[pos], A[parent]
            pos = parent
        else:
            break
    return np.array(A)
