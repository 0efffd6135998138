"""Mutants run through a note's checks: killed, survived, equivalent or stillborn, and each listing's score.

The note is checked once as written; the checks that hold there are the ones that judge its
mutants (a check refuted as expected, or one that could not check, says nothing of a bug). Each
mutant is the note with its edits, written under the project's cache folder beside copies of the
note's own files (its module, its preamble), and checked as ``algoverify check`` checks a note:
in a worker of its own, with the note's budgets, its seed and its trials, with only those checks,
stopping at the first that refutes it. So:

* **killed**: a check refuted it. A mutant that makes the listing stop (a loop that never ends,
  an index out of range) is killed only when a check says so, as a refutation;
* **survived**: every check held, or one ran on some draws and could not check on another
  (said with the reason);
* **equivalent**: its changed formula is provably the original's (:mod:`.equivalence`); not run;
* **stillborn**: lint rejects it (a name no longer defined, a block that no longer parses), or
  every check stopped before any draw ran through (the listing runs on no input): no check
  could judge it, and the tool already reports it, so it counts for neither side.

The score of a listing is killed / (killed + survived). A mutant's note sits at a path made of
its text's digest, so a second run replays each one from the note cache.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from .. import api
from ..checking.outcome import CANNOT, REFUTED, VERIFIED
from ..findings import Severity
from ..reading.config import CACHE_DIR, project_root
from ..reading.notes import discover
from .equivalence import equivalent
from .operators import Mutant, mutants

__all__ = ["KILLED", "SURVIVED", "EQUIVALENT", "STILLBORN", "Judged", "ListingScore", "Mutation", "mutate"]

KILLED, SURVIVED, EQUIVALENT, STILLBORN = "killed", "survived", "equivalent", "stillborn"
#: Files beside a note larger than this are not copied beside its mutants (a data set, not its module).
_MAX_COPIED = 4 << 20


@dataclass
class Judged:
    """One mutant and what became of it: ``by`` is the check that killed it, ``why`` the rest of the story."""

    mutant: Mutant
    status: str
    by: str | None = None
    why: str = ""
    line: int = 0
    column: int = 0
    before: str = ""
    after: str = ""


@dataclass
class ListingScore:
    """A listing's mutants and their fates, judged by ``checks`` (those that held on the note as written)."""

    path: Path
    listing: int
    name: str
    checks: tuple[str, ...]
    judged: list[Judged] = field(default_factory=list)

    def count(self, status: str) -> int:
        """How many mutants ended as ``status``."""
        return sum(1 for j in self.judged if j.status == status)

    @property
    def score(self) -> float | None:
        """Killed of those that could be killed (``None``: none could)."""
        killed, survived = self.count(KILLED), self.count(SURVIVED)
        return killed / (killed + survived) if killed + survived else None


@dataclass
class Mutation:
    """A run of ``mutate``: the listings scored, the notes not mutated and why, the time it took."""

    listings: list[ListingScore] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    seconds: float = 0.0
    mutants_run: int = 0
    replayed: int = 0

    @property
    def score(self) -> float | None:
        """Killed of those that could be killed, over every listing."""
        killed = sum(s.count(KILLED) for s in self.listings)
        survived = sum(s.count(SURVIVED) for s in self.listings)
        return killed / (killed + survived) if killed + survived else None


