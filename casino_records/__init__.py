"""casino-records: record, replay, validate and re-score games of Casino."""

from __future__ import annotations

__version__ = "0.1.0"
