"""Hostile inputs for the fuzz tests and benchmarks/fuzz_long.py: listings built from the grammar, corrupted notes.

Shared by the test suite (a few thousand cases) and the long run; nothing here runs code.
"""

from __future__ import annotations

import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = sorted((ROOT / "corpus").glob("*.md"))

KEYWORDS = [
    "\\State", "\\STATE", "\\Statex", "\\Return", "\\Require", "\\Ensure", "\\If{", "\\ElsIf{", "\\Else",
    "\\EndIf", "\\For{", "\\ForAll{", "\\EndFor", "\\While{", "\\EndWhile", "\\Repeat", "\\Until{", "\\Loop",
    "\\EndLoop", "\\Function{F}{", "\\EndFunction", "\\Procedure{P}{", "\\EndProcedure", "\\Comment{", "\\Call{F}{",
    "\\label{x}", "\\caption{", "\\begin{algorithmic}", "\\end{algorithmic}", "\\begin{algorithm}", "\\end{algorithm}",
    "\\algdef{SE}[DO]{Do}{doWhile}", "\\Do", "\\doWhile{", "\\newcommand{\\R}{\\mathbb{R}}", "\\R",
]  # fmt: skip
MATH = [
    "x", "y_i", "A v", "\\frac{1}{d}", "\\sum_{i=1}^{n}", "\\lVert w \\rVert", "\\gets", "=", "\\le", "+", "-",
    "(", ")", "[", "]", "\\{", "\\}", "\\lfloor", "\\rfloor", "\\bmod", "n!", "\\binom{n}{k}", "\\in", "\\emptyset",
    "\\cup", "\\mathbb{R}^{n}", "\\dots", ",", "\\mid", "\\langle", "\\rangle", "|", "\\left(", "\\right)", "^{2}",
    "10^{10^{10}}", "\\infty", "\\foo", "\\hat{x}", "\\text{and}", "\\Call{F}{x}", "f(x)", "#1", "%", "&", "\\\\",
]  # fmt: skip
NOISE = ["{", "}", "$", "\\(", "\\)", "%", "\n", "\\", "\u2028", "\x1b[2J", "\0", "~", "#", "^", "_", "&"]


def listing(rng: random.Random, size: int = 12) -> str:
    """A random listing from keywords, math and noise: mostly well formed, often not."""
    parts = ["\\begin{algorithmic}\n"]
    for _ in range(rng.randint(1, size)):
        kw = rng.choice(KEYWORDS)
        math = " ".join(rng.choice(MATH) for _ in range(rng.randint(0, 5)))
        closer = "}" if kw.endswith("{") else ""
        body = f" \\({math}\\)" if rng.random() < 0.7 else f" ${math}$"
        if rng.random() < 0.1:
            body += rng.choice(NOISE)
        parts.append(f"{kw}{body}{closer}\n")
    parts.append("\\end{algorithmic}\n")
    return "".join(parts)


def corrupt(text: str, rng: random.Random) -> str:
    """``text`` with a few random edits: deleted, inserted or duplicated pieces, swapped lines."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        pos = rng.randrange(len(text) + 1)
        if kind < 0.3 and text:
            text = text[:pos] + text[pos + rng.randint(1, 20) :]
        elif kind < 0.6:
            text = text[:pos] + rng.choice(NOISE + KEYWORDS + MATH) + text[pos:]
        elif kind < 0.8:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            a = rng.randrange(len(text) + 1)
            text = text[:pos] + text[a : a + rng.randint(1, 60)] + text[pos:]
    return text


def case(seed: int) -> str:
    """The note of fuzz case ``seed``: a corrupted corpus note, or a random listing in a note."""
    rng = random.Random(seed)
    if rng.random() < 0.5 and CORPUS:
        return corrupt(rng.choice(CORPUS).read_text(encoding="utf-8"), rng)
    return "---\ntitle: fuzz\n---\n\n" + listing(rng)
