"""Replay the 199 deals of an independent Casino engine (``tests/data/peer-games``).

At every position the moves our generator lists are compared with that engine's
list, and every deal's final counts and points with its claimed result.

Known, accepted difference (RULES.md R1.4, R1.5, A32): in royal a *lone* ace may
stand for 14 as one group among several (``AC`` takes ``{AS}{7S,2H,5D}`` as 14;
``9D`` builds 14 onto ``AD 5D`` as ``{[9D,5D],[AD]}``; aces alone are "building
aces" declared 14). The peer engine never lets a lone ace be 14 except the
capturing card itself, and declares a build made only of aces as 1 (our engine
refuses value 1 in royal). So, position by position:

- every move only in our list announces or captures at 14 and, regrouped, needs
  a lone ace to stand for 14;
- every move only in theirs is an aces-only build declared 1 whose twin declared
  14 is in our list (the README's known flaw, an ace covering both a 1-build and
  a 14-build, would also show here; it does not occur in these deals).
"""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from casino_records.engine.cards import Card, parse_card
from casino_records.engine.movegen import generate_legal_moves
from casino_records.engine.moves import Action, Build, Move
from casino_records.engine.play import apply_move, next_round
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import score_piles
from casino_records.engine.seating import Seating
from casino_records.engine.state import DealState
from tests.paths import PEER_GAMES

EXPECTED = {
    # preset: (records, positions that differ, moves only ours, moves only theirs)
    "classic": (100, 0, 0, 0),
    "royal": (99, 65, 208, 6),
}


def move_of(obj: dict[str, Any]) -> Move:
    """Read a move object of the notation (``take``/``onto`` list table cards)."""
    seat, played = obj["seat"], parse_card(obj["card"])
    if obj["action"] == "trail":
        return Move.trail(seat, played)
    if obj["action"] == "capture":
        take = [parse_card(c) for c in obj["take"]]
        return Move.capture(seat, played, take, obj.get("value"))
    assert obj["action"] == "build", obj
    onto = [parse_card(c) for c in obj["onto"]]
    return Move.build(seat, played, onto, obj["value"])


def hands_of(round_obj: dict[str, Any]) -> list[list[Card]]:
    return [[parse_card(c) for c in hand] for hand in round_obj["hands"]]


# --- the accepted difference, checked independently of the engine -----------------


def _low(c: Card) -> int:
    return c.rank  # royal: ace 1 in a sum, J Q K 11 12 13


def splits_into_sums(cards: list[Card], value: int = 14) -> bool:
    """Can ``cards`` be split into groups of 2+ cards each summing to ``value``?

    That is how the peer engine groups table cards: no lone ace stands for 14.
    """
    if not cards:
        return True
    first, rest = cards[0], cards[1:]

    def extend(chosen: list[Card], start: int, total: int) -> bool:
        if total == value and len(chosen) >= 2:
            left = [c for c in rest if c not in chosen]
            if splits_into_sums(left, value):
                return True
        for i in range(start, len(rest)):
            if total + _low(rest[i]) <= value and extend(
                [*chosen, rest[i]], i + 1, total + _low(rest[i])
            ):
                return True
        return False

    return extend([first], 0, _low(first))


def target_build(state: DealState, move: Move) -> Build | None:
    for build in state.builds:
        if set(build.cards) <= move.cards:
            return build
    return None


def needs_lone_ace_as_14(state: DealState, move: Move) -> bool:
    """True if ``move`` is legal only when some lone ace stands for 14.

    A capture's played ace may be 14 (both engines agree); lone table aces, and a
    played ace alone in a build group, are what the peer engine never counts 14.
    """
    if move.action is Action.TRAIL or move.value != 14:
        return False
    loose = [c for c in move.cards if c in state.loose]
    if move.action is Action.CAPTURE:
        units = loose
    else:
        target = target_build(state, move)
        if target is not None and target.value != 14:
            units = loose  # an increase: the played card joins the build's group
        else:
            units = [move.card, *loose]  # create or extend: it starts a group
    return any(c.is_ace for c in units) and not splits_into_sums(units)


def is_aces_declared_one(move: Move) -> bool:
    """The peer engine's aces-only multiple build declared 1 (ours: 14)."""
    return (
        move.action is Action.BUILD
        and move.value == 1
        and move.card.is_ace
        and all(c.is_ace for c in move.cards)
    )


# --- replay ----------------------------------------------------------------------


@dataclass
class Difference:
    record: str
    pos: int
    only_ours: list[Move]
    only_theirs: list[Move]
    unexplained: list[str] = field(default_factory=list)


@dataclass
class PresetReplay:
    records: int = 0
    positions: int = 0
    differences: list[Difference] = field(default_factory=list)
    score_problems: list[str] = field(default_factory=list)


