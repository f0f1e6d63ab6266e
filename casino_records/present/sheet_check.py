"""Check a score sheet against a deal's piles: what the viewer's *Check a score sheet* page shows.

At a real table nobody writes the moves down: the players have their capture
piles and a score sheet. The page lets them tap each pile's cards, give the
sweeps and the last capturer, type the sheet, and asks the referee. Everything
it shows is made here from a :class:`Sheet`: the record of one deal given by
its piles (docs/notation.md §6.6), the cards not yet in any pile, and one
:class:`SheetVerdict` (the replay's findings and the explanation of a dispute).

>>> sheet = Sheet(names=("Ana", "Ben"), piles=(("AS", "2S"), ()), left=(),
...               sweeps=(0, 0), last_capture=0)
>>> len(untapped(sheet))
50
>>> check_sheet(sheet).status
'invalid'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..check.explain.dispute import explain
from ..check.outcome import finding_text
from ..check.replay import replay
from ..engine.cards import CARD_NAMES
from ..engine.describe import cited
from ..engine.scoring import CATEGORIES
from ..errors import InvalidRecordError
from ..i18n import ENGLISH, Translator
from ..record.format.models import GameRecord
from ..record.json import jsonio

__all__ = [
    "Sheet",
    "SheetVerdict",
    "check_sheet",
    "item_labels",
    "sheet_record",
    "side_labels",
    "untapped",
]


def item_labels(t: Translator = ENGLISH) -> dict[str, str]:
    """The items of a score sheet in the order of the rules (R12.1), then the
    deal's ``total``, each in words in ``t``'s language."""
    return {
        "most_cards": t.pgettext("score sheet item", "Most cards"),
        "most_spades": t.pgettext("score sheet item", "Most spades"),
        "big_casino": t.pgettext("score sheet item", "Big Casino"),
        "little_casino": t.pgettext("score sheet item", "Little Casino"),
        "aces": t.pgettext("score sheet item", "Aces"),
        "sweeps": t.pgettext("score sheet item", "Sweeps"),
        "total": t.pgettext("score sheet item", "Deal total"),
    }


@dataclass(frozen=True, slots=True)
class Sheet:
    """One deal as the table has it: the piles, and what the sheet says."""

    names: tuple[str, ...]
    """The players by seat (2 to 4)."""
    piles: tuple[tuple[str, ...], ...]
    """Each side's captured cards (canonical names), without the residue."""
    left: tuple[str, ...]
    """The cards left on the table after the last card was played."""
    sweeps: tuple[int, ...]
    """The sweeps each side made."""
    last_capture: int | None
    """The seat that made the last capture, or None when nobody captured."""
    preset: str = "classic"
    """The rules preset."""
    teams: bool = False
    """Four players in two partnerships (seats 0 & 2 against 1 & 3)."""
    options: dict[str, bool | int | str] = field(default_factory=dict)
    """Rules options, as in a record."""
    dealer: int = 0
    """The dealer's seat."""
    claims: tuple[dict[str, int], ...] = ()
    """What the sheet says per side: the item names of :func:`item_labels`
    (``total`` among them); a figure not written is left out (empty: nothing written)."""


@dataclass(frozen=True, slots=True)
class SheetVerdict:
    """The referee's one answer about a sheet."""

    status: str
    """``ok`` (the sheet agrees), ``disputed`` or ``invalid`` (the piles cannot be)."""
    headline: str
    """The verdict in one line."""
    details: list[str]
    """The explanation of a dispute, then each difference or error, one a line."""
    computed: list[tuple[str, list[int]]]
    """The rules' count per side: each item and the deal's points (none when invalid)."""
    record: bytes | None
    """The checked record (JSON), to download; None when it cannot be made."""


def side_labels(names: Sequence[str], teams: bool) -> list[str]:
    """Each side's name: the player, or the partners ``Ana & Caio``."""
    if teams and len(names) == 4:
        return [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    return list(names)


def untapped(sheet: Sheet) -> list[str]:
    """The cards of the pack in no pile and not left on the table, in pack order."""
    placed = {card for pile in sheet.piles for card in pile} | set(sheet.left)
    return [card for card in CARD_NAMES if card not in placed]


def sheet_record(sheet: Sheet) -> GameRecord:
    """The record of the sheet: one deal given by its piles, with its claims.

    :raises InvalidRecordError: the sheet breaks the notation (a seat that does
        not exist, a pile per side missing …), with every problem.
    """
    piles: dict[str, object] = {
        "sides": [list(p) for p in sheet.piles],
        "sweeps": list(sheet.sweeps),
        "left": list(sheet.left),
    }
    if sheet.last_capture is not None:
        piles["last_capture"] = sheet.last_capture
    deal: dict[str, object] = {"dealer": sheet.dealer, "piles": piles}
    if any(sheet.claims):
        deal["claimed"] = {"sides": [_claimed_side(c) for c in sheet.claims]}
    data: dict[str, object] = {
        "format": "casino-record/1",
        "meta": {"source": "score sheet and piles (Check a score sheet)"},
        "rules": {"preset": sheet.preset, "options": dict(sheet.options)},
        "players": [{"name": name} for name in sheet.names],
        "deals": [deal],
    }
    if sheet.teams:
        data["teams"] = [[0, 2], [1, 3]]
    return GameRecord.model_validate(data)


def _claimed_side(claims: dict[str, int]) -> dict[str, object]:
    side: dict[str, object] = {}
    points = {name: claims[name] for name in CATEGORIES if name in claims}
    if points:
        side["points"] = points
    if "total" in claims:
        side["total"] = claims["total"]
    return side


def check_sheet(sheet: Sheet, t: Translator = ENGLISH) -> SheetVerdict:
    """The referee's verdict on ``sheet``: one status, one line, the details
    (its own words in ``t``'s language; the referee's findings as it says them)."""
    try:
        record = sheet_record(sheet)
    except InvalidRecordError as exc:
        details = [f"{e.where}: {e.message}" for e in exc.errors]
        headline = t.gettext("The sheet cannot be checked as typed.")
        return SheetVerdict("invalid", headline, details, [], None)
    replayed = replay(record)
    report = replayed.report
    data = jsonio.dumps(record)
    errors = [f for f in report.findings if f.severity == "error"]
    if errors:
        return SheetVerdict(
            "invalid",
            t.gettext("The piles cannot be right: fix them, then check again."),
            [cited(f.message, f.rule) for f in errors],
            [],
            data,
        )
    labels = side_labels(sheet.names, sheet.teams)
    scores = report.deals[0].sides
    words = item_labels(t)
    computed = [(words[name], [s.points[name] for s in scores]) for name in CATEGORIES]
    computed.append(
        (t.pgettext("score sheet item", "Deal points"), [s.banked for s in scores])
    )
    if not report.disputed:
        count = ", ".join(
            f"{n} {s.banked}" for n, s in zip(labels, scores, strict=True)
        )
        ok = (
            t.gettext("OK: the sheet agrees with the rules' count: {count}.")
            if any(sheet.claims)
            else t.gettext("OK: by the rules' count: {count}.")
        )
        return SheetVerdict("ok", ok.format(count=count), [], computed, data)
    disputes = [f for f in report.findings if f.severity == "dispute"]
    sentences = [e.sentence for e in explain(record, replayed)]
    n = len(disputes)
    return SheetVerdict(
        "disputed",
        t.ngettext(
            "Disputed: {n} figure differs from the rules' count.",
            "Disputed: {n} figures differ from the rules' count.",
            n,
        ).format(n=n),
        sentences + [finding_text(f) for f in disputes],
        computed,
        data,
    )
