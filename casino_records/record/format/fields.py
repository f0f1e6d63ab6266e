"""The scalar types of the notation's models: cards, seats, counts, glyphs, option values.

Each type validates one JSON value and says what is wrong with it in words;
:mod:`.models` builds the records from them. Cards are kept as canonical
strings (``"10H"``); lenient spellings (``"Th"``, ``"♥10"``) are normalised.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Final, TypeAlias

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    PlainValidator,
    Strict,
    WithJsonSchema,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from ...engine.cards import CARDS, UNKNOWN_CARD, Card, parse_card
from ...errors import CardError
from .readnotes import LENIENT_CARDS
from .shared import GLYPHS, JSON_INTEGER_RANGE, Glyph, WrittenNumber

__all__ = [
    "CANONICAL_CARD_PATTERN",
    "GLYPHS",
    "HAND_CARD_PATTERN",
    "JSON_INTEGER_RANGE",
    "CardStr",
    "Count",
    "Glyph",
    "HandCardStr",
    "OptionValue",
    "RecordModel",
    "Seat",
    "SideIndex",
    "WrittenNumber",
    "shortened",
    "shown",
]

CANONICAL_CARD_PATTERN: Final = r"^(?:A|[2-9]|10|J|Q|K)[SHDC]$"
"""Regular expression of a canonical card string (what the writer emits)."""
HAND_CARD_PATTERN: Final = r"^(?:(?:A|[2-9]|10|J|Q|K)[SHDC]|\?\?)$"
"""Regular expression of a canonical card string or `??` (hands only)."""

_SHOWN_CHARS: Final = 40


def shown(value: object) -> str:
    """A value for a message: short, safe for any value, numbers as written.

    Containers are named, not printed (they may be nested a thousand deep);
    text longer than 40 characters is cut.

    >>> shown("x" * 50), shown([[[]]]), shown(WrittenNumber("1e400"))
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'an array', '1e400')
    """
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, str):
        text = repr(value[: _SHOWN_CHARS + 2])
    elif isinstance(value, int) and not isinstance(value, bool):
        text = (
            str(value)
            if abs(value) < 10**_SHOWN_CHARS
            else f"a {len(str(value))}-digit number"
        )
    else:
        text = repr(value)
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 3] + "..."


_QUOTED: Final = re.compile(
    r"'((?:[^'\\]|\\.){" + str(_SHOWN_CHARS + 1) + r",}?)'(?=[\s,.:;)]|$)"
)


def shortened(message: str) -> str:
    """``message`` with every quoted value longer than 40 characters cut.

    A safety net for messages written elsewhere (the rules' own) that quote
    what they were given, which may be a megabyte long.

    >>> shortened("unknown rules option '" + "x" * 100 + "'")
    "unknown rules option 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    if len(message) <= 2 * _SHOWN_CHARS:
        return message
    return _QUOTED.sub(lambda m: "'" + m[1][: _SHOWN_CHARS - 3] + "...'", message)


# --- Cards -------------------------------------------------------------------------


def _card(value: object, *, unknown_ok: bool) -> str:
    if isinstance(value, Card):  # built in Python, e.g. by the engine
        return str(value)
    if not isinstance(value, str):
        raise PydanticCustomError(
            "card_type",
            "expected a card string such as '10D', not {value}",
            {"value": shown(value)},
        )
    if value.strip() == UNKNOWN_CARD:
        if unknown_ok:
            return UNKNOWN_CARD
        raise PydanticCustomError(
            "unknown_card", "unknown card '??' is allowed in hands only"
        )
    try:
        canonical = str(parse_card(value))
    except CardError:
        raise PydanticCustomError(
            "card",
            "not a card: {value} (expected rank A 2-10 J Q K and suit S H D C,"
            " e.g. '10D')",
            {"value": shown(value)},
        ) from None
    if canonical != value:
        LENIENT_CARDS.set(True)
    return canonical


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

    Reading JSON (the one-pass reader of :mod:`casino_records.record.json.jsonio`), a canonical card is
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


# --- Sequences ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Length:
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


# --- Numbers, glyphs and option values ---------------------------------------------------

Seat: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=3)]
"""A seat, 0 to 3 (the record's player count bounds it further)."""
SideIndex: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=3)]
"""A side: a team index with teams, else a seat."""
Count: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=JSON_INTEGER_RANGE[1])]
"""A claimed number: a whole number from 0 to the largest signed 64-bit integer."""


def _option_value(value: object) -> bool | int | str:
    if isinstance(value, bool | str):
        return value
    low, high = JSON_INTEGER_RANGE
    if isinstance(value, int | WrittenNumber):
        if isinstance(value, int) and low <= value <= high:
            return value
        raise PydanticCustomError(
            "option_range",
            "a rules option value must be a whole number in the signed 64-bit"
            " range, not {value}",
            {"value": shown(value)},
        )
    raise PydanticCustomError(
        "option_type",
        "a rules option value is true, false, a whole number or a string, not {value}",
        {"value": shown(value)},
    )


OptionValue: TypeAlias = Annotated[
    bool | int | str,
    PlainValidator(_option_value),
    WithJsonSchema({"type": ["boolean", "integer", "string"]}),
]
"""The value of a rules option: true, false, a whole number or a string."""


class RecordModel(BaseModel):
    """The base of every notation model: frozen, strict about unknown keys."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
    )
