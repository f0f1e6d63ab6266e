"""Hands unknown: the checks that need the hand run once the hand is known."""

from __future__ import annotations

import pytest

from casino_records.check.replay import replay
from casino_records.scorer import EntryError, GameSetup, ScorerSession

# Ana (seat 0) holds 2D KH QH JH, Ben (seat 1) 8C 3C KS QS; Ben deals.
# Ana builds 8 without an 8 in hand (B4): nobody can know until her last card.
ROUND = [
    "2D +8 6C",  # Ana: B1 worth 8 (needs an 8 in hand: she has none)
    "8C x 2D 6C",  # Ben takes the build
    "KH -",
    "KS x KH",
    "QH -",
    "QS x QH",
    "JH -",  # Ana's fourth card: her hand is known, B4 is broken at move 1
    "3C -",
]


def appear_session(table: str = "4S 5D 6C 9C") -> ScorerSession:
    session = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=1))
    session.set_table(table.split())
    return session


def test_b4_is_found_at_the_move_that_broke_it_once_the_hand_is_known() -> None:
    session = appear_session()
    for k, move in enumerate(ROUND):
        session.play(move)
        if k < 6:
            assert session.violations == [], f"found too early, after move {k + 1}"
    (found,) = session.violations
    assert (found.loc, found.rule, found.seat) == ("/deals/0/rounds/0/moves/0", "B4", 0)
    assert found.decided_by == "/deals/0/rounds/0/moves/6"
    assert (found.place.deal, found.place.round, found.place.move) == (0, 0, 0)
    assert found.message == (
        "Ana holds no card to capture the build of 8 (2♦ 6♣) after this move"
    )
    # exactly the replay's finding on the round once its hands are inferred
    record = session.record()
    assert record is not None
    (error,) = [f for f in replay(record).report.findings if f.severity == "error"]
    assert (error.loc, error.rule, error.message) == (
        found.loc,
        found.rule,
        found.message,
    )
    assert found.where == error.where
    # play goes on from what the move did
    assert session.phase == "move" and session.live() is not None


def test_undo_takes_the_violation_back() -> None:
    session = appear_session()
    for move in ROUND[:7]:
        session.play(move)
    assert session.violations
    session.undo()
    assert session.violations == []
    session.play("JH -")
    assert session.violations


def test_a_check_fires_at_once_when_no_unseen_card_could_meet_it() -> None:
    session = appear_session("8S 8H 8D 2C")
    session.play("8C x 8S")  # every 8 is now seen
    session.play("5H -")
    with pytest.raises(EntryError) as caught:
        session.play("6D +8 2C")
    assert caught.value.rule == "B4"
    assert "6♦ builds 8 onto 2♣" not in [c.words for c in session.candidates("6D")]
    # a value still unseen may be built
    assert any(c.words == "3♦ builds 5 onto 2♣" for c in session.candidates("3D"))


def test_g1_found_when_the_owner_s_hand_is_known() -> None:
    # Ana (2D 8H 3S JH) builds 8 holding 8H, then spends 8H elsewhere (G1).
    session = appear_session("4S 4D 6C 9C")
    moves = ["2D +8 6C", "KS -", "8H x 4S 4D", "8C x 2D 6C", "3S -", "QS -"]
    for move in moves:
        session.play(move)
    assert session.violations == []
    session.play("JH -")
    (found,) = session.violations
    assert (found.loc, found.rule) == ("/deals/0/rounds/0/moves/2", "G1")
    assert found.decided_by == "/deals/0/rounds/0/moves/6"
    session.play("3C -")
    record = session.record()
    assert record is not None
    (error,) = [f for f in replay(record).report.findings if f.severity == "error"]
    assert (error.loc, error.rule, error.message) == (
        found.loc,
        found.rule,
        found.message,
    )


def test_owner_may_not_trail_needs_no_hand() -> None:
    session = appear_session()
    session.play("2D +8 6C")
    session.play("KS -")
    with pytest.raises(EntryError) as caught:
        session.play("KH -")
    assert caught.value.rule == "R9.2"


def test_a_card_seen_already_cannot_be_played() -> None:
    session = appear_session()
    with pytest.raises(EntryError) as caught:
        session.candidates("9C")
    assert caught.value.rule == "R1.1"
