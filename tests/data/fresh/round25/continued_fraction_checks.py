from fractions import Fraction


def partial_quotients(a, b):
    a, b = int(a), int(b)
    q = []
    while b != 0:
        q.append(a // b)
        a, b = b, a % b
    return q


def cfvalue(q):
    q = [int(x) for x in q]
    x = Fraction(q[-1])
    for t in reversed(q[:-1]):
        x = t + 1 / x
    return float(x)


FUNCTIONS = {"cfvalue": cfvalue}
