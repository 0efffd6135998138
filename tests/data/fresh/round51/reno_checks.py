import numpy as np


def reno_windows(l, ssthresh):
    cwnd = 1
    th = int(ssthresh)
    out = []
    for loss in l:
        if int(loss) == 1:
            th = max(cwnd // 2, 2)
            cwnd = th
        elif cwnd < th:
            cwnd = min(2 * cwnd, th)
        else:
            cwnd += 1
        out.append(cwnd)
    return np.array(out)
