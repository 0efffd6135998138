from collections import Counter

import numpy as np
from algoverify import register_generator as register


@register(sizes=("m",))
def with_majority(rng, m):
    """m integer labels in 0..4, one of which fills more than half of the positions."""
    winner = int(rng.integers(0, 5))
    count = m // 2 + 1 + int(rng.integers(0, m - m // 2))
    count = min(count, m)
    others = [int(x) for x in rng.integers(0, 5, size=m - count)]
    votes = np.array([winner] * count + others, dtype=float)
    rng.shuffle(votes)
    return votes


def majority_by_counting(a):
    label, count = Counter(list(a)).most_common(1)[0]
    assert count > len(a) / 2
    return label
