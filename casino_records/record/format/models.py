"""Pydantic models of the `casino-record/1` JSON notation (`docs/notation.md`).

The models describe the *format* and nothing else: field types, counts and
indexes that must be in range. Their scalar types are in :mod:`.fields`, the
claimed scores in :mod:`.claims`, the checks that span fields in
:mod:`.structure`. Whether a move is legal, whose turn it is or what
a deal scores is the engine's business. Cards are kept as canonical strings
(`"10H"`); lenient spellings (`"Th"`, `"♥10"`) are normalised on input.

>>> record = GameRecord.model_validate({
...     "format": "casino-record/1",
...     "rules": {"preset": "classic"},
...     "players": [{"name": "Ana"}, {"name": "Ben"}],
...     "deals": [{"dealer": 1, "table": ["4s", "5D", "6c", "9C"], "rounds": [
...         {"moves": [{"seat": 0, "card": "Th", "action": "trail"}]}]}],
... })
>>> record.deals[0].table
('4S', '5D', '6C', '9C')
>>> record.deals[0].rounds[0].moves[0]
TrailMove(seat=0, card='10H', action='trail', comment=None, glyph=None, variations=None)
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeAlias

from pydantic import Field, Strict, field_validator, model_validator

from ...engine.rules import Preset, Rules
from ...engine.seating import ROUNDS_PER_DEAL
from ...engine.shuffle import METHOD as SHUFFLE_METHOD
from ...engine.shuffle import ShuffleMethod
from ...errors import RulesError
from ...i18n import said
from .claims import (
    ClaimedCounts,
    ClaimedDeal,
    ClaimedMatch,
    ClaimedPoints,
    ClaimedSide,
)
from .fields import (
    CANONICAL_CARD_PATTERN,
    HAND_CARD_PATTERN,
    JSON_INTEGER_RANGE,
    CardStr,
    Glyph,
    HandCardStr,
    Length,
    OptionValue,
    RecordModel,
    Seat,
)
from .piles import Piles
from .pointer import Part
from .shared import FORMAT, FormatName
from .structure import (
    deal_problems,
    distinct_problems,
    raise_problems,
    record_problems,
)

__all__ = [
    "CANONICAL_CARD_PATTERN",
    "FORMAT",
    "HAND_CARD_PATTERN",
    "JSON_INTEGER_RANGE",
    "ROUNDS_PER_DEAL",
    "SHUFFLE_METHOD",
    "BuildMove",
    "CaptureMove",
    "CardStr",
    "ClaimedCounts",
    "ClaimedDeal",
    "ClaimedMatch",
    "ClaimedPoints",
    "ClaimedSide",
    "Deal",
    "GameRecord",
    "Glyph",
    "HandCardStr",
    "Line",
    "Meta",
    "MoveRecord",
    "Piles",
    "Player",
    "RecordModel",
    "Round",
    "RulesSpec",
    "Shuffle",
    "TrailMove",
]


class Meta(RecordModel):
    """Descriptive data about the game; none of it affects replay."""

    event: str | None = None
    """Name of the event (tournament, club night)."""
    site: str | None = None
    """Where the game was played."""
    date: str | None = None
    """When the game was played, preferably `YYYY-MM-DD`."""
    round: str | None = None
    """Round of the event (not a round of a deal)."""
    annotator: str | None = None
    """Who transcribed or annotated the record."""
    source: str | None = None
    """Where the record comes from (score sheet, app export, video...)."""
    tags: dict[str, str] = {}
    """Free-form string tags; written with keys sorted."""

    @field_validator("tags")
    @classmethod
    def _sort_tags(cls, tags: dict[str, str]) -> dict[str, str]:
        return dict(sorted(tags.items()))


class RulesSpec(RecordModel):
    """The rules the game was played under: a preset plus option overrides."""

    preset: Preset
    """The rules preset: `classic`, `royal` or `dominican`."""
    options: dict[str, OptionValue] = {}
    """Overrides of the preset's options, names and values as `casino-records rules` lists
    them (docs/rules.md); written with keys sorted."""

    @field_validator("options")
    @classmethod
    def _sort_options(
        cls, options: dict[str, bool | int | str]
    ) -> dict[str, bool | int | str]:
        return dict(sorted(options.items()))

    @model_validator(mode="after")
    def _check_options(self) -> RulesSpec:
        try:
            self.effective()
        except RulesError as exc:
            name = exc.loc.rsplit("/", 1)[-1] if exc.loc else ""
            loc: tuple[Part, ...] = ("options", name) if name in self.options else ()
            raise_problems([(loc, "rules_option", exc.message, self.options.get(name))])
        return self

    def effective(self) -> Rules:
        """Return the effective rules: the preset's defaults plus the overrides.

        :raises RulesError: an unknown option or a bad value.
        """
        return Rules.from_preset(self.preset, self.options)


class Player(RecordModel):
    """A player; the index in `players` is the seat."""

    name: str = Field(min_length=1)
    """The player's name as it should be shown."""
    id: str | None = None
    """A stable identifier of the player (club number, account), if any."""


