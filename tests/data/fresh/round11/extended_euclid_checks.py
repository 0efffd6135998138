def python_inverse(a, m):
    """The inverse of a modulo m, from Python's three-argument pow."""
    return pow(a, -1, m)
