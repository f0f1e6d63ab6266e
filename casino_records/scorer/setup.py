"""How a game to be recorded is set up: rules, seats, dealer, where the cards come from.

:class:`GameSetup` holds every choice the set-up form offers; :func:`option_fields`
lists the rules options with their defaults, straight from the engine's
:class:`~casino_records.engine.rules.Rules`, so no front end keeps its own copy.

>>> setup = GameSetup(preset="royal", names=("Ana", "Ben", "Caio"), options={"sweeps": True})
>>> setup.rules().sweeps, setup.seating().players, setup.spec().options
(True, 3, {'sweeps': True})
>>> [f.name for f in option_fields("classic")][:3]
['card_values', 'face_capture', 'partnership_4p']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from ..engine.rules import OPTION_CHOICES, PRESETS, Preset, Rules, preset_defaults
from ..engine.seating import Seating
from ..errors import EntryError, RulesError
from ..record.format.models import GameRecord, Meta, Player, RulesSpec
from ..record.format.pointer import deal_pointer, pointer

__all__ = [
    "CARD_SOURCES",
    "CardSource",
    "GameSetup",
    "OptionField",
    "PRESETS",
    "option_fields",
]

CardSource = Literal["appear", "hands", "shuffle"]
"""Where the cards of each deal come from.

``appear``: the table cards are entered when the deal starts, then each card as it
is played; the hands stay unknown and are inferred from the moves (the record's
provenance "table only"). ``hands``: the table and every hand are entered (table
and hands). ``shuffle``: the engine deals from a seed (``casino-shuffle/1``).
"""
CARD_SOURCES: Final[tuple[CardSource, ...]] = get_args(CardSource)

_PARTNERS: Final = ((0, 2), (1, 3))


@dataclass(frozen=True, slots=True)
class OptionField:
    """One rules option as a set-up form shows it."""

    name: str
    """The option's name (RULES.md section 3)."""
    default: bool | int | str | None
    """Its value under the preset (``None``: not set, as
    ``near_target_sweep_threshold`` in every preset)."""
    choices: tuple[bool | int | str | None, ...]
    """The allowed values (``None`` first for an option no preset sets); empty
    for a whole number (``target_score``)."""

    @property
    def kind(self) -> str:
        """``bool``, ``int`` (any whole number from 1) or ``choice``."""
        if isinstance(self.default, bool):
            return "bool"
        return "int" if not self.choices else "choice"


