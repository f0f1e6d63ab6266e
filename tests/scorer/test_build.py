"""Building records with the scorer: every preset, table size and card source."""

from __future__ import annotations

import pytest

from casino_records.check.replay import replay
from casino_records.record.jsonio import dumps, load
from casino_records.record.simulate import simulate_record
from casino_records.scorer import ScorerSession
from tests.paths import SAMPLES

from .rebuild import rebuild, setup_of
from .test_session import phase

TABLES = [(2, False), (3, False), (4, False), (4, True)]
SOURCES = {"seed": "shuffle", "hands": "hands", "inferred": "appear"}


@pytest.mark.parametrize("preset", ["classic", "royal", "dominican"])
@pytest.mark.parametrize(("players", "teams"), TABLES)
@pytest.mark.parametrize("provenance", list(SOURCES))
def test_every_preset_table_and_source(
    preset: str, players: int, teams: bool, provenance: str
) -> None:
    if preset == "dominican" and players == 4 and not teams:
        pytest.skip("Dominican 4 players play in partnerships (R2.1)")
    record = simulate_record(
        preset,
        players,
        teams=teams,
        seed=f"scorer-{preset}",
        bots=("greedy", "random"),
        provenance=provenance,  # type: ignore[arg-type]
        max_deals=2,
    )
    session = rebuild(record)
    assert session.setup.cards == SOURCES[provenance]
    built = session.record()
    assert built is not None
    assert dumps(built) == dumps(record)
    assert session.violations == []
    report = replay(built).report
    assert report.valid and not report.disputed
    assert report.match is not None
    assert session.standing().totals == tuple(report.match.totals)


@pytest.mark.parametrize(
    "name",
    [
        "royal-3p-match-inferred.json",  # table only: hands inferred
        "classic-2p-tie-play-on.json",  # shuffle seed, a tie played on
        "classic-4p-partnership-hands.json",  # table and hands
        "royal-4p-individual-sweeps.json",
    ],
)
def test_sample_rebuilt_byte_for_byte(name: str) -> None:
    sample = load(SAMPLES / name)
    built = rebuild(sample).record()
    assert built is not None
    assert dumps(built) == dumps(sample)  # the canonical form `fmt` writes


def test_the_phases_of_a_deal() -> None:
    record = simulate_record("classic", 2, seed="phases", provenance="hands")
    session = ScorerSession(setup_of(record))
    assert phase(session) == "table" and session.record() is None
    deal = record.deals[0]
    assert deal.table is not None and deal.rounds[0].hands is not None
    session.set_table(list(deal.table))
    assert phase(session) == "hands" and session.to_move is None
    session.set_hands([list(h) for h in deal.rounds[0].hands])
    assert phase(session) == "move"
    assert session.to_move == session.seating.next_seat(deal.dealer)
    # the picker offers exactly the mover's hand, in pack order
    mover = session.to_move
    assert mover is not None
    hand = deal.rounds[0].hands[mover]
    playable = [str(c) for c in session.playable()]
    assert sorted(playable) == sorted(hand) and len(playable) == 4
