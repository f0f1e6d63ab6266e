"""Explain a dispute: find the counting mistake that makes the claimed score come out.

For each deal whose claimed figures differ from the computed ones, every
mistake of the catalogue (:mod:`.mistakes`) re-scores the deal's piles
(:mod:`.rescoring`: the moves were replayed once, by the referee) and is
compared with the claims:

1. the mistakes that reproduce every claimed figure (``exact``; more than one
   means the claims cannot tell them apart, and all are listed);
2. failing that, two mistakes together (``two_mistakes``);
3. failing that, the one that reproduces the most differing figures without
   contradicting an agreeing one (``closest``), said as such;
4. else ``none``: no catalogued mistake explains the claims.

The match is explained the same way from the match mistakes
(:mod:`.match_mistakes`), which carry the deals' explained scores. An
explanation is what the players probably did; the computed scores stand.

>>> from casino_records.record.json import jsonio
>>> from casino_records.check.replay import replay
>>> record = jsonio.load("sample_games/disputed-residue-wrong-side.json")
>>> first = explain(record, replay(record))[0]
>>> first.verdict, first.fits[0].mistakes[0].kind, first.deciding_move
('exact', 'residue_to_side', 46)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...engine.scoring import CATEGORIES, bank_points, near_target_band
from ...i18n import ENGLISH, Translator
from ...record.format.models import GameRecord
from ...record.format.pointer import deal_pointer, pointer
from ..replay import Replay, replay
from .explanation import Explanation, Fit, MistakeReport, Verdict
from .mistakes import (
    Mistake,
    deal_mistakes,
    match_mistakes,
    match_total_added_wrong,
    total_added_wrong,
)
from .whatif import (
    DealFacts,
    Figures,
    GameFacts,
    Scenario,
    figures_of,
    game_facts,
    rescore,
)

__all__ = ["explain", "explain_record"]


@dataclass(slots=True)
class _Trial:
    """One mistake (or two) tried against the claims."""

    mistakes: tuple[Mistake, ...]
    explains: int
    """Differing claimed figures it reproduces."""
    breaks: int
    """Agreeing claimed figures it contradicts."""
    scenario: Scenario | None = None
    touched: set[tuple[int, str]] = field(default_factory=set)
    """(side, figure) of every figure it changes."""


def explain(
    record: GameRecord, replayed: Replay, *, t: Translator = ENGLISH
) -> list[Explanation]:
    """Explain every disputed deal of ``record`` and its disputed match claims.

    :param replayed: ``replay(record)``: its report and final deal states.
    :param t: the language of the sentences (English, the default, is what a
        JSON report holds: machines read the same report in every language).
    :returns: one explanation per deal whose claims differ, in deal order, then
        one for the match if its claimed totals or winner differ; nothing for an
        undisputed or invalid record.
    """
    if not replayed.report.disputed:
        return []
    game = game_facts(record, replayed)
    if game is None:
        return []
    explanations: list[Explanation] = []
    explained: dict[int, Scenario] = {}
    catalogue: dict[int, list[Mistake]] = {}
    ways: Counter[str] = Counter()
    for facts in game.deals:
        differing = facts.differing()
        if not differing:
            continue
        if not catalogue:
            catalogue = {f.index: deal_mistakes(game, f, t) for f in game.deals}
            ways = Counter(m.kind for made in catalogue.values() for m in made)
        explanation, scenario = _explain_deal(
            game, facts, differing, catalogue[facts.index], ways, t
        )
        explanations.append(explanation)
        if scenario is not None:
            explained[facts.index] = scenario
    if game.match_differs():
        explanations.append(_explain_match(game, explained, t))
    return explanations


def explain_record(record: GameRecord, *, t: Translator = ENGLISH) -> list[Explanation]:
    """Replay ``record`` and explain its disputes (see :func:`explain`)."""
    return explain(record, replay(record), t=t)


# --- a deal -------------------------------------------------------------------------


def _explain_deal(
    game: GameFacts,
    facts: DealFacts,
    differing: set[tuple[int, str]],
    catalogue: list[Mistake],
    ways: Counter[str],
    t: Translator,
) -> tuple[Explanation, Scenario | None]:
    """Explain one deal's claims from its ``catalogue`` of mistakes; ``ways``:
    how many mistakes of each kind the catalogues of the game's deals hold."""
    claims = facts.claimed
    assert claims is not None
    sides = game.seating.sides
    # A total added up wrong fits any one wrong total. Where the side wrote its
    # items, the sheet itself shows the slip, and it is offered only when no
    # mistake of the catalogue that says why fits; where it wrote its total
    # alone, it is one of the mistakes that may fit, the least likely.
    fallback, unsaid = _arithmetic(game, facts, differing, t)
    mistakes = [*catalogue, *unsaid]
    truth = [figures_of(s) for s in facts.scores]

    def trial(tried: tuple[Mistake, ...]) -> _Trial:
        scenario = facts.base
        for mistake in tried:
            assert mistake.change is not None
            scenario = mistake.change(scenario)
        figures = [figures_of(s) for s in rescore(scenario, sides)]
        explains, breaks = _compare(claims, figures, differing)
        touched = {
            (side, name)
            for side, (made, was) in enumerate(zip(figures, truth, strict=True))
            for name, value in made.items()
            if was[name] != value
        }
        return _Trial(tried, explains, breaks, scenario, touched)

    singles = [trial((m,)) for m in mistakes]
    exact = _likeliest([t for t in singles if _exact(t, differing)], ways)
    verdict: Verdict = "exact"
    if not exact:
        singles += [trial((m,)) for m in fallback]
        exact = _likeliest([t for t in singles if _exact(t, differing)], ways)
    if not exact:
        verdict = "two_mistakes"
        exact = _pairs(singles, differing, trial)
    if not exact:
        exact = _closest(singles)
        verdict = "closest" if exact else "none"
    explanation = _explanation(
        "deal",
        facts.index,
        deal_pointer(facts.index, "claimed"),
        verdict,
        exact,
        len(differing),
        t,
    )
    lead = exact[0].scenario if exact and verdict != "closest" else None
    return explanation, lead


