"""Reference for the Space-Saving note (Metwally, Agrawal and El Abbadi, 2005)."""


def space_saving(a, k):
    """The monitored items with their counters, as a set of pairs (item, count)."""
    count = {}
    for item in a:
        item = float(item)
        if item in count:
            count[item] += 1
        elif len(count) < k:
            count[item] = 1
        else:
            y = min(sorted(count), key=lambda x: count[x])   # smallest count, smallest item on ties
            c = count.pop(y)
            count[item] = c + 1
    return {(x, c) for x, c in count.items()}
