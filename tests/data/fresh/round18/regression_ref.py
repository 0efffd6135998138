import numpy as np


def fit_line(x, y):
    slope, intercept = np.polyfit(np.asarray(x, float), np.asarray(y, float), 1)
    return intercept, slope
