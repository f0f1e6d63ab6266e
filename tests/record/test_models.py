from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from casino_records.record.format.models import (
    BuildMove,
    CaptureMove,
    GameRecord,
    RecordModel,
    TrailMove,
)


def minimal() -> dict[str, Any]:
    return {
        "format": "casino-record/1",
        "rules": {"preset": "classic"},
        "players": [{"name": "Ana"}, {"name": "Ben"}],
        "deals": [{"dealer": 1, "table": ["4S", "5D", "6C", "9C"]}],
    }


def full() -> dict[str, Any]:
    return {
        "format": "casino-record/1",
        "id": "club-2026-11-29-table3",
        "meta": {"event": "Club night", "date": "2026-11-29", "tags": {"table": "3"}},
        "rules": {"preset": "classic", "options": {"sweeps": True}},
        "players": [{"name": n} for n in ("Ana", "Ben", "Caio", "Dee")],
        "teams": [[0, 2], [1, 3]],
        "deals": [
            {
                "dealer": 3,
                "table": ["4S", "5D", "6C", "9C"],
                "rounds": [
                    {
                        "hands": [
                            ["9D", "2D", "8S", "QD"],
                            ["KH", "10H", "AS", "7C"],
                            ["??", "??", "??", "??"],
                            ["JD", "3H", "4H", "5H"],
                        ],
                        "moves": [
                            {
                                "seat": 0,
                                "card": "9D",
                                "action": "capture",
                                "take": ["4S", "5D", "9C"],
                                "glyph": "!",
                            },
                            {"seat": 1, "card": "KH", "action": "trail"},
                            {
                                "seat": 2,
                                "card": "2H",
                                "action": "build",
                                "value": 8,
                                "onto": ["6C"],
                                "comment": "builds eight",
                            },
                        ],
                    }
                ],
                "claimed": {"sides": [{"total": 3}, {}]},
            }
        ],
        "claimed": {"totals": [21, 14], "winner": 0},
    }


def errors(data: dict[str, Any]) -> list[tuple[tuple[int | str, ...], str]]:
    with pytest.raises(ValidationError) as info:
        GameRecord.model_validate(data)
    return [(e["loc"], e["type"]) for e in info.value.errors()]


def test_minimal_record() -> None:
    record = GameRecord.model_validate(minimal())
    assert record.rules.options == {}
    assert record.deals[0].rounds == ()
    assert record.side_count == 2


def test_full_record() -> None:
    record = GameRecord.model_validate(full())
    moves = record.deals[0].rounds[0].moves
    assert [type(m) for m in moves] == [CaptureMove, TrailMove, BuildMove]
    assert record.side_count == 2
    assert [record.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert record.rules.effective().sweeps is True


def test_every_field_has_a_description() -> None:
    def models(cls: type[RecordModel]) -> set[type[RecordModel]]:
        found = {cls}
        for sub in cls.__subclasses__():
            found |= models(sub)
        return found

    for model in models(RecordModel) - {RecordModel}:
        for name, field in model.model_fields.items():
            assert field.description, f"{model.__name__}.{name}"


def test_models_are_frozen() -> None:
    record = GameRecord.model_validate(minimal())
    with pytest.raises(ValidationError):
        record.id = "x"  # type: ignore[misc]


def test_lenient_cards_are_normalised() -> None:
    data = minimal()
    data["deals"][0]["table"] = ["th", "♠Q", "10d", " a c"]
    assert GameRecord.model_validate(data).deals[0].table == ("10H", "QS", "10D", "AC")


def test_options_and_tags_are_sorted() -> None:
    data = full()
    data["rules"]["options"] = {"target_score": 11, "sweeps": True}
    data["meta"]["tags"] = {"b": "2", "a": "1"}
    record = GameRecord.model_validate(data)
    assert list(record.rules.options) == ["sweeps", "target_score"]
    assert record.meta is not None and list(record.meta.tags) == ["a", "b"]


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ((), "colour"),
        (("players", 0), "nick"),
        (("deals", 0), "dealr"),
        (("deals", 0, "rounds", 0, "moves", 1), "value"),
        (("meta",), "event_name"),
    ],
)
def test_unknown_keys_are_rejected_with_their_place(
    path: tuple[int | str, ...], key: str
) -> None:
    data = full()
    node: Any = data
    for part in path:
        node = node[part]
    node[key] = 1
    [(loc, kind)] = errors(data)
    assert kind == "extra_forbidden"
    assert loc[-1] == key
    assert [p for p in loc if p != "trail"] == [*path, key]


