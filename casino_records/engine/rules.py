"""Rules presets and options (RULES.md section 3).

:class:`Rules` is the effective rule set of a game: a preset's defaults plus any
overrides. Unknown options and bad values raise :class:`RulesError`.

>>> rules = Rules.from_preset("royal", {"sweeps": True})
>>> rules.preset, rules.sweeps, rules.count_out
('royal', True, True)
>>> Rules.from_preset("classic", {"sweep": True})
Traceback (most recent call last):
...
casino_records.errors.RulesError: unknown rules option 'sweep' (did you mean 'sweeps'?) (/rules/options/sweep)
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..errors import RulesError

__all__ = ["OPTION_CHOICES", "PRESETS", "Preset", "Rules"]

Preset = Literal["classic", "royal", "dominican"]
PRESETS: Final[tuple[Preset, ...]] = get_args(Preset)

CardValues = Literal["classic", "royal"]
FaceCapture = Literal["single_same_rank", "all_same_rank", "numeric"]
Partnership4p = Literal["optional", "required"]
Direction = Literal["clockwise", "counterclockwise"]
DealerRotation = Literal["with_play", "left", "right"]
PairingObligation = Literal["none", "at_least_one", "all"]
SweepCancellation = Literal["none", "vs_runner_up"]
ResidueIfNoCapture = Literal["unclaimed", "dealer"]
SimultaneousTarget = Literal["higher_total_else_replay", "any_simultaneous_is_tie"]
NearTargetRule = Literal["none", "frozen", "cap_at_20"]


@dataclass(frozen=True, slots=True)
class Rules:
    """The effective rules of a game. Field names are the RULES.md option names."""

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
    near_target_sweep_threshold: int = 18
    near_target_immediate_win: bool = False

    @classmethod
    def from_preset(
        cls, preset: str, options: Mapping[str, Any] | None = None
    ) -> Rules:
        """Return the preset's defaults with ``options`` applied.

        :param preset: ``classic``, ``royal`` or ``dominican``.
        :param options: overrides, names and values as in RULES.md section 3.
        :raises RulesError: unknown preset or option, or a value out of range;
            ``loc`` points at the offending key under ``/rules``.
        """
        if preset not in _PRESET_DEFAULTS:
            raise RulesError(
                f"unknown rules preset {preset!r} (expected one of"
                f" {', '.join(PRESETS)})",
                loc="/rules/preset",
            )
        values = dict(_PRESET_DEFAULTS[preset])
        for name, value in (options or {}).items():
            values[name] = _check_option(name, value)
        return cls(preset=preset, **values)  # type: ignore[arg-type]

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset defaults."""
        defaults = _PRESET_DEFAULTS[self.preset]
        return {
            name: getattr(self, name)
            for name in OPTION_CHOICES
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


def _choices(tp: Any) -> tuple[Any, ...]:
    return get_args(tp)


OPTION_CHOICES: Final[dict[str, tuple[Any, ...] | type]] = {
    "card_values": _choices(CardValues),
    "face_capture": _choices(FaceCapture),
    "partnership_4p": _choices(Partnership4p),
    "direction": _choices(Direction),
    "dealer_rotation": _choices(DealerRotation),
    "deal_batch": (1, 2, 4),
    "owner_may_trail": bool,
    "no_trail_if_capture_possible": bool,
    "trail_ban_matching_loose": bool,
    "pairing_obligation": _choices(PairingObligation),
    "extend_partner_build": bool,
    "extend_extra_table_groups": bool,
    "increase_own_build": bool,
    "increase_partner_build": bool,
    "increase_incorporate_table": bool,
    "merge_builds": bool,
    "single_build_as_card": bool,
    "sweeps": bool,
    "sweep_cancellation": _choices(SweepCancellation),
    "last_play_sweep": bool,
    "residue_if_no_capture": _choices(ResidueIfNoCapture),
    "target_score": int,
    "count_out": bool,
    "simultaneous_target": _choices(SimultaneousTarget),
    "near_target_rule": _choices(NearTargetRule),
    "near_target_sweep_threshold": (18, 19),
    "near_target_immediate_win": bool,
}
"""Every rules option with its allowed values (a tuple) or its type."""

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
    """Return a copy of a preset's option values."""
    return dict(_PRESET_DEFAULTS[preset])


def _check_option(name: str, value: Any) -> Any:
    loc = f"/rules/options/{name}"
    if name not in OPTION_CHOICES:
        close = difflib.get_close_matches(name, OPTION_CHOICES, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise RulesError(f"unknown rules option {name!r}{hint}", loc=loc)
    allowed = OPTION_CHOICES[name]
    if allowed is bool:
        if type(value) is not bool:
            raise RulesError(
                f"rules option {name!r} takes true or false, not {value!r}", loc=loc
            )
    elif allowed is int:
        if type(value) is not int or not 1 <= value <= 1000:
            raise RulesError(
                f"rules option {name!r} takes a whole number from 1 to 1000,"
                f" not {value!r}",
                loc=loc,
            )
    elif isinstance(allowed, tuple) and (
        value not in allowed or type(value) is not type(allowed[0])
    ):
        listed = ", ".join(repr(choice) for choice in allowed)
        raise RulesError(
            f"rules option {name!r} takes one of {listed}, not {value!r}", loc=loc
        )
    return value
