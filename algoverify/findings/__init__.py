"""Findings and the rule registry: every diagnostic algoverify emits is a registered rule.

In: nothing of the pipeline (every phase raises and returns these). Out: :class:`Finding` (a code,
a severity, a message, a path and a span), :class:`LocatedError` (a rule and a span, raised inside
the core and turned into a finding by the API), and :data:`RULES`, each code's class.

A rule is a class named for the problem, with a code, a severity, a message
template and a docstring in three sections (What / Why / Example). The
:data:`RULES` table, filled as the classes are defined, is the one source of
truth: the CLI's ``--explain``, the SARIF rule list and the registry test all
read it. Codes are grouped by family:

========  =======================================
AV0xx     input: missing paths, unreadable files
AV1xx     parse: blocks and the algorithmic grammar
AV2xx     math: the LaTeX math grammar and names
AV3xx     runtime: executing a listing
AV4xx     failed checks
AV5xx     spec errors
AV6xx     unverified listings and claims
AV7xx     flowchart structure
========  =======================================

The rules are defined by family in :mod:`.input_rules`, :mod:`.math_rules` and :mod:`.check_rules`,
the registry in :mod:`.core`.
"""

from __future__ import annotations

from . import check_rules, core, input_rules, math_rules
from .check_rules import *  # noqa: F403 - the rules by family, re-exported: one import path for every phase
from .core import *  # noqa: F403
from .input_rules import *  # noqa: F403
from .math_rules import *  # noqa: F403

__all__ = [*core.__all__, *input_rules.__all__, *math_rules.__all__, *check_rules.__all__]
