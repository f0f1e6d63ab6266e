"""Try another move, on the Replay page: a line of play started at any position.

Layout only: casino_records.present.line_view starts the line, draws its
board, words its moves and its result; the line itself is the library's
TriedLine (every move checked by the engine). The replay page calls three
things from its position fragment: :func:`offer` under the stepper (the legal
moves at the position shown, to start a line), :func:`show` in place of the
stepper while a line is open, and :func:`link_params` for the address bar; and
:func:`read_link` once, when the session reads the URL.

Session state: ``try_line`` is the open line (the game it belongs to, the
line, the step shown), ``try_kept`` the record with the lines kept, per game,
``try_pending`` a deep link's line waiting for its game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import streamlit as st
from html_board import html_board  # type: ignore[import-not-found]  # this folder

from casino_records.check.lines import TriedLine, kept_lines
from casino_records.errors import CasinoRecordError
from casino_records.i18n import Translator
from casino_records.present import line_view as lv
from casino_records.present import viewmodel as vm
from casino_records.record.format.models import GameRecord

md = vm.md_escape
ss = st.session_state

board = html_board("casino_records.line_board", "cr-line", "line-board")


def _init() -> None:
    """This session's state of the lines (this module is imported once per process)."""
    ss.setdefault("try_line", None)  # (game identity, TriedLine, step shown)
    ss.setdefault("try_kept", {})  # game identity -> the record with its kept lines
    ss.setdefault("try_pending", None)  # (the link's game, LineLink) from the URL


def _t() -> Translator:
    translator: Translator = ss.translator
    return translator


def read_link(params: Mapping[str, str], game: str | None) -> None:
    """The URL's line, if it names one, to open once its game is shown."""
    _init()
    found = lv.parse_line_link(params)
    ss.try_pending = None if found is None else (game, found)


def _record(identity: object, game: vm.Game) -> GameRecord:
    """The record lines start from: the game's, with the lines kept so far."""
    kept: GameRecord | None = ss.try_kept.get(identity)
    return game.record if kept is None else kept


def kept_record(identity: object) -> GameRecord | None:
    """The record with the lines kept in this session, if any were kept."""
    _init()
    kept: GameRecord | None = ss.try_kept.get(identity)
    return kept


def _open(identity: object, line: TriedLine, step: int) -> None:
    ss.try_line = (identity, line, step)
    ss.try_card = None


def active(game: vm.Game, link_game: str | None) -> bool:
    """True while a line of this game is open (a deep link's line is opened
    here, the first time its game is shown)."""
    _init()
    identity = ss.replay_loaded
    pending = ss.try_pending
    if pending is not None and pending[0] == link_game:
        ss.try_pending = None
        opened = lv.open_line_link(_record(identity, game), pending[1], t=_t())
        if isinstance(opened, str):
            st.warning(md(opened))
        else:
            _open(identity, *opened)
    open_line = ss.try_line
    return open_line is not None and open_line[0] == identity


def link_params() -> dict[str, str]:
    """The deep link's parameters of the line's step shown (none without a line)."""
    _init()
    open_line = ss.try_line
    if open_line is None or open_line[0] != ss.replay_loaded:
        return {}
    _, line, step = open_line
    return lv.line_link_params(line, step)


def offer(game: vm.Game, deal: int, step: int, perspective: str) -> None:
    """Under the stepper: the legal moves at the position shown, each one the
    start of a line."""
    _init()
    t = _t()
    record = _record(ss.replay_loaded, game)
    line = lv.start_line(game, record, deal, step, t=t)
    _kept_here(record, deal, step, perspective)
    with st.expander(t.gettext("Try another move"), expanded=False):
        if isinstance(line, str):
            st.caption(md(line))
            return
        if not lv.moves_visible(line, perspective):
            st.caption(
                t.gettext(
                    "This view hides the hand to play: show all hands (or that"
                    " player's own view) to try another move here."
                )
            )
            return
        choices = [
            (m, words) for _, moves in lv.moves_by_card(line) for m, words in moves
        ]
        chosen = st.selectbox(
            t.gettext("A legal move here"),
            range(len(choices)),
            format_func=lambda k: choices[k][1],
            index=None,
            placeholder=t.gettext("Choose a move"),
            key=f"try_start_{deal}_{step}",
        )
        st.button(
            t.gettext("Try this move"),
            key="try_start",
            disabled=chosen is None,
            on_click=_start,
            args=(line, None if chosen is None else choices[chosen][0]),
            help=t.gettext(
                "Start a line here with this move: the table follows it, you"
                " play on or let the bot finish the deal."
            ),
        )


def _kept_here(record: GameRecord, deal: int, step: int, perspective: str) -> None:
    """The lines the record keeps on the move after this position (the
    session's kept lines too), each a button that opens it at its first move."""
    t = _t()
    lines = [(n, line) for n, line in kept_lines(record, deal, step) if line.moves]
    if not lines or not vm.alternatives_visible(perspective, lines[0][1].moves[0].seat):
        return
    st.markdown(f"**{md(t.gettext('Lines kept here'))}**")
    for number, line in lines:
        first = line.words(t)[0]
        st.button(
            md(t.gettext("Line {line}: {first}").format(line=number + 1, first=first)),
            key=f"try_kept_{deal}_{step}_{number}",
            on_click=_open,
            args=(ss.replay_loaded, line, 1),
            width="stretch",
        )


