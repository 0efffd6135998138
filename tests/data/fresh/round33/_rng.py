"""Small helper shared by the notes' check modules: draw whole numbers from whatever
random generator algoverify hands a registered generator."""


def randint(rng, lo, hi, size=None):
    """Whole numbers in [lo, hi], inclusive."""
    if hasattr(rng, "integers"):
        out = rng.integers(lo, hi + 1, size=size)
        return out if size is not None else int(out)
    if size is None:
        return rng.randint(lo, hi)
    return [rng.randint(lo, hi) for _ in range(size)]


def uniform(rng, lo, hi):
    if hasattr(rng, "uniform"):
        return float(rng.uniform(lo, hi))
    return lo + (hi - lo) * rng.random()
