"""Phase 1, reading: a path → notes and their blocks, every byte with its position.

In: paths (files or folders). Out: :class:`~algoverify.reading.notes.Note` objects (source text
with its line index, front matter, prose) and their :class:`~algoverify.reading.blocks.Block`
list (algorithmic listings, display math, Python snippets, mermaid charts), each with the span
it occupies in the note, and the sentences of its prose (:mod:`~algoverify.reading.prose`).
Nothing here parses LaTeX beyond finding where blocks begin and end.
"""
