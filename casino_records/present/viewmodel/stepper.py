"""Every step of one deal, pre-rendered, for the viewer's client-side stepper.

Stepping within a deal needs no server round trip: the page hands the browser
:func:`stepper_payload` (JSON-serialisable) and the browser only shows step
``i`` of it. Where each key and button leads is computed here
(:func:`nav_targets`), so the browser holds no game logic: a target is
``[deal, step]`` (0-based deal; the step as :mod:`.game` counts them), or None
where the step would stay put. A target in another deal is handed back to the
page. The HTML fragments are listed once (:attr:`StepperPayload.fragments`)
and each step names the ones it shows, so a deal's payload stays small and the
browser swaps only what changed.

>>> from casino_records.record.simulate import simulate_record
>>> from casino_records.present.viewmodel import build_game
>>> game = build_game(simulate_record("classic", 2, seed="doc"))
>>> payload = stepper_payload(game, 0, "all")
>>> len(payload["positions"]) == game.last_step(0) + 1 == 48 + 1 + 2
True
>>> payload["positions"][0]["headline"][:40], payload["positions"][-1]["label"]
('Deal 1 / 3 · Round 1 / 6 · Start · Ben t', 'score')
>>> payload["positions"][0]["nav"]["prev"] is None
True
"""

from __future__ import annotations

from html import escape
from typing import TypedDict

from ...analysis.game_analysis import GameAnalysis
from ...i18n import ENGLISH, Translator
from ..analysis_view import deal_box_html, move_badges, move_panel_html
from ..sprite import card_sprite
from ..study_marks import marked_steps, mistake_bar_html, mistake_nav
from .board import board_layout, board_parts
from .findings import failing_finding
from .fragments import (
    FragmentTable,
    alternatives_html,
    banner_html,
    failing_html,
    goto_button,
    last_move_html,
    move_list_html,
    notes_html,
    rule_notes_html,
    score_html,
)
from .game import Game, StepKind
from .movelist import move_rows
from .navigation import round_starts, round_step, round_window, step
from .perspective import ALL
from .piled import piled_step_label, piles_intro_html, piles_list_title
from .position import position_view

__all__ = [
    "FRAGMENTS",
    "NAV_ACTIONS",
    "DealChoice",
    "RoundStart",
    "StepperData",
    "StepperPayload",
    "StepperPosition",
    "frame_labels",
    "nav_targets",
    "reported_position",
    "stepper_data",
    "stepper_payload",
]

NAV_ACTIONS = ("first", "prev", "next", "last", "round_prev", "round_next")
"""The stepper's moves: deal start, one step back and on, deal end, round back and on."""
FRAGMENTS = ("last", "analysis", "failing", "alts", "list", "felt")
"""The HTML fragments of a step: the move just made, its analysis (if the game
was analysed), the illegal-move panel, the legal moves, the move list and the
felt (at the deal's score, the score table and its notes on it, beside the
seats); then one per seat, ``seat0`` …, filling the board's slots
(:attr:`StepperPayload.board`)."""


class StepperPosition(TypedDict):
    """One step: its headline (plain text), fragments and where steps lead."""

    headline: str
    """``Deal 1 / 3 · Round 2 / 6 · Move 12 / 48 · Ana to play``."""
    label: str
    """The step's name in links (``move=``): its move number, ``residue``, ``score``."""
    where: str
    """The slider's reading: ``12 / 48``, ``residue`` or ``score``."""
    round: int
    """0-based round."""
    turn: int
    """The seat to play (its board slot is marked ``cr-turn``); -1 for none."""
    nav: dict[str, list[int] | None]
    """Each of :data:`NAV_ACTIONS` to ``[deal, step]``, or None to stay put; in an
    analysed game also :data:`..study_marks.MISTAKE_ACTIONS`."""
    parts: dict[str, int]
    """Each of :data:`FRAGMENTS` and each seat to its HTML in
    :attr:`StepperPayload.fragments`."""


def frame_labels(t: Translator = ENGLISH) -> dict[str, str]:
    """The words of the stepper's frame (``present/web/stepper.html``), by the
    name its elements carry (``data-text``, ``data-tip``, ``data-aria``): the
    offline page fills them into the frame, the viewer's script sets them."""
    return {
        "toolbar": t.gettext("Step through the game"),
        "deal": t.pgettext("stepper chooser", "Deal"),
        "round": t.pgettext("stepper chooser", "Round"),
        "first": t.pgettext("stepper button", "First"),
        "first_tip": t.gettext("Start of the deal (Home)"),
        "prev": t.pgettext("stepper button", "Prev"),
        "prev_tip": t.gettext("Previous step (←)"),
        "next": t.pgettext("stepper button", "Next"),
        "next_tip": t.gettext("Next step (→)"),
        "last": t.pgettext("stepper button", "Last"),
        "last_tip": t.gettext("End of the deal: its score (End)"),
        "round_prev": t.pgettext("stepper button", "Round −"),
        "round_prev_tip": t.gettext("Round start (Page Up)"),
        "round_next": t.pgettext("stepper button", "Round +"),
        "round_next_tip": t.gettext("Next round (Page Down)"),
        "slider": t.pgettext("stepper slider", "Move"),
        "alts": t.gettext("Legal moves here"),
        "list": t.gettext("Moves of the round"),
    }


