"""Checking, evidence: the engines that decide whether a claim holds, for any kind of check.

In: a check, the values to try and the listing or functions to run. Out: a counterexample, a
proof, or neither. :mod:`~algoverify.checking.evidence.trials` runs seeded trials within a
budget, shrinks a failure and writes the command that reproduces it;
:mod:`~algoverify.checking.evidence.proof` proves ``holds:`` relations with sympy and
:mod:`~algoverify.checking.evidence.refproof` a reference's agreement, over the symbolic run of
a listing (:mod:`~algoverify.checking.evidence.symexec`, on
:mod:`~algoverify.checking.evidence.lowering`) and of a snippet's Python
(:mod:`~algoverify.checking.evidence.pysym`, on :mod:`~algoverify.checking.evidence.pysymlib`).
"""
