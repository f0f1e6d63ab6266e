"""Rules presets and options (the rules reference, docs/rules.md).

:class:`Rules` is the effective rule set of a game: a preset's defaults plus any
overrides. :data:`OPTIONS` is the catalogue of every option: its values, its
meaning in one line and the rules that depend on it (the ``rules`` command and
the options table of docs/rules.md are made from it). Unknown options, bad
values and combinations that cannot be played raise :class:`RulesError`.

>>> rules = Rules.from_preset("royal", {"sweeps": True})
>>> rules.preset, rules.sweeps, rules.count_out
('royal', True, True)
>>> Rules.from_preset("classic", {"sweep": True})
Traceback (most recent call last):
...
casino_records.errors.RulesError: unknown rules option 'sweep' (did you mean 'sweeps'?); casino-records rules lists them all (/rules/options/sweep)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..errors import RulesError
from .options import (
    OPTION_CHOICES,
    OPTIONS,
    CardValues,
    DealerRotation,
    Direction,
    FaceCapture,
    NearTargetRule,
    Option,
    PairingObligation,
    Partnership4p,
    ResidueIfNoCapture,
    SimultaneousTarget,
    SweepCancellation,
)

__all__ = [
    "OPTIONS",
    "OPTION_CHOICES",
    "PRESETS",
    "CardValues",
    "DealerRotation",
    "Direction",
    "FaceCapture",
    "NearTargetRule",
    "Option",
    "PairingObligation",
    "Partnership4p",
    "Preset",
    "ResidueIfNoCapture",
    "Rules",
    "SimultaneousTarget",
    "SweepCancellation",
    "preset_defaults",
]

Preset = Literal["classic", "royal", "dominican"]
PRESETS: Final[tuple[Preset, ...]] = get_args(Preset)


@dataclass(frozen=True, slots=True)
class Rules:
    """The effective rules of a game. Field names are the option names of
    :data:`OPTIONS`; a rule set that cannot be played raises :class:`RulesError`.
    """

    preset: Preset = "classic"
    card_values: CardValues = "classic"
    face_capture: FaceCapture = "single_same_rank"
    partnership_4p: Partnership4p = "optional"
    direction: Direction = "clockwise"
    dealer_rotation: DealerRotation = "with_play"
    deal_batch: int = 2
    owner_may_trail: bool = False
    no_trail_if_capture_possible: bool = False
    trail_ban_matching_loose: bool = False
    pairing_obligation: PairingObligation = "none"
    extend_partner_build: bool = True
    extend_extra_table_groups: bool = True
    increase_own_build: bool = True
    increase_partner_build: bool = True
    increase_incorporate_table: bool = True
    merge_builds: bool = False
    single_build_as_card: bool = False
    sweeps: bool = False
    sweep_cancellation: SweepCancellation = "none"
    last_play_sweep: bool = True
    residue_if_no_capture: ResidueIfNoCapture = "unclaimed"
    target_score: int = 21
    count_out: bool = False
    simultaneous_target: SimultaneousTarget = "higher_total_else_replay"
    near_target_rule: NearTargetRule = "none"
    near_target_sweep_threshold: int | None = None
    near_target_immediate_win: bool = False

    def __post_init__(self) -> None:
        problem = _unplayable(
            self.count_out, self.near_target_rule, self.card_values, self.face_capture
        )
        if problem is not None:
            message, _, rule = problem
            raise RulesError(message, loc="/rules/options", rule=rule)

    @classmethod
    def from_preset(
        cls, preset: str, options: Mapping[str, Any] | None = None
    ) -> Rules:
        """Return the preset's defaults with ``options`` applied.

        :param preset: ``classic``, ``royal`` or ``dominican``.
        :param options: overrides, names and values as in :data:`OPTIONS`.
        :raises RulesError: unknown preset or option, a value out of range, or
            options that cannot be played together; ``loc`` points at the
            offending key under ``/rules``.
        """
        if preset not in _PRESET_DEFAULTS:
            raise RulesError(
                f"unknown rules preset {preset!r} (expected one of"
                f" {', '.join(PRESETS)})",
                loc="/rules/preset",
            )
        values = dict(_PRESET_DEFAULTS[preset])
        given = dict(options or {})
        for name, value in given.items():
            values[name] = _check_option(name, value)
        problem = _unplayable(
            values["count_out"],
            values["near_target_rule"],
            values["card_values"],
            values["face_capture"],
        )
        if problem is not None:
            # Point at an option the record set, so the reader sees which one.
            message, names, rule = problem
            name = next((name for name in names if name in given), names[0])
            raise RulesError(message, loc=f"/rules/options/{name}", rule=rule)
        return cls(preset=preset, **values)  # type: ignore[arg-type]

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset defaults."""
        defaults = _PRESET_DEFAULTS[self.preset]
        return {
            name: getattr(self, name)
            for name in OPTIONS
            if getattr(self, name) != defaults[name]
        }

    @property
    def royal_values(self) -> bool:
        """True when J, Q, K are 11, 12, 13 and an ace may be 1 or 14 (R1.3)."""
        return self.card_values == "royal"

    @property
    def max_value(self) -> int:
        """The highest value a card can stand for: 10 classic, 14 royal (R1.5)."""
        return 14 if self.royal_values else 10

    @property
    def sweep_threshold(self) -> int:
        """R10.5: the start-of-deal total from which a side scores no sweep points.

        ``near_target_sweep_threshold`` reads at a target of 21 (18 is T - 3,
        19 is T - 2) and moves with ``target_score``; not set, it is T - 2.

        >>> Rules(target_score=11).sweep_threshold
        9
        >>> Rules(target_score=11, near_target_sweep_threshold=18).sweep_threshold
        8
        """
        setting = self.near_target_sweep_threshold
        return self.target_score - (2 if setting is None else 21 - setting)


