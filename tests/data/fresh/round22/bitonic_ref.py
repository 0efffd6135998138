"""Generator for the bitonic sort note: 2**m random keys."""
from algoverify import register_generator as register


@register()
def keys(rng, m):
    return rng.standard_normal(2 ** int(m))
