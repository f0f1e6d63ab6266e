"""docs/architecture.md stays true to the package: its modules, its layers, its links."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.paths import DOCS, ROOT

ARCHITECTURE = DOCS / "architecture.md"
PACKAGE = ROOT / "casino_records"
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _modules() -> list[Path]:
    """Every public module and subpackage of the library, as a path."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if any(p.startswith("_") and p != "__init__" for p in parts):
            continue  # private (_native, _viewer)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            found.append(Path(*parts))
    return found


def test_every_module_is_named() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z0-9_/]+)`", text))
    missing = [
        str(m)
        for m in _modules()
        if m.name not in named and f"{m.name}/" not in named and str(m) not in named
    ]
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_the_layer_picture_is_the_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    text = ARCHITECTURE.read_text(encoding="utf-8")
    picture = text.split("```", 2)[1]
    names = [name for layer in layers for name in layer.split(" | ")]
    drawn = re.findall(r"^ {3}([a-z0-9]+)/? ", picture, re.MULTILINE)
    assert [d for d in drawn if d in names] == names
    assert set(drawn) - set(names) == {"viewer"}
    quoted = ", ".join(f"`{layer}`" for layer in layers)
    assert re.sub(r"\s+", " ", quoted) in re.sub(r"\s+", " ", text)


DOCUMENTS = [
    ROOT / "README.md",
    *sorted(DOCS.glob("*.md")),
    ROOT / "bench" / "README.md",
]
"""Every document of the project (the sample games' README is the samples' own)."""


@pytest.mark.parametrize(
    "document", DOCUMENTS, ids=lambda p: p.parent.name + "/" + p.name
)
def test_links_to_files_resolve(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    broken = [
        target
        for target in _LINK.findall(text)
        if "://" not in target
        and not target.startswith("mailto:")
        and not (document.parent / target).exists()
    ]
    assert not broken, f"{document.name} links to missing files: {broken}"


_ANCHOR_LINK = re.compile(r"\]\(([^)#\s]*)#([^)\s]+)\)")
_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _anchors(document: Path) -> set[str]:
    """The anchors GitHub gives a document's headings (those outside code blocks)."""
    text = _FENCE.sub("", document.read_text(encoding="utf-8"))
    headings = re.findall(r"^#+ (.*)$", text, re.MULTILINE)
    return {
        re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings
    }


@pytest.mark.parametrize(
    "document", DOCUMENTS, ids=lambda p: p.parent.name + "/" + p.name
)
def test_links_to_headings_resolve(document: Path) -> None:
    text = _FENCE.sub("", document.read_text(encoding="utf-8"))
    broken = [
        f"{target}#{anchor}"
        for target, anchor in _ANCHOR_LINK.findall(text)
        if "://" not in target
        and (not target or target.endswith(".md"))
        and (document.parent / target).exists()  # a missing file: the test above
        and anchor not in _anchors(document.parent / target if target else document)
    ]
    assert not broken, f"{document.name} links to missing headings: {broken}"