class Shuffle(RecordModel):
    """A seeded, documented shuffle of the canonical pack."""

    method: ShuffleMethod
    """The shuffle algorithm; `casino-shuffle/1` is the only one."""
    seed: str
    """The seed; its UTF-8 bytes feed the algorithm exactly as written."""


_NAMED_TWICE: Final = said.gettext(
    "G3 card {card} is named twice: a table card is in one place, so a move"
    " uses it once"
)


def _none_if_empty(
    cls: type[RecordModel], lines: tuple[Line, ...] | None
) -> tuple[Line, ...] | None:
    """No lines and an empty list of lines are the same: none."""
    return lines or None


class TrailMove(RecordModel):
    """Play a card to the table without taking anything."""

    seat: Seat
    """The seat of the player who moves."""
    card: CardStr
    """The card played from hand."""
    action: Literal["trail"]
    """The kind of move."""
    comment: str | None = None
    """Free-form commentary on the move."""
    glyph: Glyph | None = None
    """A judgement of the move: `!`, `?`, `!!`, `??`, `!?`, `?!`."""
    variations: tuple[Line, ...] | None = None
    """Alternative lines from the position before this move, each a non-empty
    list of moves whose first replaces this one (docs/notation.md §6.7); empty
    reads as none."""

    _no_empty_lines = field_validator("variations")(_none_if_empty)


class CaptureMove(RecordModel):
    """Play a card and take table cards (loose cards and/or whole builds)."""

    seat: Seat
    """The seat of the player who moves."""
    card: CardStr
    """The card played from hand."""
    action: Literal["capture"]
    """The kind of move."""
    value: Annotated[int, Strict(), Field(ge=1, le=14)] | None = None
    """The value the played card stood for (documents an ace's choice); not part
    of the move's identity."""
    take: Annotated[tuple[CardStr, ...], Length(1)]
    """Every table card taken, loose or inside builds (a build by all its
    cards)."""

    @field_validator("take")
    @classmethod
    def _distinct_take(cls, take: tuple[str, ...]) -> tuple[str, ...]:
        raise_problems(distinct_problems(take, (), _NAMED_TWICE))
        return take

    comment: str | None = None
    """Free-form commentary on the move."""
    glyph: Glyph | None = None
    """A judgement of the move: `!`, `?`, `!!`, `??`, `!?`, `?!`."""
    variations: tuple[Line, ...] | None = None
    """Alternative lines from the position before this move, each a non-empty
    list of moves whose first replaces this one (docs/notation.md §6.7); empty
    reads as none."""

    _no_empty_lines = field_validator("variations")(_none_if_empty)


class BuildMove(RecordModel):
    """Play a card onto table cards to create, extend or increase a build."""

    seat: Seat
    """The seat of the player who moves."""
    card: CardStr
    """The card played from hand."""
    action: Literal["build"]
    """The kind of move."""
    value: Annotated[int, Strict(), Field(ge=1, le=14)]
    """The announced value of the resulting build."""
    onto: Annotated[tuple[CardStr, ...], Length(1)]
    """The table cards combined with the played card: loose cards and/or all the
    cards of one existing build."""

    @field_validator("onto")
    @classmethod
    def _distinct_onto(cls, onto: tuple[str, ...]) -> tuple[str, ...]:
        raise_problems(distinct_problems(onto, (), _NAMED_TWICE))
        return onto

    comment: str | None = None
    """Free-form commentary on the move."""
    glyph: Glyph | None = None
    """A judgement of the move: `!`, `?`, `!!`, `??`, `!?`, `?!`."""
    variations: tuple[Line, ...] | None = None
    """Alternative lines from the position before this move, each a non-empty
    list of moves whose first replaces this one (docs/notation.md §6.7); empty
    reads as none."""

    _no_empty_lines = field_validator("variations")(_none_if_empty)