def mutate(
    paths: Iterable[str | Path],
    *,
    jobs: int = 1,
    cache: bool = True,
    on_mutant: Callable[[int, int], None] | None = None,
) -> Mutation:
    """Score the listings of the notes under ``paths`` by the mutants their checks kill.

    :param jobs: mutants checked at once (each in a worker of its own, as ``check --jobs``).
    :param cache: replay a mutant (and the note as written) unchanged since the last run
        (``ALGOVERIFY_NO_CACHE=1`` turns it off whatever this says, as for ``check``).
    :param on_mutant: called with (mutants done, mutants in all) as each is judged.
    """
    started = time.perf_counter()
    cache = cache and os.environ.get("ALGOVERIFY_NO_CACHE", "") in ("", "0")  # as check reads it
    run = Mutation()
    files, _ = discover([Path(p) for p in paths])
    baseline = api.check(sorted(files), jobs=jobs, cache=cache)
    plans = []
    for report in baseline.notes:
        plans.extend(_plan(report, run))
    total = sum(len(ms) for _, _, ms in plans)
    done = 0
    scratch = None if cache else Path(tempfile.mkdtemp(prefix="algoverify-mutants-"))
    try:
        for report, score, found in plans:
            text = report.note.source.text
            (plain,) = api.lint([report.path]).notes
            linted = {(f.code, _unplaced(f.message)) for f in plain.findings}
            to_run: dict[Path, Judged] = {}
            for mutant in found:
                judged = _described(mutant, report)
                if equivalent(mutant, text):
                    judged.status = EQUIVALENT
                    done += 1
                    if on_mutant is not None:
                        on_mutant(done, total)
                else:
                    to_run[_written(mutant, report.path, text, scratch)] = judged
                score.judged.append(judged)

            def judged_one(
                mutant_report: api.NoteReport, to_run: dict[Path, Judged] = to_run, linted: set = linted
            ) -> None:
                nonlocal done
                judged = to_run.get(mutant_report.path)
                if judged is None:
                    return
                _judge(judged, mutant_report, linted)
                run.mutants_run += 1
                run.replayed += mutant_report.cached
                done += 1
                if on_mutant is not None:
                    on_mutant(done, total)

            if to_run:
                selection = api.Selection(frozenset(score.checks), until_refuted=True, shrink=False)
                api.check(list(to_run), jobs=jobs, cache=cache, selection=selection, on_note=judged_one)
            run.listings.append(score)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    run.seconds = time.perf_counter() - started
    return run


def _plan(report: api.NoteReport, run: Mutation) -> list[tuple[api.NoteReport, ListingScore, list[Mutant]]]:
    """The note's listings to mutate, each with the checks that judge it and its mutants (none: said in ``run``)."""
    if report.note is None:
        run.skipped.append((report.path, "it could not be read"))
        return []
    try:
        loaded = api.load(report.path)
    except Exception as exc:  # noqa: BLE001 - a note that does not load is reported by check
        run.skipped.append((report.path, f"it does not load: {exc}"))
        return []
    by_listing: dict[int, list[str]] = {}
    for outcome in report.outcomes:
        key = outcome.check.get("listing") if outcome.check is not None else None
        if outcome.status != VERIFIED or key is None:
            continue
        try:
            listing = loaded.listing(key)
        except Exception:  # noqa: BLE001, S112 - a check naming no listing has no mutant to judge
            continue
        by_listing.setdefault(listing.index, []).append(outcome.check.id)
    if not by_listing:
        if not loaded.listings:
            why = "it has no listing"
        elif not any(o.check is not None and o.check.get("listing") is not None for o in report.outcomes):
            why = "no check names a listing"
        else:
            why = "no check of a listing holds on it as written"
        run.skipped.append((report.path, why))
        return []
    plans = []
    for listing in loaded.listings:
        checks = by_listing.get(listing.index)
        if checks:
            name = listing.name or listing.caption or ""
            score = ListingScore(report.path, listing.index, str(name), tuple(checks))
            try:
                made = mutants(listing.algorithm, report.note.source.text, listing.index)
            except Exception as exc:  # noqa: BLE001 - our bug, said for this listing; the others are scored
                run.skipped.append(
                    (report.path, f"listing {listing.index}: no mutants made ({type(exc).__name__}: {exc})")
                )
                continue
            plans.append((report, score, made))
    return plans


def _described(mutant: Mutant, report: api.NoteReport) -> Judged:
    """The mutant with its place in the note and the lines it changes, before and after.

    A statement moved (two edits) has the same line before and after: each is shown with its line.
    """
    source = report.note.source
    line, column = source.line_col(mutant.span.start)
    removed, added = [], []
    moved = len(mutant.edits) > 1
    diff = difflib.unified_diff(source.text.splitlines(), mutant.apply(source.text).splitlines(), n=0, lineterm="")
    old = new = 0
    for row in diff:
        if row.startswith(("---", "+++")):
            continue
        if row.startswith("@@"):
            found = re.match(r"@@ -(\d+)(?:,\d+)? \+(\d+)", row)
            old, new = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
            continue
        if row.startswith("-"):
            removed.append(f"line {old}: {row[1:].strip()}" if moved else row[1:])
            old += 1
        else:
            added.append(f"line {new}: {row[1:].strip()}" if moved else row[1:])
            new += 1
    return Judged(mutant, SURVIVED, line=line, column=column, before="\n".join(removed), after="\n".join(added))


