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


# --- hostile front matter and the files a run reads beside notes ------------------------------------

#: YAML values a loader may choke on: unknown and unsafe tags, bad scalars, aliases, deep nesting, huge numbers
HOSTILE_VALUES = [
    "!!timestamp foo", "!!binary '@@@'", "!!python/object/apply:os.system ['true']", "!!float nan", "!!int 0x",
    "&a [*a]", "*nowhere", "[" * 60 + "]" * 60, "{" * 40, "9" * 5000, "-" + "9" * 400 + ".5e99999", "1e309",
    "'\x1b[2J\x07'", '"\\x00\\uD800"', "~", "[]", "{}", "!!set {a, b}", "!!omap [a: 1]", "2026-13-45", ">-\n  folded",
    "|\n  literal", "? complex\n: key", "\t", "yes", "0o777", ".inf", "-.nan", "!custom x", "%YAML 1.1",
]  # fmt: skip
SPEC_KEYS = [
    "kind", "claim", "holds", "draw", "let", "listing", "inputs", "reference", "compare", "known", "atol", "rtol",
    "given", "max_steps", "equation", "expect", "snippet", "block", "trials", "timeout", "seed", "index_base",
    "id", "shape", "arithmetic", "quotes", "reason", "outputs", "generator",
]  # fmt: skip
TOP_KEYS = ["title", "date", "algoverify", "module", "macros", "index_base", "seed", "trials", "unchecked"]
#: paths a hostile note or configuration names: devices, the process table, loops, far outside the project
HOSTILE_PATHS = ["/dev/zero", "/dev/urandom", "/proc/self/mem", "/proc/1/environ", "../../../../etc/shadow",
                 "loop.tex", "fifo.tex", "big.tex", "/", "", "\0", "nul\x00.py", "x" * 5000]  # fmt: skip


def hostile_front_matter(rng: random.Random) -> str:
    """Front matter whose spec and settings take hostile values at random places."""
    lines = ["---", f"title: {rng.choice(HOSTILE_VALUES) if rng.random() < 0.2 else 'fuzz'}"]
    if rng.random() < 0.3:
        lines.append(f"{rng.choice(TOP_KEYS)}: {rng.choice(HOSTILE_VALUES + HOSTILE_PATHS)}")
    lines += [
        "algoverify:",
        f"  module: {rng.choice(HOSTILE_PATHS)}" if rng.random() < 0.3 else "  seed: 0",
        "  checks:",
    ]
    for n in range(rng.randint(1, 3)):
        lines.append(f"    - id: c{n}")
        for key in rng.sample(SPEC_KEYS, rng.randint(1, 5)):
            value = rng.choice(HOSTILE_VALUES + MATH + HOSTILE_PATHS)
            lines.append(f"      {key}: {value!r}" if rng.random() < 0.5 else f"      {key}: {value}")
    lines.append("---")
    return "\n".join(lines) + "\n\n" + listing(rng)


def project(seed: int) -> dict[str, str]:
    """The files of fuzz case ``seed`` beside its note ``note.md``: configuration, macro files, preamble, module.

    A value ``"->TARGET"`` asks for a symbolic link to ``TARGET``; ``"|fifo"`` for a FIFO. Half the
    cases are :func:`case` alone; the rest give the note hostile front matter or hostile neighbours.
    """
    rng = random.Random(seed)
    if rng.random() < 0.5:
        return {"note.md": case(seed)}
    files = {"note.md": hostile_front_matter(rng) if rng.random() < 0.6 else case(seed + 1)}
    if rng.random() < 0.5:
        macro = rng.choice(["macros.tex", "macros.yaml", "params.toml", rng.choice(HOSTILE_PATHS)])
        toml = rng.choice(
            [
                f'[tool.algoverify]\nmacro-files = ["{macro}"]\n',
                f"[tool.algoverify]\n{rng.choice(['trials', 'seed', 'index-base', 'note-timeout'])} = "
                + rng.choice(["1e999", "9" * 5000, "-1", '"x"', "[[[[1]]]]", "inf"])
                + "\n",
                "[tool.algoverify\n" + rng.choice(MATH),
                f'[tool.algoverify]\nmacros = {{ "\\\\R" = "{rng.choice(MATH)}" }}\nselect = ["{rng.choice(NOISE)}"]\n',
            ]
        )
        files["algoverify.toml"] = toml
        files["macros.tex"] = rng.choice(
            [
                "\\newcommand{\\R}{\\R}",
                "\\def\\a{\\a\\a}",
                "\\newcommand{\\x}[9]{#9#9#9}",
                corrupt("\\newcommand{\\R}{x}", rng),
            ]
        )
        files["macros.yaml"] = rng.choice(["a: &a [*a, *a]", "macros: {R: '\\R\\R'}", "b: &b [" + "*b, " * 50 + "]"])
        files["params.toml"] = rng.choice(["[params.math.macros]\nR = 1e999", "math = [[[", "[params]\nmath = {}"])
    if rng.random() < 0.3:
        files[rng.choice(["preamble.tex", "macros.tex", "algoverify.toml"])] = rng.choice(
            ["->/dev/zero", "->loop.tex", "|fifo", "->/proc/self/mem", "->/etc/passwd"]
        )
        files["loop.tex"] = "->loop.tex"
    return files


def write_project(folder: Path, files: dict[str, str]) -> Path:
    """Write :func:`project`'s files into ``folder`` (links and FIFOs as asked); return the note's path."""
    import os

    for name, text in files.items():
        path = folder / name
        if text.startswith("->"):
            path.symlink_to(text[2:])
        elif text == "|fifo":
            os.mkfifo(path)
        else:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return folder / "note.md"
