"""The replay page's analysis: running it, what a record already carries, its summary.

The page only lays these out: the analysis itself is the library's
(:func:`casino_records.analysis.analyse.analyse_record`), the same as
``casino-records analyse`` computes with the same settings; the stepper shows
it (:func:`.stepper.stepper_payload`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...analysis.analyse import DEFAULT_SAMPLES, analyse_record, make_settings
from ...analysis.annotate import annotate
from ...analysis.game_analysis import GameAnalysis
from ...check.batch import default_jobs
from ...i18n import ENGLISH, Translator
from ...record.json.jsonio import dumps
from ..analysis_text import losses_line
from .game import Game

__all__ = [
    "SAMPLE_CHOICES",
    "analyse_game",
    "analysis_summary",
    "annotated_bytes",
    "recorded_analysis",
    "samples_label",
]

SAMPLE_CHOICES: Final = (20, 50, DEFAULT_SAMPLES)
"""Sampled deals per estimated move the page offers: quick, finer, the command's
default (under a minute a two-player deal, see bench/README.md)."""


def samples_label(samples: int, t: Translator = ENGLISH) -> str:
    """A choice of :data:`SAMPLE_CHOICES` in words.

    >>> [samples_label(n) for n in SAMPLE_CHOICES]
    ['20 (quick)', '50', '200 (as the command)']
    """
    if samples == DEFAULT_SAMPLES:
        return t.gettext("{n} (as the command)").format(n=samples)
    if samples == SAMPLE_CHOICES[0]:
        return t.gettext("{n} (quick)").format(n=samples)
    return str(samples)


def analyse_game(
    game: Game,
    samples: int,
    *,
    seed: str = "0",
    progress: Callable[[int, int], None] | None = None,
) -> GameAnalysis:
    """Every move of ``game`` analysed, as ``casino-records analyse --samples
    SAMPLES --seed SEED`` does, on every core (``--jobs 0``; the same result
    with any number of workers)."""
    return analyse_record(
        game.record,
        make_settings(samples=samples, seed=seed),
        source=game.report.source,
        progress=progress,
        jobs=default_jobs(),
    )


def recorded_analysis(game: Game) -> str | None:
    """The command that analysed this record, when it carries an analysis
    (``analyse --annotate`` tags it and writes a comment on every move)."""
    meta = game.record.meta
    return None if meta is None else meta.tags.get("analysis")


def analysis_summary(analysis: GameAnalysis, t: Translator = ENGLISH) -> str:
    """One plain line: how it was made and each player's points lost per move.

    >>> from casino_records.record.simulate import simulate_record
    >>> from casino_records.present.viewmodel import build_game
    >>> game = build_game(simulate_record("classic", 2, seed="doc", max_deals=1))
    >>> print(analysis_summary(analyse_game(game, 1, seed="doc"))[:64])
    Analysed 48 moves (1 sampled deal per estimated move, seed 'doc'
    """
    s = analysis.settings
    count = len(analysis.moves)
    exact = sum(1 for m in analysis.moves if m.method == "exact")
    n = s.samples
    samples = (
        t.ngettext(
            "up to {n} sampled deal per estimated move",
            "up to {n} sampled deals per estimated move",
            n,
        )
        if s.up_to
        else t.ngettext(
            "{n} sampled deal per estimated move",
            "{n} sampled deals per estimated move",
            n,
        )
    ).format(n=n)
    return t.ngettext(
        "Analysed {n} move ({samples}, seed {seed}; {exact} exact, every card"
        " known). Points lost per move: {losses}.",
        "Analysed {n} moves ({samples}, seed {seed}; {exact} exact, every card"
        " known). Points lost per move: {losses}.",
        count,
    ).format(
        n=count,
        samples=samples,
        seed=repr(s.seed),
        exact=exact,
        losses=losses_line(analysis.totals, t),
    )


def annotated_bytes(game: Game, analysis: GameAnalysis) -> bytes:
    """The record with the analysis written in (glyphs and comments), as JSON:
    what ``casino-records analyse --annotate`` writes."""
    return dumps(annotate(game.record, analysis))
