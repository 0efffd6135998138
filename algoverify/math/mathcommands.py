r"""The math lexer's tables: every supported control word, and Unicode written straight into math.

:data:`COMMANDS` is the one list of what the math grammar knows (control word without its
backslash → terminal type and canonical value); anything else is a
:class:`~algoverify.math.mathtree.Macro`. ``_UNICODE`` maps characters such as ``α`` or ``ℝ``
to the tokens they stand for. Data only: the post-lexer (:mod:`algoverify.math.retype`) reads it.
"""

from __future__ import annotations

from typing import Any

# --- lexing: one table of supported control words -----------------------------------------------

_GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi "
    "varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi "
    "Pi Sigma Upsilon Phi Psi Omega ell"
).split()
#: the Greek letters' names, as a :class:`Sym` holds them (``theta`` of ``\\theta``)
GREEK_LETTERS = frozenset(_GREEK)


def _words(kind: str, text: str, value: str | None = None) -> dict[str, tuple[str, str]]:
    """``{word: (kind, value or word)}`` for every word of ``text``."""
    return {w: (kind, w if value is None else value) for w in text.split()}


def _table() -> dict[str, tuple[str, str]]:
    """Build :data:`COMMANDS`: control word → (terminal, canonical value)."""
    t: dict[str, tuple[str, str]] = {g: ("GREEK", g) for g in _GREEK}
    groups: dict[str, dict[str, Any]] = {
        "ACCENT": {
            "hat": "hat",
            "widehat": "hat",
            "bar": "bar",
            "overline": "bar",
            "tilde": "tilde",
            "widetilde": "tilde",
            "vec": "vec",
            "Vec": "vec",
            "overrightarrow": "vec",
            "dot": "dot",
            "ddot": "ddot",
            "check": "check",
            "breve": "breve",
            "acute": "acute",
            "grave": "grave",
            "mathring": "ring",
            "underline": "underline",
        },
        "FONT": {
            "mathbf": "bf",
            "boldsymbol": "bf",
            "bm": "bf",
            "pmb": "bf",
            "symbf": "bf",
            "mathbfit": "bf",
            "mathbb": "bb",
            "mathbbm": "bb",
            "mathds": "bb",
            "Bbb": "bb",
            "mathcal": "cal",
            "symcal": "cal",
            "cal": "cal",
            "mathfrak": "frak",
            "mathscr": "scr",
        },
        "RELOP": {
            "ne": "!=",
            "neq": "!=",
            "le": "<=",
            "leq": "<=",
            "leqslant": "<=",
            "leqq": "<=",
            "lt": "<",
            "ge": ">=",
            "geq": ">=",
            "geqslant": ">=",
            "geqq": ">=",
            "gt": ">",
            "doteq": "=",
            "approx": "approx",
            "succeq": "succeq",
            "preceq": "preceq",
            "succ": "succ",
            "prec": "prec",
            "sim": "sim",
            "simeq": "simeq",
            "cong": "cong",
            "equiv": "equiv",
            "propto": "propto",
            "lesssim": "lesssim",
            "gtrsim": "gtrsim",
            "asymp": "asymp",
            "in": "in",
            "notin": "notin",
            "ni": "ni",
            "subset": "subset",
            "subseteq": "subseteq",
            "subsetneq": "subsetneq",
            "supset": "supset",
            "supseteq": "supseteq",
            "to": "to",
            "rightarrow": "to",
            "longrightarrow": "to",
            "mapsto": "mapsto",
            "longmapsto": "mapsto",
            "leftrightarrow": "iff",
            "longleftrightarrow": "iff",
            "perp": "perp",
            "parallel": "parallel",
            "models": "models",
            "vdash": "vdash",
        },
        "ASSIGN_CMD": _words("ASSIGN_CMD", "gets leftarrow longleftarrow Leftarrow coloneqq coloneq triangleq", "gets"),
        "IMPLIES": {
            "Rightarrow": "implies",
            "implies": "implies",
            "Longrightarrow": "implies",
            "iff": "iff",
            "Leftrightarrow": "iff",
            "Longleftrightarrow": "iff",
        },
        "MULOP": {
            "cdot": "cdot",
            "times": "times",
            "odot": "odot",
            "ast": "*",
            "star": "star",
            "bullet": "cdot",
            "dagger": "dagger",
            "div": "/",
            "oslash": "/",  # Lee and Seung's entrywise quotient: / of two arrays is entry by entry
            "cap": "cap",
            "sqcap": "cap",
            "bmod": "mod",
            "mod": "mod",
            "circ": "circ",
            "otimes": "otimes",
        },
        # Python's shifts and exclusive or, as latexify prints them (a \\ll 2, a \\oplus b)
        "BITOP": {"ll": "<<", "gg": ">>", "oplus": "^"},
        "ADDOP": {
            "cup": "cup",
            "sqcup": "cup",
            "uplus": "cup",
            "setminus": "setminus",
            "backslash": "setminus",
            "pm": "pm",
            "mp": "mp",
            "ominus": "ominus",
        },
        "FUNC": _words(
            "FUNC",
            "exp log ln lg sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan det dim ker deg gcd hom Pr",
        ),
        "BIGOP": _words(
            "BIGOP", "sum prod coprod bigcup bigcap bigsqcup bigoplus bigotimes bigvee bigwedge int iint iiint oint"
        ),
        "MAXOP": _words("MAXOP", "max min sup inf lim liminf limsup argmax argmin"),
        # the older algorithmic package's \AND, \OR, \NOT too
        "AND": _words("AND", "land wedge AND", "and"),
        "OR": _words("OR", "lor vee OR", "or"),
        "NOT": _words("NOT", "lnot neg NOT", "not"),
        "QUANT": _words("QUANT", "forall exists nexists"),
        "CONST": {"emptyset": "emptyset", "varnothing": "emptyset", "bot": "bot"},
        "DOTS": _words("DOTS", "dots ldots cdots dotsc dotsb dotso dotsm dotsi vdots ddots hdots twodots", "dots"),
        "BAR": {"vert": "|"},
        "DBAR": {"Vert": "||"},
        "MIDCMD": {"mid": "|"},
        "DROP": _words(
            "DROP",
            "big Big bigg Bigg limits nolimits displaystyle textstyle scriptstyle scriptscriptstyle quad qquad "
            "enspace thinspace medspace thickspace negthinspace negmedspace negthickspace hfill relax nonumber "
            "notag allowbreak nobreak mathstrut strut xspace hline small footnotesize normalsize large tiny",
            "",
        ),
        "BIGL": _words("BIGL", "bigl Bigl biggl Biggl", ""),
        "BIGR": _words("BIGR", "bigr Bigr biggr Biggr", ""),
        "BIGM": _words("BIGM", "bigm Bigm biggm Biggm middle", ""),
        # the brace group after these is dropped whole (\mathopen{}\left( … \mathclose{}\right))
        "DROPGROUP": _words("DROPGROUP", "mathopen mathclose phantom hphantom vphantom", ""),
        # the wrapper goes, its argument stays (\mathbin{\%} is the operator %, \boxed{x} is x)
        "STRIP": _words(
            "STRIP",
            "mathbin mathrel mathop mathord mathpunct mathinner ensuremath boxed cancel bcancel xcancel smash",
            "",
        ),
        "UNDERBRACE": _words("UNDERBRACE", "underbrace underbracket", "_"),
        "OVERBRACE": _words("UNDERBRACE", "overbrace overbracket", "^"),  # the same handler, the other script
        "OVERSET": _words("OVERSET", "overset underset stackrel", ""),
        "XARROW": {"xleftarrow": "gets", "xLeftarrow": "gets", "xrightarrow": "to", "xmapsto": "mapsto"},
        # old-style font switches: {\rm sgn} is the name sgn, {\bf x} a bold x
        "FONTSWITCH": {
            **_words(
                "FONTSWITCH",
                "rm it sf tt sc mit scshape itshape rmfamily sffamily ttfamily upshape mdseries normalfont em",
                "",
            ),
            "bf": "bf",
            "bfseries": "bf",
        },
        "NEEDS_ARG": _words(
            "NEEDS_ARG",
            "operatorname operatornamewithlimits mathrm mathit mathsf mathtt mathnormal text textbf textrm "
            "textit textsf texttt textup textnormal textmd textsc emph mbox hbox",
        ),
    }
    for kind, words in groups.items():
        t.update({w: v if isinstance(v, tuple) else (kind, v) for w, v in words.items()})
    t.update(
        {
            "arg": ("ARG", "arg"),
            "nabla": ("NABLA", "nabla"),
            "partial": ("PARTIAL", "partial"),
            "frac": ("FRAC", "frac"),
            "dfrac": ("FRAC", "frac"),
            "tfrac": ("FRAC", "frac"),
            "cfrac": ("FRAC", "frac"),
            "binom": ("BINOM", "binom"),
            "dbinom": ("BINOM", "binom"),
            "tbinom": ("BINOM", "binom"),
            "sqrt": ("SQRT", "sqrt"),
            "infty": ("INFTY", "inf"),
            "top": ("TOP", "T"),
            "intercal": ("TOP", "T"),
            "prime": ("PRIME_CMD", "prime"),
            "pmod": ("PMOD", "pmod"),
            "not": ("NOTCMD", "not"),
            "lVert": ("LNORM", "||"),
            "rVert": ("RNORM", "||"),
            "lvert": ("LABS", "|"),
            "rvert": ("RABS", "|"),
            "langle": ("LANGLE", "<"),
            "rangle": ("RANGLE", ">"),
            "lfloor": ("LFLOOR", "lfloor"),
            "rfloor": ("RFLOOR", "rfloor"),
            "lceil": ("LCEIL", "lceil"),
            "rceil": ("RCEIL", "rceil"),
            "lbrace": ("LSET", "{"),
            "rbrace": ("RSET", "}"),
            "lbrack": ("LSQB", "["),
            "rbrack": ("RSQB", "]"),
            "left": ("LEFT", ""),
            "right": ("RIGHT", ""),
        }
    )
    return t