def test_unknown_rules_option() -> None:
    data = minimal()
    data["rules"]["options"] = {"sweep": True}
    assert errors(data) == [(("rules", "options", "sweep"), "rules_option")]


def test_bad_option_value() -> None:
    data = minimal()
    data["rules"]["options"] = {"deal_batch": 3}
    assert errors(data) == [(("rules", "options", "deal_batch"), "rules_option")]


def test_bad_preset() -> None:
    data = minimal()
    data["rules"]["preset"] = "casino"
    assert errors(data) == [(("rules", "preset"), "literal_error")]


@pytest.mark.parametrize(
    ("move", "kind"),
    [
        ({"seat": 0, "card": "AS"}, "union_tag_not_found"),
        ({"seat": 0, "card": "AS", "action": "steal"}, "union_tag_invalid"),
        ({"seat": 0, "card": "AS", "action": 3}, "union_tag_invalid"),
    ],
)
def test_discriminator_errors(move: dict[str, Any], kind: str) -> None:
    data = full()
    data["deals"][0]["rounds"][0]["moves"][0] = move
    assert errors(data) == [(("deals", 0, "rounds", 0, "moves", 0), kind)]


def test_member_errors_name_the_action() -> None:
    data = full()
    data["deals"][0]["rounds"][0]["moves"][2].pop("value")
    assert errors(data) == [
        (("deals", 0, "rounds", 0, "moves", 2, "build", "value"), "missing")
    ]


def test_capture_needs_take() -> None:
    data = full()
    data["deals"][0]["rounds"][0]["moves"][0]["take"] = []
    assert errors(data) == [
        (("deals", 0, "rounds", 0, "moves", 0, "capture", "take"), "too_short")
    ]


def test_unknown_card_allowed_in_hands_only() -> None:
    GameRecord.model_validate(full())  # ?? in hands is fine
    for where in ("table", "take", "card", "deck"):
        data = full()
        deal = data["deals"][0]
        move = deal["rounds"][0]["moves"][0]
        if where == "table":
            deal["table"][0] = "??"
        elif where == "take":
            move["take"][0] = "??"
        elif where == "card":
            move["card"] = "??"
        else:
            deal["deck"] = ["??"] * 52
        kinds = {kind for _, kind in errors(data)}
        assert "unknown_card" in kinds, where


def test_bad_card_in_hand() -> None:
    data = full()
    data["deals"][0]["rounds"][0]["hands"][1][2] = "1OH"
    assert errors(data) == [(("deals", 0, "rounds", 0, "hands", 1, 2), "card")]


