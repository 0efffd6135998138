def longest_common_substring(x, y):
    """Brute force over all pairs of start positions."""
    x = [int(v) for v in x]
    y = [int(v) for v in y]
    best = 0
    for i in range(len(x)):
        for j in range(len(y)):
            k = 0
            while i + k < len(x) and j + k < len(y) and x[i + k] == y[j + k]:
                k += 1
            best = max(best, k)
    return best
