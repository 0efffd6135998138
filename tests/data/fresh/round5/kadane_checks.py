def max_subarray_brute(a):
    n = len(a)
    return max(sum(a[i:j + 1]) for i in range(n) for j in range(i, n))