_DIRECT = frozenset(
    {
        "counts.cards",
        "counts.spades",
        "counts.sweeps",
        "points.big_casino",
        "points.little_casino",
        "points.aces",
    }
)
"""Figures a mistake changes only by touching them itself (most cards, sweep
points and totals also move when another figure does)."""


def _pairs(
    singles: Sequence[_Trial],
    differing: set[tuple[int, str]],
    trial: Callable[[tuple[Mistake, ...]], _Trial],
) -> list[_Trial]:
    """Two mistakes that together reproduce the claims.

    One of them reproduces some differing figure alone, and between them they
    change every differing figure that only a mistake touching it can change:
    other pairs cannot fit, and are not tried.
    """
    direct = {f for f in differing if f[1] in _DIRECT}
    pool = [t for t in singles if t.mistakes[0].composable and t.touched]
    found = []
    for i, first in enumerate(pool):
        if not first.explains:
            continue
        for j, second in enumerate(pool):
            if j == i or (second.explains and j < i):
                continue  # each pair once
            if not direct <= first.touched | second.touched:
                continue
            pair = (first, second) if i < j else (second, first)
            tried = trial(pair[0].mistakes + pair[1].mistakes)
            if _exact(tried, differing):
                found.append(tried)
    return found


def _arithmetic(
    game: GameFacts, facts: DealFacts, differing: set[tuple[int, str]], t: Translator
) -> tuple[list[Mistake], list[Mistake]]:
    """A deal total added up wrong, two ways: where a side's claimed items,
    banked, do not give its claimed total (the sheet itself shows the slip);
    and where a side wrote a wrong total and no item (nothing shows it is not
    the slip)."""
    found, unsaid = [], []
    rules, base = facts.base.rules, facts.base
    for side, claims in enumerate(facts.claimed or ()):
        points = {c: claims.get(f"points.{c}") for c in CATEGORIES}
        if "total" not in claims or side >= len(facts.scores):
            continue
        if all(v is None for v in points.values()):
            if (side, "total") in differing:
                unsaid.append(total_added_wrong(game, facts, side, claims["total"], t))
            continue
        if None in points.values():
            continue
        total = base.totals_before[side]
        band = near_target_band(rules, total, base.play_on)
        items = {c: v for c, v in points.items() if v is not None}
        banked, _ = bank_points(rules, items, total, band)
        if banked != claims["total"]:
            found.append(total_added_wrong(game, facts, side, claims["total"], t))
    return found, unsaid


