"""The body of the text notation's reader: deals, provenance, rounds, moves, claims.

Internal to :mod:`casino_records.record.text.parse`.
"""

from __future__ import annotations

from typing import Any, Final, NoReturn

from ...errors import TextSyntaxError
from ..format.claims import ClaimedCounts, ClaimedPoints
from ..format.models import SHUFFLE_METHOD
from ..format.pointer import Part
from .cursor import BUILD, CAPTURE, MOVE_NUMBER, SEAT, Cursor
from .lex import GLYPHS, Token, clip
from .state import ParserState, did_you_mean

__all__ = ["KEYWORDS", "BodyLines"]

KEYWORDS: Final = (
    "Deal, Shuffle, Deck, Table, Piles, Round, Hands, Claimed, Side or a move"
)
"""What a body line may start with."""
_LINES: Final = frozenset(
    ("shuffle", "deck", "table", "piles", "round", "hands", "claimed", "side")
)
_PILE_PARTS: Final = frozenset(("sweeps", "last", "left"))
_GROUPS: Final = {
    "points": tuple(ClaimedPoints.model_fields),
    "counts": tuple(ClaimedCounts.model_fields),
}


class BodyLines(ParserState):
    """Reads the body lines into the record's deals."""

    def body(self, cursor: Cursor) -> None:
        """Read one body line: dispatch on its first word."""
        token = cursor.next(KEYWORDS)
        if token.kind == "comment" and not self.deals and "comment" not in self.obj:
            self.obj["comment"] = token.text
            self.note(token, "comment")
            cursor.end("the game comment")
            return
        if token.kind == "punct" and token.text in "()":
            cursor.i -= 1
            self.parens(cursor)
            if cursor.peek() is None:
                return
            token = cursor.next(KEYWORDS)
            if not self.starts_move(token):
                cursor.fail("a move after the parenthesis", token)
        keyword = token.text.lower() if token.kind == "word" else ""
        if self.lines and not self.starts_move(token):
            self.unclosed(token)
        if keyword == "deal":
            self.deal_line(cursor, token)
            return
        if not self.deals:
            cursor.fail("'Deal'", token)
        if keyword in _LINES:
            getattr(self, keyword + "_line")(cursor, token)
        elif token.kind == "word" and (
            MOVE_NUMBER.fullmatch(token.text) or SEAT.fullmatch(token.text)
        ):
            cursor.i -= 1
            self.move_line(cursor, token)
        else:
            cursor.fail(KEYWORDS, token)

    def here(self) -> tuple[str | int, ...]:
        """The path of the current deal."""
        return ("deals", len(self.deals) - 1)

    def number(self, cursor: Cursor, what: str, expected: int) -> None:
        """Read the number of a deal, round or side, which must be ``expected``."""
        token, number = cursor.integer(f"a {what} number")
        if number != expected:
            raise TextSyntaxError(
                token.line, token.col, f"expected {what} {expected}, found {number}"
            )

    def deal_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Deal`` line."""
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
        self, cursor: Cursor, node: dict[str, Any], *at: str | int
    ) -> None:
        """Take the comment at the end of a line into ``node``, if there is one."""
        token = cursor.peek()
        text = cursor.comment()
        if token is not None and text is not None:
            node["comment"] = text
            self.note(token, *at)

    def before_rounds(self, cursor: Cursor, token: Token, name: str) -> dict[str, Any]:
        """The current deal, for a provenance line (only before its first Round)."""
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

    def shuffle_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Shuffle`` line."""
        deal = self.before_rounds(cursor, token, "Shuffle")
        seed_token, seed = cursor.text("the shuffle seed (a string)")
        method: str = SHUFFLE_METHOD
        if cursor.peek() is not None:
            method = seed
            seed_token, seed = cursor.text("the shuffle seed (a string)")
        deal["shuffle"] = {"method": method, "seed": seed}
        self.note(seed_token, *self.here(), "shuffle", "seed")
        cursor.end("the shuffle seed")

    def deck_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Deck`` line."""
        self.cards_line(cursor, token, "Deck")

    def table_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Table`` line."""
        self.cards_line(cursor, token, "Table")

    def cards_line(self, cursor: Cursor, token: Token, name: str) -> None:
        """Read the cards of a Deck or Table line."""
        cards = self.before_rounds(cursor, token, name)[name.lower()] = []
        while cursor.peek() is not None:
            card_token, card = cursor.card()
            self.note_card(card_token, card, *self.here(), name.lower(), len(cards))
            cards.append(card)

    def piles_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Piles`` line: the piles by side, the sweeps, the last
        capturer and the cards left on the table (docs/notation.md §6.6)."""
        deal = self.before_rounds(cursor, token, "Piles")
        at = (*self.here(), "piles")
        sides: list[list[str]] = [[]]
        sweeps: list[int] = []
        piles: dict[str, Any] = {"sides": sides, "sweeps": sweeps}
        deal["piles"] = piles
        self.note(token, *at, "sides")
        self.note(token, *at, "sides", 0)
        while (part := cursor.peek()) is not None:
            if part.kind == "punct" and part.text == "/":
                cursor.i += 1
                sides.append([])
                self.note(part, *at, "sides", len(sides) - 1)
                continue
            if part.kind == "word" and part.text.lower() in _PILE_PARTS:
                break
            card_token, card = cursor.card()
            where = (*at, "sides", len(sides) - 1, len(sides[-1]))
            self.note_card(card_token, card, *where)
            sides[-1].append(card)
        sweeps_token = cursor.peek()
        cursor.keyword("sweeps")
        assert sweeps_token is not None
        self.note(sweeps_token, *at, "sweeps")
        while (part := cursor.peek()) is not None and part.text.isdigit():
            value_token, value = cursor.integer("a number of sweeps")
            self.note(value_token, *at, "sweeps", len(sweeps))
            sweeps.append(value)
        self.piles_tail(cursor, piles, at)
        cursor.end("the piles")

    def piles_tail(
        self, cursor: Cursor, piles: dict[str, Any], at: tuple[str | int, ...]
    ) -> None:
        """Read the optional ``last S<seat>`` and ``left <cards>`` of a Piles line."""
        part = cursor.peek()
        if part is not None and part.kind == "word" and part.text.lower() == "last":
            cursor.i += 1
            seat_token, piles["last_capture"] = cursor.seat()
            self.note(seat_token, *at, "last_capture")
            part = cursor.peek()
        if part is not None and part.kind == "word" and part.text.lower() == "left":
            cursor.i += 1
            left: list[str] = []
            piles["left"] = left
            self.note(part, *at, "left")
            while cursor.peek() is not None:
                card_token, card = cursor.card()
                self.note_card(card_token, card, *at, "left", len(left))
                left.append(card)

    def round_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Round`` line."""
        if self.claimed is not None:
            cursor.fail("'Side' (rounds come before Claimed)", token)
        if "rounds" not in self.deals[-1]:
            self.note(token, *self.here(), "rounds")
        rounds = self.deals[-1].setdefault("rounds", [])
        self.number(cursor, "round", len(rounds) + 1)
        self.round = {"moves": []}
        rounds.append(self.round)
        self.note(token, *self.here(), "rounds", len(rounds) - 1)
        cursor.end("the round number")

    def round_at(self) -> tuple[str | int, ...]:
        """The path of the current round."""
        return (*self.here(), "rounds", len(self.deals[-1]["rounds"]) - 1)

    def hands_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Hands`` line."""
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
            self.note_card(card_token, card, *at, len(hands) - 1, len(hands[-1]))
            hands[-1].append(card)

    def claimed_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Claimed`` line."""
        deal = self.deals[-1]
        self.once(
            f"{len(self.deals)} Claimed", token, f"Claimed of deal {len(self.deals)}"
        )
        self.claimed = deal["claimed"] = {"sides": []}
        self.round = None
        self.note(token, *self.here(), "claimed")
        self.deal_comment(cursor, self.claimed, *self.here(), "claimed", "comment")
        cursor.end("the claimed comment")

    def side_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Side`` line."""
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
                    other = "counts" if name == "points" else "points"
                    hint = (
                        f" (it belongs in {other}, not in {name})"
                        if key in _GROUPS[other]
                        else did_you_mean(key, _GROUPS[name])
                    )
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

    def move_line(self, cursor: Cursor, token: Token) -> None:
        """Read a ``Move`` line."""
        if self.round is None:
            cursor.fail("a Round line before the moves", token)
        moves, at, expected = self.level()
        self.note(token, *at)
        if MOVE_NUMBER.fullmatch(token.text):
            number_token, match = cursor.word("a move number", MOVE_NUMBER)
            if int(match[1]) != expected:
                how = (
                    "a line's moves count on from the move it replaces"
                    if self.lines
                    else "moves count from 1 across the deal's rounds"
                )
                raise TextSyntaxError(
                    number_token.line,
                    number_token.col,
                    f"expected move number {expected} ({how}),"
                    f" found {number_token.text!r}",
                )
        seat_token, seat = cursor.seat()
        card_token, card = cursor.card()
        move: dict[str, Any] = {"seat": seat, "card": card}
        self.note(seat_token, *at, "seat")
        self.note_card(card_token, card, *at, "card")
        action = cursor.next("'-' (trail), 'x' (capture) or '+<value>' (build)")
        capture = CAPTURE.fullmatch(action.text) if action.kind == "word" else None
        build = BUILD.fullmatch(action.text) if action.kind == "word" else None
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
                and next_token.kind not in ("comment", "punct")
                and not (
                    next_token.kind == "word" and next_token.text in GLYPHS and cards
                )
            ):
                item_token, item = cursor.card()
                self.note_card(item_token, item, *at, key, len(cards))
                cards.append(item)
            if not cards:
                cursor.fail("a card")
        glyph = cursor.peek()
        if glyph is not None and glyph.kind == "word" and glyph.text in GLYPHS:
            cursor.i += 1
            move["glyph"] = glyph.text
            self.note(glyph, *at, "glyph")
        self.deal_comment(cursor, move, *at, "comment")
        moves.append(move)
        parens = self.parens(cursor)
        after = cursor.peek()
        if (parens or self.lines) and after is not None and self.starts_move(after):
            # after a parenthesis, or inside a line, another move may follow
            self.move_line(cursor, after)
            return
        cursor.end("the move")

    @staticmethod
    def starts_move(token: Token) -> bool:
        """True when ``token`` begins a move (its number or its seat)."""
        return token.kind == "word" and bool(
            MOVE_NUMBER.fullmatch(token.text) or SEAT.fullmatch(token.text)
        )

    # --- variations: lines in parentheses (docs/notation.md, Variations) -------------

    def level(self) -> tuple[list[dict[str, Any]], tuple[Part, ...], int]:
        """The moves of the line being read (the round's, outside parentheses),
        the path of the next one, and the number it must have."""
        if self.lines:
            line = self.lines[-1]
            at = (*line.at, len(line.moves))
            return line.moves, at, line.first + len(line.moves)
        assert self.round is not None
        moves: list[dict[str, Any]] = self.round["moves"]
        played = sum(len(r.get("moves", ())) for r in self.deals[-1]["rounds"])
        return moves, (*self.round_at(), "moves", len(moves)), played + 1

    def parens(self, cursor: Cursor) -> bool:
        """Read the ``(`` and ``)`` at the cursor: open a line of the move just
        read, or close the line being read; True when there were any."""
        found = False
        while (token := cursor.peek()) is not None and token.kind == "punct":
            if token.text == "(":
                self.open_line(token)
            elif token.text == ")":
                self.close_line(token)
            else:
                break
            cursor.i += 1
            found = True
        return found

    def open_line(self, token: Token) -> None:
        """``(``: a line of the last move read at this level begins."""
        if self.round is None:
            raise TextSyntaxError(
                token.line, token.col, "a '(' follows the move its line replaces"
            )
        moves, at, expected = self.level()
        if not moves:
            raise TextSyntaxError(
                token.line,
                token.col,
                "a '(' follows the move its line replaces (no move before it"
                + (" in this line)" if self.lines else " in this round)"),
            )
        parent = moves[-1]
        lines: list[list[dict[str, Any]]] = parent.setdefault("variations", [])
        line = _Line(
            (*at[:-1], len(moves) - 1, "variations", len(lines)),
            [],
            expected - 1,
            token,
        )
        lines.append(line.moves)
        self.note(token, *line.at)
        self.lines.append(line)

    def close_line(self, token: Token) -> None:
        """``)``: the line being read ends."""
        if not self.lines:
            raise TextSyntaxError(
                token.line, token.col, "')' closes no line (no '(' before it)"
            )
        line = self.lines.pop()
        if not line.moves:
            raise TextSyntaxError(
                token.line,
                token.col,
                "an empty line: a line in parentheses holds at least one move",
            )

    def unclosed(self, token: Token | None) -> NoReturn:
        """Refuse what comes while a line is open: only moves and ``)`` may."""
        line = self.lines[-1].token
        opened = f"the line opened at line {line.line}, column {line.col}"
        if token is None:
            raise TextSyntaxError(
                self.last_line + 1,
                1,
                f"expected ')' to close {opened}, found the end of the game",
            )
        raise TextSyntaxError(
            token.line,
            token.col,
            f"expected ')' to close {opened}, found {clip(token.text)!r}"
            " (a line holds moves only)",
        )


class _Line:
    """A line in parentheses being read: where it is, its moves, the number
    of its first move, and its ``(``."""

    __slots__ = ("at", "moves", "first", "token")

    def __init__(
        self,
        at: tuple[Part, ...],
        moves: list[dict[str, Any]],
        first: int,
        token: Token,
    ) -> None:
        self.at = at
        self.moves = moves
        self.first = first
        self.token = token
