"""Pydantic models of the `casino-record/1` JSON notation (`docs/notation.md`).

The models describe the *format* and nothing else: field types, counts and
indexes that must be in range. Whether a move is legal, whose turn it is or what
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
TrailMove(seat=0, card='10H', action='trail', comment=None, glyph=None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    PlainValidator,
    Strict,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import InitErrorDetails, PydanticCustomError, core_schema

from ..engine.cards import CARDS, UNKNOWN_CARD, Card, parse_card
from ..engine.rules import Preset, Rules
from ..errors import CardError, RulesError

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
    "Meta",
    "Move",
    "Player",
    "RecordModel",
    "Round",
    "RulesSpec",
    "Shuffle",
    "TrailMove",
]

FORMAT: Final = "casino-record/1"
"""The value of a record's `format` field."""
SHUFFLE_METHOD: Final = "casino-shuffle/1"
"""The only shuffle method of this format version (see :mod:`.shuffle`)."""
ROUNDS_PER_DEAL: Final = {2: 6, 3: 4, 4: 3}
"""Rounds in a complete deal, by number of players (R3.3)."""
CANONICAL_CARD_PATTERN: Final = r"^(?:A|[2-9]|10|J|Q|K)[SHDC]$"
"""Regular expression of a canonical card string (what the writer emits)."""
HAND_CARD_PATTERN: Final = r"^(?:(?:A|[2-9]|10|J|Q|K)[SHDC]|\?\?)$"
"""Regular expression of a canonical card string or `??` (hands only)."""


# --- Scalar types -----------------------------------------------------------


def _card(value: object, *, unknown_ok: bool) -> str:
    if isinstance(value, Card):  # built in Python, e.g. by the engine
        return str(value)
    if not isinstance(value, str):
        raise PydanticCustomError(
            "card_type",
            "expected a card string such as '10D', not {value}",
            {"value": repr(value)},
        )
    if value.strip() == UNKNOWN_CARD:
        if unknown_ok:
            return UNKNOWN_CARD
        raise PydanticCustomError(
            "unknown_card", "unknown card '??' is allowed in hands only"
        )
    try:
        return str(parse_card(value))
    except CardError as exc:
        raise PydanticCustomError("card", "{reason}", {"reason": exc.message}) from exc


_CANONICAL: Final = frozenset(str(card) for card in CARDS)


def _known_card(value: object) -> str:
    if isinstance(value, str) and value in _CANONICAL:  # the written form: no work
        return value
    return _card(value, unknown_ok=False)


def _hand_card(value: object) -> str:
    if isinstance(value, str) and value in _CANONICAL:
        return value
    return _card(value, unknown_ok=True)


