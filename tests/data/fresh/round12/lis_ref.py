from bisect import bisect_left


def lis_length(a):
    tails = []
    for v in a:
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
        else:
            tails[k] = v
    return len(tails)
