"""Reference for the layer-normalisation note (loaded by algoverify)."""

import numpy as np


def layer_norm(x, gamma, beta, epsilon):
    """Layer normalisation of one token's activations, written directly in NumPy."""
    mu = np.mean(x)
    var = np.mean((x - mu) ** 2)
    return gamma * (x - mu) / np.sqrt(var + epsilon) + beta