def option_fields(preset: Preset) -> list[OptionField]:
    """Every rules option with its default under ``preset``, in RULES.md order."""
    defaults = preset_defaults(preset)
    fields = []
    for name, allowed in OPTION_CHOICES.items():
        choices: tuple[bool | int | str | None, ...] = ()
        if allowed is bool:
            choices = (False, True)
        elif isinstance(allowed, tuple):
            choices = (None, *allowed) if defaults[name] is None else allowed
        fields.append(OptionField(name, defaults[name], choices))
    return fields


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything decided before the first card: the header of the record."""

    preset: Preset = "classic"
    """The rules preset."""
    options: Mapping[str, bool | int | str | None] = field(default_factory=dict)
    """Options set on the form (``None``: left unset); only those that differ
    from the preset are recorded."""
    names: tuple[str, ...] = ("Ana", "Ben")
    """Player names by seat (2, 3 or 4)."""
    player_ids: tuple[str | None, ...] = ()
    """Players' ``id`` by seat, where the record has them (kept when a record is loaded)."""
    partnership: bool = False
    """Two partnerships (4 players, partners opposite: seats 0 & 2 against 1 & 3)."""
    dealer: int = 0
    """The first deal's dealer; later dealers follow the rules (R2.7)."""
    cards: CardSource = "appear"
    """Where each deal's cards come from."""
    seed: str = ""
    """The shuffle seed of the match (``cards="shuffle"``): deal ``n`` uses ``seed/n``."""
    record_id: str | None = None
    """The record's ``id``."""
    meta: Meta | None = None
    """Event, site, date and the rest."""
    comment: str | None = None
    """A comment on the whole game."""

    def __post_init__(self) -> None:
        self.check()

    @classmethod
    def of_record(cls, record: GameRecord) -> GameSetup:
        """The set-up that goes on recording ``record``: its rules, players and
        first dealer, and its last deal's source of cards (a shuffle goes on
        with the match's seed)."""
        last = record.deals[-1]
        cards: CardSource = "appear"
        seed = ""
        if last.shuffle is not None:
            cards, seed = "shuffle", _base_seed(last.shuffle.seed, len(record.deals))
        elif last.deck is not None or any(r.hands is not None for r in last.rounds):
            cards = "hands"
        return cls(
            preset=record.rules.preset,
            options=dict(record.rules.options),
            names=tuple(p.name for p in record.players),
            player_ids=tuple(p.id for p in record.players),
            partnership=record.teams is not None,
            dealer=record.deals[0].dealer,
            cards=cards,
            seed=seed,
            record_id=record.id,
            meta=record.meta,
            comment=record.comment,
        )

    def check(self) -> None:
        """Raise :class:`EntryError` naming the first problem of the set-up."""
        if self.preset not in PRESETS:
            raise EntryError(
                f"unknown preset {self.preset!r}", loc=pointer("rules", "preset")
            )
        if not 2 <= len(self.names) <= 4:
            raise EntryError(
                f"R2.1 Casino is played by 2, 3 or 4 players, not {len(self.names)}",
                loc=pointer("players"),
                rule="R2.1",
            )
        for seat, name in enumerate(self.names):
            if not name.strip():
                raise EntryError(
                    f"seat {seat} needs a name", loc=pointer("players", seat, "name")
                )
        if self.cards not in CARD_SOURCES:
            raise EntryError(f"unknown card source {self.cards!r}")
        if self.cards == "shuffle" and not self.seed:
            raise EntryError("a seeded shuffle needs a seed")
        if not 0 <= self.dealer < len(self.names):
            raise EntryError(
                f"R2.5 the dealer must be a seat (0 to {len(self.names) - 1}),"
                f" not {self.dealer}",
                loc=deal_pointer(0, "dealer"),
                rule="R2.5",
            )
        try:
            self.seating()
        except RulesError as exc:
            raise EntryError(exc.message, loc=exc.loc, rule=exc.rule) from None

    def rules(self) -> Rules:
        """The effective rules.

        :raises EntryError: an unknown option or a value out of range.
        """
        try:
            given = {k: v for k, v in self.options.items() if v is not None}
            return Rules.from_preset(self.preset, given)
        except RulesError as exc:
            raise EntryError(exc.message, loc=exc.loc, rule=exc.rule) from None

    def spec(self) -> RulesSpec:
        """The record's ``rules``: the preset and the options that differ from it."""
        return RulesSpec(preset=self.preset, options=self.rules().overrides())

    @property
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The record's ``teams``."""
        return _PARTNERS if self.partnership else None

    def seating(self) -> Seating:
        """Seats, sides and direction (R2.1–R2.3)."""
        return Seating.create(self.rules(), len(self.names), self.teams)

    def header(self) -> dict[str, Any]:
        """The record's fields other than ``deals`` and ``claimed``."""
        ids = self.player_ids
        fields: dict[str, Any] = {
            "format": "casino-record/1",
            "id": self.record_id,
            "meta": self.meta,
            "rules": self.spec(),
            "players": [
                Player(name=name, id=ids[seat] if seat < len(ids) else None)
                for seat, name in enumerate(self.names)
            ],
            "teams": self.teams,
            "comment": self.comment,
        }
        return fields


def _base_seed(seed: str, deals: int) -> str:
    """The match seed behind the last deal's ``seed/n`` (else the seed itself)."""
    suffix = f"/{deals}"
    return seed[: -len(suffix)] if seed.endswith(suffix) else seed