class RoundStart(TypedDict):
    """An entry of the round chooser."""

    label: str
    """``Round 2``."""
    move: int
    """The round's first step."""


class DealChoice(TypedDict):
    """An entry of the deal chooser."""

    label: str
    """``Deal 2``."""
    deal: int
    """The 0-based deal."""


class StepperPayload(TypedDict):
    """A deal's steps from one perspective."""

    deal: int
    """0-based deal."""
    perspective: str
    """``all``, ``seatN`` or ``none``."""
    last: int
    """The deal's last step (its number of steps less one)."""
    deals: list[DealChoice]
    """Every deal that can be shown."""
    rounds: list[RoundStart]
    """The deal's rounds and where each starts."""
    banner: str
    """The record's verdict (:func:`fragments.banner_html`), the same at every step."""
    board: str
    """The board's frame (:func:`board.board_layout`), the same at every step."""
    graph: str
    """The deal's analysis (:func:`analysis_view.deal_box_html`: its evaluation
    graph, whose points are steps), the same at every step; empty without one."""
    sprite: str
    """Every card drawn once (:func:`svg.card_sprite`); the cards refer to it."""
    fragments: list[str]
    """Every HTML fragment of the deal's steps, each once."""
    positions: list[StepperPosition]
    """Every step of the deal, ``positions[step]``."""
    labels: dict[str, str]
    """The frame's words in the page's language (:func:`frame_labels`)."""


class StepperData(StepperPayload):
    """A payload with where to show it from (what the page mounts)."""

    key: str
    """Which game and deal: the stepper keeps its own position while it is the same."""
    start: int
    """The step to show when :attr:`nonce` is new."""
    nonce: int
    """Changes whenever the page moves the stepper on purpose (a jump)."""
    address: str
    """Where the stepper writes the step: ``query`` (``?…&move=12``, the page's
    address) or ``hash`` (``#deal=1&move=12``, for a page opened from a file)."""


def nav_targets(game: Game, deal: int, move: int) -> dict[str, list[int] | None]:
    """Where each of :data:`NAV_ACTIONS` leads from ``(deal, move)``.

    ``[deal, step]``, or None where it would stay put (the button is then
    disabled). ``prev`` and ``next`` go on across deals, as
    :func:`navigation.step` does; the round steps as :func:`navigation.round_step`.
    """
    targets = {
        "first": (deal, 0),
        "prev": step(game, deal, move, -1),
        "next": step(game, deal, move, 1),
        "last": (deal, game.last_step(deal)),
        "round_prev": round_step(game, deal, move, -1),
        "round_next": round_step(game, deal, move, 1),
    }
    return {
        action: None if target == (deal, move) else [target[0], target[1]]
        for action, target in targets.items()
    }


