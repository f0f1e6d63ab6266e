"""Puzzles from a record: the mover's mistakes where one move was clearly best.

A position of a record makes a puzzle when

- its value is exact for what the mover knew: it is in the exact solver's
  reach (the last ``exact_moves`` moves of the deal, :mod:`.analysed_game`),
  in the deal's last round, and every card the mover has not seen is in one
  other player's hand (or there is none), so the mover could tell where each
  card is (with two players, the whole last round);
- the move played lost at least ``min_loss`` points against the best
  (default :data:`~casino_records.analysis.marks.MISTAKE`, the ``?`` mark);
- the best move's value is above every other legal move's by ``margin``
  points or more (default :data:`MARGIN`).

The record is replayed once by :class:`~.analysed_game.AnalysedGame`, whose
exact units value the moves; each puzzle's moves are then solved again with
their lines of play (:class:`~.solver.ExactSolver`), to the end of the deal.

>>> from casino_records.record.simulate import simulate_record
>>> record = simulate_record(
...     "classic", 2, seed="doc", bots=["random", "greedy"], max_deals=2
... )
>>> puzzle = find_puzzles(record)[0]
>>> puzzle.place, puzzle.player, puzzle.loss
('deal 2, move 41 (round 6)', 'Ana', 6.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.cards import CARDS
from ..engine.describe import move_text, step_text
from ..engine.movegen import generate_legal_moves
from ..engine.moves import Move
from ..engine.play import apply_move
from ..engine.state import DealState
from ..record.files.kinds import MAX_RECORD_BYTES
from ..record.files.reading import read_item
from ..record.files.sources import Item
from ..record.format.models import GameRecord
from ..record.format.pointer import move_place
from .analyse import DEFAULT_EXACT_MOVES, make_settings
from .analysed_game import AnalysedGame, Unit
from .marks import MISTAKE
from .puzzle import BuildSeen, Choice, LineMove, PileSeen, Puzzle
from .solver import ExactSolver

__all__ = [
    "MARGIN",
    "ItemPuzzles",
    "PuzzleOptions",
    "find_puzzles",
    "item_puzzles",
    "mover_knows_every_card",
]

MARGIN: Final = 1.0
"""Points by which the best move must beat every other move (an ace, Little
Casino, a sweep: the ``?`` mark's loss)."""
_EPSILON: Final = 1e-9


@dataclass(frozen=True, slots=True)
class PuzzleOptions:
    """Which positions make puzzles (see the module)."""

    min_loss: float = MISTAKE
    """Points the move played must have lost, at least."""
    margin: float = MARGIN
    """Points the best move must be above every other, at least."""
    exact_moves: int = DEFAULT_EXACT_MOVES
    """Moves at the end of each deal within the solver's reach."""

    def __post_init__(self) -> None:
        if self.min_loss <= 0 or self.margin <= 0:
            raise ValueError(
                "the loss and the margin of a puzzle must be more than 0 points"
            )
        if self.exact_moves < 0:
            raise ValueError(f"exact_moves must be at least 0, not {self.exact_moves}")


def mover_knows_every_card(state: DealState) -> bool:
    """True when the mover at ``state`` can tell where every card is: the
    deal's last round, every card in a hand, on the table or in a pile (no
    hand known only in part), and at most one other player holding cards."""
    if state.finished or state.round != state.seating.rounds - 1:
        return False
    held = [s for s, bits in enumerate(state.hand_bits) if bits and s != state.turn]
    cards = state.table_bits | sum(state.hand_bits) | sum(state.pile_bits)
    return len(held) <= 1 and cards.bit_count() == len(CARDS)


def find_puzzles(
    record: GameRecord,
    options: PuzzleOptions | None = None,
    *,
    source: str = "",
    number: int = 1,
) -> list[Puzzle]:
    """Every puzzle of ``record``, in the order of its deals and moves.

    :param source: where the record was read, for the puzzles' ``source``.
    :param number: the record's number in its input (from 1).
    """
    options = options or PuzzleOptions()
    game = AnalysedGame(
        record, make_settings(samples=1, exact_moves=options.exact_moves)
    )
    puzzles = []
    for unit in game.units():
        if not unit.exact:
            continue
        deal = game.deals[unit.deal]
        certain = tuple(
            i for i in unit.indexes if mover_knows_every_card(deal.positions[i].state)
        )
        if not certain:
            continue
        analysed = game.run(Unit(unit.deal, certain, exact=True)).moves
        for move in analysed:
            ranked = move.alternatives
            if len(ranked) < 2 or move.loss + _EPSILON < options.min_loss:
                continue
            margin = ranked[0].value - ranked[1].value
            if margin + _EPSILON < options.margin:
                continue
            puzzles.append(
                _puzzle(game, unit.deal, move.index, margin, source, number, record)
            )
    return puzzles


def _puzzle(
    game: AnalysedGame,
    d: int,
    i: int,
    margin: float,
    source: str,
    number: int,
    record: GameRecord,
) -> Puzzle:
    deal = game.deals[d]
    state = deal.positions[i].state
    names = game.names
    side_of = state.seating.side_of
    solver = ExactSolver(deal.context, side_of[state.turn], deal.later_hands)
    values = solver.move_values(state)
    choices = tuple(
        _choice(solver, state, move, worth, names) for move, worth in values
    )
    best = max(range(len(choices)), key=lambda k: choices[k].worth)
    played = [move for move, _ in values].index(deal.moves[i])
    seen = state.table_bits | sum(state.pile_bits) | state.hand_bits[state.turn]
    return Puzzle(
        source=source,
        record=number,
        record_id=record.id,
        deal=d,
        move=i + 1,
        round=state.round,
        place=move_place(d, i + 1, state.round),
        rules=state.rules.preset,
        players=tuple(names),
        sides=tuple(game.report.report.sides),
        side_of=tuple(side_of),
        seat=state.turn,
        dealer=state.dealer,
        order=tuple(state.seating.play_order(state.dealer)),
        clockwise=state.seating.step == 1,
        totals=deal.context.totals,
        hand=tuple(str(card) for card in state.hands[state.turn]),
        held=tuple(bits.bit_count() for bits in state.hand_bits),
        loose=tuple(str(card) for card in state.loose),
        builds=tuple(
            BuildSeen(
                b.label,
                b.value,
                b.owner,
                tuple(tuple(str(c) for c in group) for group in b.groups),
            )
            for b in state.builds
        ),
        piles=tuple(
            PileSeen(side, game.report.report.sides[side], _cards(pile), len(sweeps))
            for side, (pile, sweeps) in enumerate(
                zip(state.pile_bits, state.sweeps, strict=True)
            )
        ),
        unseen=tuple(str(card) for card in CARDS if not seen >> card & 1),
        choices=choices,
        best=best,
        played=played,
        loss=choices[best].worth - choices[played].worth,
        margin=margin,
    )


def _cards(mask: int) -> tuple[str, ...]:
    return tuple(str(card) for card in CARDS if mask >> card & 1)


def _choice(
    solver: ExactSolver,
    state: DealState,
    move: Move,
    worth: float,
    names: Sequence[str],
) -> Choice:
    line, end = _line(solver, state, move, worth, names)
    return Choice(
        move=move_text(move, pretty=False),
        card=str(move.card),
        action=move.action.value,
        cards=tuple(str(card) for card in move.cards),
        value=move.value,
        worth=worth,
        line=line,
        points=solver.context.points(end),
    )


def _line(
    solver: ExactSolver,
    state: DealState,
    first: Move,
    worth: float,
    names: Sequence[str],
) -> tuple[tuple[LineMove, ...], DealState]:
    """``first`` (worth ``worth``), then at each turn the first move (engine
    order) of best value for its mover, to the end of the deal; and the deal's
    end. A best move keeps the position's value, so it is the first move whose
    position after it is worth ``worth`` still."""
    line = []
    move: Move | None = first
    while move is not None:
        state = state.copy()
        step = apply_move(state, move)
        line.append(
            LineMove(
                move.seat,
                names[move.seat],
                move_text(move, pretty=False),
                step_text(step, names),
            )
        )
        move = None
        if not state.finished:
            move = next(
                reply
                for reply in generate_legal_moves(state)
                if abs(solver.value(solver.child(state, reply)) - worth) < _EPSILON
            )
    return tuple(line), state


# --- one item of an input, for a worker process -----------------------------------


@dataclass(frozen=True, slots=True)
class ItemPuzzles:
    """What one record of an input gave: its puzzles, or why it gave none."""

    label: str
    puzzles: list[Puzzle]
    problem: str = ""
    """Why the record could not be read (empty when it was)."""
    unreadable: bool = False
    """True when it is not even a document (bad JSON, too large …)."""
    size: int = 0
    """Bytes of the input the record accounts for (for progress bars)."""


def item_puzzles(
    numbered: tuple[int, Item],
    options: PuzzleOptions,
    max_bytes: int = MAX_RECORD_BYTES,
) -> ItemPuzzles:
    """The puzzles of one raw record (``numbered``: its number, from 1, and
    the item), read as every command reads it."""
    from ..check.outcome import error_text

    number, item = numbered
    record, errors, unreadable = read_item(item, max_bytes)
    if record is None:
        problem = error_text(errors[0])
        return ItemPuzzles(item.label, [], problem, unreadable, item.size)
    puzzles = find_puzzles(record, options, source=item.label, number=number)
    return ItemPuzzles(item.label, puzzles, size=item.size)
