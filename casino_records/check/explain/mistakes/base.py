"""What a counting mistake is, and the words to tell a club player about it.

A :class:`Mistake` says in words what the players may have done wrong and
carries the change it makes to a deal's :class:`~..rescoring.Scenario` (or the
match it makes, for a mistake in the match). The wording names who, which
cards, which move, and the rule, in the language of the translator ``t`` that
:class:`Words` carries (English by default: what a JSON report holds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ....engine.cards import Card
from ....engine.describe import move_text
from ....engine.moves import Step
from ....engine.rules import PRESETS, Rules, preset_defaults
from ....errors import RulesError
from ....i18n import ENGLISH, Translator
from ..whatif import DealFacts, GameFacts, MatchOutcome, Scenario

__all__ = [
    "DEAL_OPTIONS",
    "OPTION_RULES",
    "SCORING_CHOICES",
    "Change",
    "OtherRules",
    "Mistake",
    "Words",
    "add_points",
    "and_list",
    "deal_mistake",
    "move_cards",
    "option_words",
    "other_rules",
    "set_points",
]

Change = Callable[[Scenario], Scenario]
"""How a mistake changes a deal's scenario."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One counting mistake: what it is, in words and as a change to re-score."""

    kind: str
    """Its kind, e.g. ``residue_to_side`` (see docs/architecture.md)."""
    rule: str
    """The rule the mistake goes against (an id of the rulebook)."""
    what_if: str
    """The counterfactual: "the 6 cards left on the table had gone to Ben"."""
    truth: str
    """What the rules say instead, with the deciding move."""
    deal: int | None
    """0-based deal (``None`` for a mistake in the match)."""
    loc: str
    """JSON pointer of the deciding position (a move, a deal, a claim)."""
    move: int | None = None
    """The deciding move's 1-based number within its deal."""
    side: int | None = None
    """The side the mistake favoured or concerns, if one."""
    change: Change | None = None
    """For a deal: how the mistake changes the scenario."""
    outcome: Callable[[], MatchOutcome] | None = None
    """For the match: the match as the mistake makes it come out."""
    composable: bool = True
    """False when it cannot be combined with another mistake of the deal."""
    options: tuple[tuple[str, object], ...] = ()
    """For a game scored under other rules: the options that would do it."""


# --- words -------------------------------------------------------------------------

OPTION_RULES: Final = {
    "sweeps": "R10.3",
    "sweep_cancellation": "R10.4",
    "near_target_rule": "R13.4",
    "near_target_sweep_threshold": "R10.5",
    "residue_if_no_capture": "R11.2",
    "target_score": "R13.1",
    "count_out": "R13.3",
    "simultaneous_target": "R13.2",
}
"""The scoring options a table may get wrong, with the rule each belongs to."""

DEAL_OPTIONS: Final = (
    "sweeps",
    "sweep_cancellation",
    "near_target_rule",
    "near_target_sweep_threshold",
    "residue_if_no_capture",
    "target_score",
)
"""The options that change what a deal scores (the others decide the match)."""


def option_words(name: str, value: object, t: Translator = ENGLISH) -> str:
    """An option setting in words, e.g. ``sweeps scoring a point each (sweeps: true)``;
    the option's name and value stay as the notation writes them."""
    words = {
        ("sweeps", True): t.gettext("sweeps scoring a point each"),
        ("sweeps", False): t.gettext("no points for sweeps"),
        ("sweep_cancellation", "vs_runner_up"): t.gettext("opposing sweeps cancelling"),
        ("sweep_cancellation", "none"): t.gettext("opposing sweeps not cancelling"),
        ("near_target_rule", "none"): t.gettext("no near-target rule"),
        ("near_target_rule", "frozen"): t.gettext("the frozen near-target rule"),
        ("near_target_rule", "cap_at_20"): t.gettext("the near-target cap"),
        ("residue_if_no_capture", "dealer"): t.gettext(
            "uncaptured cards going to the dealer"
        ),
        ("residue_if_no_capture", "unclaimed"): t.gettext(
            "uncaptured cards counting for nobody"
        ),
        ("count_out", True): t.gettext("a count-out, item by item"),
        ("count_out", False): t.gettext("no count-out (the higher total wins)"),
        ("simultaneous_target", "any_simultaneous_is_tie"): t.gettext(
            "any joint finish a tie"
        ),
        ("simultaneous_target", "higher_total_else_replay"): t.gettext(
            "the higher total winning"
        ),
    }.get((name, value))
    if name == "near_target_sweep_threshold":
        words = (
            t.gettext("no sweep points from 2 short of the target")
            if value is None
            else t.gettext("no sweep points from {n} (at a target of 21)").format(
                n=value
            )
        )
    elif name == "target_score":
        words = t.gettext("a target of {n}").format(n=value)
    return f"{words or name} ({name}: {_shown(value)})"


SCORING_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "sweeps": (True, False),
    "sweep_cancellation": ("none", "vs_runner_up"),
    "near_target_rule": ("none", "frozen", "cap_at_20"),
    "near_target_sweep_threshold": (18, 19),
    "residue_if_no_capture": ("unclaimed", "dealer"),
    "target_score": (11, 21),
    "count_out": (True, False),
}
"""The values a table may score a game with, per scoring option."""


