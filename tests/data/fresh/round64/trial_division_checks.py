import sympy


def prime_factors(N):
    out = []
    for p, e in sorted(sympy.factorint(int(N)).items()):
        out += [p] * e
    return out
