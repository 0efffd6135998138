import numpy as np
from scipy import stats


def scipy_u(x, y):
    return float(stats.mannwhitneyu(np.asarray(x, float), np.asarray(y, float)).statistic)
