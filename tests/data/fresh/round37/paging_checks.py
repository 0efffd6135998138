"""Checks for the LRU note: LRU in Python and Belady's optimal offline rule."""

from collections import OrderedDict


def lru_faults(k, sigma):
    cache = OrderedDict()
    faults = 0
    for page in sigma:
        page = int(page)
        if page in cache:
            cache.move_to_end(page)
            continue
        faults += 1
        if len(cache) == k:
            cache.popitem(last=False)
        cache[page] = True
    return faults


def opt(k, sigma):
    """Belady's MIN: on a fault with a full cache, evict the page requested furthest in the future."""
    sigma = [int(p) for p in sigma]
    k = int(k)
    cache = set()
    faults = 0
    for t, page in enumerate(sigma):
        if page in cache:
            continue
        faults += 1
        if len(cache) == k:
            def next_use(p):
                for s in range(t + 1, len(sigma)):
                    if sigma[s] == p:
                        return s
                return float("inf")
            cache.remove(max(sorted(cache), key=next_use))
        cache.add(page)
    return faults


FUNCTIONS = {"opt": opt}
