"""Phase 3, math: LaTeX math text → a typed tree → sympy expressions or NumPy closures.

In: math segments with their offsets. Out: :mod:`~algoverify.math.mathexpr` trees (parsed by
``grammars/math.lark``), identifiers for LaTeX names (:mod:`~algoverify.math.names`), sympy
expressions (:mod:`~algoverify.math.symbolic`), and compiled closures over NumPy
(:mod:`~algoverify.math.numeric`, with generated code from :mod:`~algoverify.math.codegen`,
big operators from :mod:`~algoverify.math.bigops`, shared operations in
:mod:`~algoverify.math.ops` and the function table in :mod:`~algoverify.math.functions`).
Parsing imports neither sympy nor numpy: the lint path stops at the tree.
"""
