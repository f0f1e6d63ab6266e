from __future__ import annotations

import io as pyio
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_records.engine.cards import CARDS
from casino_records.record.format.models import (
    BuildMove,
    CaptureMove,
    ClaimedCounts,
    ClaimedDeal,
    ClaimedMatch,
    ClaimedPoints,
    ClaimedSide,
    Deal,
    GameRecord,
    Meta,
    Piles,
    Player,
    Round,
    RulesSpec,
    Shuffle,
    TrailMove,
)
from casino_records.record.json import jsonio
from casino_records.record.json.jsonio import InvalidRecordError
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import (
    dump_text_archive,
    read_text,
    read_text_archive,
    write_text,
    write_text_archive,
)
from tests.paths import DOCS, PEER_GAMES

HOSTILE = [
    "",
    "}",
    "{",
    "\\",
    '"',
    'a}b{c\\d"e',
    "line one\nline two\r\nthree\rfour",
    "tab\there",
    "<script>alert('x')</script>",
    '[Event "fake"]',
    '\n[Format "casino-record/1"]\n',
    "Deal 2 dealer S0",
    "ünïcødé ♠♥♦♣ 🂡 漢字 עברית",
    "\u2028\u2029\x85\x00\x1f\x7f\ufeff\u202e",
    "  leading and trailing  ",
    "\\u{41} \\n not an escape",
    "x14 +8 - ! ??",
]
CARD_NAMES = [str(card) for card in CARDS]


def rich() -> GameRecord:
    """A record that uses every field of the model."""
    return GameRecord.model_validate(
        {
            "format": "casino-record/1",
            "id": 'club "night" \\ 3',
            "meta": {
                "event": "Club night",
                "site": "Lisbon",
                "date": "2026-11-29",
                "round": "3",
                "annotator": "Ana <a@b.c>",
                "source": "paper\nscore sheet",
                "tags": {"table": "3", "weird key \"]": "}{", "": ""},
            },
            "rules": {
                "preset": "dominican",
                "options": {"target_score": 11, "sweeps": False, "direction": "clockwise"},
            },
            "players": [
                {"name": "Ana", "id": "A-1"},
                {"name": "Ben \"the\" {Bold}"},
                {"name": "Caio\nSilva", "id": ""},
                {"name": "Dee"},
            ],
            "teams": [[0, 2], [1, 3]],
            "deals": [
                {
                    "dealer": 3,
                    "shuffle": {"method": "casino-shuffle/1", "seed": "seed \"1\"\n"},
                    "deck": CARD_NAMES[::-1],
                    "table": ["4S", "10D", "6C", "9C"],
                    "rounds": [
                        {
                            "hands": [
                                ["9D", "2D", "8S", "QD"],
                                ["KH", "10H", "AS", "7C"],
                                ["??", "??", "??", "??"],
                                ["JD", "3H", "4H", "??"],
                            ],
                            "moves": [
                                {"seat": 0, "card": "9D", "action": "capture",
                                 "take": ["4S", "5D"], "glyph": "!!",
                                 "comment": "a {nice} one\\"},
                                {"seat": 1, "card": "KH", "action": "trail",
                                 "glyph": "?!", "comment": ""},
                                {"seat": 2, "card": "2H", "action": "build",
                                 "value": 8, "onto": ["6C"], "glyph": "??"},
                                {"seat": 3, "card": "AS", "action": "capture",
                                 "value": 14, "take": ["9C", "4H"],
                                 "comment": "<script>alert(1)</script>"},
                            ],
                        },
                        {"moves": []},
                        {"hands": [["2S", "3S", "5S", "6S"], ["7S", "9S", "JS", "QS"],
                                   ["KS", "AH", "2H", "5H"], ["6H", "7H", "8H", "9H"]]},
                    ],
                    "claimed": {
                        "sides": [
                            {"points": {"most_cards": 3, "most_spades": 1,
                                        "big_casino": 2, "little_casino": 1,
                                        "aces": 4, "sweeps": 0},
                             "total": 11,
                             "counts": {"cards": 30, "spades": 8, "sweeps": 0}},
                            {"points": {}, "counts": {}},
                        ],
                        "comment": "agreed }",
                    },
                    "comment": "first deal",
                },
                {"dealer": 0, "table": ["4S", "5D", "6C", "9C"],
                 "claimed": {"sides": [{}, {"total": 0}]}},
                {"dealer": 3,
                 "piles": {"sides": [CARD_NAMES[:30], []], "sweeps": [2, 0],
                           "last_capture": 2, "left": CARD_NAMES[30:]},
                 "claimed": {"sides": [{"total": 11}, {}]}, "comment": "no moves"},
            ],
            "claimed": {"totals": [21, 14], "winner": 0, "comment": "close \"game\""},
            "comment": "game {comment}\nwith two lines",
        }
    )  # fmt: skip


