"""The catalogue of counting mistakes made at a table, for one deal.

Each :class:`Mistake` says in words what the players may have done wrong and
carries the change it makes to the deal's :class:`~.rescoring.Scenario`;
:func:`deal_mistakes` lists every mistake that can be made in a deal, in order
of how often they are made (the first exact fit leads the explanation).
The wording is for a club player: who, which cards, which move, and the rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.cards import BIG_CASINO, LITTLE_CASINO, Card
from ..engine.describe import move_text
from ..engine.moves import Step
from ..engine.rules import PRESETS, Rules, preset_defaults
from ..engine.scoring import NEAR_TARGET_ITEM, near_target_band
from ..engine.values import is_spade
from .rescoring import DealFacts, GameFacts, MatchOutcome, Scenario

__all__ = ["Mistake", "deal_mistakes", "option_words", "total_added_wrong"]

Change = Callable[[Scenario], Scenario]


@dataclass(frozen=True, slots=True)
class Mistake:
    """One counting mistake: what it is, in words and as a change to re-score."""

    kind: str
    """Its kind, e.g. ``residue_to_side`` (see docs/engine.md)."""
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
        words = f"no sweep points from {value}"
    elif name == "target_score":
        words = f"a target of {value}"
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    return f"{words or name} ({name}: {shown})"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _list(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class _Words:
    """Names and moves of one deal, in words."""

    def __init__(self, game: GameFacts, facts: DealFacts) -> None:
        self.game = game
        self.facts = facts
        self.partners = game.seating.partnership

    def side(self, side: int | None) -> str:
        return self.game.side_name(side)

    def player(self, seat: int) -> str:
        return self.game.names[seat]

    def at(self, step: Step) -> str:
        return f"move {step.index + 1}"

    def capture(self, step: Step) -> str:
        """``Ana's capture at move 12 (K♠ takes K♥)``."""
        return (
            f"{self.player(step.move.seat)}'s capture at {self.at(step)}"
            f" ({move_text(step.move)})"
        )

    def by(self, step: Step) -> str:
        """The capturer, and the side when partners play: ``Ana & Caio (Caio …)``."""
        side = self.game.side_of(step.move.seat)
        if self.partners:
            return f"{self.side(side)}: {self.player(step.move.seat)}"
        return self.side(side)


def _mistake(facts: DealFacts, step: Step | None, **fields: object) -> Mistake:
    """A deal mistake deciding at ``step`` (or at the end of the deal)."""
    if step is not None:
        loc = facts.move_locs[step.index]
        return Mistake(deal=facts.index, loc=loc, move=step.index + 1, **fields)  # type: ignore[arg-type]
    return Mistake(deal=facts.index, loc=facts.loc, **fields)  # type: ignore[arg-type]


# --- the catalogue ------------------------------------------------------------------


def deal_mistakes(game: GameFacts, facts: DealFacts) -> list[Mistake]:
    """Every catalogued mistake that could be made counting this deal, most common first.

    Mistakes whose amount comes from the claims (a total added up wrong) are
    made by :func:`total_added_wrong`, not listed here.
    """
    words = _Words(game, facts)
    found: list[Mistake] = []
    for make in (
        _residue,
        _ties,
        _sweeps,
        _casinos,
        _aces,
        _captures,
        _near_target,
        _category_rules,
        _options,
    ):
        found.extend(make(words, facts))
    return found


