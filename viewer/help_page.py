"""Keys and deep links of the replay viewer."""

from __future__ import annotations

import streamlit as st

st.title("Keys and links")
st.markdown(
    """
| key | does |
|---|---|
| ← / → | previous / next move (on into the next deal at a deal's end) |
| Home / End | start / end of the deal |
| Page Up / Page Down | start of this (previous) / next round |

The keys work anywhere on the page except in a box or a field, whose keys they
are; the buttons over the board do the same. Click a move in the list to jump
to the position right after it; the slider, the deal and the round boxes jump
too. Stepping within a deal happens in the browser, without a server round trip.

**Deep links.** The address always holds the position, so copying it shares
exactly what you see:

`?game=classic-2p-annotated.json&deal=1&move=13&view=all`

- `game`: a file name from the list (an archive adds `record=N`, its N-th record,
  as `casino-records show --record N`);
  for an uploaded file, its record id and `src=upload` (upload the file again
  to open such a link);
- `deal`: the deal, from 1;
- `move`: the position before the deal's move with that number, counted from 1
  across its rounds, exactly as `casino-records show --deal 1 --move 13`:
  `move=1` is the deal's start, one past the last move its end (the page shows
  "12 / 48 moves played" for `move=13`);
- `view`: `all` hands, `none`, or `seatN` for seat N's own view (the record's
  seat number, from 0), the other hands face down.
"""
)