def minimal() -> GameRecord:
    return GameRecord.model_validate(
        {
            "format": "casino-record/1",
            "rules": {"preset": "classic"},
            "players": [{"name": "Ana"}, {"name": "Ben"}],
            "deals": [{"dealer": 1, "table": ["4S", "5D", "6C", "9C"]}],
        }
    )


def assert_round_trip(record: GameRecord) -> None:
    text = write_text(record)
    back = read_text(text)
    assert back == record
    assert jsonio.dumps(back) == jsonio.dumps(record)
    assert write_text(back) == text


# --- A strategy for random, schema-valid records --------------------------------

texts = st.one_of(st.text(max_size=12), st.sampled_from(HOSTILE))
small = st.integers(min_value=0, max_value=40)


@st.composite
def moves(draw: st.DrawFn, players: int, depth: int = 0) -> dict[str, Any]:
    move: dict[str, Any] = {
        "seat": draw(st.integers(0, players - 1)),
        "card": draw(st.sampled_from(CARD_NAMES)),
    }
    action = draw(st.sampled_from(["trail", "capture", "build"]))
    move["action"] = action
    cards = st.lists(st.sampled_from(CARD_NAMES), min_size=1, max_size=4, unique=True)
    if action == "capture":
        if draw(st.booleans()):
            move["value"] = draw(st.integers(1, 14))
        move["take"] = draw(cards)
    elif action == "build":
        move["value"] = draw(st.integers(1, 14))
        move["onto"] = draw(cards)
    if draw(st.booleans()):
        move["glyph"] = draw(st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]))
    if draw(st.booleans()):
        move["comment"] = draw(texts)
    if depth < 2 and draw(st.integers(0, 5)) == 0:  # lines of play, nested
        line = st.lists(moves(players, depth + 1), min_size=1, max_size=3)
        move["variations"] = draw(st.lists(line, min_size=1, max_size=2))
    return move


def optional(value: Any) -> Any:
    return st.one_of(st.none(), value)


@st.composite
def claimed_sides(draw: st.DrawFn) -> dict[str, Any]:
    side: dict[str, Any] = {}
    if draw(st.booleans()):
        side["points"] = draw(
            st.dictionaries(st.sampled_from(list(ClaimedPoints.model_fields)), small)
        )
    if draw(st.booleans()):
        side["total"] = draw(small)
    if draw(st.booleans()):
        side["counts"] = draw(
            st.dictionaries(st.sampled_from(list(ClaimedCounts.model_fields)), small)
        )
    return side