@dataclass(frozen=True, slots=True)
class _CardValidator:
    """Validate a card string: canonical spellings at once, others through ``check``.

    Reading JSON (the one-pass reader of :mod:`.io`), a canonical card is
    matched inside pydantic-core without calling Python; the errors of that
    path are never shown (a refused document is read again from Python
    objects), so only the accepted values must be, and are, the same.
    """

    check: Callable[[object], str]
    """The full validator: normalises lenient spellings, raises on bad cards."""
    exact: frozenset[str]
    """The spellings accepted as they are."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        full = core_schema.no_info_plain_validator_function(self.check)
        exact = core_schema.literal_schema(sorted(self.exact))
        return core_schema.json_or_python_schema(
            json_schema=core_schema.union_schema([exact, full], mode="left_to_right"),
            python_schema=full,
        )


CardStr: TypeAlias = Annotated[
    str,
    _CardValidator(_known_card, _CANONICAL),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": CANONICAL_CARD_PATTERN,
            "description": "A card: rank A 2-10 J Q K then suit S H D C, e.g. '10D'."
            " Readers also accept '10h', 'Th', '♥10'; writers emit this form.",
        }
    ),
]
"""A card as a canonical string; lenient spellings are normalised on input."""

HandCardStr: TypeAlias = Annotated[
    str,
    _CardValidator(_hand_card, _CANONICAL | {UNKNOWN_CARD}),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": HAND_CARD_PATTERN,
            "description": "A card as in CardStr, or '??' for a card nobody saw.",
        }
    ),
]
"""A card in a hand: a canonical card string or `??`."""


@dataclass(frozen=True, slots=True)
class _Length:
    """Bounds on the number of items of a sequence (`minItems`/`maxItems`).

    Unlike `Field(min_length=...)` on a tuple, it is checked only once the items
    are valid, so a bad item does not also report a too-short sequence.
    """

    min: int
    """The fewest items allowed."""
    max: int | None = None
    """The most items allowed, or `None` for no limit."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        inner = handler(source)
        checked = core_schema.no_info_after_validator_function(self._check, inner)
        if inner["type"] != "tuple":  # pragma: no cover - only tuples are bounded
            return checked
        # Reading JSON, pydantic-core checks the bounds itself (see _CardValidator
        # on why that path's errors may differ).
        bounded = core_schema.tuple_schema(
            inner["items_schema"],
            variadic_item_index=inner.get("variadic_item_index"),
            min_length=self.min,
            max_length=self.max,
        )
        return core_schema.json_or_python_schema(
            json_schema=bounded, python_schema=checked
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema = handler(schema)
        json_schema["minItems"] = self.min
        if self.max is not None:
            json_schema["maxItems"] = self.max
        return json_schema

    def _check(self, value: tuple[Any, ...]) -> tuple[Any, ...]:
        if len(value) < self.min:
            raise PydanticCustomError(
                "too_short",
                "expected at least {min_length} items, not {actual_length}",
                {"min_length": self.min, "actual_length": len(value)},
            )
        if self.max is not None and len(value) > self.max:
            raise PydanticCustomError(
                "too_long",
                "expected at most {max_length} items, not {actual_length}",
                {"max_length": self.max, "actual_length": len(value)},
            )
        return value


Seat: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=3)]
SideIndex: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=3)]
JSON_INTEGER_RANGE: Final = (-(2**63), 2**63 - 1)
"""The integers a record may hold: those of a signed 64-bit integer, which every
JSON reader represents exactly."""
Count: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=JSON_INTEGER_RANGE[1])]
Glyph: TypeAlias = Literal["!", "?", "!!", "??", "!?", "?!"]
"""A move annotation glyph, as in chess notation."""


def _option_value(value: object) -> bool | int | str:
    if isinstance(value, bool | str):
        return value
    low, high = JSON_INTEGER_RANGE
    if isinstance(value, int):
        if low <= value <= high:
            return value
        raise PydanticCustomError(
            "option_range",
            "a rules option value must fit in a signed 64-bit integer, not {value}",
            {"value": value},
        )
    raise PydanticCustomError(
        "option_type",
        "a rules option value is true, false, a whole number or a string, not {value}",
        {"value": repr(value)},
    )


OptionValue: TypeAlias = Annotated[
    bool | int | str,
    PlainValidator(_option_value),
    WithJsonSchema({"type": ["boolean", "integer", "string"]}),
]


# --- Models -----------------------------------------------------------------


class RecordModel(BaseModel):
    """The base of every notation model: frozen, strict about unknown keys."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
    )


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
            loc: tuple[str, ...] = ("options", name) if name in self.options else ()
            _raise([(loc, "rules_option", exc.message, self.options.get(name))])
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

    method: Literal["casino-shuffle/1"]
    """The shuffle algorithm; `casino-shuffle/1` is the only one."""
    seed: str
    """The seed; its UTF-8 bytes feed the algorithm exactly as written."""


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
    take: Annotated[tuple[CardStr, ...], _Length(1)]
    """Every table card taken, loose or inside builds (a build by all its
    cards)."""
    comment: str | None = None
    """Free-form commentary on the move."""
    glyph: Glyph | None = None
    """A judgement of the move: `!`, `?`, `!!`, `??`, `!?`, `?!`."""


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
    onto: Annotated[tuple[CardStr, ...], _Length(1)]
    """The table cards combined with the played card: loose cards and/or all the
    cards of one existing build."""
    comment: str | None = None
    """Free-form commentary on the move."""
    glyph: Glyph | None = None
    """A judgement of the move: `!`, `?`, `!!`, `??`, `!?`, `?!`."""


Move: TypeAlias = Annotated[
    TrailMove | CaptureMove | BuildMove, Field(discriminator="action")
]
"""One move: a trail, a capture or a build, told apart by `action`."""

Hand: TypeAlias = Annotated[tuple[HandCardStr, ...], _Length(4, 4)]


class Round(RecordModel):
    """One distribution of four cards to every player, and the moves that follow."""

    hands: tuple[Hand, ...] | None = None
    """The cards dealt this round, one hand of 4 per seat (index = seat); `??`
    for unknown cards. Omitted when the deck or the shuffle gives them, or when
    they are to be inferred from the moves."""
    moves: tuple[Move, ...] = ()
    """The moves in the order they were played."""


class ClaimedPoints(RecordModel):
    """Points a side claimed for a deal, by category; any subset may be given."""

    most_cards: Count | None = None
    """Points for most cards (3 or 0)."""
    most_spades: Count | None = None
    """Points for most spades (1 or 0)."""
    big_casino: Count | None = None
    """Points for the ten of diamonds (2 or 0)."""
    little_casino: Count | None = None
    """Points for the two of spades (1 or 0)."""
    aces: Count | None = None
    """Points for aces (0 to 4)."""
    sweeps: Count | None = None
    """Points for sweeps."""


class ClaimedCounts(RecordModel):
    """What a side counted in its capture pile at the end of a deal."""

    cards: Count | None = None
    """Number of cards captured."""
    spades: Count | None = None
    """Number of spades captured."""
    sweeps: Count | None = None
    """Number of sweeps made."""


class ClaimedSide(RecordModel):
    """One side's claimed result of a deal; only what is present is compared."""

    points: ClaimedPoints | None = None
    """Points by category."""
    total: Count | None = None
    """Total points scored in the deal."""
    counts: ClaimedCounts | None = None
    """Counts of cards, spades and sweeps."""


