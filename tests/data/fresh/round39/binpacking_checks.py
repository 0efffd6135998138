"""Reference for first-fit-bin-packing.md: First Fit written directly in Python."""
import numpy as np


def first_fit(s):
    loads = []
    bins = []
    for size in np.atleast_1d(s):
        for j, load in enumerate(loads):
            if load + size <= 1:
                loads[j] += size
                bins.append(j + 1)
                break
        else:
            loads.append(float(size))
            bins.append(len(loads))
    return len(loads), np.array(bins, dtype=float)