@st.composite
def deals(draw: st.DrawFn, players: int, sides: int) -> dict[str, Any]:
    pack = draw(st.permutations(CARD_NAMES))
    deal: dict[str, Any] = {"dealer": draw(st.integers(0, players - 1))}
    kinds = draw(st.sets(st.sampled_from(["shuffle", "deck", "table"]), min_size=1))
    if "shuffle" in kinds:
        deal["shuffle"] = {"method": "casino-shuffle/1", "seed": draw(texts)}
    if "deck" in kinds:
        deal["deck"] = draw(st.permutations(CARD_NAMES))
    if "table" in kinds:
        deal["table"] = pack[:4]
    rounds = []
    dealt = 4
    for _ in range(draw(st.integers(0, 2))):
        round_: dict[str, Any] = {}
        if draw(st.booleans()):
            hands = []
            for _seat in range(players):
                hand = pack[dealt : dealt + 4]
                dealt += 4
                hands.append([c if draw(st.booleans()) else "??" for c in hand])
            round_["hands"] = hands
        round_["moves"] = draw(st.lists(moves(players), max_size=4))
        rounds.append(round_)
    deal["rounds"] = rounds
    if draw(st.booleans()):
        claimed: dict[str, Any] = {
            "sides": [draw(claimed_sides()) for _ in range(sides)]
        }
        if draw(st.booleans()):
            claimed["comment"] = draw(texts)
        deal["claimed"] = claimed
    if draw(st.booleans()):
        deal["comment"] = draw(texts)
    return deal


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    players = draw(st.integers(2, 4))
    teams = players == 4 and draw(st.booleans())
    sides = 2 if teams else players
    data: dict[str, Any] = {
        "format": "casino-record/1",
        "rules": {
            "preset": draw(st.sampled_from(["classic", "royal", "dominican"])),
            "options": draw(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "sweeps": st.booleans(),
                        "target_score": st.integers(1, 1000),
                        "direction": st.sampled_from(["clockwise", "counterclockwise"]),
                        "deal_batch": st.sampled_from([1, 2, 4]),
                    },
                )
            ),
        },
        "players": [
            {"name": draw(texts.filter(bool))}
            | ({"id": draw(texts)} if draw(st.booleans()) else {})
            for _ in range(players)
        ],
        "deals": draw(st.lists(deals(players, sides), min_size=1, max_size=2)),
    }
    if teams:
        data["teams"] = [[0, 2], [1, 3]]
    if draw(st.booleans()):
        data["id"] = draw(texts)
    if draw(st.booleans()):
        meta_fields = st.fixed_dictionaries(
            {},
            optional={name: texts for name in Meta.model_fields if name != "tags"}
            | {"tags": st.dictionaries(texts, texts, max_size=3)},
        )
        data["meta"] = draw(meta_fields)
    if draw(st.booleans()):
        data["claimed"] = draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "totals": st.lists(small, min_size=sides, max_size=sides),
                    "winner": st.integers(0, sides - 1),
                    "comment": texts,
                },
            )
        )
    if draw(st.booleans()):
        data["comment"] = draw(texts)
    return GameRecord.model_validate(data)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_random_records_round_trip(record: GameRecord) -> None:
    assert_round_trip(record)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(records(), min_size=1, max_size=3))
def test_random_archives_round_trip(games: list[GameRecord]) -> None:
    text = write_text_archive(games)
    assert [record for _, record in read_text_archive(text)] == games
    stream = pyio.StringIO()
    dump_text_archive(iter(games), stream)
    assert stream.getvalue() == text
    lines = pyio.StringIO(text)  # a file object: lines keep their "\n"
    assert [record for _, record in read_text_archive(lines)] == games


# --- Examples -------------------------------------------------------------------


def test_rich_record_round_trips() -> None:
    assert_round_trip(rich())


def test_rich_record_text() -> None:
    text = write_text(rich())
    lines = text.splitlines()
    assert lines[:3] == [
        '[Format "casino-record/1"]',
        '[Id "club \\"night\\" \\\\ 3"]',
        '[Event "Club night"]',
    ]
    assert '[Source "paper\\nscore sheet"]' in lines
    assert '[Tag "weird key \\"]" "}{"]' in lines
    assert '[Option direction "clockwise"]' in lines
    assert "[Option sweeps false]" in lines
    assert "[Option target_score 11]" in lines
    assert '[Player 0 "Ana" "A-1"]' in lines
    assert '[Player 2 "Caio\\nSilva" ""]' in lines
    assert '[Teams "0,2 1,3"]' in lines
    assert "[ClaimedTotals 21 14]" in lines
    assert "[ClaimedWinner 0]" in lines
    assert "Deal 1 dealer S3 {first deal}" in lines
    assert 'Shuffle "seed \\"1\\"\\n"' in lines
    assert "Hands 9D 2D 8S QD / KH 10H AS 7C / ?? ?? ?? ?? / JD 3H 4H ??" in lines
    assert "1. S0 9D x 4S 5D !! {a {nice\\} one\\\\}" in lines
    assert "2. S1 KH - ?! {}" in lines
    assert "3. S2 2H +8 6C ??" in lines
    assert "4. S3 AS x14 9C 4H {<script>alert(1)</script>}" in lines
    assert "Claimed {agreed \\}}" in lines
    assert (
        "Side 0 points (most_cards 3 most_spades 1 big_casino 2 little_casino 1"
        " aces 4 sweeps 0) total 11 counts (cards 30 spades 8 sweeps 0)"
    ) in lines
    assert "Side 1 points () counts ()" in lines
    assert "Side 0" in lines
    assert lines[lines.index("Round 2") + 1] == "Round 3"
    assert all("\r" not in line and "\u2028" not in line for line in lines)


