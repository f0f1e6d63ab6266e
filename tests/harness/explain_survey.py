"""How well the explanation finds mistakes: generated disputes, counted.

Simulated matches of every preset and table size each get one catalogued
mistake (:func:`~.misclaim.misclaim`) of every kind, applied at random to their
claims, and sometimes two mistakes in one deal; :func:`~.explain.explain` must
name the mistake made. Each case ends as

- ``found``: the mistake made is among the fits of the explanation;
- ``other``: other mistakes fit the claims exactly (they give the very same
  figures, so no explanation could tell them apart), not the one made;
- ``missed``: nothing fits.

A found case is *named exactly* (:attr:`Case.named`) when the explanation's
first fit, the one its sentence says, is the mistake made (its kind, side and
move, in the same words). A case with more than one fit is *ambiguous*;
:meth:`Survey.lines` lists them.

The claims are written as a sheet of one form (:data:`SHEET_FORMS`): the
complete sheet the mistake made, or the same figures as a sheet of items or of
totals only (:func:`~casino_records.record.format.sheets.written_as`). A mistake that leaves what such a
sheet holds unchanged makes no dispute, and no case.
Used by the tests (``tests/check/test_explain.py``) and ``bench/bench_explain.py``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from casino_records.check.explain.dispute import explain
from casino_records.check.explain.explanation import Explanation
from casino_records.check.replay import replay
from casino_records.record.format.sheets import SHEET_FORMS, SheetForm, written_as
from casino_records.record.simulate import simulate_record

from .misclaim import (
    DEAL_KINDS,
    MATCH_KINDS,
    Misclaim,
    misclaim,
    ways_made,
)

__all__ = ["CONFIGS", "SHEET_FORMS", "Case", "Survey", "survey"]

CONFIGS: Final = (
    ("classic", 2, False),
    ("classic", 3, False),
    ("classic", 4, False),
    ("classic", 4, True),
    ("royal", 2, False),
    ("royal", 3, False),
    ("royal", 4, False),
    ("royal", 4, True),
    ("dominican", 2, False),
    ("dominican", 3, False),
    ("dominican", 4, True),
)
"""Every preset with 2, 3 and 4 players and 2 v 2 (dominican seats four players
only as partners, R2.1)."""

Outcome = Literal["found", "other", "missed"]


@dataclass(frozen=True, slots=True)
class Case:
    """One generated dispute and what the explanation made of it."""

    config: str
    """Preset and table, e.g. ``classic 2v2``."""
    kinds: tuple[str, ...]
    """The kind of the mistake made (two for a pair)."""
    made: str
    """The mistake made, in words."""
    outcome: Outcome
    named: bool
    """The first fit is the mistake made (found, and said first)."""
    fits: tuple[str, ...]
    """The kinds of every fit found (``+`` joins a pair)."""
    verdict: str
    seconds: float
    """CPU time to explain the record."""
    best: float | None = None
    """For a deal mistake found: the chance that the first fit is the mistake
    made when the fits are ordered by how the survey makes mistakes (each kind
    once per match, one of its ways at random, :func:`~.misclaim.ways_made`):
    the most any order of these fits can name, in expectation. 1 when one
    mistake fits; 0 when the mistake made is not among the fits."""


@dataclass(slots=True)
class Survey:
    """Every case of a survey, with the shares."""

    cases: list[Case]

    def share(self, outcome: Outcome, kinds: int | None = None) -> float:
        """The share of cases (of ``kinds`` mistakes, or all) with ``outcome``."""
        cases = [c for c in self.cases if kinds is None or len(c.kinds) == kinds]
        return sum(c.outcome == outcome for c in cases) / max(1, len(cases))

    def best(self, kinds: Sequence[str]) -> float:
        """The share of the one-mistake cases of ``kinds`` (deal kinds) that the
        best order of their fits names, in expectation (:attr:`Case.best`)."""
        cases = [c for c in self.cases if len(c.kinds) == 1 and c.kinds[0] in kinds]
        return sum(c.best or 0.0 for c in cases) / max(1, len(cases))

    def named(self, kind: str | None = None) -> tuple[int, int, int]:
        """Of the one-mistake cases (of ``kind``, or all): how many were named
        exactly, how many found among the fits, and how many there were."""
        cases = [
            c
            for c in self.cases
            if len(c.kinds) == 1 and (kind is None or c.kinds[0] == kind)
        ]
        return (
            sum(c.named for c in cases),
            sum(c.outcome == "found" for c in cases),
            len(cases),
        )

    @property
    def ambiguous(self) -> list[Case]:
        """Cases where more than one fit reproduces the claims."""
        return [c for c in self.cases if len(c.fits) > 1]

    def lines(self, listed: int = 40) -> list[str]:
        """The summary: shares overall, per kind, then the ambiguous cases."""
        n = len(self.cases)
        seconds = [c.seconds for c in self.cases] or [0.0]
        named, found, singles = self.named()
        lines = [
            f"{n} generated disputes: found {self.share('found'):.1%}, other exact fit"
            f" {self.share('other'):.1%}, missed {self.share('missed'):.1%};"
            f" ambiguous {len(self.ambiguous) / max(1, n):.1%}",
            f"  one mistake: named exactly {named / max(1, singles):.1%}, found"
            f" {found / max(1, singles):.1%}; two mistakes: found"
            f" {self.share('found', 2):.1%}",
            f"  explain per record: median {statistics.median(seconds) * 1000:.1f} ms,"
            f" max {max(seconds) * 1000:.1f} ms",
            "  by kind (cases found/other/missed, ambiguous):",
        ]
        by_kind: dict[str, Counter[str]] = {}
        for case in self.cases:
            counter = by_kind.setdefault("+".join(case.kinds), Counter())
            counter[case.outcome] += 1
            counter["ambiguous"] += len(case.fits) > 1
        for kind, c in sorted(by_kind.items()):
            lines.append(
                f"    {kind:48} {c['found']}/{c['other']}/{c['missed']}, {c['ambiguous']}"
            )
        ambiguous = Counter(
            ("+".join(c.kinds), ", ".join(sorted(set(c.fits)))) for c in self.ambiguous
        )
        lines.append("  ambiguous cases (made: the kinds that fit, count):")
        for (made, fits), count in ambiguous.most_common(listed):
            lines.append(f"    {made}: {fits} ({count})")
        for case in self.cases:
            if case.outcome != "found":
                lines.append(
                    f"  {case.outcome}: {case.config}, {'+'.join(case.kinds)}:"
                    f" {case.made} -> {case.verdict} {', '.join(case.fits)}"
                )
        return lines


def survey(
    games: int = 1,
    seed: int = 7,
    pairs: int = 4,
    configs: Sequence[tuple[str, int, bool]] = CONFIGS,
    form: SheetForm = "full",
) -> Survey:
    """Generate disputes and explain them.

    :param games: simulated matches per preset and table.
    :param pairs: pairs of deal mistakes tried per match, besides every kind alone.
    :param form: how the players wrote their sheet (the same mistakes are made
        whatever the form: the same seed gives the same records).
    """
    rng = random.Random(seed)
    cases: list[Case] = []
    for preset, players, teams in configs:
        config = f"{preset} {'2v2' if teams else players}"
        for g in range(games):
            record = simulate_record(
                preset,
                players,
                teams=teams,
                seed=f"survey-{seed}-{preset}-{players}-{teams}-{g}",
                record_id=f"survey-{g}",
            )
            plans: list[tuple[str, str | None]] = [
                (kind, None) for kind in (*DEAL_KINDS, *MATCH_KINDS)
            ]
            plans += [
                (a, b) for a, b in (rng.sample(DEAL_KINDS, 2) for _ in range(pairs))
            ]
            ways = ways_made(record)
            for kind, also in plans:
                made = misclaim(record, kind, rng, also)
                if made is not None:
                    sheet = written_as(made.record, form)
                    case = _case(
                        config, Misclaim(sheet, made.mistakes, made.scope), ways
                    )
                    if case is not None:
                        cases.append(case)
    return Survey(cases)


def _case(config: str, made: Misclaim, ways: Counter[str]) -> Case | None:
    """The case of ``made``; ``None`` when its sheet shows no dispute."""
    replayed = replay(made.record)
    if not replayed.report.disputed:
        return None
    start = time.process_time()
    explanations = explain(made.record, replayed)
    seconds = time.process_time() - start
    mistakes = made.mistakes
    deal = mistakes[0].deal if made.scope == "deal" else None
    found: Explanation | None = next(
        (e for e in explanations if e.scope == made.scope and e.deal == deal), None
    )
    words = {m.what_if for m in mistakes}
    fits = [{m.what_if for m in fit.mistakes} for fit in found.fits] if found else []
    outcome: Outcome = "missed"
    if found is not None and found.verdict in ("exact", "two_mistakes"):
        outcome = "found" if words in fits else "other"
    made_as = {(m.kind, m.side, m.move, m.what_if) for m in mistakes}
    first = (
        {(m.kind, m.side, m.move, m.what_if) for m in found.fits[0].mistakes}
        if found is not None and found.fits and outcome != "missed"
        else set()
    )
    return Case(
        config=config,
        kinds=tuple(m.kind for m in mistakes),
        made="; ".join(m.what_if for m in mistakes),
        outcome=outcome,
        named=first == made_as,
        fits=tuple("+".join(m.kind for m in f.mistakes) for f in found.fits)
        if found
        else (),
        verdict=found.verdict if found else "no explanation",
        seconds=seconds,
        best=_best(found, ways, outcome) if made.scope == "deal" else None,
    )


def _best(found: Explanation | None, ways: Counter[str], outcome: Outcome) -> float:
    """:attr:`Case.best`: each fit as likely as one way of its kind is (a pair
    of mistakes, which the survey makes only on purpose, as unlikely as can be)."""
    if found is None or outcome != "found":
        return 0.0
    odds = [
        1 / max(1, ways[f.mistakes[0].kind]) if len(f.mistakes) == 1 else 0.0
        for f in found.fits
    ]
    return max(odds) / sum(odds) if sum(odds) else 1 / len(odds)
