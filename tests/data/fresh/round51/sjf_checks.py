import numpy as np


def sjf_average_wait(b):
    s = np.sort(np.asarray(b, dtype=float))
    n = len(s)
    return float(sum((n - 1 - i) * s[i] for i in range(n)) / n)


def fcfs(b):
    """Average waiting time when the jobs run in the order given."""
    b = np.asarray(b, dtype=float)
    n = len(b)
    return float(sum(np.sum(b[:i]) for i in range(n)) / n)


FUNCTIONS = {"fcfs": fcfs}
