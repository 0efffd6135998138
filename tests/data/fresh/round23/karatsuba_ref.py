def exact_product(x, y):
    """Python's own big-integer product."""
    return int(x) * int(y)
