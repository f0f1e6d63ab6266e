"""Pytest plugin: doctests of the compiled engine modules run from source.

Registered from ``tests/conftest.py``. When the engine runs compiled (see
:mod:`casino_records._native`), pytest cannot collect doctests from extension
modules, so the compiled modules are left out of doctest collection here and
``tests/native/test_native.py`` runs their doctests in a pure-Python subprocess instead.
The terminal summary says which build the suite ran against.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import casino_records
from casino_records._native import COMPILED_MODULES, source_of

_COMPILED_SOURCES = {source_of(module) for module in COMPILED_MODULES}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip collecting a compiled module's source file (its doctests run elsewhere)."""
    if casino_records.COMPILED and collection_path in _COMPILED_SOURCES:
        return True
    return None


def pytest_report_header(config: pytest.Config) -> str:
    """Name the engine build under test."""
    build = "compiled (mypyc)" if casino_records.COMPILED else "pure Python"
    return f"casino_records engine: {build}"
