"""The ``algoverify`` command's entry point: the command line, without the collector's needless passes.

A cold ``algoverify lint NOTE`` (the pre-commit hook) spent a third of its CPU in the cyclic
garbage collector, for nothing:

* with CPython's default threshold a pass starts every 700 new containers, and the command
  makes hundreds of thousands of them (modules, grammar tables, parse trees), almost none
  garbage. A young generation of :data:`YOUNG` containers makes passes rare; every cycle is
  still collected, a little later;
* when the interpreter shuts down it collects everything once more, and frees every module.
  The command's files are written and closed by then: its streams are flushed and the process
  ends at once (:func:`os._exit`), as mypy's command does.

It builds the regular expressions it has compiled before from their stored codes
(:mod:`algoverify.syntax.pattern_cache`): compiling the same 470 patterns again was a quarter of
a cold lint of one note.

It leaves out lark's optional collision checker (interegular): lark imports it to compare a
grammar's terminals while it builds the grammar's tables, which the command loads from its cache
(:mod:`algoverify.syntax.grammar`); its import was 4 % of a cold lint. A table built by the command
itself (its first run) is the same table; the tests build every grammar with the checker.

It also starts NumPy's BLAS with one thread (:data:`THREADS`) unless the user chose a count.
OpenBLAS starts a thread per core when it loads, a third of NumPy's import, and the sizes a
check draws are far too small for threads to pay; the run's parallelism is its lanes (``--jobs``),
which threads per lane would oversubscribe (joblib's workers limit theirs for the same reason).

And it gives sympy's cache room (:data:`SYMPY_CACHE`) unless the user set its size: a proof asks
the same assumptions (is this term positive, zero, real?) of the same subexpressions at every
size, and sympy's default of 1,000 entries per function lets them go between two sizes. A small
gain at most: the corpus, checked cold in one process, took 0.955× of the CPU with 20,000 in one
series of 6 alternated pairs and 0.99× in another of 5 (both on a busy machine).
"""

from __future__ import annotations

#: New containers between two passes of the collector over the young generation (CPython: 700).
YOUNG = 50_000
#: The thread counts of the BLAS and OpenMP libraries NumPy may load, set to 1 where unset.
THREADS = (
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
)
#: Entries of each of sympy's caches (sympy: 1,000), read once, when sympy is imported.
SYMPY_CACHE = "20000"


def main() -> int:
    """Run the command line (:func:`algoverify.cli.main`); end the process with its exit status."""
    import gc
    import os
    import sys

    for name in THREADS:  # before NumPy loads: a BLAS reads its count once
        os.environ.setdefault(name, "1")
    os.environ.setdefault("SYMPY_CACHE_SIZE", SYMPY_CACHE)
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
    # lark imports interegular only to check a grammar's terminals for collisions while it builds
    # the grammar's tables, which the command loads from its cache; the tests build them with it
    sys.modules.setdefault("interegular", None)  # type: ignore[arg-type]
    patterns = _stored_patterns()
    from .cli import main as run

    status = run()
    if patterns is not None:
        patterns.save()
    if "coverage" in sys.modules:  # a measured run writes its data when the interpreter exits
        return status
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a reader that went away: the interpreter's own exit says so
        return status
    os._exit(status)


def _stored_patterns():  # noqa: ANN202 - the module, or None
    """Regular expressions built from their stored codes (:mod:`algoverify.syntax.pattern_cache`), if it installs."""
    try:
        from .syntax import pattern_cache

        return pattern_cache if pattern_cache.install() else None
    except Exception:  # noqa: BLE001 - an optimisation: the command runs the same without it
        return None