def legal_lists(preset: str) -> dict[str, dict[int, list[dict[str, Any]]]]:
    lists: dict[str, dict[int, list[dict[str, Any]]]] = defaultdict(dict)
    with gzip.open(PEER_GAMES / f"{preset}-legal.jsonl.gz", "rt") as lines:
        for line in lines:
            obj = json.loads(line)
            lists[obj["id"]][obj["pos"]] = obj["legal"]
    return lists


def records(preset: str) -> Iterator[dict[str, Any]]:
    with open(PEER_GAMES / f"{preset}.jsonl", encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def explain(state: DealState, diff: Difference) -> None:
    ours = set(generate_legal_moves(state))
    for move in diff.only_ours:
        if not needs_lone_ace_as_14(state, move):
            diff.unexplained.append(f"only ours: {move}")
    for move in diff.only_theirs:
        twin = Move.build(move.seat, move.card, move.cards, 14)
        if not (is_aces_declared_one(move) and twin in ours):
            diff.unexplained.append(f"only theirs: {move}")


@cache
def replay(preset: str) -> PresetReplay:
    legal = legal_lists(preset)
    result = PresetReplay()
    for record in records(preset):
        result.records += 1
        rules = Rules.from_preset(
            record["rules"]["preset"], record["rules"].get("options")
        )
        seating = Seating.create(rules, len(record["players"]), record.get("teams"))
        (deal,) = record["deals"]
        rounds = deal["rounds"]
        table = [parse_card(c) for c in deal["table"]]
        state = DealState.start(
            rules, seating, deal["dealer"], table, hands_of(rounds[0])
        )
        pos = 0
        for index, round_obj in enumerate(rounds):
            if index:
                next_round(state, hands_of(round_obj))
            for move_obj in round_obj["moves"]:
                ours = set(generate_legal_moves(state))
                theirs = {move_of(m) for m in legal[record["id"]][pos]}
                result.positions += 1
                if ours != theirs:
                    diff = Difference(
                        record["id"],
                        pos,
                        sorted(ours - theirs, key=str),
                        sorted(theirs - ours, key=str),
                    )
                    explain(state, diff)
                    result.differences.append(diff)
                move = move_of(move_obj)
                assert move in ours, f"{record['id']} move {pos}: {move} not legal"
                apply_move(state, move)
                pos += 1
        assert pos == len(legal[record["id"]]), record["id"]
        assert state.finished, record["id"]
        assert sorted(c for pile in state.piles for c in pile) == list(range(52))
        scores = score_piles(rules, state.piles, state.sweeps)
        for score, claimed in zip(scores, deal["claimed"]["sides"], strict=True):
            counts = {"cards": score.cards, "spades": score.spades}
            counts["sweeps"] = score.sweeps
            got = {"total": score.earned, "counts": counts}
            want = {"total": claimed["total"], "counts": claimed["counts"]}
            if got != want:
                result.score_problems.append(f"{record['id']}: {got} != {want}")
    return result


# --- tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "royal"])
def test_peer_deals_replay_and_rescore(preset: str) -> None:
    result = replay(preset)
    assert result.records == EXPECTED[preset][0]
    assert result.score_problems == []


@pytest.mark.parametrize("preset", ["classic", "royal"])
def test_legal_moves_match_the_peer_engine(
    preset: str, record_property: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    result = replay(preset)
    unexplained = [
        f"{d.record} pos {d.pos}: {why}"
        for d in result.differences
        for why in d.unexplained
    ]
    assert unexplained == []
    only_ours = sum(len(d.only_ours) for d in result.differences)
    only_theirs = sum(len(d.only_theirs) for d in result.differences)
    counts = (result.records, len(result.differences), only_ours, only_theirs)
    summary = (
        f"{preset}: {result.positions} positions in {result.records} deals;"
        f" {len(result.differences)} differ (lone ace as 14): {only_ours} moves only"
        f" ours, {only_theirs} only theirs (aces-only builds declared 1)"
    )
    record_property(f"peer_{preset}", summary)
    with capsys.disabled():
        print(f"\n{summary}")
    assert counts == EXPECTED[preset], summary


def test_lone_ace_check_examples() -> None:
    """The independent check agrees with the README's and the brief's examples."""
    assert splits_into_sums([parse_card(c) for c in ("7S", "2H", "5D")])
    assert not splits_into_sums([parse_card(c) for c in ("AS", "7S", "2H", "5D")])
    assert splits_into_sums([parse_card(c) for c in ("9D", "5D")])
    assert not splits_into_sums([parse_card(c) for c in ("9D", "5D", "AD")])
    assert splits_into_sums([])
