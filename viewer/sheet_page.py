"""Check a score sheet: a deal nobody wrote the moves of, given by its piles.

Layout only: casino_records.present.sheet_check makes the record, the cards
still to tap and the verdict. The piles are kept in the session (one list per
pile), so a pile's cards survive while another pile is being tapped.
Data (names, messages) goes through md_escape wherever Markdown renders.
"""

from __future__ import annotations

import streamlit as st

from casino_records.engine.cards import parse_card
from casino_records.i18n import ENGLISH, Translator
from casino_records.present import sheet_check as sc
from casino_records.present.viewmodel import md_escape as md

ss = st.session_state
t: Translator = ss.get("translator", ENGLISH)  # English when the page runs alone
NAMES = ("Ana", "Ben", "Caio", "Dee")
LEFT = "left"  # the key of the cards left on the table, beside the sides' numbers

st.subheader(t.gettext("Check a score sheet"), anchor=False)
st.caption(
    t.gettext(
        "Nobody wrote the moves down? Tap the cards of each pile, give the sweeps and"
        " who made the last capture, type the sheet: the rules' count and, where the"
        " sheet differs, the likeliest counting mistake."
    )
)

with st.expander(t.gettext("Players and rules"), expanded=False):
    preset = st.selectbox(
        t.gettext("Rules"), ["classic", "royal", "dominican"], key="sheet_preset"
    )
    count = st.radio(
        t.gettext("Players"), [2, 3, 4], horizontal=True, key="sheet_players"
    )
    teams = count == 4 and (
        preset == "dominican"
        or st.checkbox(t.gettext("Two partnerships"), key="sheet_teams")
    )
    sweeps_on = preset == "dominican" or st.checkbox(
        t.gettext("Sweeps score a point"), key="sheet_sweeps_on"
    )
    names = tuple(
        st.text_input(
            t.gettext("Seat {seat}").format(seat=seat),
            NAMES[seat],
            key=f"sheet_name_{seat}",
        ).strip()
        or NAMES[seat]
        for seat in range(count)
    )
    dealer = st.selectbox(
        t.gettext("Dealer"),
        range(count),
        format_func=lambda s: names[s],
        key="sheet_dealer",
    )

labels = sc.side_labels(names, teams)
sides = len(labels)
piles: dict[int | str, list[str]] = ss.setdefault("sheet_piles", {})
for key in [*range(sides), LEFT]:
    piles.setdefault(key, [])
for key in [k for k in piles if k != LEFT and int(k) >= sides]:
    piles[LEFT] += piles.pop(key)  # fewer sides: their cards are still to place


def pile_name(key: int | str) -> str:
    if key == LEFT:
        return t.gettext("Left on the table")
    return t.gettext("{side}'s pile").format(side=labels[int(key)])


st.markdown(t.gettext("**1. The piles**"))
target = st.radio(
    t.gettext("Tap the cards of"),
    [*range(sides), LEFT],
    format_func=pile_name,
    horizontal=True,
    key="sheet_target",
)
others = {card for key, cards in piles.items() if key != target for card in cards}
shown = [c for c in sc.untapped(sc.Sheet(names, (), (), (), None)) if c not in others]


def tapped() -> None:
    piles[ss.sheet_target] = list(ss[f"sheet_grid_{ss.sheet_target}"] or [])


st.pills(
    md(pile_name(target)),
    shown,
    selection_mode="multi",
    default=[c for c in piles[target] if c in shown],
    format_func=lambda card: parse_card(card).pretty,
    key=f"sheet_grid_{target}",
    on_change=tapped,
)
sheet_piles = tuple(tuple(piles[k]) for k in range(sides))
draft = sc.Sheet(names, sheet_piles, tuple(piles[LEFT]), (), None)
rest = sc.untapped(draft)
counts = " · ".join(
    f"{md(pile_name(k))}: {len(piles[k])}" for k in [*range(sides), LEFT]
)
st.caption(counts)
if rest:
    pretty = " ".join(parse_card(c).pretty for c in rest)
    st.caption(
        t.gettext("Not in any pile yet ({n}): {cards}").format(
            n=len(rest), cards=pretty
        )
    )
else:
    st.caption(t.gettext("Every card of the pack is in a pile or on the table."))

st.markdown(t.gettext("**2. Sweeps and the last capture**"))
sweep_cols = st.columns(sides)
sweeps = tuple(
    int(
        col.number_input(
            md(t.gettext("Sweeps of {side}").format(side=labels[k])),
            0,
            24,
            0,
            key=f"sheet_sweeps_{k}",
        )
    )
    for k, col in enumerate(sweep_cols)
)
last = st.selectbox(
    t.gettext("Last capture made by"),
    [None, *range(count)],
    format_func=lambda s: t.gettext("nobody") if s is None else names[s],
    index=1,
    key="sheet_last",
)

st.markdown(t.gettext("**3. The score sheet** (leave empty what was not written)"))
claims = []
for k, col in enumerate(st.columns(sides)):
    written: dict[str, int] = {}
    col.markdown(md(labels[k]))
    for name, label in sc.item_labels(t).items():
        if name == "sweeps" and not sweeps_on:
            continue
        value = col.number_input(
            label, 0, 99, None, key=f"sheet_claim_{k}_{name}", placeholder="—"
        )
        if value is not None:
            written[name] = int(value)
    claims.append(written)

sheet = sc.Sheet(
    names,
    sheet_piles,
    tuple(piles[LEFT]),
    sweeps,
    last,
    preset=preset,
    teams=teams,
    options={"sweeps": True} if sweeps_on and preset != "dominican" else {},
    dealer=int(dealer),
    claims=tuple(claims),
)

if st.button(t.pgettext("button", "Check"), type="primary", key="sheet_check"):
    verdict = sc.check_sheet(sheet, t)
    show = {"ok": st.success, "disputed": st.warning, "invalid": st.error}
    show[verdict.status](md(verdict.headline))
    with st.expander(t.gettext("Why"), expanded=verdict.status != "ok"):
        for line in verdict.details:
            st.markdown(f"- {md(line)}")
        if verdict.computed:
            head = "| | " + " | ".join(md(label) for label in labels) + " |"
            rows = [head, "|---" * (sides + 1) + "|"]
            rows += [
                f"| {item} | " + " | ".join(map(str, values)) + " |"
                for item, values in verdict.computed
            ]
            st.markdown(t.gettext("The rules' count:") + "\n\n" + "\n".join(rows))
    if verdict.record is not None:
        st.download_button(
            t.gettext("Download the record"),
            verdict.record,
            file_name="score-sheet.json",
            mime="application/json",
            key="sheet_download",
        )
