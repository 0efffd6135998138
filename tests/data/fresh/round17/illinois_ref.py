from algoverify import register_generator as register


@register()
def shifted_cubic(rng, r):
    """f(x) = (x - r)^3 + (x - r): one simple root at r, increasing."""
    def f(x):
        y = x - r
        return y ** 3 + y
    return f


def true_root(r):
    return r