def _residue(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    state = facts.state
    cards = state.residue
    if not cards:
        return
    owner = state.residue_side
    last = facts.last_capture
    last_card = state.log[-1]
    last_side = words.game.side_of(last_card.move.seat)
    n = len(cards)
    left = f"the {_count(n, 'card')} left on the table at the end"
    if owner is not None and last is not None:
        truth = f"the rules give them to {words.by(last)}, who made the last capture ({words.at(last)})"
        rule = "R11.1"
    elif owner is not None:
        truth = f"nobody captured, and these rules give them to the dealer's side, {words.side(owner)}"
        rule = "R11.2"
    else:
        truth = "nobody captured in this deal, so they count for nobody"
        rule = "R11.2"
    for side in range(len(state.piles)):
        if side == owner:
            continue
        who = words.side(side)
        if side == last_side and side != owner:
            who += ", who played the last card"
        yield _mistake(
            facts,
            last,
            kind="residue_to_side",
            rule=rule,
            side=side,
            what_if=f"{left} had gone to {who}",
            truth=truth,
            change=_move_cards(owner, side, cards),
        )
    if owner is not None:
        yield _mistake(
            facts,
            last,
            kind="residue_to_nobody",
            rule=rule,
            side=owner,
            what_if=f"nobody had been given {left}",
            truth=truth,
            change=_move_cards(owner, None, cards),
        )


def _move_cards(
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


def _ties(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    scores = facts.scores
    for category, (counted, item, points) in _ITEM_WORDS.items():
        counts = [s.cards if counted == "cards" else s.spades for s in scores]
        best = max(counts)
        tied = [k for k, c in enumerate(counts) if c == best]
        if len(tied) < 2:
            continue
        split = "–".join(str(counts[k]) for k in tied)
        truth = f"a tie for {item} scores nobody"
        for side in tied:
            yield _mistake(
                facts,
                None,
                kind="tie_to_side",
                rule="R12.2",
                side=side,
                what_if=f"the {split} tie in {counted} had given {words.side(side)}"
                f" the {_count(points, 'point')} for {item}",
                truth=truth,
                change=_set_points(category, {k: points if k == side else 0 for k in tied}),
            )
        yield _mistake(
            facts,
            None,
            kind="tie_shared",
            rule="R12.2",
            what_if=f"each side in the {split} tie in {counted} had scored {item}",
            truth=truth,
            change=_set_points(category, dict.fromkeys(tied, points)),
        )


def _set_points(category: str, points: dict[int, int]) -> Change:
    def tweak(sides: list[dict[str, int]]) -> None:
        for side, value in points.items():
            sides[side][category] = value

    return lambda scenario: scenario.tweak_points(tweak)


def _add_points(category: str, side: int, delta: int) -> Change:
    def tweak(sides: list[dict[str, int]]) -> None:
        sides[side][category] = max(0, sides[side][category] + delta)

    return lambda scenario: scenario.tweak_points(tweak)


def _sweeps(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    sweeps = facts.base.sweeps
    steps = {s.index: s for s in facts.state.log if s.sweep}
    last = facts.last_capture
    deal_end = len(facts.state.log) - 1
    for side, made in enumerate(sweeps):
        name = words.side(side)
        at = _list([f"move {m + 1}" for m in made])
        if last is not None and not last.sweep and words.game.side_of(last.move.seat) == side:
            extra_at: Step | None = last
            what_if = (
                f"{words.capture(last)}, the last of the deal, had been counted as a"
                " sweep"
            )
            truth = "taking the cards left on the table at the end is never a sweep"
            rule = "R10.2"
        else:
            extra_at = steps[made[0]] if made else None
            what_if = f"{name} had been given one sweep more than the {len(made)} made"
            truth = "a sweep is a capture that empties the table" + (
                f"; {name}'s {'were' if len(made) > 1 else 'was'} at {at}" if made else ""
            )
            rule = "R10.1"
        extra = last.index if extra_at is last and last is not None else -1
        yield _mistake(
            facts,
            extra_at,
            kind="sweep_extra",
            rule=rule,
            side=side,
            what_if=what_if,
            truth=truth,
            change=_sweep_moves(side, (*made, extra)),
        )
        if not made:
            continue
        final = [m for m in made if m == deal_end]
        missed = final[0] if final else made[0]
        truth = (
            "a capture with the deal's last card that empties the table is a sweep"
            if final
            else f"each capture that empties the table is a sweep ({at})"
        )
        yield _mistake(
            facts,
            steps[missed],
            kind="sweep_missed",
            rule="R10.2" if final else "R10.1",
            side=side,
            what_if=f"one of {name}'s {_count(len(made), 'sweep')} had not been counted",
            truth=truth,
            change=_sweep_moves(side, [m for m in made if m != missed]),
        )
        for other in range(len(sweeps)):
            if other == side:
                continue
            yield _mistake(
                facts,
                steps[made[0]],
                kind="sweep_to_side",
                rule="R10.1",
                side=other,
                what_if=f"one of {name}'s sweeps had been counted for {words.side(other)}",
                truth=f"a sweep belongs to the side that made it ({name}: {at})",
                change=lambda s, a=side, b=other, m=made: s.with_sweeps(
                    a, m[1:]
                ).with_sweeps(b, (*s.sweeps[b], m[0])),
            )


def _sweep_moves(side: int, moves: Sequence[int]) -> Change:
    return lambda scenario: scenario.with_sweeps(side, moves)


def _casinos(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    for card, category, name, points in (
        (BIG_CASINO, "big_casino", "Big Casino", 2),
        (LITTLE_CASINO, "little_casino", "Little Casino", 1),
    ):
        holder = next(
            (k for k, pile in enumerate(facts.base.piles) if card in pile), None
        )
        step = next(
            (
                s
                for s in facts.captures
                if card == s.move.card or card in s.taken
            ),
            None,
        )
        label = f"{name} ({card.pretty})"
        if holder is None:
            truth = f"nobody took {name}"
        elif step is not None:
            truth = f"{words.by(step)} captured {name} at {words.at(step)}"
        else:
            truth = f"{words.side(holder)} took {name} with the cards left on the table"
        for side in range(len(facts.base.piles)):
            if side == holder:
                continue
            changes = {side: points} | ({} if holder is None else {holder: 0})
            yield _mistake(
                facts,
                step,
                kind="casino_to_side",
                rule="R12.1",
                side=side,
                what_if=f"{label} had been counted for {words.side(side)}",
                truth=truth,
                change=_set_points(category, changes),
            )
        if holder is not None:
            yield _mistake(
                facts,
                step,
                kind="casino_missed",
                rule="R12.1",
                side=holder,
                what_if=f"{label} had not been counted",
                truth=truth,
                change=_set_points(category, {holder: 0}),
            )


def _aces(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    origin = {c: s for s in facts.captures for c in (s.move.card, *s.taken)}
    for side, score in enumerate(facts.scores):
        aces = tuple(sorted(score.aces, key=lambda a: origin[a].index if a in origin else 99))
        taken = [
            f"{a.pretty} at move {origin[a].index + 1}" if a in origin else f"{a.pretty}"
            for a in aces
        ]
        first = origin.get(aces[0]) if aces else None
        has = f"{words.side(side)} took {_count(len(aces), 'ace')}" + (
            f" ({_list(taken)})" if taken else ""
        )
        for delta in (1, -1):
            if not 0 <= len(aces) + delta <= 4:
                continue
            yield _mistake(
                facts,
                first,
                kind="aces_miscounted",
                rule="R12.1",
                side=side,
                what_if=f"{words.side(side)}'s aces had been counted as"
                f" {len(aces) + delta}",
                truth=has,
                change=_add_points("aces", side, delta),
            )


def _captures(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    sides = len(facts.base.piles)
    for step in facts.captures:
        side = words.game.side_of(step.move.seat)
        cards = (step.move.card, *step.taken)
        capture = words.capture(step)
        n = _count(len(cards), "card")
        owner = f"they are {words.side(side)}'s cards"
        for other in range(sides):
            if other != side:
                yield _mistake(
                    facts,
                    step,
                    kind="capture_to_side",
                    rule="R12.1",
                    side=other,
                    what_if=f"the {n} of {capture} had been counted for"
                    f" {words.side(other)}",
                    truth=owner,
                    change=_move_cards(side, other, cards),
                )
        yield _mistake(
            facts,
            step,
            kind="capture_twice",
            rule="R12.1",
            side=side,
            what_if=f"the {n} of {capture} had been counted twice",
            truth="each card counts once",
            change=_move_cards(side, side, cards, twice=True),
        )
        yield _mistake(
            facts,
            step,
            kind="capture_missed",
            rule="R12.1",
            side=side,
            what_if=f"the {n} of {capture} had been left out of the count",
            truth=owner,
            change=_move_cards(side, None, cards),
        )


def _near_target(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    base, rules = facts.base, facts.base.rules
    if rules.near_target_rule == "none":
        return
    if base.play_on:
        yield _mistake(
            facts,
            None,
            kind="near_target_in_play_on",
            rule="R13.5",
            what_if="the near-target rules had been applied after the tie",
            truth="after a tied finish play goes on without them",
            change=lambda s: s.replace(play_on=False),
        )
        return
    threshold = rules.near_target_sweep_threshold - 21 + rules.target_score
    bound = [
        k
        for k, total in enumerate(base.totals_before)
        if total >= threshold and base.sweeps[k]
    ]
    if rules.sweeps and bound:
        yield _mistake(
            facts,
            None,
            kind="sweep_threshold_ignored",
            rule="R10.5",
            side=bound[0],
            what_if=f"{_list([words.side(k) for k in bound])}'s sweeps had scored at"
            f" {_list([str(base.totals_before[k]) for k in bound])}",
            truth=f"a side at {threshold} or more scores no sweep points",
            change=_without_threshold,
        )
    for side, total in enumerate(base.totals_before):
        score = facts.scores[side]
        band = near_target_band(rules, total)
        if band and score.banked != score.earned:
            item = NEAR_TARGET_ITEM[band].replace("_", " ")
            name = words.side(side)
            need = (
                f"taking {item} takes {name} to exactly {rules.target_score}"
                if score.points[NEAR_TARGET_ITEM[band]]
                else f"{name} needed {item}"
            )
            yield _mistake(
                facts,
                None,
                kind="near_target_ignored",
                rule="R13.4",
                side=side,
                what_if=f"{name}, at {total}, had banked all"
                f" {_count(score.earned, 'point')} of the deal",
                truth=f"at {total} {need}, so {score.banked} count",
                change=_bank_all(side),
            )


def _bank_all(side: int) -> Change:
    return lambda scenario: scenario.replace(
        unbanded=(*scenario.unbanded, side)
    )


def _without_threshold(scenario: Scenario) -> Scenario:
    """The scenario with R10.5 not applied: no total is too high for sweep points."""
    unbound = dataclasses.replace(scenario.rules, near_target_sweep_threshold=10**6)
    return scenario.replace(rules=unbound)


def _category_rules(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    game = words.game
    sides = len(facts.base.piles)
    if sides >= 3:
        yield _mistake(
            facts,
            None,
            kind="two_player_thresholds",
            rule="R12.2",
            what_if="most cards had needed 27 cards and most spades 7, as between"
            " two players",
            truth=f"with {sides} sides the highest count alone scores",
            change=_two_player_thresholds,
        )
    if game.seating.partnership:
        yield _mistake(
            facts,
            None,
            kind="partnership_not_combined",
            rule="R12.2",
            what_if="the partners' cards had been counted player by player",
            truth="partners' cards are counted together",
            change=lambda s: _per_seat(s, game, facts),
            composable=False,
        )


def _two_player_thresholds(scenario: Scenario) -> Scenario:
    piles = scenario.piles
    cards = [len(p) for p in piles]
    spades = [sum(1 for c in p if is_spade(c)) for p in piles]

    def tweak(sides: list[dict[str, int]]) -> None:
        for side, points in enumerate(sides):
            points["most_cards"] = 3 if cards[side] >= 27 else 0
            points["most_spades"] = 1 if spades[side] >= 7 else 0

    return scenario.tweak_points(tweak)


def _per_seat(scenario: Scenario, game: GameFacts, facts: DealFacts) -> Scenario:
    """Each seat's own captures as a pile (the residue to the last capturer)."""
    seats = game.seating.players
    piles: list[list[Card]] = [[] for _ in range(seats)]
    sweeps: list[list[int]] = [[] for _ in range(seats)]
    for step in facts.captures:
        piles[step.move.seat] += (step.move.card, *step.taken)
        if step.sweep:
            sweeps[step.move.seat].append(step.index)
    last = facts.last_capture
    if last is not None:
        piles[last.move.seat] += facts.state.residue
    return scenario.replace(
        piles=tuple(tuple(p) for p in piles),
        sweeps=tuple(tuple(s) for s in sweeps),
        fold=game.seating.side_of,
    )


def _options(words: _Words, facts: DealFacts) -> Iterator[Mistake]:
    rules = facts.base.rules
    first_sweep = next((s for s in facts.state.log if s.sweep), None)
    seen: set[frozenset[tuple[str, object]]] = set()
    for settings in _option_sets(rules):
        key = frozenset(settings.items())
        if key in seen:
            continue
        seen.add(key)
        changed = dataclasses.replace(rules, **settings)  # type: ignore[arg-type]
        names = list(settings)
        sweepy = any(n.startswith("sweep") for n in names)
        truth = "these rules have " + _list(
            [option_words(n, getattr(rules, n)) for n in names]
        )
        yield _mistake(
            facts,
            first_sweep if sweepy else None,
            kind="other_rules",
            rule=OPTION_RULES[names[0]],
            what_if="the deal had been scored with "
            + _list([option_words(n, v) for n, v in settings.items()]),
            truth=truth,
            change=lambda s, r=changed: s.replace(rules=r),
            options=tuple(settings.items()),
        )


def _option_sets(rules: Rules) -> Iterator[dict[str, object]]:
    """Each other value of a deal option, then each other preset's deal options."""
    choices: dict[str, tuple[object, ...]] = {
        "sweeps": (True, False),
        "sweep_cancellation": ("none", "vs_runner_up"),
        "near_target_rule": ("none", "frozen", "cap_at_20"),
        "near_target_sweep_threshold": (18, 19),
        "residue_if_no_capture": ("unclaimed", "dealer"),
        "target_score": (11, 21),
    }
    for name in DEAL_OPTIONS:
        for value in choices[name]:
            if value != getattr(rules, name):
                yield {name: value}
    for preset in PRESETS:
        defaults = preset_defaults(preset)
        settings = {
            n: defaults[n] for n in DEAL_OPTIONS if defaults[n] != getattr(rules, n)
        }
        if len(settings) > 1:
            yield settings


def total_added_wrong(
    game: GameFacts, facts: DealFacts, side: int, total: int
) -> Mistake:
    """The deal total of ``side`` written as ``total``, its items counted right."""
    score = facts.scores[side]
    items = " + ".join(str(v) for v in score.points.values() if v) or "0"

    def tweak(banked: list[int]) -> None:
        banked[side] = total

    return _mistake(
        facts,
        None,
        kind="total_added_wrong",
        rule="R12.1",
        side=side,
        what_if=f"{game.side_name(side)}'s deal total had been added up as {total}",
        truth=f"the items come to {items} = {score.earned}"
        + (f", and {score.banked} count ({score.note})" if score.note else ""),
        change=lambda s: s.tweak_totals(tweak),
    )