@pytest.mark.parametrize(
    ("change", "loc", "kind"),
    [
        (
            lambda d: d["deals"][0].update(table=["4S"]),
            ("deals", 0, "table"),
            "too_short",
        ),
        (
            lambda d: d["deals"][0]["rounds"][0]["hands"][0].pop(),
            ("deals", 0, "rounds", 0, "hands", 0),
            "too_short",
        ),
        (
            lambda d: d["deals"][0]["rounds"][0]["hands"].pop(),
            ("deals", 0, "rounds", 0, "hands"),
            "hand_count",
        ),
        (lambda d: d.update(players=[{"name": "A"}]), ("players",), "too_short"),
        (lambda d: d.update(players=[{"name": "A"}] * 5), ("players",), "too_long"),
        (lambda d: d["players"].pop(), ("teams",), "teams"),
        (lambda d: d.update(teams=[[0, 1], [2, 3]]), ("teams",), "teams"),
        (
            lambda d: d["deals"][0].update(dealer=4),
            ("deals", 0, "dealer"),
            "less_than_equal",
        ),
        (
            lambda d: d["deals"][0].update(dealer=-1),
            ("deals", 0, "dealer"),
            "greater_than_equal",
        ),
        (
            lambda d: d["deals"][0].update(dealer="1"),
            ("deals", 0, "dealer"),
            "int_type",
        ),
        (
            lambda d: d["deals"][0].update(dealer=1.0),
            ("deals", 0, "dealer"),
            "int_type",
        ),
        (
            lambda d: d["deals"][0].update(dealer=True),
            ("deals", 0, "dealer"),
            "int_type",
        ),
        (lambda d: d.update(deals=[]), ("deals",), "too_short"),
        (
            lambda d: d["deals"][0]["claimed"]["sides"].pop(),
            ("deals", 0, "claimed", "sides"),
            "side_count",
        ),
        (
            lambda d: d["claimed"].update(totals=[1, 2, 3]),
            ("claimed", "totals"),
            "side_count",
        ),
        (lambda d: d["claimed"].update(winner=2), ("claimed", "winner"), "side_range"),
        (
            lambda d: d["deals"][0]["rounds"][0]["hands"][1].__setitem__(0, "4S"),
            ("deals", 0, "rounds", 0, "hands", 1, 0),
            "duplicate_card",
        ),
        (
            lambda d: d["deals"][0].update(rounds=[{"moves": []}] * 4),
            ("deals", 0, "rounds"),
            "too_many_rounds",
        ),
        (
            lambda d: d["deals"][0].pop("table"),
            ("deals", 0),
            "provenance",
        ),
    ],
)
def test_structural_errors(change: Any, loc: tuple[int | str, ...], kind: str) -> None:
    data = full()
    change(data)
    assert (loc, kind) in errors(data)


def test_seat_out_of_range_for_two_players() -> None:
    data = minimal()
    data["deals"][0]["dealer"] = 2
    data["deals"][0]["rounds"] = [
        {"moves": [{"seat": 3, "card": "AS", "action": "trail"}]}
    ]
    assert errors(data) == [
        (("deals", 0, "dealer"), "seat_range"),
        (("deals", 0, "rounds", 0, "moves", 0, "seat"), "seat_range"),
    ]


def test_deck_must_hold_52_distinct_cards() -> None:
    from casino_records.engine.cards import CARDS

    deck = [str(c) for c in CARDS]
    data = minimal()
    data["deals"][0] = {"dealer": 0, "deck": deck}
    GameRecord.model_validate(data)
    data["deals"][0]["deck"] = deck[:51]
    assert errors(data) == [(("deals", 0, "deck"), "too_short")]
    data["deals"][0]["deck"] = [*deck[:51], "AS"]
    assert errors(data) == [(("deals", 0, "deck", 51), "duplicate_card")]


def test_shuffle_provenance() -> None:
    data = minimal()
    data["deals"][0] = {
        "dealer": 0,
        "shuffle": {"method": "casino-shuffle/1", "seed": "x"},
    }
    GameRecord.model_validate(data)
    data["deals"][0]["shuffle"]["method"] = "random"
    assert errors(data) == [(("deals", 0, "shuffle", "method"), "literal_error")]


def test_build_value_range() -> None:
    data = full()
    data["deals"][0]["rounds"][0]["moves"][2]["value"] = 15
    assert errors(data) == [
        (("deals", 0, "rounds", 0, "moves", 2, "build", "value"), "less_than_equal")
    ]


def test_wrong_format() -> None:
    data = minimal()
    data["format"] = "casino-record/2"
    assert errors(data) == [(("format",), "literal_error")]


def test_input_is_not_mutated() -> None:
    data = full()
    before = copy.deepcopy(data)
    GameRecord.model_validate(data)
    assert data == before


def test_card_objects_are_accepted_but_not_plain_ints() -> None:
    from casino_records.engine.cards import parse_card

    move = TrailMove(seat=0, card=parse_card("th"), action="trail")
    assert move.card == "10H"
    data = minimal()
    data["deals"][0]["table"] = [0, 1, 2, 3]
    assert errors(data) == [(("deals", 0, "table", i), "card_type") for i in range(4)]