def stepper_payload(
    game: Game,
    deal: int,
    perspective: str,
    analysis: GameAnalysis | None = None,
    *,
    t: Translator = ENGLISH,
) -> StepperPayload:
    """Every step of ``deal`` as the viewer shows it from ``perspective``.

    In any view but ``all``, the move list stops at the step shown: a seat's
    own view never lists a move not yet made. Given the game's ``analysis``
    (of :func:`casino_records.analysis.analyse.analyse_record`), the deal gets
    its evaluation graph, each move its badge in the list and each step the
    analysis of the move just made; the page passes it for the ``all`` view only
    (a move's alternatives name cards the other views hide); every step then
    leads to the previous and the next marked move of the game
    (:mod:`..study_marks`). Every word is in ``t``'s language.

    :raises KeyError: the deal cannot be shown (not in :attr:`Game.positions`).
    """
    rows = move_rows(game, deal, t)
    starts = round_starts(game, deal)
    analysed = (
        analysis.deals[deal]
        if analysis is not None and deal < len(analysis.deals)
        else None
    )
    by_step = {m.index + 1: m for m in analysed.moves} if analysed else {}
    marked = marked_steps(analysis.deals) if analysis and analysed else None
    badges = move_badges(analysed, t) if analysed else None
    table = FragmentTable()
    fragment = table.add
    fragments = table.fragments

    positions: list[StepperPosition] = []
    layout = ""
    last = game.last_step(deal)
    for move in range(last + 1):
        view = position_view(game, deal, move, perspective, t)
        window = round_window(game, deal, move)
        if perspective != ALL:
            window = [i for i in window if i <= move]
        score = (
            f'<div class="cr-end">{score_html(game, deal, t)}{notes_html(game, view, t)}</div>'
            if view.kind == StepKind.SCORE
            else ""
        )
        if not layout:
            layout = board_layout(view, t)
        intro = piles_intro_html(game, deal, t) if view.piled and move == 0 else ""
        moves_list = move_list_html(rows, deal, window, view.round, game, badges, t)
        if view.piled:
            moves_list = _piled_list(game, deal, last, t)
        parts = {
            "last": (intro or last_move_html(view, t))
            + (rule_notes_html(game, view, t) if view.kind == StepKind.MOVE else ""),
            "analysis": move_panel_html(by_step.get(move), view.moves, t)
            if view.kind == StepKind.MOVE
            else "",
            "failing": failing_html(game, failing_finding(game, deal, move), view, t)
            if view.kind == StepKind.MOVE
            else "",
            "alts": alternatives_html(game, deal, view, perspective, t),
            "list": moves_list,
            **board_parts(view, game.names, score=score, t=t),
        }
        if view.kind == StepKind.RESIDUE:
            where = t.pgettext("stepper slider", "residue")
        elif view.kind == StepKind.SCORE:
            where = t.pgettext("stepper slider", "score")
        elif view.piled:
            where = t.pgettext("stepper slider", "piles")
        else:
            where = f"{move} / {view.moves}"
        positions.append(
            StepperPosition(
                headline=f"{view.headline(t)} · {view.turn_text(game.names, t)}",
                label=game.step_label(deal, move),
                where=where,
                round=view.round,
                turn=-1 if view.turn is None else view.turn,
                nav=nav_targets(game, deal, move)
                | ({} if marked is None else mistake_nav(marked, deal, move)),
                parts={name: fragment(html) for name, html in parts.items()},
            )
        )
    return StepperPayload(
        deal=deal,
        perspective=perspective,
        last=last,
        deals=[
            DealChoice(label=t.gettext("Deal {n}").format(n=d + 1), deal=d)
            for d in game.deals
        ],
        rounds=[RoundStart(label=t.gettext("Piles"), move=0)]
        if game.piled(deal)
        else [
            RoundStart(label=t.gettext("Round {n}").format(n=r + 1), move=start)
            for r, start in sorted(starts.items())
        ],
        banner=banner_html(game, t),
        board=layout,
        graph=mistake_bar_html(analysed, len(marked or ()), t)
        + deal_box_html(analysed, game.sides, analysis.settings, t=t)
        if analysed is not None and analysis is not None
        else "",
        sprite=card_sprite(),
        fragments=fragments,
        positions=positions,
        labels=frame_labels(t),
    )


def _piled_list(game: Game, deal: int, last: int, t: Translator = ENGLISH) -> str:
    """The move list of a deal given by its piles: its piles, residue and score."""
    entries = "".join(
        f"<li>{goto_button(piled_step_label(game, deal, i, t), deal, i, cls='cr-move')}</li>"
        for i in range(last + 1)
    )
    title = escape(piles_list_title(t))
    return (
        f'<div class="cr-moves-title"><strong>{title}</strong></div>'
        f'<ol class="cr-moves">{entries}</ol>'
    )


def reported_position(
    value: object, nonce: int | None = None
) -> tuple[int, int] | None:
    """``(deal, move)`` from what the browser's stepper reported, if it is usable.

    The stepper reports ``[deal, step, nonce]`` (a step it shows) or
    ``[deal, step]`` (a jump it hands back). Given ``nonce``, a report made
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
    payload: StepperPayload,
    *,
    key: str,
    start: int,
    nonce: int,
    address: str = "query",
) -> StepperData:
    """The payload with where to show it from (``start`` clamped to the deal)."""
    return StepperData(
        deal=payload["deal"],
        perspective=payload["perspective"],
        last=payload["last"],
        deals=payload["deals"],
        rounds=payload["rounds"],
        banner=payload["banner"],
        board=payload["board"],
        graph=payload["graph"],
        sprite=payload["sprite"],
        fragments=payload["fragments"],
        positions=payload["positions"],
        labels=payload["labels"],
        key=key,
        start=max(0, min(payload["last"], start)),
        nonce=nonce,
        address=address,
    )