def _compare(
    claims: Sequence[Figures],
    figures: Sequence[Figures],
    differing: set[tuple[int, str]],
) -> tuple[int, int]:
    explains = breaks = 0
    for side, claimed in enumerate(claims):
        if side >= len(figures):
            continue
        made = figures[side]
        for name, value in claimed.items():
            if made[name] == value:
                explains += (side, name) in differing
            elif (side, name) not in differing:
                breaks += 1
    return explains, breaks


def _likeliest(trials: list[_Trial], ways: Counter[str]) -> list[_Trial]:
    """``trials`` the likeliest first.

    One mistake was made in the game: each kind of mistake is taken to be as
    likely as any other, and each way of making it in the game (``ways``: how
    many of its kind the deals' catalogues hold) as likely as the others. So
    of two fits the one of a kind that could have been made in fewer ways is
    the likelier: a sweep not counted (one way per sweep) before a scoring
    option misread (several ways a deal), the cards left on the table (one way
    a deal) before one of many captures, the one tie of the game scored before
    the cards left on the table of one of its deals. Between fits as likely,
    the one that changes fewer figures of a complete sheet (a pile credited to
    the wrong side also changes counts a sheet of items does not show), then
    the catalogue's order (most common first). A total added up wrong, which
    says nothing of why the total is wrong, comes last. On a complete sheet
    one mistake fits all but rarely, and the order seldom matters."""
    return sorted(
        trials,
        key=lambda t: (
            t.mistakes[0].kind == "total_added_wrong",
            ways[t.mistakes[0].kind],
            len(t.touched),
        ),
    )


def _exact(t: _Trial, differing: set[tuple[int, str]] | list[str]) -> bool:
    return t.breaks == 0 and t.explains == len(differing)


def _closest(trials: Sequence[_Trial]) -> list[_Trial]:
    """The trial that reproduces most differing figures and contradicts none."""
    candidates = [t for t in trials if t.breaks == 0 and t.explains > 0]
    if not candidates:
        return []
    best = max(t.explains for t in candidates)
    return [next(t for t in candidates if t.explains == best)]


# --- the match ----------------------------------------------------------------------


def _explain_match(
    game: GameFacts, explained: dict[int, Scenario], t: Translator
) -> Explanation:
    differing = game.match_claims_differing(game.outcome)
    mistakes = match_mistakes(game, explained, t)
    fallback = [
        match_total_added_wrong(game, k, value, t)
        for k, value in enumerate(game.claimed_totals or ())
        if k < len(game.outcome.totals) and value != game.outcome.totals[k]
    ]

    def trial(mistake: Mistake) -> _Trial:
        assert mistake.outcome is not None
        made = game.match_claims_differing(mistake.outcome())
        explains = sum(1 for c in differing if c not in made)
        breaks = sum(1 for c in made if c not in differing)
        return _Trial((mistake,), explains, breaks)

    trials = [trial(m) for m in mistakes]
    exact = [t for t in trials if _exact(t, differing)]
    if not exact:
        trials += [trial(m) for m in fallback]
        exact = [t for t in trials if _exact(t, differing)]
    verdict: Verdict = "exact"
    if not exact:
        exact = _closest(trials)
        verdict = "closest" if exact else "none"
    return _explanation(
        "match", None, pointer("claimed"), verdict, exact, len(differing), t
    )


# --- words ----------------------------------------------------------------------------


def _report(mistake: Mistake) -> MistakeReport:
    return MistakeReport(
        kind=mistake.kind,
        rule=mistake.rule,
        what_if=mistake.what_if,
        truth=mistake.truth,
        deal=mistake.deal,
        move=mistake.move,
        loc=mistake.loc,
        side=mistake.side,
        options={k: v for k, v in mistake.options if isinstance(v, (bool, int, str))},
    )