#: Every supported control word (without its backslash) → (terminal type, canonical value).
#: The one list of what the math grammar knows; anything else is a :class:`Macro`.
COMMANDS: dict[str, tuple[str, str]] = _table()

# Unicode written straight into math: char → (terminal, value); "ℝ" and "²" stand for two tokens.
_UNICODE: dict[str, tuple[str, str] | tuple[tuple[str, str], ...]] = {
    **{
        c: ("GREEK", g)
        for c, g in zip(
            "αβγδεϵζηθϑικλμνξπϖρϱσςτυφϕχψωΓΔΘΛΞΠΣΥΦΨΩℓ",
            "alpha beta gamma delta varepsilon epsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi "
            "varpi rho varrho sigma varsigma tau upsilon varphi phi chi psi omega Gamma Delta Theta Lambda Xi "
            "Pi Sigma Upsilon Phi Psi Omega ell".split(),
            strict=True,
        )
    },
    "≤": ("RELOP", "<="),
    "≥": ("RELOP", ">="),
    "≠": ("RELOP", "!="),
    "≈": ("RELOP", "approx"),
    "≡": ("RELOP", "equiv"),
    "∼": ("RELOP", "sim"),
    "∝": ("RELOP", "propto"),
    "∈": ("RELOP", "in"),
    "∉": ("RELOP", "notin"),
    "⊂": ("RELOP", "subset"),
    "⊆": ("RELOP", "subseteq"),
    "⊃": ("RELOP", "supset"),
    "⊇": ("RELOP", "supseteq"),
    "→": ("RELOP", "to"),
    "↦": ("RELOP", "mapsto"),
    "≪": ("BITOP", "<<"),
    "≫": ("BITOP", ">>"),
    "←": ("ASSIGN_CMD", "gets"),
    "≔": ("ASSIGN_CMD", "gets"),
    "⇒": ("IMPLIES", "implies"),
    "⟹": ("IMPLIES", "implies"),
    "⇔": ("IMPLIES", "iff"),
    "∞": ("INFTY", "inf"),
    "×": ("MULOP", "times"),
    "·": ("MULOP", "cdot"),
    "⋅": ("MULOP", "cdot"),
    "∘": ("MULOP", "circ"),
    "⊙": ("MULOP", "odot"),
    "⊗": ("MULOP", "otimes"),
    "÷": ("MULOP", "/"),
    "∩": ("MULOP", "cap"),
    "∪": ("ADDOP", "cup"),
    "∖": ("ADDOP", "setminus"),
    "⊕": ("BITOP", "^"),
    "±": ("ADDOP", "pm"),
    "−": ("MINUS", "-"),
    "∅": ("CONST", "emptyset"),
    "⊤": ("CONST", "top"),
    "⊥": ("CONST", "bot"),
    "∀": ("QUANT", "forall"),
    "∃": ("QUANT", "exists"),
    "¬": ("NOT", "not"),
    "∧": ("AND", "and"),
    "∨": ("OR", "or"),
    "…": ("DOTS", "dots"),
    "⋯": ("DOTS", "dots"),
    "⋮": ("DOTS", "dots"),
    "∑": ("BIGOP", "sum"),
    "∏": ("BIGOP", "prod"),
    "∫": ("BIGOP", "int"),
    "√": ("SQRT", "sqrt"),
    "∂": ("PARTIAL", "partial"),
    "∇": ("NABLA", "nabla"),
    "⟨": ("LANGLE", "<"),
    "⟩": ("RANGLE", ">"),
    "‖": ("DBAR", "||"),
    "⌊": ("LFLOOR", "lfloor"),
    "⌋": ("RFLOOR", "rfloor"),
    "⌈": ("LCEIL", "lceil"),
    "⌉": ("RCEIL", "rceil"),
    "′": ("PRIME", "'"),
    **{c: ("DROP", "") for c in "\u00a0\u200b\u2009\u200a\u2061\u2062\u2063"},
    **{c: (("FONT", "bb"), ("LETTER", letter)) for c, letter in zip("ℝℕℤℚℂ", "RNZQC", strict=True)},
    "²": (("CIRCUMFLEX", "^"), ("NUMBER", "2")),
    "³": (("CIRCUMFLEX", "^"), ("NUMBER", "3")),
    "ᵀ": (("CIRCUMFLEX", "^"), ("TOP", "T")),
}
