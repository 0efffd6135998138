"""Phase 2, listing syntax: an algorithmic block → the IR.

In: a block's text and its offset in the note. Out: :mod:`~algoverify.syntax.ir` trees built
by :mod:`~algoverify.syntax.build` from ``grammars/algorithmic.lark`` (loaded by
:mod:`~algoverify.syntax.grammar`, which every grammar user shares), with a span on every node;
math stays as text segments (:class:`~algoverify.syntax.ir.Math`) for the next phase. Before the
grammar: :mod:`~algoverify.syntax.definitions` (blocks and macros the paper defines) and
:mod:`~algoverify.syntax.prepass` (formatting blanked, offsets kept), both over
:mod:`~algoverify.syntax.texscan`. Also the way back: :mod:`~algoverify.syntax.unparse`
(IR → LaTeX) and :mod:`~algoverify.syntax.plaintext`.
"""
