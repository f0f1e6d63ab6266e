"""Keys and deep links of the replay viewer."""

from __future__ import annotations

import streamlit as st

st.title("Keys and links")
st.markdown(
    """
| key | does |
|---|---|
| ← / → | previous / next step (on into the next deal after a deal's score) |
| Home / End | start of the deal / its score |
| Page Up / Page Down | start of this (previous) / next round |

The keys work anywhere on the page except in a box or a field, whose keys they
are; the buttons over the board do the same. Click a move in the list to see
the position right after it; the slider, the deal and round boxes and the
verdict's links jump too. Stepping within a deal happens in the browser,
without a server round trip.

**The end of a deal** takes three steps: its last move over the table it left;
the cards left on the table going to the last capturer (*residue*, when there
are any); its score, claimed beside computed.

**Deep links.** The address always holds the position, so copying it shares
exactly what you see:

`?game=classic-2p-annotated.json&deal=1&move=13&view=all`

- `game`: a file name from the list (an archive adds `record=N`, its N-th record,
  as `casino-records show --record N`);
  for an uploaded file, its record id and `src=upload` (upload the file again
  to open such a link);
- `deal`: the deal, from 1;
- `move`: the position right after the deal's move with that number, counted
  from 1 across its rounds as in the text notation and
  `casino-records show --deal 1 --move 13`; `move=0` is the deal's start,
  `move=residue` and `move=score` its end steps (the page says "Move 13 / 48"
  for `move=13`);
- `view`: `all` hands, `none`, or `seatN` for seat N's own view (the record's
  seat number, from 0), the other hands face down and no move listed before
  it is made.

**A page to share.** *Save as an offline page* (or `casino-records html GAME`)
writes the game as one HTML file that opens in any browser with no server;
its links end in `#deal=1&move=13`.
"""
)
