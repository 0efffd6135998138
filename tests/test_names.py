"""LaTeX names → Python identifiers: the documented table, compound names, families."""

import keyword

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.math.mathexpr import COMMANDS, dump, parse_math
from algoverify.math.names import declared_name, family, identifier, is_compound_name, resolve_applications, sanitize

IDENTIFIER_PAIRS = [
    (r"x", "x"),
    (r"A", "A"),
    (r"\tau", "tau"),
    (r"\Sigma", "Sigma"),
    (r"\lambda", "lam"),
    (r"\epsilon", "epsilon"),
    (r"\varepsilon", "varepsilon"),
    (r"\mathrm{lr}", "lr"),
    (r"\mathrm{if}", "if_"),
    (r"\hat{x}", "x_hat"),
    (r"\bar{x}", "x_bar"),
    (r"\tilde{x}", "x_tilde"),
    (r"\vec{v}", "v_vec"),
    (r"x'", "x_prime"),
    (r"x''", "x_prime_prime"),
    (r"\hat{x}'", "x_hat_prime"),
    (r"x^*", "x_star"),
    (r"\mathbf{w}", "w"),
    (r"\boldsymbol{\theta}", "theta"),
    (r"\hat{\mathbf{x}}", "x_hat"),
    (r"\mathcal{L}", "L_cal"),
    (r"\mathbb{R}", "R_bb"),
    (r"B_1", "B_1"),
    (r"x_{10}", "x_10"),
    (r"L_i", "L_i"),
    (r"G_{ij}", "G_ij"),
    (r"G_{i,j}", "G_ij"),
    (r"G_{i,10}", "G_i_10"),
    (r"x_\theta", "x_theta"),
    (r"\hat{x}_i", "x_hat_i"),
    (r"x_{\text{max}}", "x_max"),
    (r"p^{(T)}", "p_of_T"),
    (r"x^{(k)}", "x_of_k"),
    (r"\sigma^{2}", "sigma_sq"),
    (r"\sigma^2", "sigma_sq"),
    (r"\sigma^{3}", "sigma_pow3"),
    (r"A^{\top}", "A_T"),
    (r"A^{-1}", "A_inv"),
    (r"\hat{\sigma}^{2}", "sigma_hat_sq"),
    # issue 8: names as papers write them
    (r"\text{next}", "next"),
    (r"\mathit{key}", "key"),
    (r"\textrm{best}", "best"),
    (r"\mathrm{sum\_squares}", "sum_squares"),
    (r"section\_reached", "section_reached"),
    (r"\mathbf{last}", "last"),
    (r"{\rm sgn}", "sgn"),
    (r"\operatorname{BI-GRU}", "BI_GRU"),
    (r"\delta^{+}", "delta_plus"),
    (r"\delta^{-}_{C}", "delta_minus_C"),
    (r"A^\dagger", "A_dagger"),
    (r"x^\star", "x_star"),
    (r"P_{m}^{'}", "P_prime_m"),
    (r"\mathsf{T}", "T"),
    (r"\mathfrak{g}", "g_frak"),
    (r"\mathbb{1}", "_1_bb"),
    (r"\mathcal{A}_{id}", "A_cal_id"),
]

NOT_A_NAME = [r"x + y", r"x_{i+1}", r"\sigma^{n}", r"(a + b)^2", r"\frac{1}{2}", r"3", r"f(x)", r"p^{(T+1)}"]


@pytest.mark.parametrize(("latex", "expected"), IDENTIFIER_PAIRS, ids=[p[0] for p in IDENTIFIER_PAIRS])
def test_identifier(latex, expected):
    name = identifier(parse_math(latex))
    assert name == expected
    assert name is None or (name.isidentifier() and not keyword.iskeyword(name))


@pytest.mark.parametrize("latex", NOT_A_NAME)
def test_not_a_name(latex):
    assert identifier(parse_math(latex)) is None


def test_every_greek_letter_is_a_valid_identifier():
    for word, (kind, _) in COMMANDS.items():
        if kind == "GREEK":
            name = identifier(parse_math("\\" + word))
            assert name.isidentifier() and not keyword.iskeyword(name), word


def test_sigma_squared_is_a_name_only_when_declared():
    # LayerNorm: "\sigma^{2} \gets …" binds sigma_sq; "\sqrt{\sigma^{2} + \epsilon}" must read it.
    target = parse_math(r"\sigma^{2}")
    assert is_compound_name(target)
    assert declared_name(target, {"sigma_sq"}.__contains__) == "sigma_sq"
    assert declared_name(target, {"sigma"}.__contains__) is None  # σ is bound: square it
    use = parse_math(r"\sqrt{\sigma^{2} + \epsilon}").radicand.left
    assert declared_name(use, {"sigma_sq"}.__contains__) == "sigma_sq"


def test_plain_names_are_always_names():
    assert declared_name(parse_math(r"\hat{x}"), lambda n: False) == "x_hat"
    assert declared_name(parse_math(r"B_1"), lambda n: False) == "B_1"
    assert declared_name(parse_math(r"x + 1"), lambda n: True) is None
    assert not is_compound_name(parse_math("x"))


def test_applications_are_decided_inside_cases_matrices_and_relations():
    tree = resolve_applications(
        parse_math(r"\begin{cases} f(x) & g(x) > 0 \\ 0 & \text{otherwise} \end{cases}"), lambda n: n in ("f", "g")
    )
    assert dump(tree) == "(cases ((call f x) (rel (call g x) > 0)) (0 _))"
    tree = resolve_applications(parse_math(r"\begin{pmatrix} f(a) & b \end{pmatrix}"), lambda n: n == "f")
    assert dump(tree) == "(pmatrix ((call f a) b))"
    tree = resolve_applications(parse_math(r"\{ x \mid f(x) > 0 \}"), lambda n: n == "f")
    assert dump(tree) == "(setof x (rel (call f x) > 0))"


def test_family():
    base, indices = family(parse_math(r"G_{ij}"))
    assert base == "G" and [dump(i) for i in indices] == ["i", "j"]
    base, indices = family(parse_math(r"B_{i+1}"))
    assert base == "B" and [dump(i) for i in indices] == ["(+ i 1)"]
    assert family(parse_math("x")) is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12))
def test_sanitize_gives_identifiers(word):
    name = sanitize(word)
    assert name is None or (name.isidentifier() and not keyword.iskeyword(name))