@dataclass(frozen=True, slots=True)
class OtherRules:
    """Scoring options other than the game's: one option, or another preset's."""

    settings: dict[str, object]
    preset: str | None = None
    """The preset whose scoring options these are, if they are a preset's."""

    @property
    def rule(self) -> str:
        """The rule the options belong to."""
        return "R12.3" if self.preset else OPTION_RULES[next(iter(self.settings))]

    def words(self, t: Translator = ENGLISH) -> str:
        """``sweeps scoring a point each (sweeps: true)``, or ``dominican scoring (…)``."""
        if self.preset is None:
            return and_list(
                [option_words(n, v, t) for n, v in self.settings.items()], t
            )
        shown = ", ".join(f"{n}: {_shown(v)}" for n, v in self.settings.items())
        return t.gettext("{preset} scoring ({options})").format(
            preset=self.preset, options=shown
        )

    def truth(self, rules: Rules, t: Translator = ENGLISH) -> str:
        """What the game's rules have instead."""
        if self.preset is not None:
            return t.gettext("this game is played by {preset} rules").format(
                preset=rules.preset
            )
        name = next(iter(self.settings))
        return t.gettext("these rules have {option}").format(
            option=option_words(name, getattr(rules, name), t)
        )


def other_rules(rules: Rules, names: Sequence[str]) -> Iterator[OtherRules]:
    """Each other value of the options ``names``, then each other preset's values
    of them (where more than one differs)."""
    for name in names:
        for value in SCORING_CHOICES[name]:
            if value != getattr(rules, name) and _changes(rules, {name: value}):
                yield OtherRules({name: value})
    for preset in PRESETS:
        defaults = preset_defaults(preset)
        settings = {n: defaults[n] for n in names if defaults[n] != getattr(rules, n)}
        if len(settings) > 1 and _changes(rules, settings):
            yield OtherRules(settings, preset)


def _changes(rules: Rules, settings: dict[str, Any]) -> bool:
    """True when ``settings`` make a playable rule set that scores differently
    (a sweep threshold set to what it already is, T - 2, changes nothing)."""
    try:
        changed = dataclasses.replace(rules, **settings)
    except RulesError:
        return False  # e.g. a count-out with a near-target rule (R13.4)
    same = dataclasses.replace(changed, near_target_sweep_threshold=None)
    unset = dataclasses.replace(rules, near_target_sweep_threshold=None)
    return same != unset or changed.sweep_threshold != rules.sweep_threshold


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def and_list(items: Sequence[str], t: Translator = ENGLISH) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in ``t``'s language)."""
    if len(items) < 2:
        return "".join(items)
    head = t.pgettext("list separator", ", ").join(items[:-1])
    return t.gettext("{items} and {last}").format(items=head, last=items[-1])


class Words:
    """Names and moves of one deal, in words of ``t``'s language."""

    def __init__(
        self, game: GameFacts, facts: DealFacts, t: Translator = ENGLISH
    ) -> None:
        self.game = game
        self.facts = facts
        self.t = t
        self.partners = game.seating.partnership

    def side(self, side: int | None) -> str:
        """A side's name (``nobody`` for ``None``)."""
        return self.t.gettext("nobody") if side is None else self.game.side_name(side)

    def player(self, seat: int) -> str:
        """A player's name."""
        return self.game.names[seat]

    def at(self, step: Step) -> str:
        """``move 12`` (numbered within the deal)."""
        return self.t.gettext("move {n}").format(n=step.index + 1)

    def capture(self, step: Step) -> str:
        """``Ana's capture at move 12 (K♠ takes K♥)``."""
        return self.t.gettext("{player}'s capture at {move} ({what})").format(
            player=self.player(step.move.seat),
            move=self.at(step),
            what=move_text(step.move, t=self.t),
        )

    def by(self, step: Step) -> str:
        """Who made ``step``: ``Ana``, or ``Caio (Ana & Caio)`` when partners play."""
        side = self.game.side_of(step.move.seat)
        if self.partners:
            return f"{self.player(step.move.seat)} ({self.side(side)})"
        return self.side(side)

    def cards(self, n: int) -> str:
        """``1 card``, ``6 cards``."""
        return self.t.ngettext("{n} card", "{n} cards", n).format(n=n)

    def points(self, n: int) -> str:
        """``1 point``, ``3 points``."""
        return self.t.ngettext("{n} point", "{n} points", n).format(n=n)


def deal_mistake(facts: DealFacts, step: Step | None, **fields: object) -> Mistake:
    """A deal mistake deciding at ``step`` (or at the end of the deal)."""
    if step is not None:
        loc = facts.move_locs[step.index]
        return Mistake(deal=facts.index, loc=loc, move=step.index + 1, **fields)  # type: ignore[arg-type]
    return Mistake(deal=facts.index, loc=facts.loc, **fields)  # type: ignore[arg-type]


def move_cards(
    source: int | None, target: int | None, cards: Sequence[Card], twice: bool = False
) -> Change:
    """Take ``cards`` out of ``source``'s pile (unless ``twice``) and add them to ``target``'s."""
    moved = set(cards)

    def change(scenario: Scenario) -> Scenario:
        if source is not None and not twice:
            pile = [c for c in scenario.piles[source] if c not in moved]
            scenario = scenario.with_pile(source, pile)
        if target is not None:
            scenario = scenario.with_pile(target, (*scenario.piles[target], *cards))
        return scenario

    return change


def set_points(category: str, points: dict[int, int]) -> Change:
    """The change that writes ``points`` (by side) for ``category``."""

    def tweak(sides: list[dict[str, int]]) -> None:
        for side, value in points.items():
            sides[side][category] = value

    return lambda scenario: scenario.tweak_points(tweak)


def add_points(category: str, side: int, delta: int) -> Change:
    """The change that counts ``delta`` more points of ``category`` for ``side``."""

    def tweak(sides: list[dict[str, int]]) -> None:
        sides[side][category] = max(0, sides[side][category] + delta)

    return lambda scenario: scenario.tweak_points(tweak)
