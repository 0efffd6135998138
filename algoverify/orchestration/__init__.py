"""Phase 6, orchestration: many notes run as one: their order, lanes, workers and cache.

In: the notes' paths and what checks one note (a :class:`~algoverify.orchestration.runs.Job`).
Out: each note's report, in path order as soon as it is done, with progress on the way. Not
checking itself, but what runs it over many notes:
:mod:`~algoverify.orchestration.runs` (order and streaming), :mod:`~algoverify.orchestration.pool`
(the forked lanes of ``--jobs``), :mod:`~algoverify.orchestration.cluster` (the notes as tasks on a
Dask cluster, ``--scheduler``), :mod:`~algoverify.orchestration.isolation` (each note in a
worker of its own, under a deadline and a memory ceiling), :mod:`~algoverify.orchestration.cache`
(a note's results stored by content), and what crosses between those processes: JSON frames
(:mod:`~algoverify.orchestration.wire`) of findings, outcomes and reports
(:mod:`~algoverify.orchestration.portable`).
"""
