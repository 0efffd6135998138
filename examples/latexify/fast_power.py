"""The Python function the note's listing was printed from.

    >>> import latexify
    >>> print(latexify.algorithmic(fast_power))

The note's reference check calls it with the listing's inputs (``x``, ``n``): every edit made
to the printed listing is checked against the code it came from.
"""


def fast_power(x, n):
    result = 1
    while n > 0:
        if n % 2 == 1:
            result = result * x
        x = x * x
        n = n // 2
    return result
