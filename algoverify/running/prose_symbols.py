r"""What the prose of a note declares: the sentences a reader takes as "let …", read into declarations.

Papers introduce their symbols in running text, not in ``\Require``: "Let \(A \in
\mathbb{R}^{m \times n}\)", "the array \(x\) has \(n\) entries", "the \(k \ge 1\) weights
\(w_0, \dots, w_{k-1}\)", "the matrix \(C\) with entries \(c_{ij}\)", "a matrix \(B\) with
columns \(b_1, \dots, b_q\)". :func:`prose_declarations` reads the sentences before a listing,
nearest first, into an :class:`~.declarations.InputSpec` (an earlier declaration of a name is
never overridden by one further away). It reads

* memberships (``x \in \mathbb{R}^{n}``, ``k \in \mathbb{N}``, ``s \in \{0, 1\}^{n}``), families
  (``x_1, \dots, x_n``, ``w_0, \dots, w_{k-1}``) and ``x = (x_1, \dots, x_n)``;
* relations on names (``n \ge 1``, ``0 \lt \epsilon``) as preconditions, except in a sentence
  that is a condition (``if``, ``when``, ``unless`` … before the relation): "if \(\alpha > 1\) it
  diverges" assumes nothing;
* sizes said in words: "\(x\) has \(n\) entries" (items, elements, rows, columns …), "\(x\) of
  length \(n\)", "an \(m \times n\) matrix \(A\)", "\(A\) is \(n \times n\)", "the \(n\) entries of
  \(x\)";
* parts: "\(C\) with entries \(c_{ij}\)", "\(B\) with columns \(b_1, \dots, b_q\)", "\(X\) with
  rows \(x_1, \dots, x_n\)";
* kinds: "the matrix \(A\)", "a tolerance \(\tau\)", "let \(n\) be …", "\(\alpha\) denotes …".

Nothing here runs anything: the prose is only parsed.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Sequence

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier, increment_member
from ..reading.prose import INLINE_MATH, Sentence
from ..source import Span
from ..syntax import ir
from .declarations import Declared, InputSpec, Origin, function_type, text_of
from .families import dims_of, joint_range, levelled_family, read_family
from .prose_cues import (
    _AND_COLUMNS,
    _ARGUED,
    _AS_A,
    _AS_PARTS,
    _ASSUMES,
    _BE_AFTER,
    _BOUNDS,
    _CASE,
    _CELLS,
    _CITED,
    _COLUMNS_AFTER,
    _CONDITION_AFTER,
    _CONDITIONAL,
    _COUNTED,
    _DIAGONAL_PARTS,
    _FOR_CLAUSE,
    _HAS,
    _INTRODUCED,
    _IS,
    _IS_BEFORE_SHAPE,
    _JOINED,
    _KIND_AFTER,
    _KIND_BEFORE,
    _KIND_NOUNS,
    _LET_BE,
    _LET_CLAUSE,
    _MATRIX_NOUN,
    _MATRIX_OF,
    _NAMED_NEXT,
    _NOUN_AFTER_DIMS,
    _NOUNS_OF,
    _OF_END,
    _OF_LENGTH,
    _OF_THINGS,
    _OF_TIMES,
    _PARTS_OF,
    _PLURAL_BE,
    _PRONOUN_HAS,
    _QUALIFIER,
    _QUANTIFIED,
    _RESPECT,
    _SHAPE_NOUN,
    _STEPS,
    _STORE_VERB,
    _STORED_AS,
    _STORED_AS_PARTS,
    _STORED_AS_PARTS_OF,
    _THE_N,
    _WHERE_CLAUSE,
    _WITH_PARTS,
)
from .prose_math import (
    Piece,
    children,
    domain_ends,
    drawn_interval,
    entry_conditions,
    fixed_point_equation,
    in_interval,
    name_of,
    read_math,
    relation,
    set_by_case,
)
from .prose_parts import entries_owner, last_family, last_matrix, read_parts, read_parts_of, recent_family
from .prose_properties import SAID, properties_said
from .prose_ranges import COUNT_NOUNS as _COUNT_NOUNS
from .prose_ranges import counted_words, ranged_runs
from .prose_words import WRITE_AND, plain_named, plain_sized, said_in_words, words_only, written_for

__all__ = [
    "prose_declarations",
    "side_conditions",
    "part_names",
]

Parse = Callable[[ir.Math], M.MathNode]


def prose_declarations(
    sentences: Sequence[Sentence], text: str, before: int, parse: Parse, line_of: Callable[[int], int]
) -> InputSpec:
    """What the sentences ending before offset ``before`` declare, the nearest sentence first."""
    spec = InputSpec()
    cases: list[tuple[M.MathNode, M.MathNode, Origin]] = []
    of_entries: list[tuple[str, str, Piece, Origin]] = []
    for sentence in reversed([s for s in sentences if s.span.end <= before]):
        _read(sentence, text, parse, spec, Origin("prose", line_of(sentence.span.start)), cases, of_entries)
        spec.prime_transposes |= PRIME_TRANSPOSES.search(sentence.read) is not None
        if NONZERO_DIVISORS.search(sentence.read) is not None:
            spec.nonzero_divisors = line_of(sentence.span.start)
    for rel, case, origin in cases:  # once every sentence is read: the set of vertices may come before
        set_by_case(rel, case, spec, origin)
    for name, after, piece, origin in of_entries:
        # "we assume the x_i are not all equal", of an x declared here or in the listing's \Require
        said_properties(name, after, piece, spec, origin, before="")
    entry_conditions(spec)
    _letters_mentioned(spec)
    return spec


def _letters_mentioned(spec: InputSpec) -> None:
    r"""Drop a family the prose only mentions, of a word it spells (Horspool's "among \(p_1, \dots, p_{m-1}\)").

    "\(P = p_1 p_2 \cdots p_m\)" makes ``p`` the letters of ``P``; a later sentence (read first: the
    nearest is) that names some of them declares no input ``p`` of its own, nor a size from them.
    """
    for owner in [d for d in spec.inputs if d.entries and d.name in spec.strings]:
        family = spec.written.get(owner.entries)
        if family is None or owner.entries not in spec.families:
            continue
        spec.inputs[:] = [d for d in spec.inputs if d.name != owner.entries]
        del spec.families[owner.entries]
        del spec.written[owner.entries]
        for size, carriers in list(spec.sizes.items()):
            spec.sizes[size] = [c for c in carriers if c[0] != owner.entries]
            if not spec.sizes[size]:
                del spec.sizes[size]


#: "we assume that no difference in a denominator vanishes", "no pivot is zero", "no breakdown occurs":
#: an assumption on what the run computes, which no test on entry can make
NONZERO_DIVISORS = re.compile(
    r"\b(?:assume|assuming|suppose|provided)\b[^.;]*?"
    # "no second difference \(\Delta^2 x_n\) vanishes" (Aitken's): what is assumed never zero is what is divided by
    r"(?:\bno\s+[^.;]{0,80}?\b(?:vanish(?:es)?|is\s+zero|becomes?\s+zero|equals?\s+zero)\b"
    r"|\b(?:denominators?|divisors?|pivots?)\b[^.;]*?\b(?:never|do(?:es)?\s+not)\s+vanish"
    r"|\bno\s+(?:division\s+by\s+zero|breakdown)\b"
    r"|\b(?:never|not)\s+break(?:s|ing)?\s+down\b"  # "the iteration never breaks down"
    # Gillespie's "we assume the propensities are not all zero, so that their sum … is positive"
    r"|\b(?:are|be)\s+not\s+all\s+(?:zero|0)\b)",
    re.I,
)
#: "the prime denotes transposition", "\(x'\) is the transpose of \(x\)", "primes for transposes"
PRIME_TRANSPOSES = re.compile(
    r"\bprimes?\b[^.;]{0,40}\b(?:denotes?|means?|stands? for|for|is|indicates?)\b[^.;]{0,20}\btranspos"
    r"|'\s*\\\)\s*(?:denotes|is|means)\s+the\s+transpose",
    re.I,
)


def _over_an_index(piece: Piece, nxt: Piece | None) -> bool:
    """Whether the piece after "for every" is a letter the relation writes as a subscript (``b_i`` of ``i``)."""
    letter = identifier(nxt.tree) if nxt is not None and isinstance(nxt.tree, M.Sym) else None
    return letter is not None and any(
        isinstance(n, M.Idx) and any(identifier(i) == letter for i in n.indices) for n in M.walk(piece.tree)
    )


def joins(words: str) -> bool:
    """Whether ``words`` join two names a sentence introduces together ("x_1, …, x_n and y_1, …, y_n")."""
    return bool(words) and _JOINED.match(words) is not None


def side_conditions(tree: M.MathNode, math: ir.Math, spec: InputSpec, origin: Origin) -> None:
    r"""The conditions a display writes after its formula: ``\begin{bmatrix} … \end{bmatrix}, \qquad b \ne 0``.

    A reader takes them as what the display assumes, as "with \(b \ne 0\)" in a sentence says it:
    only order relations and ``\ne`` after the first item, on plain names (``i, j \ge 1`` qualifying
    a recurrence's indices binds nothing a listing reads). One that follows "if" or "for" is a case,
    not an assumption.
    """
    if not isinstance(tree, M.Tuple) or isinstance(tree, M.Range) or len(tree.items) < 2:
        return
    case = False
    for item in tree.items[1:]:
        if isinstance(item, M.Text):
            case = _QUALIFIER.search(item.text.strip()) is not None or _CONDITIONAL.search(item.text) is not None
            continue
        if isinstance(item, M.Rel) and not case and {op for op, _ in item.rest} <= _SIDE:
            if _bounded_already(item, spec):
                continue  # Pascal's rule "…, \qquad 0 < k < n" beside "let 0 \le k \le n": where the formula holds
            relation(item, Piece(item, math), spec, origin, conditional=False)


def _bounded_already(rel: M.Rel, spec: InputSpec) -> bool:
    """Whether every name ``rel`` bounds already has a bound the prose said: the display's is the formula's own."""
    names = [identifier(o) for o in (rel.first, *(e for _, e in rel.rest)) if isinstance(o, M.Sym)]
    declared = [spec.get(n) for n in names if n is not None]
    return bool(declared) and all(d is not None and d.constraints for d in declared)


#: what a display's side condition may say: an order or an inequality, never an equation (a case: "x = 0")
_SIDE = frozenset({"!=", "<", "<=", ">", ">="})


def _pieces(sentence: Sentence, text: str, parse: Parse) -> list[str | Piece]:
    """The sentence as words and parsed inline math, alternating (words between maths may be empty)."""
    start, end = sentence.span.start, sentence.span.end
    raw = text[start:end]
    out: list[str | Piece] = []
    pos = 0
    for m in INLINE_MATH.finditer(raw):
        out.append(" ".join(raw[pos : m.start()].split()))
        inner_start, inner_end = (2, 2) if m.group().startswith("\\(") else (1, 1)
        latex = m.group()[inner_start : len(m.group()) - inner_end]
        math = ir.Math(Span(start + m.start() + inner_start, start + m.end() - inner_end), latex)
        try:
            # i, j = 0, \dots, m + 1: one range, never j = 0; u_0^{n}, \dots, u_J^{n}: the level u^{(n)}
            # "layers of optical thickness \(\Delta\tau_1, \dots, \Delta\tau_N\)": the increments Δτ, a family
            tree = M.transform(parse(math), increment_member)
            out.append(Piece(levelled_family(joint_range(tree)), math))
        except LocatedError:
            out.append(Piece(M.Text(latex, span=math.span), math))  # unreadable math declares nothing
        pos = m.end()
    out.append(" ".join(raw[pos:].split()))
    return out


def _bracketed_shapes(pieces: list[str | Piece], spec: InputSpec, origin: Origin) -> list[str | Piece]:
    r"""``Q (\(n \times n\)) and R (\(m \times m\)) are symmetric``: each name's shape, and the words go on.

    The bracket declares the shape of the name right before it; the words after the bracket are
    said of that name as if the bracket were not there ("… and R are symmetric positive definite").
    """
    out: list[str | Piece] = []
    i = 0
    while i < len(pieces):
        piece = pieces[i]
        shape = pieces[i + 2] if i + 3 < len(pieces) else None
        if (
            isinstance(piece, Piece)
            and isinstance(shape, Piece)
            and str(pieces[i + 1]).strip() == "("
            and str(pieces[i + 3]).lstrip().startswith(")")
            and (name := name_of(piece)) is not None
            and (dims := dims_of(shape.tree)) is not None
            and len(dims) == 2
        ):
            spec.declare(Declared(name, piece.tree.span, dims, origin=origin))
            out.extend([piece, str(pieces[i + 3]).lstrip()[1:].lstrip()])
            i += 4
            continue
        out.append(piece)
        i += 1
    return out


def _read(
    sentence: Sentence,
    text: str,
    parse: Parse,
    spec: InputSpec,
    origin: Origin,
    cases: list[tuple[M.MathNode, M.MathNode, Origin]],
    of_entries: list[tuple[str, str, Piece, Origin]],
) -> None:
    pieces = _bracketed_shapes(_pieces(sentence, text, parse), spec, origin)
    words_only(sentence, text, spec)
    plain_named(sentence, text, spec, origin)
    subject: str | None = None  # the last name the sentence introduced: what "it has n rows" is about
    was_conditional = was_precondition = False
    indices = _running_indices(pieces)
    group: list[str] = []  # the names joined by "and" up to this piece
    for i, piece in enumerate(pieces):
        if not isinstance(piece, Piece):
            continue
        before = " ".join(p for p in pieces[:i] if isinstance(p, str))
        # "every symbol is used once; it scores … where g > 0 is the penalty": a condition reaches to the ";"
        clause = before.rpartition(";")[2]
        after = pieces[i + 1] if i + 1 < len(pieces) else ""
        nxt = pieces[i + 2] if i + 2 < len(pieces) and isinstance(pieces[i + 2], Piece) else None
        drawn = drawn_interval(f"{after} ", nxt.tree) if nxt is not None and _DISTRIBUTED.search(str(after)) else None
        if nxt is not None and not _CONDITIONAL.search(clause):
            # "Let f be continuous on [a, b]": a and b are given with f, as f : [a, b] → ℝ gives them
            for end in domain_ends(str(after), nxt.tree):
                spec.declare(Declared(identifier(end), end.span, (), origin=origin))  # type: ignore[arg-type]
        if drawn is not None and not _CONDITIONAL.search(clause):
            # "let U_1, U_2 be independent and uniformly distributed on (0, 1]": each in it, on entry
            in_interval(piece.tree, piece.math, drawn, nxt.math, spec, origin)  # type: ignore[union-attr]
        words = str(pieces[i - 1]) if i else ""
        # "gcd(a, b) = gcd(b, a mod b) for b > 0": a relation qualifying a statement assumes nothing
        # "…, and let \(s \ne t\) be the source and the sink": a clause of its own, whatever an "if" or a "when"
        # before it qualified ("(\(c_{uv} = 0\) when (u, v) ∉ E)")
        fresh = _LET_CLAUSE.search(words) is not None or _WHERE_CLAUSE.search(words) is not None
        conditional = bool(
            (_CONDITIONAL.search(clause) and not fresh)
            or _QUALIFIER.search(words)
            or _FOR_CLAUSE.match(before)
            or _CASE.search(words)
        )
        # "stops once the norm falls to a tolerance \(\tau > 0\)": a parameter introduced with its bound,
        # under the condition's words but no part of the condition
        conditional = conditional and not (_INTRODUCED.search(words) and not _QUALIFIER.search(words))
        conditional = conditional or _CITED.search(before) is not None or _ARGUED.search(words.strip()) is not None
        # "p(j) = 0 if no request i < j is disjoint from j": a case of a definition, said after it
        case = bool(isinstance(after, str) and _CONDITION_AFTER.match(after))
        conditional = conditional or case
        if case and nxt is not None:  # "w(u, v) = ∞ when (u, v) ∉ E": what E is, where nothing else says
            cases.append((piece.tree, nxt.tree, origin))
        # "for k = 2 and n = 2^m + ℓ": the clause goes on over "and"
        conditional = conditional or (was_conditional and _JOINED.match(words) is not None)
        was_conditional = conditional
        plain_sized(piece, text, sentence, spec, origin)
        parts_of = _PARTS_OF.match(str(after)) if name_of(nxt) is not None else None
        if parts_of:  # "p_1, \dots, p_N \in \mathbb{R}^{d} be the rows of P": P's rows, not a list of its own
            read_parts_of(piece, parts_of.group("part"), nxt, spec, origin)  # type: ignore[arg-type]
        # "B with columns b_1, \dots, b_q": likewise; "T with diagonal entries a_1, \dots, a_n" names a vector
        elif not _WITH_PARTS.search(words) or _DIAGONAL_PARTS.search(words):
            joined = was_precondition and _JOINED.match(words) is not None
            # "assume that b_i ≠ 0 for every i": a quantifier over an index of the relation's members is on
            # each entry, which a run tests; "… for all z" of a function's argument is a law no run tests
            quantified = _QUANTIFIED.match(str(after)) is not None and not _over_an_index(piece, nxt)
            assumed = _ASSUMES.search(before) is not None and not quantified
            was_precondition = read_math(
                piece,
                spec,
                origin,
                conditional=conditional,
                words=words,
                indices=indices,
                joined=joined,
                assumed=assumed,
            )
        elif isinstance(piece.tree, M.Rel) and not conditional and {op for op, _ in piece.tree.rest} <= _BOUNDS:
            # "capacity matrix C with entries \(c_{uv} \ge 0\)": the entries named, and bounded on each
            relation(piece.tree, piece, spec, origin, conditional=False, assumed=True)
        stored_parts = _STORED_AS_PARTS.search(words)
        family_before = last_family(pieces[:i]) if stored_parts else None
        if stored_parts and family_before is not None and name_of(piece) is not None:
            part = stored_parts.group("part").lower()  # "x_1, …, x_T, stored as the rows of X": X's rows
            spec.declare(Declared(name_of(piece), piece.tree.span, origin=origin, **{part: family_before}))  # type: ignore[arg-type]
        as_rows = _AS_PARTS.search(words)
        family = read_family(piece.tree) if as_rows and isinstance(piece.tree, M.Range) else None
        holder = last_matrix(pieces[:i]) if family is not None else None
        if family is not None and str(after).strip() == "of" and name_of(nxt) is not None:
            holder = name_of(nxt)  # "returned as the rows a_1, …, a_N of A ∈ ℝ^{N×3}": the matrix after "of"
        if holder is not None and family is not None and family.name != holder:
            # "let V ∈ ℝ^{c×p} hold the c current centres as rows v_1, …, v_c": V's rows
            part = as_rows.group("part").lower()  # type: ignore[union-attr]
            spec.declare(Declared(holder, piece.tree.span, origin=origin, **{part: family.name}))
        as_parts = _STORED_AS_PARTS_OF.search(words)
        family_before = last_family(pieces[:i]) if as_parts else None
        if subject is not None and as_parts and family_before and dims_of(piece.tree) is not None:
            # "P, a set of n points p_1, …, p_n, stored as the rows of an n × 2 matrix": P is that matrix
            spec.declare(Declared(subject, piece.tree.span, dims_of(piece.tree), origin=origin))
            spec.reshape(subject, dims_of(piece.tree))  # type: ignore[arg-type]
            part = as_parts.group("part").lower()
            spec.declare(Declared(subject, piece.tree.span, origin=origin, **{part: family_before}))  # type: ignore[arg-type]
        recent = recent_family(pieces[:i]) if as_parts else None
        named = name_of(nxt) if recent and dims_of(piece.tree) is not None else None
        if named is not None and _MATRIX_NOUN.match(str(after)):
            # "x_1, …, x_n, stored as the rows of an n × d matrix X": X is that matrix, the x_i its rows
            part = as_parts.group("part").lower()  # type: ignore[union-attr]
            spec.declare(Declared(named, nxt.tree.span, dims_of(piece.tree), origin=origin, **{part: recent}))  # type: ignore[union-attr,arg-type]
            # "x_1, x_2, x_3 \in ℝ^2, stored as the rows of …": the members are those rows, no inputs of their own
            spec.inputs[:] = [d for d in spec.inputs if not re.fullmatch(rf"{re.escape(recent)}_\d+", d.name)]
        stored = _STORED_AS.search(words) and _NOUN_AFTER_DIMS.match(str(after))
        if subject is not None and stored and dims_of(piece.tree) is not None:
            # "a set of n points, stored as an n × 2 matrix with rows p_1, …": the matrix is how P comes
            spec.declare(Declared(subject, piece.tree.span, dims_of(piece.tree), origin=origin))
            spec.reshape(subject, dims_of(piece.tree))  # the n points counted before: the matrix's n rows
            parts = _WITH_PARTS.search(str(after))
            if parts and isinstance(nxt, Piece):  # "… matrix with rows p_1, \dots, p_n": the subject's rows
                read_parts(subject, piece, parts.group("part").lower(), nxt, spec, origin)
        shape_parts = _WITH_PARTS.search(str(after)) if _NOUN_AFTER_DIMS.match(str(after)) else None
        if subject is not None and shape_parts and isinstance(nxt, Piece) and dims_of(piece.tree) is not None:
            # "Let X be an n × d matrix with rows x_1, …, x_n" ("whose rows … are the points"): X's rows
            read_parts(subject, piece, shape_parts.group("part").lower(), nxt, spec, origin)
        if subject is not None and _PRONOUN_HAS.search(words):
            counted = _COUNTED.match(str(after))
            if counted:
                matrix = bool(counted.group("rows") or counted.group("cols"))
                _size(subject, piece, 1 if counted.group("cols") else 0, matrix, spec, origin)
        # "a copy U of A with entries u_{ij}": the entries may be those of the name before "of"
        owner = (
            name_of(pieces[i - 2]) if i >= 2 and isinstance(pieces[i - 2], Piece) and _OF_END.search(words) else None
        )
        if (
            isinstance(piece.tree, M.Rel)
            and not _declares(piece)
            and subject is not None
            and _WITH_PARTS.search(str(after))
        ):
            # "Let A ∈ ℝ^{m×n}, m ≥ n, have linearly independent columns a_1, …, a_n": A's columns
            piece = Piece(M.Sym(subject, span=piece.tree.span), piece.math)
        listed = bool(WRITE_AND.search(before))  # "Write \(\alpha\) for …, and \(\rho\) for …"
        _read_words(piece, words, str(after), nxt, pieces[i + 3 :], spec, origin, owner, listed)
        declares = _declares(piece)
        counts = isinstance(piece.tree, M.Sym) and _COUNTED.match(str(after).strip()) is not None
        if declares and not counts:  # "a set of n points": n counts the points, P stays the subject
            subject = name_of(piece)
        # "Let A … be symmetric positive definite", "…, have linearly independent columns": preconditions
        family = read_family(piece.tree) if isinstance(piece.tree, M.Range) else None
        own = name_of(piece) if declares else family.name if family is not None else None
        # "whose symmetric part (A + A^T)/2 is positive definite": words after a formula are the formula's
        formula = own is None and not isinstance(piece.tree, (M.Rel, M.In, M.Tuple))
        target = own if own is not None else None if formula else subject
        if own is None and names_listed(piece.tree) and not _CONDITIONAL.search(clause):
            # "let p_0, p_1, p_2 be three distinct approximations to a root of f": said of the points, never of f
            listed_properties(piece, str(after), words, spec, origin)
            target = None
        # "let x_1, …, x_n and y_1, …, y_n be two samples of distinct numbers": what follows both is said of both
        group = group + [own] if own is not None and group and joins(words) else [own] if own else []
        joint = _HAS.match(str(after)) or _PLURAL_BE.match(str(after)) or _OF_LENGTH.match(str(after))
        if own is not None and len(group) > 1 and joint:
            # "the arrays \(\ell\) and \(r\) have \(N\) entries", "\(U\) and \(V\) be \(n \times k\) matrices",
            # "arrays \(s\) and \(f\) of length \(n\)" (CLRS's activities): both
            for earlier in group[:-1]:
                joined = Piece(M.Sym(earlier, span=piece.tree.span), piece.math)
                _read_words(joined, words, str(after), nxt, pieces[i + 3 :], spec, origin, owner)
        entry_of = _entries_named(piece.tree) if target is None and _PLURAL_BE.match(str(after)) else None
        if entry_of is not None and not _CONDITIONAL.search(clause):
            # "the x_i are not all equal": said of the family x, once every sentence has said what x is
            of_entries.append((entry_of, str(after), piece, origin))
        shape_of = _SHAPE_NOUN.match(str(after)) if formula and subject is not None else None
        if shape_of is not None and not _CONDITIONAL.search(clause):
            # "Let A be an m × n matrix of full column rank": the words after the shape are said of A
            said_properties(subject, shape_of.group("rest"), piece, spec, origin, before=shape_of.group("noun"))
        if target is not None and not _CONDITIONAL.search(clause):
            # "n distinct keys k_1 < \dots < k_n": the adjectives before a piece are its own, never the subject's
            said_properties(target, str(after), piece, spec, origin, before=words if own is not None else "")
            count_words = counted_words(after, nxt, pieces[i + 3 : i + 4]) if family is not None else None
            if count_words is not None:  # "let x_0, …, x_n be n + 1 distinct nodes": the nodes' words are x's
                said_properties(target, "are " + count_words, piece, spec, origin, before="")
            if own is not None and _PLURAL_BE.match(str(after)):
                for earlier in group[:-1]:
                    said_properties(earlier, str(after), piece, spec, origin, before="")
        # "Let T_1, …, T_n be the observed times of n subjects, which are distinct": the clause after the
        # count says what the family before it is (the subjects being distinct would say nothing)
        # "… of n ≥ 3 real numbers, not all equal": the count's bound does not change whose the clause is
        count = piece.tree.first if isinstance(piece.tree, M.Rel) else piece.tree
        clause = _WHICH_CLAUSE.match(str(after)) if isinstance(count, M.Sym) else None
        earlier = (
            next((p for p in reversed(pieces[:i]) if isinstance(p, Piece) and p is not piece), None) if clause else None
        )
        family_before = last_family([earlier]) if earlier is not None else None
        if clause and family_before is not None:
            said = clause.group("said") or "are " + clause.group("bare")
            said_properties(family_before, said, earlier, spec, origin, before="")  # type: ignore[arg-type]
    ranged_runs(pieces, spec, origin)
    written_for(sentence, text, spec)  # "write \(T\) for the \(m \times m\) … matrix, …": what the pieces missed


def _entries_named(tree: M.MathNode) -> str | None:
    """``x`` of ``x_i`` (one index, a letter): the family a sentence speaks of by its running entry."""
    if isinstance(tree, M.Idx) and len(tree.indices) == 1 and isinstance(tree.indices[0], M.Sym):
        return identifier(tree.base) if isinstance(tree.base, M.Sym) else None
    return None


#: the relative clause after a count's noun: "n subjects, which are distinct"
_WHICH_CLAUSE = re.compile(
    # "… a data window of length \(L \le N\), not all zero": the count's bound written, no words after it
    r"^\s*(?:(?:[\w-]+\s+)?[\w-]+)?,\s*"
    r"(?:(?:which|that)\s+(?P<said>(?:is|are)\b.*)|(?P<bare>not all (?:equal|zero)\b.*))$",
    re.I,
)


def _declares(piece: Piece) -> bool:
    r"""Whether the math introduces a name (``A``, ``x \in \mathbb{R}^n``, ``A = [a_1, …]``), not a relation on one."""
    tree = piece.tree
    if isinstance(tree, (M.Sym, M.In)) or function_type(tree) is not None:  # "… function w : E → ℝ, stored as …"
        return True
    return isinstance(tree, M.Rel) and isinstance(tree.first, M.Sym) and {op for op, _ in tree.rest} <= {"=", "in"}


def part_names(text: ir.Text) -> set[Span]:
    """Where a ``\\Require`` line names the parts of an input: the math after "with rows" (columns, entries)."""
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip())]
    found = ((a, b) for a, b in zip(parts, parts[1:]) if isinstance(a, str) and isinstance(b, ir.Math))
    return {
        b.span
        for a, b in found
        if (m := _WITH_PARTS.search(" ".join(a.split()))) is not None and m.group("part").lower() in ("rows", "columns")
    }


#: words that say how values are drawn (never "the output lies in [0, 1]", a claim)
_DISTRIBUTED = re.compile(r"\b(?:uniform(?:ly)?|random(?:ly)?|independent(?:ly)?|i\.?i\.?d\.?|drawn|sampled)\b", re.I)


def names_listed(tree: M.MathNode) -> list[M.MathNode] | None:
    """The names ``p_0, p_1, p_2`` lists (two or more, each one name, all different), else ``None``."""
    if not isinstance(tree, M.Tuple) or isinstance(tree, M.Range) or len(tree.items) < 2:
        return None
    items = list(tree.items)
    names = [identifier(i) if isinstance(i, (M.Sym, M.Idx)) else None for i in items]
    return items if None not in names and len(set(names)) == len(names) else None


def listed_properties(piece: Piece, after: str, before: str, spec: InputSpec, origin: Origin | None) -> None:
    r"""What words say of names listed apart (``p_0, p_1, p_2``): each one's, and "distinct" of them together.

    Muller's "three distinct approximations \(p_0, p_1, p_2\)": no two are equal, a precondition on
    the inputs together (``p_0 \ne p_1``, …), never a property of each number.
    """
    items = names_listed(piece.tree) or []
    # "distinct points \(p_0, p_1, p_2\)": the adjectives of the plural noun right before the names
    adjectives = re.search(r"((?:[\w-]+ ){0,3})[a-z]+s$", before.strip(), re.I)
    found = properties_said(after, adjectives.group(1) if adjectives else "")
    for key in found:
        if key == "distinct":
            for k, a in enumerate(items):
                for b in items[k + 1 :]:
                    condition = M.Rel(a, (("!=", b),), span=piece.tree.span)
                    text = f"{_written(piece, a)} \\ne {_written(piece, b)}"
                    spec.add_condition(condition, text, origin)
            continue
        for item in items:
            name = identifier(item)
            said = ((key, SAID[key].format(name=name), item.span),)
            spec.declare(Declared(name, item.span, origin=origin, properties=said))  # type: ignore[arg-type]


def _written(piece: Piece, node: M.MathNode) -> str:
    return text_of(piece.math)(node.span) if node.span is not None else str(identifier(node))


def said_properties(name: str, after: str, piece: Piece, spec: InputSpec, origin: Origin, before: str) -> None:
    """The properties the words right after (or the adjectives right before) a name give it."""
    # "a symmetric matrix A", "n + 1 distinct nodes x_0, …, x_n"
    adjectives = re.search(rf"((?:[\w-]+ ){{0,3}})(?:matrix|vector|array|list|{_COUNT_NOUNS})$", before, re.I)
    # "points … with distinct x_1, \dots, x_n": the adjective right before the family
    bare = re.search(r"\b(?:with|of|and|are|be|have|has)\s+((?:pairwise\s+)?distinct|sorted)$", before.strip(), re.I)
    # "\Require … a non-zero \(A\)", "; symmetric \(B\)": a property word right before the name, no noun between
    bare = bare or re.search(
        r"(?:^|[;,]\s*|\b(?:an?|the)\s+)((?:symmetric\s+)?(?:non-?zero|symmetric|invertible|non-?singular|"
        r"positive[- ]definite|orthogonal))$",
        before.strip(),
        re.I,
    )
    words = adjectives.group(1) if adjectives else bare.group(1) + " " if bare else ""
    found = properties_said(after, words)
    if found:
        said_of = tuple((k, SAID[k].format(name=name), piece.tree.span) for k in found)
        spec.declare(Declared(name, piece.tree.span, origin=origin, properties=said_of))
        rows = getattr(spec.get(name), "rows", None)
        if rows and "nonzero each" in found:  # X's rows each non-zero: each x_i, as the listing takes them
            said = (("nonzero each", SAID["nonzero each"].format(name=rows), piece.tree.span),)
            spec.declare(Declared(rows, piece.tree.span, origin=origin, properties=said))


def _running_indices(pieces: list[str | Piece]) -> set[str]:
    r"""Letters the sentence writes as the index of a name outside a family (``t`` of "every \(s_t\) …").

    "every \(s_t\) is a combination of \(x_1, \dots, x_t\)" runs ``t`` over positions: its
    ``x_1, …, x_t`` is a prefix, not the declaration of ``x`` with ``t`` members.
    """
    out: set[str] = set()
    todo = [p.tree for p in pieces if isinstance(p, Piece)]
    while todo:
        node = todo.pop()
        if isinstance(node, M.Range):
            continue  # the members of a family write its size as their last index
        if isinstance(node, M.Idx):
            out |= {i.name for i in node.indices if isinstance(i, M.Sym)}
        todo.extend(v for f in dataclasses.fields(node) for v in children(getattr(node, f.name)))
    return out


def _read_words(
    piece: Piece,
    before: str,
    after: str,
    nxt: Piece | None,
    rest: Sequence[str | Piece],
    spec: InputSpec,
    origin: Origin,
    owner: str | None = None,
    listed: bool = False,
) -> None:
    name = name_of(piece)
    said_in_words(piece, before, after, nxt, spec, listed=listed)
    # "x has n entries", "A has m rows and n columns", "x of length n"
    if name is not None and nxt is not None:
        following = str(rest[0]) if rest else ""
        cells = dims_of(nxt.tree) if after.strip().lower() == "of" and _CELLS.match(following) else None
        if cells is not None and len(cells) in (1, 2):  # "an array count of d × w counters", "B of m bits"
            spec.declare(Declared(name, piece.tree.span, cells, origin=origin))
        elif _HAS.match(after):
            counted = _COUNTED.match(following)
            if counted:
                _size(
                    name,
                    nxt,
                    1 if counted.group("cols") else 0,
                    bool(counted.group("rows") or counted.group("cols")),
                    spec,
                    origin,
                )
                if counted.group("rows") and _AND_COLUMNS.match(following) and len(rest) > 2:
                    third = rest[1] if isinstance(rest[1], Piece) else None
                    if third is not None and _COLUMNS_AFTER.match(str(rest[2])):
                        _size(name, third, 1, True, spec, origin)
        elif _OF_LENGTH.match(after):
            dims = dims_of(nxt.tree)
            if dims is not None and len(dims) == 1 and _MATRIX_OF.search(after):
                dims = dims * 2  # "A, a (square) matrix of size n": n × n, as "an n-by-n matrix" written short
            if dims is not None:
                spec.declare(Declared(name, piece.tree.span, dims, origin=origin))
        elif (
            (_IS_BEFORE_SHAPE.match(after) or _AS_A.match(after) and _STORE_VERB.search(before))
            and _NOUN_AFTER_DIMS.match(following)
            and not _RESPECT.search(before)  # "the Jacobian with respect to θ, an m × 2 matrix": the Jacobian is
            or (_IS.match(after) and not following.strip(" .,;"))
        ):
            dims = dims_of(nxt.tree)
            if dims is not None and (len(dims) == 2 or _NOUN_AFTER_DIMS.match(following)):
                spec.declare(Declared(name, piece.tree.span, dims, origin=origin))
        parts = _WITH_PARTS.search(after)
        if parts:
            part = parts.group("part").lower()
            read_parts(
                entries_owner(name, owner, nxt, spec) if part in ("entries", "elements") else name,
                piece,
                part,
                nxt,
                spec,
                origin,
            )
    # "an m × n matrix A", "a k-vector v"
    noun = _NOUN_AFTER_DIMS.match(after)
    # the name right after the noun ("an n × n matrix A"), not one after "and" ("… matrix and b ∈ ℝⁿ")
    if nxt is not None and noun and _NAMED_NEXT.fullmatch(after[noun.end() :]):
        target = name_of(nxt)
        dims = dims_of(piece.tree)
        if target is not None and dims is not None:
            noun = _NOUN_AFTER_DIMS.match(after).group("noun").lower()  # type: ignore[union-attr]
            if noun.startswith("matri") and len(dims) == 1:
                dims = dims * 2  # "an n-by-n"… written as one size: a square matrix
            spec.declare(Declared(target, nxt.tree.span, dims, origin=origin))
    # "the n entries of x", "the m rows of A"
    if nxt is not None and _THE_N.search(before):
        of = _NOUNS_OF.match(after)
        target = name_of(nxt)
        if of and target is not None:
            _size(target, piece, 1 if of.group("cols") else 0, bool(of.group("rows") or of.group("cols")), spec, origin)
    # "a graph with n vertices", "G on n nodes": n is the graph's order
    if name is not None and _ORDER.match(after) and _GRAPH_BEFORE.search(before):
        spec.orders.add(name)
    # "a graph on the vertices V = {1, …, n}, given by its adjacency matrix A": A is n × n
    if name is not None and _GRAPH_MATRIX.search(before):
        order = _vertex_count(spec)
        known = spec.get(name)
        if order is not None and (known is None or known.shape is None):
            spec.declare(Declared(name, piece.tree.span, (order, order), origin=origin))
    # "N steps of size h": N counts them, h is a number
    counted = _STEPS.match(after)
    if name is not None and counted and spec.get(name) is None:
        spec.declare(Declared(name, piece.tree.span, (), "natural", origin=origin))
        step = name_of(nxt) if counted.group("of") else None
        if step is not None and spec.get(step) is None:
            spec.declare(Declared(step, nxt.tree.span, (), origin=origin))  # type: ignore[union-attr]
    # "the matrix A", "a tolerance τ", "let n be …", "C be a square matrix"; never "a fixed point p = g(p)"
    if name is not None and not fixed_point_equation(piece.tree):
        kind = _KIND_BEFORE.search(before) or _KIND_AFTER.match(after)
        if kind:
            noun = _KIND_NOUNS[kind.group("noun").lower()]
            square = noun == "matrix" and re.search(r"\bsquare\b", before + " " + after, re.I) is not None
            counted = kind.re is _KIND_AFTER and _OF_THINGS.match(after[kind.end() :])
            if noun == "number" and (_OF_TIMES.match(after) or counted):
                # "a fixed number K ≥ 0 of times": a count, a whole number, never a real scalar
                spec.declare(Declared(name, piece.tree.span, (), "natural", origin=origin, noun="integer"))
                return
            _kind(name, piece, "square" if square else noun, spec, origin)
        elif _LET_BE.search(before) and _BE_AFTER.match(after):
            spec.declare(Declared(name, piece.tree.span, origin=origin))
        elif _BE_AFTER.match(after) and not before.strip():
            spec.declare(Declared(name, piece.tree.span, origin=origin))


def _size(name: str, size: Piece, axis: int, matrix: bool, spec: InputSpec, origin: Origin) -> None:
    """``name`` has ``size`` entries (``matrix``: rows when ``axis`` is 0, columns when 1)."""
    dims = dims_of(size.tree)
    if dims is None or len(dims) != 1:
        return
    if not matrix:
        spec.declare(Declared(name, size.tree.span, dims, origin=origin))
        return
    d = spec.get(name)
    if d is not None and d.noun == "square":  # "a square matrix C; it has n rows": n × n
        spec.declare(Declared(name, size.tree.span, dims * 2, origin=origin))
        return
    spec.declare(Declared(name, size.tree.span, origin=origin, noun="matrix"))
    if isinstance(dims[0], str):
        spec.carry(dims[0], name, axis, origin)


#: "n vertices", "n nodes" right after a size, and the graph named before it ("a graph G with", "G has")
_ORDER = re.compile(r"^(?:vertices|nodes)\b", re.I)
_GRAPH_BEFORE = re.compile(r"\b(?:graph|digraph|tree|network)\b(?:(?! (?:and|or)\b).){0,40}$", re.I)
_GRAPH_MATRIX = re.compile(r"\b(?:adjacency|weight|distance|cost|capacity) matri(?:x|ces)$", re.I)


def _vertex_count(spec: InputSpec) -> str | None:
    """``n`` when the prose defines one set ``V = \\{1, \\dots, n\\}`` (or from 0 to ``n - 1``): the graph's order."""
    found = set()
    for value, _ in spec.definitions.values():
        if isinstance(value, M.SetLit) and len(value.items) == 1 and isinstance(value.items[0], M.Range):
            lo, hi = value.items[0].lo, value.items[0].hi
            if isinstance(lo, M.Num) and lo.text == "1" and isinstance(hi, M.Sym):
                found.add(hi.name)
            elif (
                isinstance(lo, M.Num)
                and lo.text == "0"
                and isinstance(hi, M.BinOp)
                and hi.op == "-"
                and isinstance(hi.left, M.Sym)
                and isinstance(hi.right, M.Num)
                and hi.right.text == "1"
            ):
                found.add(hi.left.name)
    if not found:
        found = set(spec.orders)  # "a graph with n vertices"
    return found.pop() if len(found) == 1 else None


def _kind(name: str, piece: Piece, kind: str, spec: InputSpec, origin: Origin) -> None:
    shape: tuple[str | int, ...] | None = None
    domain = None
    if kind == "integer":
        shape, domain = (), "integer"
    elif kind == "number":
        shape = ()
    spec.declare(Declared(name, piece.tree.span, shape, domain, origin=origin, noun=kind))
