from math import lgamma, log, exp


def erlang_b_formula(a, c):
    """(a^c / c!) / sum_{k=0}^{c} a^k / k!, evaluated in logs."""
    terms = [k * log(a) - lgamma(k + 1) for k in range(c + 1)]
    top = max(terms)
    return exp(terms[c] - top) / sum(exp(t - top) for t in terms)
