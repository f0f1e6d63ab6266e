"""Building records with the scorer: every preset, table size and card source."""

from __future__ import annotations

import pytest

from casino_records.check.replay import replay
from casino_records.engine.rules import Rules
from casino_records.engine.seating import Seating
from casino_records.errors import RulesError
from casino_records.record.json.jsonio import dumps, load
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import move_notation
from casino_records.scorer import ScorerSession
from tests.paths import SAMPLES

from .rebuild import rebuild, setup_of
from .test_session import phase

TABLES = [(2, False), (3, False), (4, False), (4, True)]
SOURCES = {"seed": "shuffle", "hands": "hands", "inferred": "appear"}


PARTNERS = ((0, 2), (1, 3))


def playable(preset: str, players: int, teams: bool) -> bool:
    """Whether the preset's rules seat this table (Dominican: 4 play as partners, R2.1)."""
    try:
        Seating.create(Rules.from_preset(preset), players, PARTNERS if teams else None)
    except RulesError:
        return False
    return True


GAMES = [
    (preset, players, teams)
    for preset in ("classic", "royal", "dominican")
    for players, teams in TABLES
    if playable(preset, players, teams)
]
"""Every preset at every table size its rules allow."""


def test_only_dominican_4_alone_is_left_out() -> None:
    left_out = {
        (p, n, t) for p in ("classic", "royal", "dominican") for n, t in TABLES
    } - set(GAMES)
    assert left_out == {("dominican", 4, False)}


@pytest.mark.parametrize(("preset", "players", "teams"), GAMES)
@pytest.mark.parametrize("provenance", list(SOURCES))
def test_every_preset_table_and_source(
    preset: str, players: int, teams: bool, provenance: str
) -> None:
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


@pytest.mark.parametrize("provenance", list(SOURCES))
def test_a_record_saved_mid_round_replays_as_unfinished(provenance: str) -> None:
    """D7: saved in the middle of a round, hands unknown or not, the record is
    valid and replays as far as it goes (the compiled replay included)."""
    record = simulate_record(
        "classic", 2, seed="mid-round", bots=("greedy", "random"),
        provenance=provenance, max_deals=1,  # type: ignore[arg-type]
    )  # fmt: skip
    session = ScorerSession(setup_of(record))
    deal = record.deals[0]
    if session.setup.cards != "shuffle":
        assert deal.table is not None
        session.set_table(list(deal.table))
    for r, round_ in enumerate(deal.rounds[:2]):
        if session.setup.cards == "hands":
            assert round_.hands is not None
            session.set_hands([list(hand) for hand in round_.hands])
        for move in round_.moves[: 3 if r else None]:  # round 2 stops at move 11
            session.play(move_notation(move))
    built = session.record()
    assert built is not None
    report = replay(built).report
    assert report.status == "ok" and report.findings == []
    (played,) = report.deals
    assert (played.moves, played.complete) == (11, False)
