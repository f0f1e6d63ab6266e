"""Puzzles page: a record's mistakes as puzzles, from the mover's seat.

Layout only: casino_records.present.viewmodel.puzzles opens a puzzles.jsonl
(written by `casino-records puzzles`) or makes the puzzles of a record, draws
the position, words the moves and judges the one chosen. The board is the
replay's, shown by a small Custom Component v2 inside the stepper's style
sheet. The score (solved / tried) is kept for the session: a puzzle counts
once, by the first move chosen.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from html_board import html_board  # type: ignore[import-not-found]  # this folder

from casino_records.i18n import ENGLISH, Translator, translator
from casino_records.present import viewmodel as vm
from casino_records.present.viewmodel import puzzles as pv

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parent / "sample_games"
FIRST = "classic-2p-tie-play-on.json"  # a sample with several puzzles
md = vm.md_escape
ss = st.session_state
t: Translator = ss.get("translator", ENGLISH)  # English when the page runs alone

board = html_board("casino_records.puzzle_board", "cr-puzzle", "puzzle-board")


# (the decorator runs with the page: its spinner speaks the session's language)
@st.cache_resource(max_entries=8, show_spinner=t.gettext("Finding the puzzles…"))
def load(data: bytes, name: str, lang: str) -> pv.PuzzleSet:
    """The puzzles of a file, its problem said in the language ``lang``."""
    return pv.open_puzzles(data, name, translator(lang))


ss.setdefault("puzzles_done", {})  # puzzle key -> solved at the first try
ss.setdefault("puzzles_answers", {})  # puzzle key -> the move chosen

st.subheader(t.gettext("Puzzles"), anchor=False)
st.caption(
    t.gettext(
        "The mistakes of a game as puzzles: a position where the player lost points"
        " and one move is clearly best, seen from their seat. Pick the move you would"
        " play."
    )
)

with st.sidebar:
    st.header(t.gettext("Puzzles from"))
    listed = vm.catalog(SAMPLES, vm.env_path())
    names = list(listed)
    chosen = st.selectbox(
        t.gettext("A game"),
        names,
        index=names.index(FIRST) if FIRST in names else 0,
        key="puzzles_file",
        help=t.gettext(
            "Its puzzles are made here, as `casino-records puzzles` makes them."
        ),
    )
    upload = st.file_uploader(
        t.gettext("Or open a puzzles file or a record"),
        type=["jsonl", "ndjson", "json", "txt"],
        key="puzzles_upload",
        help=t.gettext(
            "A `puzzles.jsonl` written by `casino-records puzzles`, or a record,"
            " an archive or a text game to make puzzles of."
        ),
    )

if upload is not None:
    found = load(upload.getvalue(), upload.name, t.code)
elif chosen is not None:
    found = load(listed[chosen].read_bytes(), chosen, t.code)
else:
    st.info(t.gettext("No game to make puzzles of: open a puzzles file or a record."))
    st.stop()
if found.problem:
    st.error(md(found.problem))
    st.stop()
if not found.puzzles:
    st.info(
        md(
            t.gettext(
                "{summary}: no move there lost a point where one move was clearly"
                " best, in a position whose value is certain."
            ).format(summary=found.summary(t))
        )
    )
    st.stop()

puzzles = found.puzzles
count = len(puzzles)
done: dict[str, bool] = ss.puzzles_done
answers: dict[str, int] = ss.puzzles_answers
solved = sum(done.values())
st.caption(md(f"{found.summary(t)} · {pv.score_text(solved, len(done), t)}"))


def puzzle_choice(k: int) -> str:
    """A puzzle as the box lists it: ``2 of 9 · Marta to play · …``."""
    title = pv.puzzle_title(puzzles[k], t)
    return t.gettext("{k} of {n} · {title}").format(k=k + 1, n=count, title=title)


index = st.selectbox(
    t.gettext("Puzzle"),
    range(count),
    format_func=puzzle_choice,
    key=f"puzzles_index_{found.name}",
)
puzzle = puzzles[index]
key = pv.puzzle_key(puzzle)
st.markdown(f"**{md(pv.puzzle_title(puzzle, t))}** · {md(puzzle.source)}")
board(
    key="puzzle_board",
    data={"key": f"{key}|{t.code}", "html": pv.puzzle_board(puzzle, t)},
)
with st.expander(t.gettext("What you know"), expanded=False):
    for line in pv.seen_lines(puzzle, t):
        st.markdown(md(line))


def choose(k: int) -> None:
    answers[key] = k
    done.setdefault(key, k == puzzle.best)


def again() -> None:
    answers.pop(key, None)


def go_on() -> None:
    ss[f"puzzles_index_{found.name}"] = index + 1


answer = answers.get(key)
labels = (
    pv.choice_labels(puzzle, t)
    if answer is None
    else pv.answered_labels(puzzle, answer, t)
)
st.markdown(t.gettext("**Your move**"))
for k, label in enumerate(labels):
    st.button(
        label,
        key=f"puzzle_move_{k}",
        disabled=answer is not None,
        type="primary" if answer == k else "secondary",
        use_container_width=True,
        on_click=choose,
        args=(k,),
    )

if answer is not None:
    verdict = pv.judge(puzzle, answer, t)
    (st.success if verdict.right else st.error)(md(verdict.headline))
    st.markdown(md(verdict.detail))
    st.markdown(
        t.gettext("**What follows your move**, best play to the end of the deal:")
    )
    st.markdown("\n".join(f"1. {md(words)}" for words in verdict.chosen_line))
    st.caption(md(t.gettext("The deal ends: {result}.").format(result=verdict.result)))
    if verdict.best_line:
        st.markdown(t.gettext("**The best move**, and what follows it:"))
        st.markdown("\n".join(f"1. {md(words)}" for words in verdict.best_line))
    left, right = st.columns(2)
    left.button(
        t.gettext("Try again"),
        key="puzzle_again",
        use_container_width=True,
        on_click=again,
        help=t.gettext("Choose again; the score keeps your first choice."),
    )
    if index + 1 < count:
        right.button(
            t.gettext("Next puzzle"),
            key="puzzle_next",
            type="primary",
            use_container_width=True,
            on_click=go_on,
        )
