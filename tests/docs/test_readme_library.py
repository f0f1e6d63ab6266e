"""The README's library examples (its ``>>>`` lines) run as shown."""

from __future__ import annotations

import doctest

from tests.paths import ROOT

README = ROOT / "README.md"


def test_readme_library_examples_run_as_shown() -> None:
    result = doctest.testfile(str(README), module_relative=False, verbose=False)
    assert result.attempted >= 8
    assert result.failed == 0
