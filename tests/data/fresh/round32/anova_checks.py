"""Reference for the ANOVA note (what scipy.stats.f_oneway gives for the F statistic)."""

import numpy as np


def anova(Y):
    Y = np.asarray(Y, dtype=float)
    I, J = Y.shape
    group = Y.mean(axis=1)
    grand = Y.mean()
    ssw = ((Y - group[:, None]) ** 2).sum()
    ssb = J * ((group - grand) ** 2).sum()
    F = (ssb / (I - 1)) / (ssw / (I * (J - 1)))
    return ssb, ssw, F