class ClaimedDeal(RecordModel):
    """The result of a deal as the players recorded it (input, never trusted)."""

    sides: tuple[ClaimedSide, ...]
    """One entry per side (index = side)."""
    comment: str | None = None
    """Free-form remark about the claimed result."""


class ClaimedMatch(RecordModel):
    """The result of the match as the players recorded it (input, never trusted)."""

    totals: tuple[Count, ...] | None = None
    """Final totals, one per side (index = side)."""
    winner: SideIndex | None = None
    """The winning side; omitted when not recorded (or no winner)."""
    comment: str | None = None
    """Free-form remark about the claimed result."""


class Deal(RecordModel):
    """One pass through the pack: provenance of the cards, rounds, claimed score."""

    dealer: Seat
    """The seat of the dealer."""
    shuffle: Shuffle | None = None
    """The seeded shuffle the pack came from (strongest provenance)."""
    deck: Annotated[tuple[CardStr, ...], _Length(52, 52)] | None = None
    """The 52 cards, top first, dealt by the rules' dealing pattern."""
    table: Annotated[tuple[CardStr, ...], _Length(4, 4)] | None = None
    """The 4 cards laid face up on the table in the first round."""
    rounds: tuple[Round, ...] = ()
    """The rounds played, in order."""
    claimed: ClaimedDeal | None = None
    """The deal's result as the players recorded it."""
    comment: str | None = None
    """Free-form commentary on the deal."""

    @field_validator("deck")
    @classmethod
    def _distinct_deck(cls, deck: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if deck is not None:
            _check_distinct(deck, ())
        return deck

    @model_validator(mode="after")
    def _check_cards(self) -> Deal:
        if self.shuffle is None and self.deck is None and self.table is None:
            _raise(
                [((), "provenance", "a deal needs a shuffle, a deck or a table", None)]
            )
        dealt: list[tuple[tuple[str | int, ...], str]] = []
        for i, card in enumerate(self.table or ()):
            dealt.append((("table", i), card))
        for r, round_ in enumerate(self.rounds):
            for seat, hand in enumerate(round_.hands or ()):
                for k, card in enumerate(hand):
                    dealt.append((("rounds", r, "hands", seat, k), card))
        seen: dict[str, tuple[str | int, ...]] = {}
        problems: list[_Problem] = []
        for loc, card in dealt:
            if card == UNKNOWN_CARD:
                continue
            if card in seen:
                first = _pointer(seen[card])
                problems.append(
                    (
                        loc,
                        "duplicate_card",
                        f"card {card!r} is dealt twice (first at {first})",
                        card,
                    )
                )
            else:
                seen[card] = loc
        _raise(problems)
        return self


class GameRecord(RecordModel):
    """One game: a match of one or more deals, with everything needed to replay it."""

    format: Literal["casino-record/1"]
    """The format and its version."""
    id: str | None = None
    """A stable identifier of the game (for archives and links)."""
    meta: Meta | None = None
    """Descriptive data: event, site, date, annotator, source, tags."""
    rules: RulesSpec
    """The rules preset and option overrides."""
    players: Annotated[tuple[Player, ...], _Length(2, 4)]
    """The players, 2 to 4; the index is the seat, seats numbered clockwise."""
    teams: tuple[tuple[Seat, ...], ...] | None = None
    """Partnerships, 4 players only, partners opposite: `[[0, 2], [1, 3]]`.
    A side is a team index when present, else a seat."""
    deals: Annotated[tuple[Deal, ...], _Length(1)]
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
        _raise(list(self._problems()))
        return self

    def _problems(self) -> Iterator[_Problem]:
        players = len(self.players)
        if self.teams is not None:
            if players != 4:
                yield (("teams",), "teams", "teams need exactly 4 players", players)
            elif [list(team) for team in self.teams] != [[0, 2], [1, 3]]:
                yield (
                    ("teams",),
                    "teams",
                    "teams must be [[0, 2], [1, 3]] (partners sit opposite)",
                    None,
                )
        sides = self.side_count
        max_rounds = ROUNDS_PER_DEAL.get(players, 0)
        for d, deal in enumerate(self.deals):
            at: tuple[str | int, ...] = ("deals", d)
            if deal.dealer >= players:
                yield _seat_problem((*at, "dealer"), deal.dealer, players)
            if len(deal.rounds) > max_rounds:
                yield (
                    (*at, "rounds"),
                    "too_many_rounds",
                    f"a deal of {players}"
                    f" players has {max_rounds} rounds, not {len(deal.rounds)}",
                    None,
                )
            for r, round_ in enumerate(deal.rounds):
                yield from _round_problems(round_, (*at, "rounds", r), players)
            if deal.claimed is not None and len(deal.claimed.sides) != sides:
                yield (
                    (*at, "claimed", "sides"),
                    "side_count",
                    f"expected {sides} sides, not {len(deal.claimed.sides)}",
                    None,
                )
        if self.claimed is not None:
            totals = self.claimed.totals
            if totals is not None and len(totals) != sides:
                yield (
                    ("claimed", "totals"),
                    "side_count",
                    f"expected {sides} totals, not {len(totals)}",
                    None,
                )
            winner = self.claimed.winner
            if winner is not None and winner >= sides:
                yield (
                    ("claimed", "winner"),
                    "side_range",
                    f"side {winner} does not exist (there are {sides})",
                    winner,
                )


# --- Structural checks ------------------------------------------------------

_Problem: TypeAlias = tuple[tuple[str | int, ...], str, str, Any]


def _round_problems(
    round_: Round, at: tuple[str | int, ...], players: int
) -> Iterator[_Problem]:
    if round_.hands is not None and len(round_.hands) != players:
        yield (
            (*at, "hands"),
            "hand_count",
            f"expected {players} hands (one per seat), not {len(round_.hands)}",
            None,
        )
    if len(round_.moves) > 4 * players:
        yield (
            (*at, "moves"),
            "too_many_moves",
            f"a round of {players} players"
            f" has {4 * players} moves, not {len(round_.moves)}",
            None,
        )
    if players == 4:  # every seat the schema allows exists
        return
    for m, move in enumerate(round_.moves):
        if move.seat >= players:
            yield _seat_problem((*at, "moves", m, "seat"), move.seat, players)


def _seat_problem(loc: tuple[str | int, ...], seat: int, players: int) -> _Problem:
    return (
        loc,
        "seat_range",
        f"seat {seat} does not exist (seats 0 to {players - 1})",
        seat,
    )


def _check_distinct(cards: tuple[str, ...], at: tuple[str | int, ...]) -> None:
    seen: set[str] = set()
    reported: set[str] = set()
    problems: list[_Problem] = []
    for i, card in enumerate(cards):
        if card in seen and card not in reported:
            reported.add(card)
            message = f"card {card!r} appears more than once"
            problems.append(((*at, i), "duplicate_card", message, card))
        seen.add(card)
    _raise(problems)


def _pointer(loc: tuple[str | int, ...]) -> str:
    return "".join(f"/{part}" for part in loc)


def _raise(problems: list[_Problem]) -> None:
    """Raise the problems as one ValidationError, each at its own location."""
    if not problems:
        return
    raise ValidationError.from_exception_data(
        "GameRecord",
        [
            InitErrorDetails(
                type=PydanticCustomError(kind, "{reason}", {"reason": message}),
                loc=loc,
                input=value,
            )
            for loc, kind, message, value in problems
        ],
    )
