"""Every position of one deal, pre-rendered, for the viewer's client-side stepper.

Stepping within a deal needs no server round trip: the page hands the browser
:func:`stepper_payload` (JSON-serialisable) and the browser only shows
position ``i`` of it. Where each key and button leads is computed here
(:func:`nav_targets`), so the browser holds no game logic: a target is
``[deal, move]`` (0-based deal, moves played), or None where the step would
stay put. A target in another deal is handed back to the page.

>>> from casino_records.record.simulate import simulate_record
>>> from casino_records.present.viewmodel import build_game
>>> game = build_game(simulate_record("classic", 2, seed="doc"))
>>> payload = stepper_payload(game, 0, "all")
>>> len(payload["positions"]) == game.last_move(0) + 1
True
>>> payload["positions"][0]["headline"][:40]
'Deal 1 / 3 · Round 1 / 6 · 0 / 48 moves '
>>> payload["positions"][0]["nav"]["prev"] is None
True
"""

from __future__ import annotations

from typing import TypedDict

from .board import board_html
from .findings import failing_finding
from .fragments import (
    alternatives_html,
    failing_html,
    last_move_html,
    move_list_html,
    score_html,
    sides_html,
)
from .game import Game
from .movelist import move_rows
from .navigation import round_starts, round_step, round_window, step
from .perspective import NONE
from .position import position_view

__all__ = [
    "FRAGMENTS",
    "NAV_ACTIONS",
    "RoundStart",
    "StepperData",
    "StepperPayload",
    "StepperPosition",
    "nav_targets",
    "reported_position",
    "stepper_data",
    "stepper_payload",
]

NAV_ACTIONS = ("first", "prev", "next", "last", "round_prev", "round_next")
"""The stepper's moves: deal start, one move back and on, deal end, round back and on."""
FRAGMENTS = ("last", "failing", "board", "sides", "score", "alts")
"""The HTML fragments of a position: the move just made, the illegal-move panel,
the board, the side table, the deal's score and the legal alternatives."""


class StepperPosition(TypedDict):
    """One position: its headline (plain text), fragments and where steps lead."""

    headline: str
    """``Deal 1 / 3 · Round 2 / 6 · 12 / 48 moves played · Ana to play``."""
    round: int
    """0-based round."""
    list: int
    """Which of :attr:`StepperPayload.lists` is its move list."""
    nav: dict[str, list[int] | None]
    """Each of :data:`NAV_ACTIONS` to ``[deal, move]``, or None to stay put."""
    html: dict[str, str]
    """Each of :data:`FRAGMENTS` to its HTML (escaped; maybe empty)."""


class RoundStart(TypedDict):
    """An entry of the round chooser."""

    label: str
    """``Round 2``."""
    move: int
    """The round's first position."""


class StepperPayload(TypedDict):
    """A deal's positions from one perspective."""

    deal: int
    """0-based deal."""
    perspective: str
    """``all``, ``seatN`` or ``none``."""
    last: int
    """The deal's last position (its number of positions less one)."""
    rounds: list[RoundStart]
    """The deal's rounds and where each starts."""
    lists: list[str]
    """The move lists, one per round window."""
    positions: list[StepperPosition]
    """Every position of the deal, ``positions[move]``."""


class StepperData(StepperPayload):
    """A payload with where to show it from (what the page mounts)."""

    key: str
    """Which game and deal: the stepper keeps its own position while it is the same."""
    start: int
    """The position to show when :attr:`nonce` is new."""
    nonce: int
    """Changes whenever the page moves the stepper on purpose (a jump)."""


def nav_targets(game: Game, deal: int, move: int) -> dict[str, list[int] | None]:
    """Where each of :data:`NAV_ACTIONS` leads from ``(deal, move)``.

    ``[deal, move]``, or None where it would stay put (the button is then
    disabled). ``prev`` and ``next`` go on across deals, as
    :func:`navigation.step` does; the round steps as :func:`navigation.round_step`.
    """
    targets = {
        "first": (deal, 0),
        "prev": step(game, deal, move, -1),
        "next": step(game, deal, move, 1),
        "last": (deal, game.last_move(deal)),
        "round_prev": round_step(game, deal, move, -1),
        "round_next": round_step(game, deal, move, 1),
    }
    return {
        action: None if target == (deal, move) else [target[0], target[1]]
        for action, target in targets.items()
    }


def stepper_payload(game: Game, deal: int, perspective: str) -> StepperPayload:
    """Every position of ``deal`` as the viewer shows it from ``perspective``.

    :raises KeyError: the deal cannot be shown (not in :attr:`Game.positions`).
    """
    kept = game.positions[deal]
    rows = move_rows(game, deal)
    starts = round_starts(game, deal)
    lists: list[str] = []
    window_of: dict[int, int] = {}
    positions: list[StepperPosition] = []
    for move in range(len(kept)):
        view = position_view(game, deal, move, perspective)
        window = round_window(game, deal, move)
        if window[0] not in window_of:
            window_of[window[0]] = len(lists)
            lists.append(move_list_html(rows, deal, window, view.round))
        positions.append(
            StepperPosition(
                headline=f"{view.headline} · {view.turn_text(game.names)}",
                round=view.round,
                list=window_of[window[0]],
                nav=nav_targets(game, deal, move),
                html={
                    "last": last_move_html(view),
                    "failing": failing_html(game, failing_finding(game, deal, move)),
                    "board": board_html(
                        view, game.names, show_hands=perspective != NONE
                    ),
                    "sides": sides_html(view),
                    "score": score_html(game, deal, view),
                    "alts": alternatives_html(game, deal, view, perspective),
                },
            )
        )
    return StepperPayload(
        deal=deal,
        perspective=perspective,
        last=len(kept) - 1,
        rounds=[
            RoundStart(label=f"Round {r + 1}", move=start)
            for r, start in sorted(starts.items())
        ],
        lists=lists,
        positions=positions,
    )


def reported_position(
    value: object, nonce: int | None = None
) -> tuple[int, int] | None:
    """``(deal, move)`` from what the browser's stepper reported, if it is usable.

    The stepper reports ``[deal, move, nonce]`` (a position it shows) or
    ``[deal, move]`` (a jump it hands back). Given ``nonce``, a report made
    before the page's latest jump (another nonce) is stale: None. The values
    are not clamped here (:func:`navigation.clamp` does that).

    >>> reported_position([1, 12, 3], 3), reported_position([1, 12, 2], 3)
    ((1, 12), None)
    >>> reported_position([0, 4]), reported_position(["0", None]), reported_position(None)
    ((0, 4), None, None)
    """
    if not isinstance(value, list | tuple) or len(value) < 2:
        return None
    deal, move = value[0], value[1]
    if type(deal) is not int or type(move) is not int or deal < 0 or move < 0:
        return None
    if nonce is not None and (len(value) < 3 or value[2] != nonce):
        return None
    return deal, move


def stepper_data(
    payload: StepperPayload, *, key: str, start: int, nonce: int
) -> StepperData:
    """The payload with where to show it from (``start`` clamped to the deal)."""
    return StepperData(
        deal=payload["deal"],
        perspective=payload["perspective"],
        last=payload["last"],
        rounds=payload["rounds"],
        lists=payload["lists"],
        positions=payload["positions"],
        key=key,
        start=max(0, min(payload["last"], start)),
        nonce=nonce,
    )