def _judge(judged: Judged, report: api.NoteReport, original: set[tuple[str, str]]) -> None:
    refuted = next((o for o in report.outcomes if o.status == REFUTED), None)
    if refuted is not None:
        judged.status, judged.by = KILLED, refuted.check.id if refuted.check is not None else "?"
        judged.why = refuted.message.splitlines()[0] if refuted.message else ""
        return
    ran = [o for o in report.outcomes if o.status in (VERIFIED, REFUTED)]
    if not ran:
        rejected = [f"{f.code} {_unplaced(f.message)}" for f in _lint_errors(report.path, original)]
        # a name nothing defines stops every trial alike, whatever is drawn: static, as lint's findings are
        rejected += [_unplaced(o.message) for o in report.outcomes if o.status == CANNOT and _UNDEFINED in o.message]
        if rejected:
            judged.status = STILLBORN
            judged.why = rejected[0]
            return
        if report.outcomes and all(o.details.get("_ran") == 0 for o in report.outcomes):
            # every check stopped before any draw ran through: the mutant runs on no input (a vector
            # where a bound was, a value read before it is set), which `check` reports as it stands
            first = report.outcomes[0]
            judged.status = STILLBORN
            judged.why = f"it ran on no input drawn: {_unplaced(first.message)}"
            return
    cannot = next((o for o in report.outcomes if o.status == CANNOT), None)
    held = sum(1 for o in report.outcomes if o.status == VERIFIED)
    judged.status = SURVIVED
    if cannot is not None:
        name = cannot.check.id if cannot.check is not None else "?"
        first = cannot.message.splitlines()[0] if cannot.message else ""
        judged.why = f"{held} held; {name} could not check: {first}"
    else:
        judged.why = f"every check held ({held})"


def _lint_errors(path: Path, original: set[tuple[str, str]]) -> list:
    """What lint says of a mutant and not of the note: an error, or a statement that cannot run.

    Such a mutant is stillborn: the tool already catches it, and no check could say more; so is
    one whose every check stopped on a name nothing defines (AV303: the same on every draw). A
    stop that depends on what is drawn (an index out of range for some sizes, a loop that does
    not end) is no such thing: that mutant survives unless a check refutes it.
    """
    (report,) = api.lint([path]).notes
    return [
        f
        for f in report.findings
        if (f.severity == Severity.ERROR or f.code in _WILL_NOT_RUN) and (f.code, _unplaced(f.message)) not in original
    ]


#: Lint's findings that say a statement cannot run, whatever the inputs (warnings, since a check may
#: bind the name, or a module's function run the statement): math that does not parse, an undefined name,
#: words nothing binds, notation that cannot execute
_WILL_NOT_RUN = frozenset({"AV201", "AV303", "AV304", "AV308"})
_UNDEFINED = "AV303"


def _unplaced(message: str) -> str:
    return message.splitlines()[0] if message else ""


def _written(mutant: Mutant, path: Path, text: str, scratch: Path | None) -> Path:
    """The mutant's note on disk, beside copies of the note's own files: at a path its text names."""
    changed = mutant.apply(text)
    digest = hashlib.sha256(changed.encode("utf-8")).hexdigest()[:16]
    if scratch is None:
        from ..reading.config import find_config

        root = project_root(path.parent, find_config(path.parent).root)
        where = hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:8]
        folder = root / CACHE_DIR / "mutants" / f"{path.stem}-{where}" / digest
        from ..reading.cachedir import prepare

        prepare(root / CACHE_DIR)
    else:
        folder = scratch / digest
    folder.mkdir(parents=True, exist_ok=True)
    for sibling in path.parent.iterdir():
        target = folder / sibling.name
        # the note's own files (its module, a preamble) as copies: a module must be a file inside
        # the note's folder, and a link out of it is refused (AV503); other notes are not its
        if sibling.name.startswith(".") or sibling == path or sibling.suffix in (".md", ".markdown"):
            continue
        if target.exists() or not sibling.is_file() or sibling.stat().st_size > _MAX_COPIED:
            continue
        shutil.copy2(sibling, target)
    note = folder / path.name
    if not note.exists() or note.read_text(encoding="utf-8") != changed:
        note.write_text(changed, encoding="utf-8")
    return note