def _start(line: TriedLine, move: Any) -> None:
    if move is not None:
        _open(ss.replay_loaded, line.play(move), 1)


def _play(move: Any) -> None:
    identity, line, step = ss.try_line
    try:
        line = line.prefix(step).play(move)
    except CasinoRecordError as exc:
        ss.try_error = exc.message
        return
    _open(identity, line, len(line.moves))


def _finish() -> None:
    identity, line, step = ss.try_line
    done = line.prefix(step).finish()
    _open(identity, done, len(done.moves))


def _go(step: int) -> None:
    identity, line, _ = ss.try_line
    ss.try_line = (identity, line, max(0, min(step, len(line.moves))))
    ss.try_card = None


def _keep() -> None:
    identity, line, step = ss.try_line
    kept = line.kept()
    ss.try_kept[identity] = kept
    rebased = TriedLine(kept, line.deal, line.at, line.moves)
    ss.try_line = (identity, rebased, step)
    ss.try_note = (
        _t()
        .gettext(
            "Kept: the record now carries this line as a variation of move {move}"
            " of deal {deal}."
        )
        .format(move=line.at + 1, deal=line.deal + 1)
    )


def _moves(game: vm.Game, shown: TriedLine, perspective: str) -> None:
    """The mover's move: pick a card, then one of its legal moves."""
    t = _t()
    if not lv.moves_visible(shown, perspective):
        st.caption(
            t.gettext(
                "This view hides the hand to play: show all hands (or that"
                " player's own view) to choose the move, or let the bot finish."
            )
        )
        return
    cards = lv.moves_by_card(shown)
    by_name = {card.pretty: moves for card, moves in cards}
    picked = st.pills(
        t.gettext("{name}'s card").format(name=game.names[shown.shown.turn]),
        list(by_name),
        key="try_card",
    )
    if picked is None:
        st.caption(t.gettext("Pick a card to see its moves."))
        return
    for k, (move, words) in enumerate(by_name[picked]):
        st.button(
            words,
            key=f"try_move_{k}",
            on_click=_play,
            args=(move,),
            width="stretch",
        )


def show(
    game: vm.Game, name: str, perspective: str, leave: Callable[[int, int], None]
) -> None:
    """In place of the stepper: the open line at its step, its moves, the
    bot, its result beside the played deal, keep it, leave it."""
    t = _t()
    identity, line, step = ss.try_line
    shown = line.prefix(step)
    st.markdown(f"**{md(lv.branch_words(game, line, t=t))}**")
    board(
        key="line_board",
        data={
            "key": f"{identity}|{line.link()}|{step}|{perspective}",
            "html": lv.line_board(game, line, step, perspective),
        },
    )
    steps = st.container(horizontal=True)
    steps.button(
        t.gettext("◀ Back"),
        key="try_back",
        disabled=step == 0,
        on_click=_go,
        args=(step - 1,),
        width="stretch",
    )
    steps.button(
        t.gettext("Forward ▶"),
        key="try_forward",
        disabled=step >= len(line.moves),
        on_click=_go,
        args=(step + 1,),
        width="stretch",
    )
    st.caption(md(lv.step_words(game, line, step, t=t)))
    last = lv.last_words(game, line, step, t=t)
    if last is not None:
        st.markdown(md(last))
    played = lv.played_words(game, line, step, t=t)
    if played is not None:
        st.caption(md(played))
    error = ss.pop("try_error", None)
    if error:
        st.error(md(error))
    if not shown.finished:
        _moves(game, shown, perspective)
        st.button(
            t.gettext("Let the bot finish"),
            key="try_finish",
            on_click=_finish,
            type="primary",
            help=t.gettext(
                "The greedy bot plays every seat to the end of the deal, with the"
                " cards the record knows."
            ),
        )
        if step < len(line.moves):
            st.caption(
                t.gettext("A move entered here replaces the line's moves after it.")
            )
    result = line.result()
    if result is not None:
        st.success(md(lv.result_words(result, t=t)))
    for said in lv.assumption_words(line, t=t):
        st.caption(md(said))
    with st.expander(
        t.ngettext(
            "{n} move in the line", "{n} moves in the line", len(line.moves)
        ).format(n=len(line.moves))
    ):
        st.markdown("\n".join(f"- {md(words)}" for words in line.words(t)))
    note = ss.pop("try_note", None)
    if note:
        st.info(md(note))
    row = st.container(horizontal=True)
    row.button(
        t.gettext("Keep this line"),
        key="try_keep",
        disabled=not line.moves,
        on_click=_keep,
        width="stretch",
        help=t.gettext(
            "Store the line in the record as a variation of the move it replaces."
        ),
    )
    if row.button(
        t.gettext("Leave the line"),
        key="try_leave",
        width="stretch",
        help=t.gettext("Back to the game as played, where the line branches."),
    ):
        ss.try_line = None
        leave(line.deal, line.at)
        st.rerun()
    kept = ss.try_kept.get(identity)
    if kept is not None:
        st.download_button(
            t.gettext("Download the record with its lines"),
            data=lv.record_bytes(kept),
            file_name=f"{Path(name).stem}-lines.json",
            mime="application/json",
            key="try_download",
            on_click="ignore",
            help=t.gettext(
                "The record with every line kept here as a variation: it"
                " validates as the record does."
            ),
        )
