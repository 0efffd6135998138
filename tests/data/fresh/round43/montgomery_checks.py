"""Generators and reference for the Montgomery reduction note."""
from algoverify import register_generator as register


@register()
def power_of_two(rng, k):
    return 2 ** int(k)


@register()
def odd_modulus(rng, R):
    # an odd N with 1 < N < R
    R = int(R)
    if R == 4:
        return 3
    return 2 * int(rng.integers(1, R // 2)) + 1


@register()
def montgomery_inverse(rng, N, R):
    return pow(-int(N), -1, int(R))


@register()
def below_rn(rng, R, N):
    return int(rng.integers(0, int(R) * int(N)))


def redc_reference(T, N, R):
    return (int(T) * pow(int(R), -1, int(N))) % int(N)
