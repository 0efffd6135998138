"""Front matter read by libyaml gives the values and positions the pure-Python loader gives.

``lint`` reads every note's front matter twice: its values (:func:`algoverify.reading.notes._load_yaml`)
and its nodes' positions (:class:`~algoverify.checking.specification.frontmatter_marks._Marks`),
which findings point at. libyaml does both in a tenth of the time; these tests hold that what
it gives is what the pure-Python loader gives — on Unicode beyond the BMP, combining marks,
CRLF line ends, LaTeX in quotes — and that a mistake is still reported by the pure-Python
loader, at the same place as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.checking.specification.frontmatter_marks import _Marks
from algoverify.reading import notes

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML was built without libyaml")

ROOT = Path(__file__).resolve().parents[1]

TEXTS = [
    'a: "𝑥 ≤ 𝑦"\nb: [1, 2]\n',
    'a: 1\r\nb: "é"\r\nc: 3\r\n',
    'k:\n  - "e\u0301"\n  - x\n',
    "holds: '\\lVert v \\rVert \\leq 1'\nclaim: \"the norm’s bound\"\n",
    "checks:\n  - id: c\n    draw: {n: 'integers(1, 5)', x: 'randn(n)'}\n    let: {f(z): '\\sum_i z_i'}\n",
    "a: &x [1, 2]\nb: *x\nc: !!float 1e3\n",
]


def _nodes(text: str, loader: type) -> list[tuple] | str:
    """Every node's kind, tag, start, end and scalar value; or the error's class when the loader refuses."""
    out: list[tuple] = []

    def walk(node) -> None:  # noqa: ANN001
        value = node.value if isinstance(node.value, str) else None
        out.append((type(node).__name__, node.tag, node.start_mark.index, node.end_mark.index, value))
        if isinstance(node.value, list):
            for item in node.value:
                for part in item if isinstance(item, tuple) else (item,):
                    walk(part)

    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as exc:
        return type(exc).__name__
    if root is not None:
        walk(root)
    return out


@pytest.mark.parametrize("text", TEXTS)
def test_libyaml_gives_the_values_and_positions_of_the_pure_python_loader(text):
    assert _nodes(text, yaml.CSafeLoader) == _nodes(text, yaml.SafeLoader)
    assert notes._fast_yaml(text)[0] == yaml.load(text, Loader=notes._yaml_loader())  # noqa: S506


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=8), st.text(max_size=20), max_size=5))
def test_any_mapping_of_strings_reads_the_same_either_way(mapping):
    text = yaml.safe_dump(mapping, allow_unicode=True)
    fast, _ = notes._fast_yaml(text)
    assert fast is notes._UNREAD or fast == yaml.load(text, Loader=notes._yaml_loader())  # noqa: S506
    assert _nodes(text, yaml.CSafeLoader) == _nodes(text, yaml.SafeLoader)


def test_every_front_matter_of_the_corpus_and_fresh_notes_has_the_same_marks_either_way():
    compared = 0
    for path in sorted([*ROOT.glob("corpus/*.md"), *ROOT.glob("tests/data/fresh/*/*.md")]):
        note = notes.read_note(path)
        if note is None or note.front_matter_format != "yaml" or note.front_matter_span is None:
            continue
        text = note.source.segment(note.front_matter_span)
        assert _nodes(text, yaml.CSafeLoader) == _nodes(text, yaml.SafeLoader), path
        compared += 1
    assert compared > 500


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('claim: "a \\( b"\n', "LaTeX in double quotes needs its backslashes doubled"),
        ("a: [1, 2\n", "expected ',' or ']'"),
        ("date: 2026-13-45\n", "bad value"),
    ],
)
def test_a_mistake_is_reported_by_the_pure_python_loader_at_its_place(text, said):
    with pytest.raises(notes._FrontMatterError) as info:
        notes._load_yaml(text)
    assert said in str(info.value)


def test_marks_fall_back_to_the_pure_python_composer(monkeypatch, tmp_path):
    path = tmp_path / "n.md"
    path.write_text("---\ntitle: t\nalgoverify:\n  checks: []\n---\nProse.\n")

    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if kwargs.get("Loader") is yaml.CSafeLoader:
            raise yaml.YAMLError("libyaml refuses")
        return compose(*args, **kwargs)

    compose = yaml.compose
    monkeypatch.setattr(yaml, "compose", refuse)
    monkeypatch.setattr(notes, "_fast_yaml", lambda raw: (notes._UNREAD, None))
    note = notes.read_note(path)
    assert "front_matter_nodes" not in note.__dict__  # read by the pure-Python loader: no tree kept
    marks = _Marks(note)
    assert marks.root is not None and marks.span(("title",)) is not None


@pytest.mark.parametrize(
    ("front", "kept"),
    [
        ("title: t\nalgoverify:\n  checks:\n    - kind: claim\n      holds: 'x \\ge 0'\n", True),
        # building a mapping with a merge key rewrites its node: the marks come from a fresh composition
        ("base: &b {rtol: 1}\nalgoverify:\n  <<: *b\n  checks: []\n", False),
        ("title: t\n= : 2\n", False),  # YAML's value key: its tag is rewritten too
    ],
)
def test_a_note_keeps_the_tree_its_values_were_built_from_when_building_left_it_as_composed(tmp_path, front, kept):
    path = tmp_path / "n.md"
    path.write_text(f"---\n{front}---\nProse.\n")
    note = notes.read_note(path)
    assert ("front_matter_nodes" in note.__dict__) is kept
    text = note.source.segment(note.front_matter_span)
    fresh = yaml.compose(text, Loader=yaml.SafeLoader)

    def marks(node):  # noqa: ANN001, ANN202
        out = [(node.tag, node.start_mark.index, node.end_mark.index)]
        for item in node.value if isinstance(node.value, list) else ():
            for part in item if isinstance(item, tuple) else (item,):
                out.extend(marks(part))
        return out

    assert marks(note.front_matter_nodes) == marks(fresh)
