"""Generator for the Metropolis chain note: a random simple graph as a 0/1 adjacency matrix."""
import numpy as np
from algoverify import register_generator as register


@register()
def neighbourhood_graph(rng, n):
    n = int(n)
    upper = np.triu((rng.random((n, n)) < 0.5).astype(int), 1)
    return upper + upper.T
