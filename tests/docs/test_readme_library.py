"""The library examples (the ``>>>`` lines) of the README and of the docs run as shown."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from tests.paths import DOCS, ROOT

README = ROOT / "README.md"
EXAMPLES = {README: 7, DOCS / "library.md": 16, DOCS / "viewer.md": 6}
"""Each document with library examples, and how many it has at least."""


@pytest.mark.parametrize("document", list(EXAMPLES), ids=lambda p: p.name)
def test_library_examples_run_as_shown(
    document: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the examples name sample_games/ from the top folder
    result = doctest.testfile(str(document), module_relative=False, verbose=False)
    assert result.attempted >= EXAMPLES[document]
    assert result.failed == 0
