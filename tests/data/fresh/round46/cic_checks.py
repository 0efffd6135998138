"""Generators for the cloud-in-cell note."""
import numpy as np
from algoverify import register_generator as register


@register()
def positions(rng, N, M, h):
    return rng.uniform(0.0, M * h, size=N) * (1 - 1e-12)
