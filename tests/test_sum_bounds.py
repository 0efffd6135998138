r"""A big operator's bound cannot read its own index: ``\sum_{i=1}^{i} x_i`` is said, never summed over every entry.

Found by ``algoverify mutate`` on the corpus's layer norm: the mutant ``\sum_{i=1}^{d}`` →
``\sum_{i=1}^{i}`` survived, because the unbound ``i`` in the upper limit was read as a size
taken from ``x`` (as an undeclared ``d`` is) and the sum ran over all of ``x``.
"""

from __future__ import annotations

import pytest

from algoverify import api

NOTE = """---
title: s
---

\\begin{{algorithmic}}[1]
\\Require vector \\(x \\in \\mathbb{{R}}^{{n}}\\)
\\State \\(s \\gets {sum}\\)
\\Return \\(s\\)
\\end{{algorithmic}}
"""


@pytest.mark.parametrize(
    ("written", "column"),
    [
        (r"\sum_{i=1}^{i} x_i", 30),
        (r"\sum_{j=j}^{n} x_j", 26),
        (r"\prod_{k=1}^{k + 1} x_k", 31),
    ],
)
def test_a_bound_that_reads_the_index_is_an_unbound_name_at_its_place(tmp_path, written, column):
    path = tmp_path / "s.md"
    path.write_text(NOTE.format(sum=written))
    (report,) = api.lint([path]).notes
    findings = [f for f in report.findings if f.code == "AV303"]
    assert len(findings) == 1, [f.message for f in report.findings]
    (finding,) = findings
    assert finding.message.startswith(f"{written.split('=')[0][-1]} is not defined")
    if written.startswith(r"\sum_{i=1}^{i}"):  # the index alone as the bound: the sum's own words
        expected = (
            r"i is not defined: it is the index of this \sum, a bound cannot read it (this statement will not run)"
        )
        assert finding.message == expected
    assert report.note.source.line_col(finding.span.start) == (7, column)


def test_a_bound_that_reads_another_name_still_runs(tmp_path):
    path = tmp_path / "s.md"
    path.write_text(NOTE.format(sum=r"\sum_{i=1}^{n - 1} x_i"))
    listing = api.load(path).listing(1)
    assert listing(x=[1.0, 2.0, 4.0]) == 3.0
