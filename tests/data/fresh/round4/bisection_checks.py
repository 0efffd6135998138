from algoverify import register_generator as register


@register()
def cubic_through(rng, r):
    """A strictly increasing cubic with its only real root at r."""
    def f(x):
        return (x - r) ** 3 + (x - r)
    return f


def true_root(r):
    return r
