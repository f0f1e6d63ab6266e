"""The scale extra (Dask, pyarrow, DuckDB) that ``bulk`` and ``stats`` need: said when it is missing."""

from __future__ import annotations

from typing import Final

from .exits import UnreadableInput

__all__ = ["SCALE_MISSING", "need_scale"]


SCALE_MISSING: Final = (
    "{command} needs the scale extra (Dask, pyarrow, DuckDB):"
    " pip install 'casino-records[scale]'"
)


def need_scale(command: str) -> None:
    """Stop ``command`` with what to install when the scale extra is missing."""
    import importlib.util

    for module in ("distributed", "pyarrow", "duckdb"):
        if importlib.util.find_spec(module) is None:
            raise UnreadableInput(SCALE_MISSING.format(command=command))
