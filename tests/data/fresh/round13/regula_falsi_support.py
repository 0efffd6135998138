from algoverify import register_generator as register


@register()
def shifted_cubic(rng, r, s):
    """f(x) = (x - r)((x - r)^2 + s): increasing, its only root at r."""
    r = float(r)
    s = float(s)

    def f(x):
        return (x - r) * ((x - r) ** 2 + s)

    return f


def the_root(r):
    return float(r)