MoveRecord: TypeAlias = Annotated[
    TrailMove | CaptureMove | BuildMove, Field(discriminator="action")
]
"""One move as the notation writes it: a trail, a capture or a build, told apart
by `action` (the engine's move is :class:`casino_records.engine.moves.Move`)."""

Line: TypeAlias = Annotated[tuple[MoveRecord, ...], Length(1)]
"""A variation: the moves of an alternative line, in turn order (at least one)."""

for _model in (TrailMove, CaptureMove, BuildMove):
    _model.model_rebuild()

Hand: TypeAlias = Annotated[tuple[HandCardStr, ...], Length(4, 4)]


class Round(RecordModel):
    """One distribution of four cards to every player, and the moves that follow."""

    hands: tuple[Hand, ...] | None = None
    """The cards dealt this round, one hand of 4 per seat (index = seat); `??`
    for unknown cards. Omitted when the deck or the shuffle gives them, or when
    they are to be inferred from the moves."""
    moves: tuple[MoveRecord, ...] = ()
    """The moves in the order they were played."""


class Deal(RecordModel):
    """One pass through the pack: provenance of the cards, rounds (or the piles), claimed score."""

    dealer: Seat
    """The seat of the dealer."""
    shuffle: Shuffle | None = None
    """The seeded shuffle the pack came from (strongest provenance)."""
    deck: Annotated[tuple[CardStr, ...], Length(52, 52)] | None = None
    """The 52 cards, top first, dealt by the rules' dealing pattern."""
    table: Annotated[tuple[CardStr, ...], Length(4, 4)] | None = None
    """The 4 cards laid face up on the table in the first round."""
    rounds: tuple[Round, ...] = ()
    """The rounds played, in order."""
    piles: Piles | None = None
    """Instead of the cards and the rounds: where every card went (a deal whose
    moves nobody wrote down)."""
    claimed: ClaimedDeal | None = None
    """The deal's result as the players recorded it."""
    comment: str | None = None
    """Free-form commentary on the deal."""

    @field_validator("deck")
    @classmethod
    def _distinct_deck(cls, deck: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if deck is not None:
            raise_problems(
                distinct_problems(
                    deck, (), said.gettext("card {card} appears more than once")
                )
            )
        return deck

    @model_validator(mode="after")
    def _check_cards(self) -> Deal:
        raise_problems(deal_problems(self))
        return self


class GameRecord(RecordModel):
    """One game: a match of one or more deals, with everything needed to replay it."""

    format: FormatName
    """The format and its version."""
    id: str | None = None
    """A stable identifier of the game (for archives and links)."""
    meta: Meta | None = None
    """Descriptive data: event, site, date, annotator, source, tags."""
    rules: RulesSpec
    """The rules preset and option overrides."""
    players: Annotated[tuple[Player, ...], Length(2, 4)]
    """The players, 2 to 4; the index is the seat, seats numbered clockwise."""
    teams: tuple[tuple[Seat, ...], ...] | None = None
    """Partnerships, 4 players only, partners opposite: `[[0, 2], [1, 3]]`.
    A side is a team index when present, else a seat."""
    deals: Annotated[tuple[Deal, ...], Length(1)]
    """The deals, in order; the last may be unfinished."""
    claimed: ClaimedMatch | None = None
    """The match result as the players recorded it."""
    comment: str | None = None
    """Free-form commentary on the game."""

    @property
    def side_count(self) -> int:
        """The number of sides: 2 teams, or one side per player."""
        return len(self.teams) if self.teams is not None else len(self.players)

    def side_of(self, seat: int) -> int:
        """Return the side (team index or seat) that `seat` plays for.

        >>> record = GameRecord.model_validate({
        ...     "format": "casino-record/1", "rules": {"preset": "classic"},
        ...     "players": [{"name": name} for name in ("Ana", "Ben", "Caio", "Dee")],
        ...     "teams": [[0, 2], [1, 3]],
        ...     "deals": [{"dealer": 0, "table": ["AS", "2S", "3S", "4S"]}]})
        >>> record.side_count, [record.side_of(seat) for seat in range(4)]
        (2, [0, 1, 0, 1])
        """
        if self.teams is None:
            return seat
        return next(i for i, team in enumerate(self.teams) if seat in team)

    @model_validator(mode="after")
    def _check_structure(self) -> GameRecord:
        raise_problems(record_problems(self))
        return self
