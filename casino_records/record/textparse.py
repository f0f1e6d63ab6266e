"""The reader of the text notation: lines of one game to a :class:`GameRecord`.

Use :func:`casino_records.record.textnotation.read_text`; this module is its engine
room. Reading has two stages. The parser checks the syntax line by line and
builds the JSON object of the record, remembering where each element was
written; the model then checks the structure, and each of its errors is mapped
back to the line and column of the element it names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from typing import Any, Final, NoReturn

from pydantic import TypeAdapter, ValidationError

from ..engine.cards import UNKNOWN_CARD, parse_card
from ..errors import RecordFormatError
from . import jsonio
from .jsonio import InvalidRecordError
from .models import SHUFFLE_METHOD, ClaimedCounts, ClaimedPoints, GameRecord, Move
from .textlex import GLYPHS, TextSyntaxError, Token, clip, tokenize

__all__ = ["TEXT_CARD_PATTERN", "parse_game", "parse_move"]

TEXT_CARD_PATTERN: Final = r"(?:10|1[1-3]|[1-9AJQKTajqkt])[SHDCshdc♠♤♥♡♦♢♣♧]"
"""A card in the text notation: rank first, then suit, in either case."""

_CARD: Final = re.compile(TEXT_CARD_PATTERN)
_INT: Final = re.compile(r"-?[0-9]{1,4300}")
_SEAT: Final = re.compile(r"[Ss]([0-9]{1,4300})")
_MOVE_NUMBER: Final = re.compile(r"([0-9]{1,4300})\.")
_CAPTURE: Final = re.compile(r"[xX]([0-9]{1,4300})?")
_BUILD: Final = re.compile(r"\+([0-9]{1,4300})")
_META_FIELDS: Final = {
    "event": "event",
    "site": "site",
    "date": "date",
    "round": "round",
    "annotator": "annotator",
    "source": "source",
}
_TAG_NAMES: Final = (
    "Format Id Event Site Date Round Annotator Source Tag Meta Preset Option"
    " Player Teams ClaimedTotals ClaimedWinner ClaimedComment Claimed"
).split()
_KEYWORDS: Final = "Deal, Shuffle, Deck, Table, Round, Hands, Claimed, Side or a move"
_GROUPS: Final = {
    "points": tuple(ClaimedPoints.model_fields),
    "counts": tuple(ClaimedCounts.model_fields),
}
_FIRST_AT: Final = re.compile(r"first at (/[^\s)]*)")


def parse_game(lines: Iterable[str], *, first_line: int) -> GameRecord:
    """Read the lines of one game (without their line ends).

    :param lines: the game's lines, tag section first.
    :param first_line: the number of the first line, for error messages.
    :raises InvalidRecordError: a syntax error, or every structural error of
        the record; messages and ``where`` give the line and column.
    """
    parser = _Parser(first_line)
    try:
        for number, text in enumerate(lines, first_line):
            parser.line(number, text)
        obj = parser.finish()
    except TextSyntaxError as stop:
        raise InvalidRecordError([stop.error]) from None
    try:
        return GameRecord.model_validate(obj)
    except ValidationError as exc:
        errors = jsonio._validation_errors(exc, obj)  # noqa: SLF001 (same package)
        raise InvalidRecordError(parser.locate(e) for e in errors) from None


_MOVE_ADAPTER: Final[TypeAdapter[Move]] = TypeAdapter(Move)


def parse_move(text: str, *, seat: int) -> Move:
    """Read one move written in the move syntax of a game's move lines.

    The seat (``S1``) and the move number (``12.``) may be left out: without a
    seat, the move is ``seat``'s.

    >>> parse_move("9d x 4s 5D ! {clears two}", seat=0).model_dump(exclude_none=True)
    {'seat': 0, 'card': '9D', 'action': 'capture', 'take': ('4S', '5D'), 'comment': 'clears two', 'glyph': '!'}
    >>> parse_move("S1 KH -", seat=0).seat
    1

    :raises RecordFormatError: where (``column N``) and why.
    """
    try:
        tokens = tokenize(text, 1, body=True)
        if tokens and _MOVE_NUMBER.fullmatch(tokens[0].text):
            tokens = tokens[1:]
        if not tokens:
            raise TextSyntaxError(
                1, len(text) + 1, "expected a move such as 9D x 4S 5D"
            )
        if not _SEAT.fullmatch(tokens[0].text):
            tokens.insert(0, Token("word", f"S{seat}", 1, tokens[0].col))
        parser = _Parser(1)
        parser.deals = [{"rounds": [{}]}]
        parser.round = {"moves": []}
        parser.move_line(_Cursor(tokens, 1, len(text)), tokens[0])
        return _MOVE_ADAPTER.validate_python(parser.round["moves"][0])
    except TextSyntaxError as exc:
        message = exc.error.message.removeprefix("line 1, ")
        raise RecordFormatError(message) from None
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"][1:])
        message = f"{field}: {error['msg']}" if field else error["msg"]
        raise RecordFormatError(message) from None


class _Cursor:
    """The tokens of one line, read from left to right."""

    def __init__(self, tokens: list[Token], line: int, length: int) -> None:
        self.tokens = tokens
        self.i = 0
        self.line = line
        self.end_col = length + 1

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def next(self, expected: str) -> Token:
        token = self.peek()
        if token is None:
            self.fail(expected)
        self.i += 1
        return token

    def fail(self, expected: str, token: Token | None = None) -> NoReturn:
        token = token if token is not None else self.peek()
        if token is None:
            raise TextSyntaxError(
                self.line, self.end_col, f"expected {expected}, found end of line"
            )
        raise TextSyntaxError(
            token.line, token.col, f"expected {expected}, found {token.shown()}"
        )

    def word(
        self, expected: str, pattern: re.Pattern[str]
    ) -> tuple[Token, re.Match[str]]:
        token = self.next(expected)
        match = pattern.fullmatch(token.text) if token.kind == "word" else None
        if match is None:
            self.fail(expected, token)
        return token, match

    def integer(self, expected: str) -> tuple[Token, int]:
        token, match = self.word(expected, _INT)
        return token, int(match[0])

    def seat(self) -> tuple[Token, int]:
        token, match = self.word("a seat such as 'S0'", _SEAT)
        return token, int(match[1])

    def card(self, *, unknown_ok: bool = False) -> tuple[Token, str]:
        token = self.next("a card")
        if unknown_ok and token.text == UNKNOWN_CARD and token.kind == "word":
            return token, UNKNOWN_CARD
        if token.kind != "word" or not _CARD.fullmatch(token.text):
            self.fail("a card", token)
        return token, str(parse_card(token.text))

    def text(self, expected: str) -> tuple[Token, str]:
        token = self.next(expected)
        if token.kind not in ("string", "word"):
            self.fail(expected, token)
        return token, token.text

    def keyword(self, name: str) -> None:
        token = self.next(repr(name))
        if token.kind != "word" or token.text.lower() != name:
            self.fail(repr(name), token)

    def punct(self, char: str) -> None:
        token = self.next(repr(char))
        if token.kind != "punct" or token.text != char:
            self.fail(repr(char), token)

    def comment(self) -> str | None:
        token = self.peek()
        if token is None or token.kind != "comment":
            return None
        self.i += 1
        return token.text

    def end(self, after: str = "") -> None:
        if self.peek() is not None:
            self.fail("end of line" + (f" after {after}" if after else ""))


def _ptr(*parts: str | int) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


class _Parser:
    """Builds the JSON object of one game, line by line, noting positions."""

    def __init__(self, first_line: int) -> None:
        self.obj: dict[str, Any] = {}
        self.pos: dict[str, tuple[int, int]] = {"": (first_line, 1)}
        self.first_line = first_line
        self.last_line = first_line
        self.seen: dict[str, int] = {}
        self.in_body = False
        self.deals: list[dict[str, Any]] = []
        self.round: dict[str, Any] | None = None
        self.claimed: dict[str, Any] | None = None

    # Positions and errors.

    def note(self, token: Token, *parts: str | int) -> None:
        self.pos.setdefault(_ptr(*parts), (token.line, token.col))

    def where(self, pointer: str) -> str:
        while pointer not in self.pos:
            pointer = pointer.rsplit("/", 1)[0]
        line, col = self.pos[pointer]
        return f"line {line}, column {col}"

    def locate(self, error: RecordFormatError) -> RecordFormatError:
        where = self.where(error.loc)
        deal = re.match(r"/deals/[0-9]+", error.loc)
        base = deal[0] if deal else ""  # the model's pointers are relative to a deal
        message = _FIRST_AT.sub(
            lambda m: "first at " + self.where(base + m[1]), error.message
        )
        return RecordFormatError(f"{where}: {message}", loc=error.loc, where=where)

    def once(self, key: str, token: Token, what: str) -> None:
        if key in self.seen:
            raise TextSyntaxError(
                token.line,
                token.col,
                f"{what} is given twice (first at line {self.seen[key]})",
            )
        self.seen[key] = token.line

    # Lines.

    def line(self, number: int, text: str) -> None:
        stripped = text.strip()
        if not stripped:
            return
        self.last_line = number
        tokens = tokenize(text, number, body=not stripped.startswith("["))
        cursor = _Cursor(tokens, number, len(text))
        if stripped.startswith("["):
            if self.in_body:
                cursor.fail(
                    _KEYWORDS + " (tags come before the body; read several games"
                    " with read_text_archive)"
                )
            self.tag(cursor)
        else:
            self.in_body = True
            self.body(cursor)

    def finish(self) -> dict[str, Any]:
        at = (self.first_line, 1)
        if "format" not in self.obj:
            raise TextSyntaxError(*at, 'missing tag [Format "casino-record/1"]')
        if "preset" not in self.obj.get("rules", {}):
            raise TextSyntaxError(
                *at, "missing tag [Preset ...] (classic, royal or dominican)"
            )
        if "players" not in self.obj:
            raise TextSyntaxError(
                *at, 'missing tags [Player 0 "..."], [Player 1 "..."]...'
            )
        if not self.deals:
            raise TextSyntaxError(
                self.last_line + 1, 1, "expected a Deal line, found the end of the game"
            )
        self.obj["deals"] = self.deals
        return self.obj

    # The tag section.

    def tag(self, cursor: _Cursor) -> None:
        cursor.punct("[")
        token = cursor.next("a tag name")
        name = next((n for n in _TAG_NAMES if n.lower() == token.text.lower()), None)
        if token.kind != "word" or name is None:
            close = difflib.get_close_matches(token.text, _TAG_NAMES, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TextSyntaxError(
                token.line, token.col, f"unknown tag {clip(token.text)!r}{hint}"
            )
        self.note(token, "")
        handler: Callable[[_Cursor, Token], None] = getattr(self, "tag_" + name.lower())
        handler(cursor, token)
        cursor.punct("]")
        cursor.end(f"the {name} tag")

    def tag_format(self, cursor: _Cursor, tag: Token) -> None:
        self.single(cursor, tag, "Format", ("format",))

    def tag_id(self, cursor: _Cursor, tag: Token) -> None:
        self.single(cursor, tag, "Id", ("id",))

    def single(
        self, cursor: _Cursor, tag: Token, name: str, path: tuple[str, ...]
    ) -> None:
        self.once(name, tag, f"tag {name}")
        token, value = cursor.text("a string")
        node = self.obj
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
        self.note(token, *path)

    def meta(self, tag: Token) -> dict[str, Any]:
        self.note(tag, "meta")
        meta: dict[str, Any] = self.obj.setdefault("meta", {})
        return meta

    def tag_meta(self, cursor: _Cursor, tag: Token) -> None:
        self.meta(tag)

    def tag_event(self, cursor: _Cursor, tag: Token) -> None:
        self.meta(tag)
        name = tag.text.capitalize()
        self.single(cursor, tag, name, ("meta", _META_FIELDS[name.lower()]))

    tag_site = tag_date = tag_round = tag_annotator = tag_source = tag_event

    def tag_tag(self, cursor: _Cursor, tag: Token) -> None:
        tags = self.meta(tag).setdefault("tags", {})
        key_token, key = cursor.text("a tag key (a string)")
        self.once("Tag " + key, key_token, f"tag key {key!r}")
        token, tags[key] = cursor.text("a tag value (a string)")
        self.note(token, "meta", "tags", key)

    def rules(self, tag: Token) -> dict[str, Any]:
        self.note(tag, "rules")
        rules: dict[str, Any] = self.obj.setdefault("rules", {})
        return rules

    def tag_preset(self, cursor: _Cursor, tag: Token) -> None:
        self.rules(tag)
        self.single(cursor, tag, "Preset", ("rules", "preset"))

    def tag_option(self, cursor: _Cursor, tag: Token) -> None:
        options = self.rules(tag).setdefault("options", {})
        token, name = cursor.text("a rules option name")
        self.once("Option " + name, token, f"option {name!r}")
        self.note(token, "rules", "options", name)
        value = cursor.next("a value (true, false, a whole number or a string)")
        if value.kind == "string":
            options[name] = value.text
        elif value.kind == "word" and value.text in ("true", "false"):
            options[name] = value.text == "true"
        elif value.kind == "word" and _INT.fullmatch(value.text):
            options[name] = int(value.text)
        elif value.kind == "word":
            options[name] = value.text
        else:
            cursor.fail("a value (true, false, a whole number or a string)", value)

    def tag_player(self, cursor: _Cursor, tag: Token) -> None:
        players: list[dict[str, Any]] = self.obj.setdefault("players", [])
        token, seat = cursor.integer("a seat number")
        if seat != len(players):
            raise TextSyntaxError(
                token.line, token.col, f"expected seat {len(players)}, found {seat}"
            )
        self.note(tag, "players", seat)
        token, name = cursor.text("the player's name (a string)")
        player = {"name": name}
        self.note(token, "players", seat, "name")
        if cursor.peek() is not None and cursor.tokens[cursor.i].kind != "punct":
            token, player["id"] = cursor.text("the player's id (a string)")
            self.note(token, "players", seat, "id")
        players.append(player)

    def tag_teams(self, cursor: _Cursor, tag: Token) -> None:
        self.once("Teams", tag, "tag Teams")
        token, text = cursor.text('the teams, such as "0,2 1,3"')
        teams = [group.split(",") for group in text.split()]
        if not all(_INT.fullmatch(seat) for team in teams for seat in team):
            cursor.fail('teams such as "0,2 1,3"', token)
        self.obj["teams"] = [[int(seat) for seat in team] for team in teams]
        self.note(token, "teams")

    def match_claim(self, tag: Token) -> dict[str, Any]:
        self.note(tag, "claimed")
        claimed: dict[str, Any] = self.obj.setdefault("claimed", {})
        return claimed

    def tag_claimed(self, cursor: _Cursor, tag: Token) -> None:
        self.match_claim(tag)

    def tag_claimedtotals(self, cursor: _Cursor, tag: Token) -> None:
        self.once("ClaimedTotals", tag, "tag ClaimedTotals")
        totals = self.match_claim(tag).setdefault("totals", [])
        self.note(tag, "claimed", "totals")
        while (token := cursor.peek()) is not None and token.kind == "word":
            token, total = cursor.integer("a total")
            self.note(token, "claimed", "totals", len(totals))
            totals.append(total)

    def tag_claimedwinner(self, cursor: _Cursor, tag: Token) -> None:
        self.once("ClaimedWinner", tag, "tag ClaimedWinner")
        token, self.match_claim(tag)["winner"] = cursor.integer("a side number")
        self.note(token, "claimed", "winner")

    def tag_claimedcomment(self, cursor: _Cursor, tag: Token) -> None:
        self.match_claim(tag)
        self.single(cursor, tag, "ClaimedComment", ("claimed", "comment"))

    # The body.

    def body(self, cursor: _Cursor) -> None:
        token = cursor.next(_KEYWORDS)
        if token.kind == "comment" and not self.deals and "comment" not in self.obj:
            self.obj["comment"] = token.text
            self.note(token, "comment")
            cursor.end("the game comment")
            return
        keyword = token.text.lower() if token.kind == "word" else ""
        if keyword == "deal":
            self.deal_line(cursor, token)
            return
        if not self.deals:
            cursor.fail("'Deal'", token)
        if keyword in ("shuffle", "deck", "table", "round", "hands", "claimed", "side"):
            getattr(self, keyword + "_line")(cursor, token)
        elif token.kind == "word" and (
            _MOVE_NUMBER.fullmatch(token.text) or _SEAT.fullmatch(token.text)
        ):
            cursor.i -= 1
            self.move_line(cursor, token)
        else:
            cursor.fail(_KEYWORDS, token)

    def here(self) -> tuple[str | int, ...]:
        return ("deals", len(self.deals) - 1)

    def number(self, cursor: _Cursor, what: str, expected: int) -> None:
        token, number = cursor.integer(f"a {what} number")
        if number != expected:
            raise TextSyntaxError(
                token.line, token.col, f"expected {what} {expected}, found {number}"
            )

    def deal_line(self, cursor: _Cursor, token: Token) -> None:
        self.number(cursor, "deal", len(self.deals) + 1)
        deal: dict[str, Any] = {}
        self.deals.append(deal)
        self.round = self.claimed = None
        self.note(token, *self.here())
        cursor.keyword("dealer")
        seat_token, deal["dealer"] = cursor.seat()
        self.note(seat_token, *self.here(), "dealer")
        self.deal_comment(cursor, deal, *self.here(), "comment")
        cursor.end("the deal header")

    def deal_comment(
        self, cursor: _Cursor, node: dict[str, Any], *at: str | int
    ) -> None:
        token = cursor.peek()
        text = cursor.comment()
        if token is not None and text is not None:
            node["comment"] = text
            self.note(token, *at)

    def before_rounds(self, cursor: _Cursor, token: Token, name: str) -> dict[str, Any]:
        deal = self.deals[-1]
        if "rounds" in deal:
            raise TextSyntaxError(
                token.line,
                token.col,
                f"{name} comes before the first Round of its deal",
            )
        self.once(
            f"{len(self.deals)} {name}", token, f"{name} of deal {len(self.deals)}"
        )
        self.note(token, *self.here(), name.lower())
        return deal

    def shuffle_line(self, cursor: _Cursor, token: Token) -> None:
        deal = self.before_rounds(cursor, token, "Shuffle")
        seed_token, seed = cursor.text("the shuffle seed (a string)")
        method = SHUFFLE_METHOD
        if cursor.peek() is not None:
            method = seed
            seed_token, seed = cursor.text("the shuffle seed (a string)")
        deal["shuffle"] = {"method": method, "seed": seed}
        self.note(seed_token, *self.here(), "shuffle", "seed")
        cursor.end("the shuffle seed")

    def deck_line(self, cursor: _Cursor, token: Token) -> None:
        self.cards_line(cursor, token, "Deck")

    def table_line(self, cursor: _Cursor, token: Token) -> None:
        self.cards_line(cursor, token, "Table")

    def cards_line(self, cursor: _Cursor, token: Token, name: str) -> None:
        cards = self.before_rounds(cursor, token, name)[name.lower()] = []
        while cursor.peek() is not None:
            card_token, card = cursor.card()
            self.note(card_token, *self.here(), name.lower(), len(cards))
            cards.append(card)

    def round_line(self, cursor: _Cursor, token: Token) -> None:
        if self.claimed is not None:
            cursor.fail("'Side' (rounds come before Claimed)", token)
        rounds = self.deals[-1].setdefault("rounds", [])
        self.number(cursor, "round", len(rounds) + 1)
        self.round = {"moves": []}
        rounds.append(self.round)
        self.note(token, *self.here(), "rounds", len(rounds) - 1)
        cursor.end("the round number")

    def round_at(self) -> tuple[str | int, ...]:
        return (*self.here(), "rounds", len(self.deals[-1]["rounds"]) - 1)

    def hands_line(self, cursor: _Cursor, token: Token) -> None:
        if self.round is None or self.claimed is not None:
            cursor.fail("a Round line before Hands", token)
        if "hands" in self.round or self.round["moves"]:
            cursor.fail("Hands right after its Round line, once", token)
        at = (*self.round_at(), "hands")
        self.note(token, *at)
        hands: list[list[str]] = [[]]
        self.round["hands"] = hands
        while (next_token := cursor.peek()) is not None:
            if next_token.kind == "punct" and next_token.text == "/":
                cursor.i += 1
                hands.append([])
                self.note(next_token, *at, len(hands) - 1)
                continue
            card_token, card = cursor.card(unknown_ok=True)
            self.note(card_token, *at, len(hands) - 1)
            self.note(card_token, *at, len(hands) - 1, len(hands[-1]))
            hands[-1].append(card)

    def claimed_line(self, cursor: _Cursor, token: Token) -> None:
        deal = self.deals[-1]
        self.once(
            f"{len(self.deals)} Claimed", token, f"Claimed of deal {len(self.deals)}"
        )
        self.claimed = deal["claimed"] = {"sides": []}
        self.round = None
        self.note(token, *self.here(), "claimed")
        self.deal_comment(cursor, self.claimed, *self.here(), "claimed", "comment")
        cursor.end("the claimed comment")

    def side_line(self, cursor: _Cursor, token: Token) -> None:
        if self.claimed is None:
            cursor.fail("a Claimed line before Side", token)
        sides: list[dict[str, Any]] = self.claimed["sides"]
        self.number(cursor, "side", len(sides))
        at = (*self.here(), "claimed", "sides", len(sides))
        self.note(token, *at)
        side: dict[str, Any] = {}
        sides.append(side)
        while (part := cursor.peek()) is not None:
            name = part.text.lower() if part.kind == "word" else ""
            if name not in ("points", "total", "counts"):
                cursor.fail("'points', 'total' or 'counts'", part)
            if name in side:
                raise TextSyntaxError(part.line, part.col, f"{name!r} is given twice")
            cursor.i += 1
            self.note(part, *at, name)
            if name == "total":
                value_token, side["total"] = cursor.integer("a total")
                self.note(value_token, *at, "total")
                continue
            group: dict[str, int] = {}
            side[name] = group
            cursor.punct("(")
            while (item := cursor.peek()) is not None and item.kind == "word":
                key = item.text.lower()
                if key not in _GROUPS[name]:
                    close = difflib.get_close_matches(key, _GROUPS[name], n=1)
                    hint = f" (did you mean {close[0]!r}?)" if close else ""
                    raise TextSyntaxError(
                        item.line,
                        item.col,
                        f"unknown {name} entry {clip(item.text)!r}{hint}",
                    )
                if key in group:
                    raise TextSyntaxError(
                        item.line, item.col, f"{key!r} is given twice"
                    )
                cursor.i += 1
                value_token, group[key] = cursor.integer("a whole number")
                self.note(item, *at, name, key)
            cursor.punct(")")

    def move_line(self, cursor: _Cursor, token: Token) -> None:
        if self.round is None:
            cursor.fail("a Round line before the moves", token)
        moves: list[dict[str, Any]] = self.round["moves"]
        at = (*self.round_at(), "moves", len(moves))
        self.note(token, *at)
        if _MOVE_NUMBER.fullmatch(token.text):
            number_token, match = cursor.word("a move number", _MOVE_NUMBER)
            expected = 1 + sum(len(r["moves"]) for r in self.deals[-1]["rounds"])
            if int(match[1]) != expected:
                raise TextSyntaxError(
                    number_token.line,
                    number_token.col,
                    f"expected move number {expected} (moves count from 1 across"
                    f" the deal's rounds), found {number_token.text!r}",
                )
        seat_token, seat = cursor.seat()
        card_token, card = cursor.card()
        move: dict[str, Any] = {"seat": seat, "card": card}
        self.note(seat_token, *at, "seat")
        self.note(card_token, *at, "card")
        action = cursor.next("'-' (trail), 'x' (capture) or '+<value>' (build)")
        capture = _CAPTURE.fullmatch(action.text) if action.kind == "word" else None
        build = _BUILD.fullmatch(action.text) if action.kind == "word" else None
        key = ""
        if action.kind == "word" and action.text == "-":
            move["action"] = "trail"
        elif capture:
            move["action"], key = "capture", "take"
            if capture[1] is not None:
                move["value"] = int(capture[1])
        elif build:
            move["action"], key, move["value"] = "build", "onto", int(build[1])
        else:
            cursor.fail("'-' (trail), 'x' (capture) or '+<value>' (build)", action)
        self.note(action, *at, "value")
        if key:
            cards = move[key] = []
            while (
                (next_token := cursor.peek()) is not None
                and next_token.kind != "comment"
                and not (
                    next_token.kind == "word" and next_token.text in GLYPHS and cards
                )
            ):
                item_token, item = cursor.card()
                self.note(item_token, *at, key, len(cards))
                cards.append(item)
            if not cards:
                cursor.fail("a card")
        glyph = cursor.peek()
        if glyph is not None and glyph.kind == "word" and glyph.text in GLYPHS:
            cursor.i += 1
            move["glyph"] = glyph.text
            self.note(glyph, *at, "glyph")
        self.deal_comment(cursor, move, *at, "comment")
        cursor.end("the move")
        moves.append(move)
