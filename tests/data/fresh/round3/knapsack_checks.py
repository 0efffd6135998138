from itertools import product


def best_subset_value(w, v, C):
    w = [int(x) for x in w]
    v = [int(x) for x in v]
    best = 0
    for pick in product([0, 1], repeat=len(w)):
        weight = sum(p * x for p, x in zip(pick, w))
        if weight <= int(C):
            best = max(best, sum(p * x for p, x in zip(pick, v)))
    return best
