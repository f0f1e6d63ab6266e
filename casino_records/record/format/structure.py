"""The checks that span fields of a record, made as it is read (docs/notation.md §6.2).

Seats and sides in range, counts of hands, rounds and moves per number of
players, no card dealt twice, no table card named twice in one move. Each
problem is raised at its own JSON pointer, all of them at once, as one
pydantic ``ValidationError`` (which :mod:`.messages` turns into words).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeAlias

from ...engine.cards import UNKNOWN_CARD
from ...engine.moves import Move
from ...engine.seating import ROUNDS_PER_DEAL
from ...i18n import Said, said
from .pointer import Part, pointer

if TYPE_CHECKING:
    from ..replayable import AnyMove
    from ..replayable import DealShape as Deal
    from ..replayable import RecordShape as GameRecord
    from ..replayable import RoundShape as Round

__all__ = [
    "Problem",
    "deal_problems",
    "distinct_problems",
    "raise_problems",
    "record_problems",
]

Problem: TypeAlias = tuple[tuple[Part, ...], str, str | Said, Any]
"""A problem: its path, its kind, its message (a :class:`~casino_records.i18n.Said`
where it is to be said in any language) and the offending value."""


def raise_problems(problems: Iterable[Problem]) -> None:
    """Raise the problems as one ValidationError, each at its own location (a
    :class:`~casino_records.i18n.Said` message kept in the error's context as
    ``said``, for :mod:`.messages`)."""
    found = list(problems)
    if not found:
        return
    # Only the models raise these: the quick reader asks only whether there are any.
    from pydantic import ValidationError
    from pydantic_core import InitErrorDetails, PydanticCustomError

    raise ValidationError.from_exception_data(
        "GameRecord",
        [
            InitErrorDetails(
                type=PydanticCustomError(
                    kind,
                    "{reason}",
                    {"reason": str(message), "said": message}
                    if isinstance(message, Said)
                    else {"reason": message},
                ),
                loc=loc,
                input=value,
            )
            for loc, kind, message, value in found
        ],
    )


def distinct_problems(
    cards: Iterable[str], at: tuple[Part, ...], message: Said
) -> Iterator[Problem]:
    """A problem at every repeat of a card in ``cards`` (``message`` formats
    ``card``, quoted)."""
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card in seen:
            yield (*at, i), "duplicate_card", message.format(card=repr(card)), card
        seen.add(card)


def deal_problems(deal: Deal) -> Iterator[Problem]:
    """A deal without provenance, and every card dealt twice (table and hands).

    A deal given by its piles has neither cards dealt nor rounds: the piles say
    where every card went (whether they hold each card once is the replay's
    check, :mod:`casino_records.check.piles`).
    """
    if deal.piles is not None:
        yield from _piled_deal_problems(deal)
        return
    if deal.shuffle is None and deal.deck is None and deal.table is None:
        yield (
            (),
            "provenance",
            said.gettext("a deal needs a shuffle, a deck or a table"),
            None,
        )
    dealt: list[tuple[tuple[Part, ...], str]] = []
    for i, card in enumerate(deal.table or ()):
        dealt.append((("table", i), card))
    for r, round_ in enumerate(deal.rounds):
        for seat, hand in enumerate(round_.hands or ()):
            for k, card in enumerate(hand):
                dealt.append((("rounds", r, "hands", seat, k), card))
    seen: dict[str, tuple[Part, ...]] = {}
    for loc, card in dealt:
        if card == UNKNOWN_CARD:
            continue
        if card in seen:
            message = said.gettext("card {card} is dealt twice (first at {first})")
            first = pointer(*seen[card])
            yield (
                loc,
                "duplicate_card",
                message.format(card=repr(card), first=first),
                card,
            )
        else:
            seen[card] = loc


def _piled_deal_problems(deal: Deal) -> Iterator[Problem]:
    """A deal given by its piles that also gives its cards dealt or its rounds."""
    for name in ("shuffle", "deck", "table"):
        if getattr(deal, name) is not None:
            yield (
                (name,),
                "piles",
                said.gettext(
                    "a deal given by its piles has no {name}: give the piles or the"
                    " cards dealt and the rounds, not both"
                ).format(name=name),
                None,
            )
    if deal.rounds:
        yield (
            ("rounds",),
            "piles",
            said.gettext(
                "a deal given by its piles has no rounds: give the piles or the"
                " moves, not both"
            ),
            None,
        )


def _piles_problems(deal: Deal, d: int, players: int, sides: int) -> list[Problem]:
    """Piles and sweeps not one per side, a last capturer who is not a seat."""
    piles = deal.piles
    if piles is None:
        return []
    found: list[Problem] = []
    at: tuple[Part, ...] = ("deals", d, "piles")
    expected = (
        ("sides", said.gettext("expected {n} piles (one per side), not {given}")),
        (
            "sweeps",
            said.gettext("expected {n} sweep counts (one per side), not {given}"),
        ),
    )
    for name, message in expected:
        given = len(getattr(piles, name))
        if given != sides:
            found.append(
                ((*at, name), "side_count", message.format(n=sides, given=given), None)
            )
    if piles.last_capture is not None and piles.last_capture >= players:
        found.append(_seat_problem((*at, "last_capture"), piles.last_capture, players))
    return found


def record_problems(record: GameRecord) -> Iterator[Problem]:
    """The problems of a whole record: teams, seats, sides, counts per player."""
    players = len(record.players)
    if record.teams is not None:
        if players != 4:
            yield (
                ("teams",),
                "teams",
                said.gettext("teams need exactly 4 players"),
                players,
            )
        elif [list(team) for team in record.teams] != [[0, 2], [1, 3]]:
            yield (
                ("teams",),
                "teams",
                said.gettext("teams must be [[0, 2], [1, 3]] (partners sit opposite)"),
                None,
            )
    sides = record.side_count
    max_rounds = ROUNDS_PER_DEAL.get(players, 0)
    for d, deal in enumerate(record.deals):
        if deal.dealer >= players:
            yield _seat_problem(("deals", d, "dealer"), deal.dealer, players)
        if len(deal.rounds) > max_rounds:
            yield (
                ("deals", d, "rounds"),
                "too_many_rounds",
                said.gettext(
                    "a deal of {players} players has {rounds} rounds, not {given}"
                ).format(players=players, rounds=max_rounds, given=len(deal.rounds)),
                None,
            )
        for r, round_ in enumerate(deal.rounds):
            yield from _round_problems(round_, d, r, players)
        yield from _piles_problems(deal, d, players, sides)
        if deal.claimed is not None and len(deal.claimed.sides) != sides:
            yield (
                ("deals", d, "claimed", "sides"),
                "side_count",
                said.gettext("expected {n} sides, not {given}").format(
                    n=sides, given=len(deal.claimed.sides)
                ),
                None,
            )
    if record.claimed is not None:
        totals = record.claimed.totals
        if totals is not None and len(totals) != sides:
            yield (
                ("claimed", "totals"),
                "side_count",
                said.gettext("expected {n} totals, not {given}").format(
                    n=sides, given=len(totals)
                ),
                None,
            )
        winner = record.claimed.winner
        if winner is not None and winner >= sides:
            yield (
                ("claimed", "winner"),
                "side_range",
                said.gettext("side {side} does not exist (there are {n})").format(
                    side=winner, n=sides
                ),
                winner,
            )


def _round_problems(round_: Round, d: int, r: int, players: int) -> list[Problem]:
    """The problems of round ``r`` of deal ``d`` (a list: nearly always empty)."""
    found: list[Problem] = []
    if round_.hands is not None and len(round_.hands) != players:
        found.append(
            (
                ("deals", d, "rounds", r, "hands"),
                "hand_count",
                said.gettext("expected {n} hands (one per seat), not {given}").format(
                    n=players, given=len(round_.hands)
                ),
                None,
            )
        )
    if len(round_.moves) > 4 * players:
        found.append(
            (
                ("deals", d, "rounds", r, "moves"),
                "too_many_moves",
                said.gettext(
                    "a round of {players} players has {moves} moves, not {given}"
                ).format(players=players, moves=4 * players, given=len(round_.moves)),
                None,
            )
        )
    if players == 4:  # every seat the schema allows exists
        return found
    for m, move in enumerate(round_.moves):
        at: tuple[Part, ...] = ("deals", d, "rounds", r, "moves", m)
        _seats_in(move, at, players, found)
    return found


def _seats_in(
    move: AnyMove, at: tuple[Part, ...], players: int, found: list[Problem]
) -> None:
    """Report the seat of ``move`` at ``at`` and of every move of its lines
    (variations, nested) that is not a seat of the game."""
    if move.seat >= players:
        found.append(_seat_problem((*at, "seat"), move.seat, players))
    if isinstance(move, Move):  # the quick reader's: no lines
        return
    for v, line in enumerate(move.variations or ()):
        for i, branch in enumerate(line):
            _seats_in(branch, (*at, "variations", v, i), players, found)


def _seat_problem(loc: tuple[Part, ...], seat: int, players: int) -> Problem:
    return (
        loc,
        "seat_range",
        said.gettext("seat {seat} does not exist (seats 0 to {last})").format(
            seat=seat, last=players - 1
        ),
        seat,
    )