def test_invisible_characters_are_escaped() -> None:
    record = minimal().model_copy(update={"comment": "\u2028\x85\x00\u202e\ufeff\t"})
    text = write_text(record)
    assert "{\\u{2028}\\u{85}\\u{0}\\u{202e}\\u{feff}\\t}" in text
    assert read_text(text) == record


def test_json_text_json_is_byte_identical() -> None:
    data = jsonio.dumps(rich())
    assert jsonio.dumps(read_text(write_text(jsonio.loads(data)))) == data


def test_empty_containers_keep_their_presence() -> None:
    record = minimal().model_copy(update={"meta": Meta(), "claimed": ClaimedMatch()})
    text = write_text(record)
    assert "[Meta]" in text and "[Claimed]" in text
    assert read_text(text) == record
    assert read_text(write_text(minimal())).meta is None


def test_every_model_field_is_written() -> None:
    # The writer handles exactly these fields; a new field must be added there.
    assert list(GameRecord.model_fields) == [
        "format", "id", "meta", "rules", "players", "teams", "deals", "claimed",
        "comment",
    ]  # fmt: skip
    assert list(Meta.model_fields) == [
        "event", "site", "date", "round", "annotator", "source", "tags",
    ]  # fmt: skip
    assert list(RulesSpec.model_fields) == ["preset", "options"]
    assert list(Player.model_fields) == ["name", "id"]
    assert list(Shuffle.model_fields) == ["method", "seed"]
    assert list(Deal.model_fields) == [
        "dealer", "shuffle", "deck", "table", "rounds", "piles", "claimed", "comment",
    ]  # fmt: skip
    assert list(Round.model_fields) == ["hands", "moves"]
    assert list(Piles.model_fields) == ["sides", "sweeps", "last_capture", "left"]
    assert list(TrailMove.model_fields) == [
        "seat",
        "card",
        "action",
        "comment",
        "glyph",
        "variations",
    ]
    for model in (CaptureMove, BuildMove):
        assert set(model.model_fields) - set(TrailMove.model_fields) in (
            {"value", "take"},
            {"value", "onto"},
        )
    assert list(ClaimedDeal.model_fields) == ["sides", "comment"]
    assert list(ClaimedSide.model_fields) == ["points", "total", "counts"]
    assert list(ClaimedMatch.model_fields) == ["totals", "winner", "comment"]


def test_peer_games_round_trip() -> None:
    count = 0
    for name in ("classic.jsonl", "royal.jsonl"):
        for _, record in jsonio.iter_jsonl(PEER_GAMES / name):
            assert isinstance(record, GameRecord)
            assert_round_trip(record)
            count += 1
            if count % 50 == 25:
                break
    assert count


# --- Lenient reading ------------------------------------------------------------

HEADER = """[Format "casino-record/1"]
[Preset "classic"]
[Player 0 "Ana"]
[Player 1 "Ben"]
"""


def test_lenient_spellings() -> None:
    text = (
        "\ufeff[format casino-record/1]\r\n"
        "[PRESET royal]\r\n"
        "[Option direction counterclockwise]\r\n"
        '[player 0 "Ana"]\r\n'
        '[Player 1 "Ben"]\r\n'
        "\r\n"
        "deal 1 DEALER s1\r\n"
        "table 4s td 6♣ 9c\r\n"
        "ROUND 1\r\n"
        "  S0   9d  x 4s ts!  {nice}\r\n"
        "S1 Kh -?!\r\n"
        "3. S0 2d +8 6c\r\n"
    )
    record = read_text(text)
    assert record.rules.options == {"direction": "counterclockwise"}
    deal = record.deals[0]
    assert deal.table == ("4S", "10D", "6C", "9C")
    first, second, third = deal.rounds[0].moves
    assert first == CaptureMove(
        seat=0, card="9D", action="capture", take=("4S", "10S"), glyph="!",
        comment="nice",
    )  # fmt: skip
    assert second == TrailMove(seat=1, card="KH", action="trail", glyph="?!")
    assert third == BuildMove(seat=0, card="2D", action="build", value=8, onto=("6C",))


def test_move_numbers_count_across_the_deal() -> None:
    """One numbering: the text, ``show``, the viewer and its links (docs/notation.md)."""
    record = simulate_record("classic", 2, seed="numbering")
    text = write_text(record)
    body = text.split("\nDeal 2 ")[0].splitlines()
    numbers = [int(line.split(".")[0]) for line in body if line[:1].isdigit()]
    assert numbers == list(range(1, 49))
    assert body[body.index("Round 2") + 1].startswith("9. S")
    assert read_text(text) == record
    restarted = text.replace("\n9. S", "\n1. S", 1)
    with pytest.raises(InvalidRecordError) as info:
        read_text(restarted)
    assert "expected move number 9 (moves count from 1 across the deal's rounds)," in (
        info.value.message
    )


