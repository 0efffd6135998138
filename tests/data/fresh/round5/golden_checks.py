from algoverify import register_generator as register


class Unimodal:
    """f(x) = s (x - x0)^2 + (x - x0)^4, minimised at x0."""

    def __init__(self, x0, s):
        self.x0 = x0
        self.s = s

    def __call__(self, x):
        y = x - self.x0
        return self.s * y * y + y ** 4

    def __repr__(self):
        return f"Unimodal(x0={self.x0!r}, s={self.s!r})"


@register()
def unimodal(rng, a, b):
    return Unimodal(float(rng.uniform(a, b)), float(rng.uniform(0.5, 3.0)))


def true_minimiser(f, a, b, tau):
    return f.x0
