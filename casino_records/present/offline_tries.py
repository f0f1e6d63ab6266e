"""Try another move in the offline page: every other legal move, played out by the bot.

The offline page (:mod:`.offline`) has no engine, so what the viewer's *Try
another move* and *Let the bot finish* compute on demand is drawn here in
advance (``casino-records html --try-moves``). At each position of the main
line of each deal the page shows whose legal moves its view may list, every
legal move other than the one played (:meth:`.TriedLine.legal`) starts a line
that the greedy bot plays to the end of the deal with the cards the record
knows (``TriedLine.play(move).finish()``: the same bot and seed as the
viewer's). The step lists them in a box of its own (*Try another move*), each
a button into its line with the line's result beside the game's; the line is
stepped like a kept line (:func:`.offline_lines.line_steps`: the game's move
at the same point, the result, what was assumed, *Back to the game*) and
has *Download the record with this line*: the page's script appends the
line's moves to the record it carries where :func:`keeping` says (the
viewer's *Keep this line*, :meth:`.TriedLine.kept`).

A tried line's payload is numbered from :data:`TRY_BASE`, so the page's
address reaches any step of it (``#deal=100001&move=5``). The lines of a deal
are many (100 to 130 for a 48-move deal of two players in the samples), so they share one
fragment table, grouped by part so that like markup lies close together for
deflate, and travel as one deflated blob per deal, inflated only when one of
its lines is opened (:func:`tried_blobs`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from ..check.lines import TriedLine
from ..engine.moves import Move
from ..i18n import ENGLISH, Translator
from .line_view import moves_visible, result_words, start_line
from .move_words import move_words
from .offline_lines import assumed_html, line_steps
from .viewmodel import Game
from .viewmodel.fragments import FragmentTable, goto_button

__all__ = [
    "TRY_BASE",
    "Tried",
    "keep_button",
    "keeping",
    "tried_blobs",
    "tried_lines",
    "tries_frame",
]

TRY_BASE: Final = 100_000
"""The payload number of the page's first tried line (kept lines are
numbered from :data:`.offline_lines.LINE_BASE`, deals from 0)."""
_ALTS: Final = '<details class="cr-alts" data-box="alts"'
"""Where the stepper's frame (``present/web/stepper.html``) lists the legal moves."""
_COMMON: Final = ("perspective", "rounds", "banner", "board", "graph")
"""The parts of a line's payload that every tried line of a deal shares."""


@dataclass(frozen=True, slots=True)
class Tried:
    """A move tried instead of the one played, and its line played out."""

    deal: int
    """0-based deal."""
    at: int
    """The moves of the deal played before it (the line replaces move ``at + 1``)."""
    move: Move
    """The move tried."""
    words: str
    """The move as a player says it (``10♠ takes the build of 10 (3♦ 7♣)``)."""
    line: TriedLine
    """The line: the move tried, then the bot's to the end of the deal."""


def tried_lines(
    game: Game, perspective: str, t: Translator = ENGLISH
) -> Iterator[Tried]:
    """Every legal move but the one played at each main-line position that
    ``perspective`` may list the moves of, with its line finished by the bot:
    deal by deal, position by position, in the engine's order of moves, each
    said in ``t``'s language."""
    record = game.record
    for deal in game.deals:
        kept = game.positions[deal]
        for at in range(len(kept) - 1):
            start = start_line(game, record, deal, at)
            if isinstance(start, str) or not moves_visible(start, perspective):
                continue
            step = kept[at + 1].last
            played = None if step is None else step.move
            builds = start.shown.builds
            for move in start.legal():
                if move != played:
                    words = move_words(move, builds, t)
                    yield Tried(deal, at, move, words, start.play(move).finish())


def tries_frame(frame: str, t: Translator = ENGLISH) -> str:
    """The stepper's ``frame`` with the folded *Try another move* box that the
    steps fill (their ``tries`` part), above the legal moves: only a page with
    tried moves has it (the viewer's frame tries its moves its own way)."""
    if _ALTS not in frame:  # pragma: no cover - the asset is ours
        raise RuntimeError(f"the stepper's frame lost {_ALTS!r}")
    title = escape(t.gettext("Try another move"))
    box = (
        f'<details class="cr-alts cr-tries" data-box="tries" hidden>'
        f'<summary>{title}</summary><div data-part="tries"></div></details>'
    )
    return frame.replace(_ALTS, box + _ALTS, 1)


def keep_button(ident: int, t: Translator = ENGLISH) -> str:
    """The button that downloads the record with line ``ident`` kept in it
    (the page's script adds the line where its :func:`keeping` says)."""
    words = escape(t.gettext("Download the record with this line"))
    tip = escape(
        t.gettext(
            "The record with this line as a variation of the move it replaces:"
            " it validates as the record does."
        )
    )
    return (
        f'<button type="button" class="cr-keep" data-keep="{ident}"'
        f' title="{tip}">{words}</button>'
    )


