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

from .check_rules import (
    CheckCrashed,
    ContractBroken,
    CouldNotCheck,
    DeadEnd,
    DuplicateExitLabel,
    FlowchartSyntax,
    KnownFindingGone,
    LimitAboveCeiling,
    MalformedSpec,
    ModuleError,
    NoteWorkerStopped,
    PropertyFails,
    QuoteMissing,
    ReferenceMismatch,
    SnippetOutputDiffers,
    SpecReferenceError,
    StartNotUnique,
    StructureProblem,
    UncheckedClaim,
    UnlabelledExit,
    UnreachableNode,
    UnverifiedBlock,
    UnverifiedClaim,
    UnverifiedListing,
    VacuousBound,
)
from .core import RULES, Finding, LocatedError, Rule, Severity, rule_for
from .input_rules import (
    BadConfig,
    BadFrontMatter,
    EmptyBlock,
    InternalError,
    NoBlocks,
    PathNotFound,
    PythonSyntax,
    StrayKeyword,
    SyntaxErrorInListing,
    UnbalancedBraces,
    UnclosedBlock,
    UnclosedFence,
    UnclosedMath,
    UnmatchedEnd,
    UnreadableFile,
    UnterminatedEnvironment,
    UnusedSuppression,
)
from .math_rules import (
    AmbiguousDirection,
    AmbiguousMath,
    BadInput,
    DidNotTerminate,
    EvaluationFailed,
    FloatingPointTrouble,
    MacroExpansionFailed,
    MathSyntax,
    NotExactValue,
    NotExecutable,
    PreconditionViolated,
    ShapeMismatch,
    UnbalancedDelimiter,
    UnboundName,
    UnboundText,
    UnknownMacro,
    UnsupportedMath,
)

__all__ = [
    "Severity",
    "Finding",
    "Rule",
    "RULES",
    "LocatedError",
    "rule_for",
    "PathNotFound",
    "UnreadableFile",
    "BadFrontMatter",
    "NoBlocks",
    "BadConfig",
    "UnusedSuppression",
    "InternalError",
    "PythonSyntax",
    "SyntaxErrorInListing",
    "UnclosedBlock",
    "UnmatchedEnd",
    "StrayKeyword",
    "UnbalancedBraces",
    "UnclosedMath",
    "EmptyBlock",
    "UnterminatedEnvironment",
    "UnclosedFence",
    "MathSyntax",
    "UnknownMacro",
    "UnbalancedDelimiter",
    "AmbiguousMath",
    "UnsupportedMath",
    "AmbiguousDirection",
    "MacroExpansionFailed",
    "DidNotTerminate",
    "FloatingPointTrouble",
    "UnboundName",
    "UnboundText",
    "ShapeMismatch",
    "EvaluationFailed",
    "BadInput",
    "PreconditionViolated",
    "NotExecutable",
    "NotExactValue",
    "FlowchartSyntax",
    "StartNotUnique",
    "UnreachableNode",
    "DeadEnd",
    "UnlabelledExit",
    "DuplicateExitLabel",
    "ReferenceMismatch",
    "PropertyFails",
    "ContractBroken",
    "SnippetOutputDiffers",
    "StructureProblem",
    "KnownFindingGone",
    "QuoteMissing",
    "CheckCrashed",
    "CouldNotCheck",
    "VacuousBound",
    "MalformedSpec",
    "SpecReferenceError",
    "ModuleError",
    "NoteWorkerStopped",
    "LimitAboveCeiling",
    "UnverifiedListing",
    "UnverifiedClaim",
    "UnverifiedBlock",
    "UncheckedClaim",
]
