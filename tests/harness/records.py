"""Records changed for a test: a copy edited through its JSON data."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio


def edited(
    record: GameRecord, change: Callable[[dict[str, Any]], object]
) -> GameRecord:
    """A copy of ``record`` with ``change`` applied to its JSON data."""
    data = json.loads(jsonio.dumps(record))
    change(data)
    return jsonio.loads(json.dumps(data))