def keeping(line: TriedLine) -> dict[str, Any]:
    """Where the page's script puts ``line`` in the record to keep it: the
    deal, round and index in it of the move it replaces (``deal``, ``round``,
    ``index``), and the line's moves as the record writes them, appended to
    that move's ``variations`` (``moves``; None when an equal line is kept
    there already). The script only inserts: :meth:`.TriedLine.variation`
    decided all of it."""
    where = line.variation()
    return {
        "deal": where.deal,
        "round": where.round,
        "index": where.index,
        "moves": where.moves if where.new else None,
    }


def _box(tries: list[tuple[Tried, int]], t: Translator) -> str:
    """The *Try another move* box of one position: a button per move into its
    line with the line's result, and what the lines assumed of the cards."""
    items = []
    for tried, ident in tries:
        result = tried.line.result()
        outcome = (
            result_words(result, t=t)
            if result is not None
            else t.gettext("this line wins the match at once (R13.4)")
        )
        button = goto_button(tried.words, ident, 1, cls="cr-jump")
        items.append(
            f'<li>{button} <span class="cr-caption">{escape(outcome)}</span></li>'
        )
    intro = t.gettext(
        "Each move starts a line that the bot plays to the end of the deal, with"
        " the cards the record knows."
    )
    # The cards the record does not give are completed once for the deal:
    # every line of the position assumed the same.
    assumed = assumed_html(tries[0][0].line, t)
    return (
        f'<p class="cr-caption">{escape(intro)}</p>'
        f'<ul class="cr-lines-list">{"".join(items)}</ul>{assumed}'
    )


def _grouped(fragments: list[str], payloads: list[dict[str, Any]]) -> list[str]:
    """``fragments`` reordered part by part (every felt, then every seat 0, …),
    the ``payloads``' steps renumbered to match: deflate finds the markup of a
    part drawn a step before within its reach, not a whole line away."""
    kind: dict[int, str] = {}
    for payload in payloads:
        for position in payload["positions"]:
            for name, index in position["parts"].items():
                kind.setdefault(index, name)
    order = sorted(range(len(fragments)), key=lambda i: kind.get(i, ""))
    moved = {old: new for new, old in enumerate(order)}
    for payload in payloads:
        for position in payload["positions"]:
            position["parts"] = {n: moved[i] for n, i in position["parts"].items()}
    return [fragments[i] for i in order]


def tried_blobs(
    game: Game,
    perspective: str,
    deals: dict[str, dict[str, Any]],
    t: Translator = ENGLISH,
) -> list[dict[str, Any]]:
    """The tried lines of each deal, as the page ships them: per deal, the
    numbers of its lines (``first``, ``count``) and their steps, unpacked
    (``steps``: the shared ``fragments``, the ``common`` parts of their payloads
    and each line's own by its number, ``lines``). Each deal's payload in
    ``deals`` (unpacked) gets at every step a ``tries`` part: the box of the
    moves tried there, or nothing."""
    by_deal: dict[int, list[tuple[Tried, int]]] = {}
    for ident, tried in enumerate(tried_lines(game, perspective, t), TRY_BASE):
        by_deal.setdefault(tried.deal, []).append((tried, ident))
    blobs = []
    for deal, tries in by_deal.items():
        table = FragmentTable()
        lines: dict[str, dict[str, Any]] = {}
        for tried, ident in tries:
            title = t.gettext("Deal {deal}, move {move} tried: {tried}").format(
                deal=deal + 1, move=tried.at + 1, tried=tried.words
            )
            payload = line_steps(
                game,
                tried.line,
                ident,
                perspective,
                title,
                t,
                table,
                keep_button(ident, t),
            )
            payload["keep"] = keeping(tried.line)
            lines[str(ident)] = payload
        own = list(lines.values())
        common = {name: own[0][name] for name in _COMMON}
        fragments = _grouped(table.fragments, own)
        for payload in own:
            del payload["fragments"]
            for name in _COMMON:
                payload.pop(name)
        blobs.append(
            {
                "first": tries[0][1],
                "count": len(tries),
                "steps": {"fragments": fragments, "common": common, "lines": lines},
            }
        )
        _add_boxes(deals.get(str(deal)), tries, t)
    return blobs


def _add_boxes(
    payload: dict[str, Any] | None, tries: list[tuple[Tried, int]], t: Translator
) -> None:
    """Give each step of a deal's (unpacked) ``payload`` its *Try another move* box."""
    if payload is None:
        return
    here: dict[int, list[tuple[Tried, int]]] = {}
    for tried, ident in tries:
        here.setdefault(tried.at, []).append((tried, ident))
    fragments: list[str] = payload["fragments"]
    fragments.append("")
    nothing = len(fragments) - 1
    for step, position in enumerate(payload["positions"]):
        position["parts"]["tries"] = nothing
        if step in here:
            fragments.append(_box(here[step], t))
            position["parts"]["tries"] = len(fragments) - 1
