"""The replay page's study of an analysed game: could I have won?, par, error rates.

Layout only: the words and the jumps are :func:`casino_records.present.study_marks.study`'s.
The marks beside the moves, the "◀ Mistake" / "Mistake ▶" buttons and the
``[`` ``]`` keys are the stepper's (its payload carries them).
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from casino_records.analysis.game_analysis import GameAnalysis
from casino_records.i18n import Translator
from casino_records.present.study_marks import study
from casino_records.present.viewmodel import md_escape as md


def could_win_box(analysis: GameAnalysis, goto: Callable[[int, int], None]) -> None:
    """Each deal's and the match's "could I have won?", par and error rates, a
    tab each, in a box that opens on a click (the game stays in view); every
    move named is a button that ``goto``'s the step after it."""
    t: Translator = st.session_state.translator
    with st.expander(t.gettext("Could I have won?")):
        st.caption(
            t.gettext(
                "For each deal and the match: the moves whose other choice changes"
                " the result, the surest first. A move's button shows the position"
                " after it, with its analysis. Keys `[` and `]`: the previous and"
                " the next marked move."
            )
        )
        blocks = study(analysis, t)
        tabs = st.tabs([md(block.title) for block in blocks])
        for tab, block in zip(tabs, blocks, strict=True):
            where = "match" if block.deal is None else f"deal{block.deal}"
            with tab:
                for question in block.questions:
                    st.markdown(md(question.text))
                    for n, jump in enumerate(question.turnarounds):
                        st.button(
                            md(jump.label),
                            key=f"study_{where}_{question.side}_{n}",
                            on_click=goto,
                            args=(jump.deal, jump.step),
                            help=t.gettext("Show the position after this move"),
                        )
                        st.caption(md(jump.detail))
                    if question.more:
                        st.caption(md(question.more))
                if block.par:
                    st.caption("\n".join(f"- {md(line)}" for line in block.par))
                st.caption(md(block.error_rate))
