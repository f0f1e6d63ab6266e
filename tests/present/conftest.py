"""Analyses shared by the presentation tests (each made once per session)."""

from __future__ import annotations

import pytest

from casino_records.analysis.analyse import analyse_record, make_settings
from casino_records.analysis.game_analysis import GameAnalysis
from casino_records.record.format.models import GameRecord
from casino_records.record.simulate import simulate_record


@pytest.fixture(scope="session")
def two_record() -> GameRecord:
    """One deal, random (seat 0) against greedy (seat 1)."""
    return simulate_record(
        "classic", 2, seed="graph", bots=["random", "greedy"], max_deals=1
    )


@pytest.fixture(scope="session")
def two(two_record: GameRecord) -> GameAnalysis:
    """``two_record`` analysed with two samples a move."""
    return analyse_record(two_record, make_settings(samples=2, seed="graph"))


@pytest.fixture(scope="session")
def three() -> GameAnalysis:
    """A three-player deal analysed with one sample a move."""
    record = simulate_record("classic", 3, seed="graph", bots=["random"], max_deals=1)
    return analyse_record(record, make_settings(samples=1, seed="graph"))