def _unplayable(
    count_out: bool, near_target_rule: str, card_values: str, face_capture: str
) -> tuple[str, tuple[str, str], str] | None:
    """A pair of options that cannot be played together (R13.4, R5.2), if any:
    the message, the two option names and the rule."""
    if count_out and near_target_rule != "none":
        return (
            f"rules options count_out=true and near_target_rule={near_target_rule}"
            " cannot be played together: a count-out (R13.3) and a near-target rule"
            " (R13.4) decide the match in different ways; turn one of them off",
            ("count_out", "near_target_rule"),
            "R13.4",
        )
    if card_values == "classic" and face_capture == "numeric":
        return (
            "rules options card_values=classic and face_capture=numeric cannot be"
            " played together: classic faces have no number, so they could never"
            " capture (R5.2); use card_values=royal or another face_capture",
            ("face_capture", "card_values"),
            "R5.2",
        )
    return None


_CLASSIC: Final[dict[str, Any]] = {
    field.name: field.default
    for field in dataclasses.fields(Rules)
    if field.name != "preset"
}
_ROYAL: Final[dict[str, Any]] = {
    **_CLASSIC,
    "card_values": "royal",
    "face_capture": "numeric",
    "count_out": True,
}
_DOMINICAN: Final[dict[str, Any]] = {
    **_CLASSIC,
    "card_values": "royal",
    "face_capture": "numeric",
    "partnership_4p": "required",
    "direction": "counterclockwise",
    "trail_ban_matching_loose": True,
    "pairing_obligation": "at_least_one",
    "extend_partner_build": False,
    "increase_own_build": False,
    "increase_partner_build": False,
    "increase_incorporate_table": False,
    "sweeps": True,
    "sweep_cancellation": "vs_runner_up",
    "near_target_rule": "frozen",
}
_PRESET_DEFAULTS: Final[dict[str, dict[str, Any]]] = {
    "classic": _CLASSIC,
    "royal": _ROYAL,
    "dominican": _DOMINICAN,
}


def preset_defaults(preset: Preset) -> dict[str, Any]:
    """Return a copy of a preset's option values (``None``: not set)."""
    return dict(_PRESET_DEFAULTS[preset])


def _check_option(name: str, value: Any) -> Any:
    loc = f"/rules/options/{name}"
    if name not in OPTIONS:
        import difflib  # only for a mistake: kept off the start-up

        close = difflib.get_close_matches(name, OPTIONS, n=1)
        if close:
            hint = f" (did you mean {close[0]!r}?); casino-records rules lists them all"
        else:
            hint = "; the options are " + ", ".join(OPTIONS)
        raise RulesError(f"unknown rules option {name!r}{hint}", loc=loc)
    option = OPTIONS[name]
    allowed = option.choices
    bad = (
        type(value) is not bool
        if allowed is bool
        else type(value) is not int or not 1 <= value <= 1000
        if allowed is int
        else value not in allowed  # type: ignore[operator]
        or type(value) is not type(allowed[0])  # type: ignore[index]
    )
    if bad:
        raise RulesError(
            f"rules option {name!r} takes {option.values_text}, not {value!r}",
            loc=loc,
        )
    return value
