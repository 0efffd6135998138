from algoverify import register_generator as register


@register()
def modulus(rng, b, k):
    """A modulus of exactly k base-b digits."""
    lo = int(b) ** (int(k) - 1) if k > 1 else 1
    hi = int(b) ** int(k) - 1
    lo = max(lo, 1)
    return int(rng.integers(lo, hi + 1))


@register()
def below_b2k(rng, b, k):
    """A non-negative integer below b^(2k)."""
    top = int(b) ** (2 * int(k))
    return int(rng.integers(0, top)) if top < 2**62 else int(rng.integers(0, 2**62))


@register()
def barrett_mu(rng, b, k, m):
    return int(b) ** (2 * int(k)) // int(m)


def x_mod_m(x, m):
    return int(x) % int(m)
