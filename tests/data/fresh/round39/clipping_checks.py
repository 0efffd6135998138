"""Reference for liang-barsky.md: clip by intersecting the segment's parameter interval with the two slabs."""
import numpy as np


def slab_clip(x_0, y_0, x_1, y_1, x_min, x_max, y_min, y_max):
    lo, hi = 0.0, 1.0
    visible = True
    for start, delta, a, b in ((x_0, x_1 - x_0, x_min, x_max), (y_0, y_1 - y_0, y_min, y_max)):
        if delta == 0:
            if start < a or start > b:
                visible = False
            continue
        ta, tb = (a - start) / delta, (b - start) / delta
        lo = max(lo, min(ta, tb))
        hi = min(hi, max(ta, tb))
    if lo > hi:
        visible = False
    return visible, lo, hi
