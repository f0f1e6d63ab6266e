"""What a counting mistake is, and the words to tell a club player about it.

A :class:`Mistake` says in words what the players may have done wrong and
carries the change it makes to a deal's :class:`~..rescoring.Scenario` (or the
match it makes, for a mistake in the match). The wording names who, which
cards, which move, and the rule.
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
    "count",
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

_ITEM_WORDS: Final = {
    "most_cards": ("cards", "most cards", 3),
    "most_spades": ("spades", "most spades", 1),
}

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


def option_words(name: str, value: object) -> str:
    """An option setting in words, e.g. ``sweeps scoring a point each (sweeps: true)``."""
    words = {
        ("sweeps", True): "sweeps scoring a point each",
        ("sweeps", False): "no points for sweeps",
        ("sweep_cancellation", "vs_runner_up"): "opposing sweeps cancelling",
        ("sweep_cancellation", "none"): "opposing sweeps not cancelling",
        ("near_target_rule", "none"): "no near-target rule",
        ("near_target_rule", "frozen"): "the frozen near-target rule",
        ("near_target_rule", "cap_at_20"): "the near-target cap",
        ("residue_if_no_capture", "dealer"): "uncaptured cards going to the dealer",
        ("residue_if_no_capture", "unclaimed"): "uncaptured cards counting for nobody",
        ("count_out", True): "a count-out, item by item",
        ("count_out", False): "no count-out (the higher total wins)",
        ("simultaneous_target", "any_simultaneous_is_tie"): "any joint finish a tie",
        ("simultaneous_target", "higher_total_else_replay"): "the higher total winning",
    }.get((name, value))
    if name == "near_target_sweep_threshold":
        words = (
            "no sweep points from 2 short of the target"
            if value is None
            else f"no sweep points from {value} (at a target of 21)"
        )
    elif name == "target_score":
        words = f"a target of {value}"
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

    def words(self) -> str:
        """``sweeps scoring a point each (sweeps: true)``, or ``dominican scoring (…)``."""
        if self.preset is None:
            return and_list([option_words(n, v) for n, v in self.settings.items()])
        shown = ", ".join(f"{n}: {_shown(v)}" for n, v in self.settings.items())
        return f"{self.preset} scoring ({shown})"

    def truth(self, rules: Rules) -> str:
        """What the game's rules have instead."""
        if self.preset is not None:
            return f"this game is played by {rules.preset} rules"
        name = next(iter(self.settings))
        return f"these rules have {option_words(name, getattr(rules, name))}"


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


def count(n: int, word: str) -> str:
    """``1 card``, ``6 cards``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Words:
    """Names and moves of one deal, in words."""

    def __init__(self, game: GameFacts, facts: DealFacts) -> None:
        self.game = game
        self.facts = facts
        self.partners = game.seating.partnership

    def side(self, side: int | None) -> str:
        """A side's name (``nobody`` for ``None``)."""
        return self.game.side_name(side)

    def player(self, seat: int) -> str:
        """A player's name."""
        return self.game.names[seat]

    def at(self, step: Step) -> str:
        """``move 12`` (numbered within the deal)."""
        return f"move {step.index + 1}"

    def capture(self, step: Step) -> str:
        """``Ana's capture at move 12 (K♠ takes K♥)``."""
        return (
            f"{self.player(step.move.seat)}'s capture at {self.at(step)}"
            f" ({move_text(step.move)})"
        )

    def by(self, step: Step) -> str:
        """Who made ``step``: ``Ana``, or ``Caio (Ana & Caio)`` when partners play."""
        side = self.game.side_of(step.move.seat)
        if self.partners:
            return f"{self.player(step.move.seat)} ({self.side(side)})"
        return self.side(side)


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
