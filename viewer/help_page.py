"""Keys and deep links of the replay viewer, in the session's language."""

from __future__ import annotations

import streamlit as st

from casino_records.i18n import LANGUAGES, Translator

t: Translator = st.session_state.translator

# The replay page's own words, quoted here as that page says them.
HEADLINE = '"{}"'.format(t.gettext("Move {n} / {moves}").format(n=13, moves=48))
SAVE_BUTTON = "*{}*".format(t.gettext("Save as an offline page"))

keys = [
    (
        "← / →",
        t.gettext("previous / next step (on into the next deal after a deal's score)"),
    ),
    (
        t.pgettext("keyboard keys", "Home / End"),
        t.gettext("start of the deal / its score"),
    ),
    (
        t.pgettext("keyboard keys", "Page Up / Page Down"),
        t.gettext("start of this (previous) / next round"),
    ),
    (
        "`[` / `]`",
        t.gettext(
            "previous / next move marked ?!, ? or ?? (in a game analysed, with all"
            " hands shown)"
        ),
    ),
]
# (outside f-strings, where Babel's extraction does not look)
key_heading = t.pgettext("keys table", "key")
does_heading = t.pgettext("keys table", "does")
table = [
    f"| {key_heading} | {does_heading} |",
    "|---|---|",
    *(f"| {key} | {does} |" for key, does in keys),
]
languages = ", ".join(f"`{lang.code}`" for lang in LANGUAGES if not lang.pseudo)
link_parts = [
    t.gettext(
        "`game`: a file name from the list (an archive adds `record=N`, its N-th"
        " record, as `casino-records show --record N`); for an uploaded file, its"
        " record id and `src=upload` (upload the file again to open such a link);"
    ),
    t.gettext("`deal`: the deal, from 1;"),
    t.gettext(
        "`move`: the position right after the deal's move with that number, counted"
        " from 1 across its rounds as in the text notation and"
        " `casino-records show --deal 1 --move 13`; `move=0` is the deal's start,"
        " `move=residue` and `move=score` its end steps (the page says {headline}"
        " for `move=13`);"
    ).format(headline=HEADLINE),
    t.gettext(
        "`view`: `all` hands, `none`, or `seatN` for seat N's own view (the"
        " record's seat number, from 0), the other hands face down and no move"
        " listed before it is made;"
    ),
    t.gettext(
        "`lang`: the language of the pages ({languages}); without it, the"
        " browser's, else English."
    ).format(languages=languages),
]

st.title(t.gettext("Keys and links"))
st.markdown(
    "\n".join(table)
    + "\n\n"
    + t.gettext(
        "The keys work anywhere on the page except in a box or a field, whose"
        " keys they are; the buttons over the board do the same. Click a move in"
        " the list to see the position right after it; the slider, the deal and"
        " round boxes and the verdict's links jump too. Stepping within a deal"
        " happens in the browser, without a server round trip."
    )
    + "\n\n"
    + t.gettext(
        "**The end of a deal** takes three steps: its last move over the table it"
        " left; the cards left on the table going to the last capturer"
        " (*residue*, when there are any); its score, claimed beside computed."
    )
    + "\n\n"
    + t.gettext(
        "**Deep links.** The address always holds the position, so copying it"
        " shares exactly what you see:"
    )
    + "\n\n`?game=classic-2p-annotated.json&deal=1&move=13&view=all`\n\n"
    + "\n".join(f"- {part}" for part in link_parts)
    + "\n\n"
    + t.gettext(
        "**A page to share.** {button} (or `casino-records html GAME`) writes the"
        " game as one HTML file that opens in any browser with no server; its"
        " links end in `#deal=1&move=13`."
    ).format(button=SAVE_BUTTON)
)
