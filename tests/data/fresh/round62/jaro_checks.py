from algoverify import register_generator as register


@register()
def word(rng, n):
    """A word of n letters over a four-letter alphabet, as integer codes."""
    return [int(c) for c in rng.integers(0, 4, int(n))]


def jaro(s, t):
    s, t = list(s), list(t)
    if not s or not t:
        return 0.0
    w = max(0, max(len(s), len(t)) // 2 - 1)
    ms, mt = [False] * len(s), [False] * len(t)
    c = 0
    for i in range(len(s)):
        for j in range(max(0, i - w), min(len(t), i + w + 1)):
            if not mt[j] and s[i] == t[j]:
                ms[i] = mt[j] = True
                c += 1
                break
    if c == 0:
        return 0.0
    k = tau = 0
    for i in range(len(s)):
        if ms[i]:
            while not mt[k]:
                k += 1
            if s[i] != t[k]:
                tau += 1
            k += 1
    return (c / len(s) + c / len(t) + (c - tau / 2) / c) / 3