def test_unicode_escapes_are_read() -> None:
    record = read_text(
        HEADER + '\n{a\\u{1F0A1}b \\" \\{}\nDeal 1 dealer S1\nTable 4S 5D 6C 9C\n'
    )
    assert record.comment == 'a\U0001f0a1b " {'


# --- Errors ---------------------------------------------------------------------

BODY = """
Deal 1 dealer S1
Table 4S 5D 6C 9C
Round 1
Hands 8S 2D 9D QD / AS 10H KH 7C
1. S0 9D x 4S 5D
2. S1 KH -
"""


@pytest.mark.parametrize(
    ("old", "new", "message", "loc"),
    [
        ("Table 4S 5D", "Table 4S ZZ", "line 7, column 10: expected a card, found 'ZZ'", ""),
        ("x 4S 5D", "x 4S ZZ", "line 10, column 15: expected a card, found 'ZZ'", ""),
        ("x 4S 5D", "x", "line 10, column 11: expected a card, found end of line", ""),
        ("9D x", "9D y", "line 10, column 10: expected '-' (trail), 'x' (capture)"
         " or '+<value>' (build), found 'y'", ""),
        ("1. S0", "3. S0", "line 10, column 1: expected move number 1 (moves count"
         " from 1 across the deal's rounds), found '3.'", ""),
        ("1. S0", "1. 0", "line 10, column 4: expected a seat such as 'S0', found '0'", ""),
        ("5D\n", "5D {open\n", "line 10, column 18: unterminated comment:"
         " no closing '}' on this line", ""),
        ("5D\n", "5D {a \\q}\n", "line 10, column 21: unknown escape '\\\\q'", ""),
        ("5D\n", "5D ! ?\n", "line 10, column 20: expected end of line after the move,"
         " found '?'", ""),
        ("Round 1", "Round 2", "line 8, column 7: expected round 1, found 2", ""),
        ("Deal 1 dealer S1", "Deal 1 S1", "line 6, column 8: expected 'dealer', found 'S1'", ""),
        ("Deal 1 dealer S1", "Dael 1 dealer S1", "line 6, column 1: expected 'Deal', found 'Dael'", ""),
        ("Round 1\n", "Round 1\n[Event \"late\"]\n", "line 9, column 1: expected Deal", ""),
        ('[Preset "classic"]', '[Evnt "x"]',
         "line 2, column 2: unknown tag 'Evnt' (did you mean 'Event'?)", ""),
        ('[Preset "classic"]', '[Preset "classic" "x"]',
         "line 2, column 19: expected ']', found the string 'x'", ""),
        ('[Preset "classic"]', '[Preset "classic"', "line 2, column 18: expected ']', found end of line", ""),
        ('[Player 1 "Ben"]', '[Player 2 "Ben"]', "line 4, column 9: expected seat 1, found 2", ""),
        # Structural errors found by the model, mapped back to where they were written.
        ("1. S0", "1. S7", "line 10, column 4: out of range: expected at most 3, not 7",
         "/deals/0/rounds/0/moves/0/seat"),
        ("Hands 8S 2D 9D", "Hands 8S 2D 4S", "line 9, column 13: card '4S' is dealt twice"
         " (first at line 7, column 7)", "/deals/0/rounds/0/hands/0/2"),
        ("Hands 8S 2D 9D QD", "Hands 8S 2D 9D", "line 9, column 7: expected at least 4"
         " items, not 3", "/deals/0/rounds/0/hands/0"),
        ('[Preset "classic"]', '[Preset "classik"]', "line 2, column 9: expected 'classic',"
         " 'royal' or 'dominican', not 'classik'", "/rules/preset"),
        ('[Preset "classic"]', '[Preset "classic"]\n[Option sweep true]',
         "line 3, column 9: unknown rules option 'sweep' (did you mean 'sweeps'?)",
         "/rules/options/sweep"),
        ('[Preset "classic"]', '[Preset "classic"]\n[ClaimedTotals 1 2 3]',
         "line 3, column 2: expected 2 totals, not 3", "/claimed/totals"),
        ("Deal 1 dealer S1", "Deal 1 dealer S5",
         "line 6, column 15: out of range: expected at most 3, not 5", "/deals/0/dealer"),
    ],
)  # fmt: skip
def test_errors_name_line_and_column(
    old: str, new: str, message: str, loc: str
) -> None:
    text = HEADER + BODY
    assert old in text
    with pytest.raises(InvalidRecordError) as info:
        read_text(text.replace(old, new, 1))
    error = info.value
    assert error.message.startswith(message)
    assert error.where == message.split(":")[0]
    assert error.loc == loc