def _explanation(
    scope: Literal["deal", "match"],
    deal: int | None,
    loc: str,
    verdict: Verdict,
    trials: Sequence[_Trial],
    differing: int,
    t: Translator,
) -> Explanation:
    fits = [
        Fit(mistakes=[_report(m) for m in t.mistakes], explains=t.explains)
        for t in trials
    ]
    lead = trials[0].mistakes if trials else ()
    first = lead[0] if lead else None
    return Explanation(
        scope=scope,
        deal=deal,
        loc=loc,
        verdict=verdict,
        sentence=_sentence(scope, deal, verdict, lead, differing, trials, t),
        differing=differing,
        fits=fits,
        deciding_loc=first.loc if first else "",
        deciding_deal=first.deal if first else None,
        deciding_move=first.move if first else None,
    )


def _because(mistake: Mistake) -> str:
    return f"{mistake.truth} ({mistake.rule})"


def _sentence(
    scope: str,
    deal: int | None,
    verdict: Verdict,
    lead: Sequence[Mistake],
    differing: int,
    trials: Sequence[_Trial],
    t: Translator,
) -> str:
    """The explanation's one sentence, for the verdict and its likeliest fit."""
    if verdict == "none":
        if scope == "deal":
            assert deal is not None
            return t.ngettext(
                "No counting mistake we know of explains the {n} claimed figure of"
                " deal {deal} that differs from the rules' count; see the differences"
                " below.",
                "No counting mistake we know of explains the {n} claimed figures of"
                " deal {deal} that differ from the rules' count; see the differences"
                " below.",
                differing,
            ).format(n=differing, deal=deal + 1)
        return t.ngettext(
            "No counting mistake we know of explains the {n} claimed figure of the"
            " match that differs from the rules' count; see the differences below.",
            "No counting mistake we know of explains the {n} claimed figures of the"
            " match that differ from the rules' count; see the differences below.",
            differing,
        ).format(n=differing)
    sheet = scope == "deal"
    if verdict == "exact" and len(trials) > 1:
        (mistake,) = lead
        text = (
            t.gettext(
                "Your score sheet fits any one of {n} mistakes (one of these, the"
                " likeliest first): it is exactly what you get if {what_if}; {because}."
            )
            if sheet
            else t.gettext(
                "Your match result fits any one of {n} mistakes (one of these, the"
                " likeliest first): it is exactly what you get if {what_if}; {because}."
            )
        )
        return text.format(
            n=len(trials), what_if=mistake.what_if, because=_because(mistake)
        )
    if verdict == "exact":
        (mistake,) = lead
        text = (
            t.gettext(
                "Your score sheet is exactly what you get if {what_if}; {because}."
            )
            if sheet
            else t.gettext(
                "Your match result is exactly what you get if {what_if}; {because}."
            )
        )
        return text.format(what_if=mistake.what_if, because=_because(mistake))
    if verdict == "two_mistakes":
        a, b = lead
        text = (
            t.gettext(
                "No single mistake gives your score sheet, but two together do: if"
                " {what_if}, and {what_if_2}; {because}, and {because_2}."
            )
            if sheet
            else t.gettext(
                "No single mistake gives your match result, but two together do: if"
                " {what_if}, and {what_if_2}; {because}, and {because_2}."
            )
        )
        return text.format(
            what_if=a.what_if,
            what_if_2=b.what_if,
            because=_because(a),
            because_2=_because(b),
        )
    (mistake,) = lead
    text = (
        t.ngettext(
            "No single counting mistake gives your score sheet; the closest explains"
            " {explained} of the {n} claimed figure that differs: it is what you get"
            " if {what_if}; {because}.",
            "No single counting mistake gives your score sheet; the closest explains"
            " {explained} of the {n} claimed figures that differ: it is what you get"
            " if {what_if}; {because}.",
            differing,
        )
        if sheet
        else t.ngettext(
            "No single counting mistake gives your match result; the closest explains"
            " {explained} of the {n} claimed figure that differs: it is what you get"
            " if {what_if}; {because}.",
            "No single counting mistake gives your match result; the closest explains"
            " {explained} of the {n} claimed figures that differ: it is what you get"
            " if {what_if}; {because}.",
            differing,
        )
    )
    return text.format(
        explained=trials[0].explains,
        n=differing,
        what_if=mistake.what_if,
        because=_because(mistake),
    )
