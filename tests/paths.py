"""Where the tests find the repository's files."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
"""The repository's top folder."""
SAMPLES: Final = ROOT / "sample_games"
"""The bundled sample records."""
DOCS: Final = ROOT / "docs"
"""The project's documentation."""
PEER_GAMES: Final = Path(__file__).resolve().parent / "data" / "peer-games"
"""Deals played by an independent engine (see its README for where they come from)."""
BIN: Final = Path(sys.executable).parent
"""The scripts folder of the environment running the tests."""
CLI: Final = str(BIN / "casino-records")
"""The installed ``casino-records`` command of that environment."""
