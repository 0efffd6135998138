"""Import paths that moved: each still works for one minor version, warns, and gives the new module.

A user's ``import algoverify.checking.spec`` or ``from algoverify.generators import register``
keeps working until algoverify :data:`REMOVED_IN`: the finder :func:`install` puts at the head of
``sys.meta_path`` answers for the paths of :data:`MOVED` alone, warns ``DeprecationWarning``
naming the new path, and puts the new module itself under the old name, so both give the same
objects (never a copy). ``python -m OLD.PATH`` runs the new module. Nothing of algoverify's own
imports an old path (``tests/test_architecture.py`` checks), and none of them is a file.
"""

from __future__ import annotations

import sys
import warnings
from importlib import import_module
from importlib.machinery import ModuleSpec
from types import CodeType, ModuleType

#: the minor version in which the old paths stop working
REMOVED_IN = "0.3"

#: old import path -> the module's home now
MOVED = {
    # issue 22: checking/ by role, and the running of many notes a phase of its own
    "algoverify.checking.schema": "algoverify.checking.specification.schema",
    "algoverify.checking.spec": "algoverify.checking.specification.spec",
    "algoverify.checking.statement_refs": "algoverify.checking.specification.statement_refs",
    "algoverify.checking.frontmatter_marks": "algoverify.checking.specification.frontmatter_marks",
    "algoverify.checking.context": "algoverify.checking.specification.context",
    "algoverify.checking.cues": "algoverify.checking.specification.cues",
    "algoverify.checking.claims": "algoverify.checking.specification.claims",
    "algoverify.checking.coverage": "algoverify.checking.specification.coverage",
    "algoverify.checking.trials": "algoverify.checking.evidence.trials",
    "algoverify.checking.proof": "algoverify.checking.evidence.proof",
    "algoverify.checking.lowering": "algoverify.checking.evidence.lowering",
    "algoverify.checking.symexec": "algoverify.checking.evidence.symexec",
    "algoverify.checking.pysym": "algoverify.checking.evidence.pysym",
    "algoverify.checking.pysymlib": "algoverify.checking.evidence.pysymlib",
    "algoverify.checking.refproof": "algoverify.checking.evidence.refproof",
    "algoverify.checking.sandbox": "algoverify.checking.sandboxing.sandbox",
    "algoverify.checking.snippetworker": "algoverify.checking.sandboxing.snippetworker",
    "algoverify.checking.snippets": "algoverify.checking.sandboxing.snippets",
    "algoverify.checking.snippetcalls": "algoverify.checking.sandboxing.snippetcalls",
    "algoverify.checking.reference": "algoverify.checking.kinds.reference",
    "algoverify.checking.property": "algoverify.checking.kinds.property",
    "algoverify.checking.contract": "algoverify.checking.kinds.contract",
    "algoverify.checking.snippet": "algoverify.checking.kinds.snippet",
    "algoverify.checking.equation": "algoverify.checking.kinds.equation",
    "algoverify.checking.structure": "algoverify.checking.kinds.structure",
    "algoverify.checking.flowchart": "algoverify.checking.kinds.flowchart",
    "algoverify.checking.runner": "algoverify.checking.kinds.runner",
    "algoverify.checking.subjects": "algoverify.checking.kinds.subjects",
    "algoverify.checking.entries": "algoverify.checking.kinds.entries",
    "algoverify.checking.lint_rules": "algoverify.checking.lint.lint_rules",
    "algoverify.checking.listing_names": "algoverify.checking.lint.listing_names",
    "algoverify.checking.runs": "algoverify.orchestration.runs",
    "algoverify.checking.pool": "algoverify.orchestration.pool",
    "algoverify.checking.isolation": "algoverify.orchestration.isolation",
    "algoverify.checking.cache": "algoverify.orchestration.cache",
    "algoverify.checking.portable": "algoverify.orchestration.portable",
    "algoverify.checking.wire": "algoverify.orchestration.wire",
    # the package by phase (reading/ syntax/ math/ running/ checking/ reporting/)
    "algoverify.bigops": "algoverify.math.bigops",
    "algoverify.blocks": "algoverify.reading.blocks",
    "algoverify.build": "algoverify.syntax.build",
    "algoverify.codegen": "algoverify.math.codegen",
    "algoverify.coverage": "algoverify.checking.specification.coverage",
    "algoverify.flowchart": "algoverify.checking.kinds.flowchart",
    "algoverify.functions": "algoverify.math.functions",
    "algoverify.generators": "algoverify.running.generators",
    "algoverify.grammar": "algoverify.syntax.grammar",
    "algoverify.interpreter": "algoverify.running.interpreter",
    "algoverify.ir": "algoverify.syntax.ir",
    "algoverify.listing": "algoverify.running.listing",
    "algoverify.mathexpr": "algoverify.math.mathexpr",
    "algoverify.names": "algoverify.math.names",
    "algoverify.notes": "algoverify.reading.notes",
    "algoverify.numeric": "algoverify.math.numeric",
    "algoverify.plaintext": "algoverify.syntax.plaintext",
    "algoverify.runcmd": "algoverify.running.runcmd",
    "algoverify.snippets": "algoverify.checking.sandboxing.snippets",
    "algoverify.spec": "algoverify.checking.specification.spec",
    "algoverify.stepper": "algoverify.running.stepper",
    "algoverify.symbolic": "algoverify.math.symbolic",
    "algoverify.unparse": "algoverify.syntax.unparse",
    "algoverify.values": "algoverify.running.values",
    # the first layout's subpackages
    "algoverify.checks": "algoverify.checking",
    "algoverify.checks.context": "algoverify.checking.specification.context",
    "algoverify.checks.contract": "algoverify.checking.kinds.contract",
    "algoverify.checks.property": "algoverify.checking.kinds.property",
    "algoverify.checks.reference": "algoverify.checking.kinds.reference",
    "algoverify.checks.snippet": "algoverify.checking.kinds.snippet",
    "algoverify.checks.structure": "algoverify.checking.kinds.structure",
    "algoverify.checks.trials": "algoverify.checking.evidence.trials",
    "algoverify.reporters": "algoverify.reporting",
    "algoverify.reporters.checks": "algoverify.reporting.checks",
    "algoverify.reporters.common": "algoverify.reporting.common",
    "algoverify.reporters.github": "algoverify.reporting.github",
    "algoverify.reporters.json": "algoverify.reporting.json",
    "algoverify.reporters.sarif": "algoverify.reporting.sarif",
    "algoverify.reporters.text": "algoverify.reporting.text",
}


def message(old: str) -> str:
    """What the warning for ``old`` says."""
    return f"{old} is deprecated: import {MOVED[old]} instead (the old path goes in algoverify {REMOVED_IN})"


class _OldPaths:
    """A finder and loader for the old paths: the old name gets the new module."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        return ModuleSpec(fullname, self) if fullname in MOVED else None

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # a placeholder, replaced in sys.modules by exec_module

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        warnings.warn(message(old), DeprecationWarning, stacklevel=2)
        sys.modules[old] = import_module(MOVED[old])

    def get_code(self, fullname: str) -> CodeType:
        """For ``python -m OLD.PATH``: run the new module as ``__main__``."""
        warnings.warn(message(fullname), DeprecationWarning, stacklevel=2)
        return compile(
            f"import runpy\nrunpy.run_module({MOVED[fullname]!r}, run_name='__main__', alter_sys=True)\n",
            fullname,
            "exec",
        )


def install() -> None:
    """Put the finder of the old paths first in ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())
