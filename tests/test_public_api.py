"""The package's public names: one table, and the type checkers' imports agree with it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import casino_records
from tests.paths import ROOT


def test_the_lazy_table_and_the_type_checking_imports_agree() -> None:
    tree = ast.parse((ROOT / "casino_records" / "__init__.py").read_text())
    guarded = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    imported = {
        alias.name: (node.module or "")
        for node in guarded.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert imported == casino_records._LAZY


def test_every_public_name_loads_from_its_module() -> None:
    assert casino_records.__all__ == sorted(["COMPILED", *casino_records._LAZY])
    for name, module in casino_records._LAZY.items():
        value = getattr(casino_records, name)
        assert value is getattr(
            importlib.import_module(f"casino_records.{module}"), name
        )


def test_a_record_is_read_replayed_and_written_from_the_top_level(
    tmp_path: Path,
) -> None:
    from tests.paths import SAMPLES

    record = casino_records.load(SAMPLES / "disputed-most-cards.json")
    assert casino_records.replay(record).report.status == "disputed"
    assert casino_records.loads(casino_records.dumps(record)) == record
    assert casino_records.read_text(casino_records.write_text(record)) == record
    casino_records.dump(record, tmp_path / "copy.json")
    assert casino_records.load(tmp_path / "copy.json") == record