def test_every_structural_error_is_reported() -> None:
    text = (
        (HEADER + BODY)
        .replace("1. S0", "1. S7")
        .replace("Deal 1 dealer S1", "Deal 1 dealer S5")
    )
    with pytest.raises(InvalidRecordError) as info:
        read_text(text)
    assert [e.where for e in info.value.errors] == [
        "line 6, column 15",
        "line 10, column 4",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", 'line 1, column 1: missing tag [Format "casino-record/1"]'),
        ('[Format "casino-record/1"]\n', "line 1, column 1: missing tag [Preset ...]"),
        (HEADER, "line 5, column 1: expected a Deal line, found the end of the game"),
        (HEADER + "\n1. S0 9D -\n", "line 6, column 1: expected 'Deal', found '1.'"),
        (HEADER + "Deal 1 dealer S0\nTable 4S 5D 6C 9C\nTable 4S 5D 6C 9C\n",
         "line 7, column 1: Table of deal 1 is given twice (first at line 6)"),
        (HEADER + "Deal 1 dealer S0\n1. S0 9D -\n",
         "line 6, column 1: expected a Round line before the moves, found '1.'"),
        (HEADER + "Deal 1 dealer S0\nTable 4S 5D 6C 9C\nRound 1\nTable 4S 5D 6C 9C\n",
         "line 8, column 1: Table comes before the first Round of its deal"),
        (HEADER + "Deal 1 dealer S0\nTable 4S 5D 6C 9C\nClaimed\nSide 0 points (acez 1)\n",
         "line 8, column 16: unknown points entry 'acez' (did you mean 'aces'?)"),
        (HEADER + "Deal 1 dealer S0\nTable 4S 5D 6C 9C\nClaimed\nSide 1\n",
         "line 8, column 6: expected side 0, found 1"),
    ],
)  # fmt: skip
def test_document_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        read_text(text)
    assert info.value.message.startswith(message)


def test_archive_reports_a_bad_game_and_goes_on() -> None:
    good = write_text(minimal())
    bad = good.replace("Table 4S", "Table ZZ")
    text = "\n\n" + good + "\n" + bad + "\n" + good
    results = list(read_text_archive(text))
    assert [line for line, _ in results] == [3, 11, 19]
    first, second, third = (item for _, item in results)
    assert first == third == minimal()
    assert isinstance(second, InvalidRecordError)
    assert second.where == "line 17, column 7"


def test_read_text_refuses_two_games() -> None:
    good = write_text(minimal())
    with pytest.raises(InvalidRecordError, match="read_text_archive"):
        read_text(good + "\n" + good)


def test_the_documented_example_is_canonical() -> None:
    doc = DOCS / "notation.md"
    section = doc.read_text(encoding="utf-8").split("## Text notation", 1)[1]
    example = section.split("```text\n", 1)[1].split("```", 1)[0]
    assert write_text(read_text(example)) == example


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 10**6),
            st.sampled_from(list('[]{}()"\\/!?x+-. \n\t0123456789SHDCAKQJT♠é\r\u2028')),
            st.integers(0, 2),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_edited_text_reads_or_fails_cleanly(edits: list[tuple[int, str, int]]) -> None:
    chars = list(write_text(rich()))
    for at, char, op in edits:
        at %= len(chars)
        if op == 0:
            chars[at] = char
        elif op == 1:
            del chars[at]
        else:
            chars.insert(at, char)
    try:
        read_text("".join(chars))
    except InvalidRecordError as exc:
        for error in exc.errors:
            assert error.where.startswith("line ")
            assert error.message.startswith(error.where + ": ")


def test_lone_backslash() -> None:
    with pytest.raises(InvalidRecordError) as info:
        read_text(HEADER + "\n{oops \\")
    assert info.value.message == ("line 6, column 7: lone '\\' at the end of the line")
