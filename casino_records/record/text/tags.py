"""The tag section of the text notation's reader: ``[Name value ...]`` lines.

Internal to :mod:`casino_records.record.text.parse`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...errors import TextSyntaxError
from .cursor import INT, Cursor
from .lex import Token, clip
from .state import ParserState, did_you_mean

__all__ = ["TAG_NAMES", "TagSection"]

_META_FIELDS: Final = {
    "event": "event",
    "site": "site",
    "date": "date",
    "round": "round",
    "annotator": "annotator",
    "source": "source",
}
TAG_NAMES: Final = (
    "Format Id Event Site Date Round Annotator Source Tag Meta Preset Option"
    " Player Teams ClaimedTotals ClaimedWinner ClaimedComment Claimed"
).split()
"""Every tag name, in writing order."""


class TagSection(ParserState):
    """Reads the tag lines into the record's header fields."""

    def tag(self, cursor: Cursor) -> None:
        """Read one tag line: ``[Name value ...]``."""
        cursor.punct("[")
        token = cursor.next("a tag name")
        name = next((n for n in TAG_NAMES if n.lower() == token.text.lower()), None)
        if token.kind != "word" and name is not None:
            raise TextSyntaxError(
                token.line, token.col, f"a tag name is a bare word: [{name} ...]"
            )
        if name is None:
            raise TextSyntaxError(
                token.line,
                token.col,
                f"unknown tag {clip(token.text)!r}{did_you_mean(token.text, TAG_NAMES)}",
            )
        self.note(token, "")
        handler: Callable[[Cursor, Token], None] = getattr(self, "tag_" + name.lower())
        handler(cursor, token)
        extra = cursor.peek()
        before = cursor.tokens[cursor.i - 1]
        if extra is not None and extra.kind == "word" and before.kind == "word":
            raise TextSyntaxError(
                extra.line,
                extra.col,
                f"unexpected {extra.shown()} in the {name} tag: a value with spaces"
                f' is written in quotes, such as "{clip(before.text)} {clip(extra.text)}"',
            )
        cursor.punct("]")
        cursor.end(f"the {name} tag")

    def tag_format(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Format`` tag."""
        self.single(cursor, tag, "Format", ("format",))

    def tag_id(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Id`` tag."""
        self.single(cursor, tag, "Id", ("id",))

    def single(
        self, cursor: Cursor, tag: Token, name: str, path: tuple[str, ...]
    ) -> None:
        """Read the one value of a tag into the field at ``path``."""
        self.once(name, tag, f"tag {name}")
        token, value = cursor.text("a string")
        node = self.obj
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
        self.note(token, *path)

    def meta(self, tag: Token) -> dict[str, Any]:
        """The ``meta`` object, created on first use."""
        self.note(tag, "meta")
        meta: dict[str, Any] = self.obj.setdefault("meta", {})
        return meta

    def tag_meta(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Meta`` tag."""
        self.meta(tag)

    def tag_event(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Event`` tag."""
        self.meta(tag)
        name = tag.text.capitalize()
        self.single(cursor, tag, name, ("meta", _META_FIELDS[name.lower()]))

    tag_site = tag_date = tag_round = tag_annotator = tag_source = tag_event

    def tag_tag(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Tag`` tag."""
        tags = self.meta(tag).setdefault("tags", {})
        key_token, key = cursor.text("a tag key (a string)")
        self.once("Tag " + key, key_token, f"tag key {key!r}")
        token, tags[key] = cursor.text("a tag value (a string)")
        self.note(token, "meta", "tags", key)

    def rules(self, tag: Token) -> dict[str, Any]:
        """The ``rules`` object, created on first use."""
        self.note(tag, "rules")
        rules: dict[str, Any] = self.obj.setdefault("rules", {})
        return rules

    def tag_preset(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Preset`` tag."""
        self.rules(tag)
        self.single(cursor, tag, "Preset", ("rules", "preset"))

    def tag_option(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Option`` tag."""
        options = self.rules(tag).setdefault("options", {})
        token, name = cursor.text("a rules option name")
        self.once("Option " + name, token, f"option {name!r}")
        self.note(token, "rules", "options", name)
        value = cursor.next("a value (true, false, a whole number or a string)")
        if value.kind == "string":
            options[name] = value.text
        elif value.kind == "word" and value.text in ("true", "false"):
            options[name] = value.text == "true"
        elif value.kind == "word" and INT.fullmatch(value.text):
            options[name] = int(value.text)
        elif value.kind == "word":
            options[name] = value.text
        else:
            cursor.fail("a value (true, false, a whole number or a string)", value)

    def tag_player(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Player`` tag."""
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
        following = cursor.peek()
        if following is not None and following.kind == "string":
            token, player["id"] = cursor.text("the player's id (a string)")
            self.note(token, "players", seat, "id")
        players.append(player)

    def tag_teams(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Teams`` tag."""
        self.once("Teams", tag, "tag Teams")
        token, text = cursor.text('the teams, such as "0,2 1,3"')
        teams = [group.split(",") for group in text.split()]
        if not all(INT.fullmatch(seat) for team in teams for seat in team):
            cursor.fail('teams such as "0,2 1,3"', token)
        self.obj["teams"] = [[int(seat) for seat in team] for team in teams]
        self.note(token, "teams")

    def match_claim(self, tag: Token) -> dict[str, Any]:
        """The match's ``claimed`` object, created on first use."""
        self.note(tag, "claimed")
        claimed: dict[str, Any] = self.obj.setdefault("claimed", {})
        return claimed

    def tag_claimed(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``Claimed`` tag."""
        self.match_claim(tag)

    def tag_claimedtotals(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``ClaimedTotals`` tag."""
        self.once("ClaimedTotals", tag, "tag ClaimedTotals")
        totals = self.match_claim(tag).setdefault("totals", [])
        self.note(tag, "claimed", "totals")
        while (token := cursor.peek()) is not None and token.kind == "word":
            token, total = cursor.integer("a total")
            self.note(token, "claimed", "totals", len(totals))
            totals.append(total)

    def tag_claimedwinner(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``ClaimedWinner`` tag."""
        self.once("ClaimedWinner", tag, "tag ClaimedWinner")
        token, self.match_claim(tag)["winner"] = cursor.integer("a side number")
        self.note(token, "claimed", "winner")

    def tag_claimedcomment(self, cursor: Cursor, tag: Token) -> None:
        """Read the rest of a ``ClaimedComment`` tag."""
        self.match_claim(tag)
        self.single(cursor, tag, "ClaimedComment", ("claimed", "comment"))
