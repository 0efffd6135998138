def double(x):
    return 2 * x
