"""The explanation of a dispute, as report data (dataclasses, like the report).

:func:`casino_records.check.explain.dispute.explain` fills
:attr:`~casino_records.check.report.ReplayReport.explanations`: one
:class:`Explanation` per disputed deal and one for the match, each with the
counting mistakes that reproduce the claimed figures. An explanation says what
the players probably did; it never changes what the rules computed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Explanation", "Fit", "MistakeReport", "Verdict"]

Verdict = Literal["exact", "two_mistakes", "closest", "none"]
"""``exact``: one mistake reproduces every claimed figure; ``two_mistakes``: no
single one does, two together do; ``closest``: none does, this one explains the
most differing figures and contradicts no other; ``none``: no catalogued
mistake explains any of them."""


@dataclass(slots=True, kw_only=True)
class MistakeReport:
    """One catalogued counting mistake, as found in a dispute."""

    kind: str
    """The kind of mistake, e.g. ``residue_to_side`` (listed in docs/architecture.md)."""
    rule: str
    """The rule it goes against (a rulebook id)."""
    what_if: str
    """What the players did, said as a counterfactual."""
    truth: str
    """What the rules say instead, with the deciding move."""
    deal: int | None = None
    """0-based deal of the deciding position (``None``: the match as a whole)."""
    move: int | None = None
    """1-based number, within its deal, of the deciding move."""
    loc: str
    """JSON pointer of the deciding position (a move, a deal, a claim)."""
    side: int | None = None
    """The side the mistake concerns, if one."""
    options: dict[str, bool | int | str] = field(default_factory=dict)
    """For a game scored under other rules: the options that make the claims come out."""


@dataclass(slots=True, kw_only=True)
class Fit:
    """One way the claims come out: a mistake, or two together."""

    mistakes: list[MistakeReport]
    """One mistake, or two for ``two_mistakes``."""
    explains: int
    """How many of the differing claimed figures it reproduces."""


@dataclass(slots=True, kw_only=True)
class Explanation:
    """Why the claims of one deal (or of the match) differ, in one sentence."""

    scope: Literal["deal", "match"]
    """A deal's claims, or the claimed match totals and winner."""
    deal: int | None = None
    """0-based deal, for a deal's explanation."""
    loc: str
    """JSON pointer of the claims explained (``/deals/0/claimed``, ``/claimed``)."""
    verdict: Verdict
    """How well the catalogue explains the claims."""
    sentence: str
    """The explanation for a club player, with the rule and the deciding move."""
    differing: int
    """How many claimed figures differ from the computed ones."""
    fits: list[Fit] = field(default_factory=list)
    """Every fit of the verdict, the likeliest first (more than one:
    the claims alone cannot tell which mistake was made)."""
    deciding_loc: str = ""
    """JSON pointer of the position that decides the first fit (for a viewer)."""
    deciding_deal: int | None = None
    """Its 0-based deal."""
    deciding_move: int | None = None
    """Its 1-based move number within the deal (``None``: the end of the deal).
    With ``replay(record, positions=True)``, the position right after that move
    is ``positions[deciding_deal][deciding_move]``."""

    @property
    def ambiguous(self) -> bool:
        """True when more than one fit reproduces the claims."""
        return len(self.fits) > 1
