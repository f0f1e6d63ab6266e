from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from casino_records.engine.cards import CARDS, Card, parse_card, parse_cards
from casino_records.engine.moves import Build
from casino_records.present.sprite import SPRITE_PREFIX, card_ref, card_sprite, pile_svg
from casino_records.present.svg import build_label, card_svg, hand_svg, table_svg

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '" onload="alert(1)',
    "Ana & 'Bo'",
    "]]><!--",
    "*Bo* $x$ :smile: _under_",
]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises ParseError unless well-formed XML


def cards_in(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}svg") if "card" in el.get("class", "").split()]


def all_text(root: ET.Element) -> str:
    return "".join(root.itertext())


def make_build(id: int, value: int, *groups: str, owner: int = 0) -> Build:
    """make_build(1, 8, "3S 5H", "8C") is a multiple build of two groups."""
    return Build(id, value, tuple(tuple(parse_cards(g)) for g in groups), owner)


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_is_wellformed_and_labelled(card: Card) -> None:
    root = parse(card_svg(card))
    assert root.tag == f"{NS}svg"
    assert root.get("data-card") == str(card)
    classes = root.get("class", "").split()
    assert "card" in classes
    assert ("red" in classes) == card.suit.is_red
    assert card.suit.symbol in all_text(root)
    assert card.rank_name in all_text(root)
    colour = "#c8102e" if card.suit.is_red else "#1a1a1a"
    assert {t.get("fill") for t in root.iter(f"{NS}text")} == {colour}


def test_size_scales_width_and_height() -> None:
    root = parse(card_svg(parse_card("AS"), size=100))
    assert (root.get("width"), root.get("height")) == ("100", "140")
    assert root.get("viewBox") == "0 0 60 84"  # drawing scales, geometry doesn't


@pytest.mark.parametrize("size", [0, 11, -60, 60.0, True])
def test_bad_size_is_refused(size: object) -> None:
    with pytest.raises(ValueError, match="size must be"):
        card_svg(parse_card("AS"), size=size)  # type: ignore[arg-type]


def test_unknown_card_draws_question_marks() -> None:
    root = parse(card_svg(None))
    assert root.get("data-card") == "??"
    assert "unknown" in root.get("class", "").split()
    assert "?" in all_text(root)


def test_highlight_marks_class_and_frame() -> None:
    plain = parse(card_svg(parse_card("KH")))
    marked = parse(card_svg(parse_card("KH"), highlight=True))
    assert "highlight" not in plain.get("class", "").split()
    assert "highlight" in marked.get("class", "").split()
    frame = next(marked.iter(f"{NS}rect"))
    assert frame.get("stroke") == "#f0a500"


def test_face_down_hides_identity() -> None:
    backs = {card_svg(card, face_down=True) for card in [*CARDS, None]}
    assert len(backs) == 1  # all 52 backs (and the unknown card's) are identical
    root = parse(backs.pop())
    assert root.get("data-card") == "??"
    assert "back" in root.get("class", "").split()
    assert all_text(root).strip() == "face-down card"
    hands = {
        hand_svg(parse_cards(h), face_down=True, highlight=parse_cards(h))
        for h in ["KH 2S", "AD 3C", "10D 10D"]
    }
    assert len(hands) == 1
    assert "highlight" not in hands.pop()


def test_hand_cards_in_order_with_highlight() -> None:
    cards: list[Card | None] = [*parse_cards("AS 2D JC"), None]
    root = parse(hand_svg(cards, highlight=parse_cards("2D")))
    assert root.get("class") == "hand" and root.get("data-count") == "4"
    found = cards_in(root)
    assert [c.get("data-card") for c in found] == ["AS", "2D", "JC", "??"]
    assert [("highlight" in c.get("class", "")) for c in found] == [
        False,
        True,
        False,
        False,
    ]
    xs = [int(c.get("x", "-1")) for c in found]
    assert xs == sorted(xs) and len(set(xs)) == 4


def test_empty_hand_and_empty_table() -> None:
    hand = parse(hand_svg([]))
    assert hand.get("data-count") == "0" and not cards_in(hand)
    table = parse(table_svg([], [], names=[]))
    assert not cards_in(table)
    assert "empty table" in all_text(table)


def test_table_marks_loose_cards_and_builds() -> None:
    builds = [
        make_build(1, 8, "3S 5H", "8C", owner=1),
        make_build(2, 5, "5S", owner=0),
    ]
    root = parse(
        table_svg(
            parse_cards("KH 4C 10D"),
            builds,
            names=["Ana", "Bo"],
            highlight=parse_cards("KH 5H"),
        )
    )
    assert root.get("class") == "table"
    assert (root.get("data-loose"), root.get("data-builds")) == ("3", "2")
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "build"]
    assert [g.get("data-build") for g in groups] == ["B1", "B2"]
    assert [g.get("data-kind") for g in groups] == ["multiple", "single"]
    assert [g.get("data-value") for g in groups] == ["8", "5"]
    assert [g.get("data-owner") for g in groups] == ["1", "0"]
    assert [c.get("data-card") for c in cards_in(groups[0])] == ["3S", "5H", "8C"]
    labels = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "build-label"]
    assert labels == ["B1 · 8 · multiple · Bo", "B2 · 5 · single · Ana"]
    every = cards_in(root)
    assert [c.get("data-card") for c in every] == [
        "KH",
        "4C",
        "10D",
        "3S",
        "5H",
        "8C",
        "5S",
    ]
    assert {c.get("data-card") for c in every if "highlight" in c.get("class", "")} == {
        "KH",
        "5H",
    }


def test_build_pile_overlaps_and_separates_groups() -> None:
    root = parse(table_svg([], [make_build(1, 8, "3S 5H", "8C")], names=["Ana"]))
    xs = [int(c.get("x", "0")) for c in cards_in(root)]
    steps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert all(0 < s < 60 for s in steps)  # overlapped, left to right
    assert steps[1] > steps[0]  # a gap between the two groups


def test_table_wraps_at_max_width() -> None:
    svg = table_svg(CARDS[:13], [], names=[], max_width=400)
    root = parse(svg)
    assert int(root.get("width", "0")) <= 400
    assert len({c.get("y") for c in cards_in(root)}) > 1


def test_owner_without_name_and_long_names() -> None:
    assert build_label(make_build(3, 9, "9S", owner=5), ["Ana"]) == (
        "B3 · 9 · single · seat 5"
    )
    assert build_label(make_build(3, 9, "9S", owner=0), [""]).endswith("seat 0")
    long = "Bartholomew Featherstonehaugh-Cholmondeley"
    root = parse(table_svg([], [make_build(1, 9, "9S", owner=0)], names=[long]))
    label = next(t for t in root.iter(f"{NS}text") if t.get("class") == "build-label")
    assert label.text is not None and label.text.endswith("…")
    assert len(label.text) < len(long)
    title = next(root.iter(f"{NS}title"))  # the full label is the tooltip
    assert title.text == f"B1 · 9 · single · {long}"


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_come_out_as_inert_text(name: str) -> None:
    svg = table_svg([], [make_build(1, 8, "8S", owner=0)], names=[name])
    for raw in ("<script", "<img", "<!--", "]]>", '" onload'):
        if raw in name:
            assert raw not in svg
    root = parse(svg)
    assert not [el for el in root.iter() if el.tag.split("}")[-1] in {"script", "img"}]
    assert all(not k.startswith("on") for el in root.iter() for k in el.attrib)
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert f"B1 · 8 · single · {name}" in titles  # the name survives, as text


def test_output_is_deterministic_and_id_free() -> None:
    def draw() -> str:
        return table_svg(
            parse_cards("KH 4C"),
            [make_build(1, 8, "3S 5H")],
            names=["Ana"],
            highlight={parse_card("KH"), parse_card("4C"), parse_card("5H")},
        )

    assert draw() == draw()
    assert " id=" not in draw()
    assert "href" not in draw() and "url(" not in draw()  # no external resources
    assert "@import" not in draw() and "<image" not in draw()


def test_markdown_safe_layout() -> None:
    # One raw HTML block for Markdown: root tag alone on line 1, no blank lines.
    for svg in (
        card_svg(parse_card("AS")),
        hand_svg(parse_cards("AS 2S")),
        table_svg(parse_cards("AS"), [make_build(1, 8, "8S")], names=["    x"]),
    ):
        first, *rest = svg.splitlines()
        assert first.startswith("<svg ") and first.endswith(">")
        assert "<" not in first[1:]
        assert all(line.strip() for line in rest)
        assert not any(line.startswith(" ") for line in rest)


def test_output_is_small() -> None:
    assert len(card_svg(parse_card("10D"))) < 1200
    table = table_svg(
        CARDS[:8], [make_build(i, 8, "3S 5H", "8C") for i in (1, 2)], names=["A"]
    )
    assert len(table) < 14 * 1100


# --- the sprite and the references into it (the viewer's cards) ----------------------


def test_the_sprite_draws_every_card_once() -> None:
    sprite = card_sprite()
    root = ET.fromstring(sprite)
    ids = [s.get("id") for s in root.iter(f"{NS}symbol")]
    assert ids == [f"{SPRITE_PREFIX}{card}" for card in CARDS] + [
        f"{SPRITE_PREFIX}back"
    ]
    assert root.get("aria-hidden") == "true" and root.get("width") == "0"
    assert sprite == card_sprite()


@pytest.mark.parametrize("card", [CARDS[0], parse_card("10D"), parse_card("KH")])
def test_a_card_reference_names_its_symbol(card: Card) -> None:
    ref = card_ref(card, size=40)
    root = ET.fromstring(
        ref.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    )
    colour = "red" if card.suit.is_red else "black"
    assert root.get("class") == f"card {colour}" and root.get("data-card") == str(card)
    assert (root.get("width"), root.get("height")) == ("40", "56")
    (use,) = list(root)
    assert use.get("href") == f"#{SPRITE_PREFIX}{card}"
    assert len(ref) < len(card_svg(card)) // 4


def test_a_face_down_reference_hides_the_card() -> None:
    ref = card_ref(parse_card("QS"), face_down=True)
    assert 'data-card="??"' in ref and "QS" not in ref and "Q♠" not in ref
    assert f'href="#{SPRITE_PREFIX}back"' in ref
    with pytest.raises(ValueError):
        card_ref(parse_card("QS"), size=3)


@pytest.mark.parametrize(("count", "backs"), [(0, 0), (1, 1), (8, 2), (30, 4), (52, 4)])
def test_a_pile_grows_with_its_count(count: int, backs: int) -> None:
    pile = pile_svg(count)
    root = ET.fromstring(pile)
    assert root.get("data-count") == str(count)
    assert pile.count('class="back"') == backs
    assert (f">{count}</text>" in pile) == (count > 0)
    assert ('class="empty"' in pile) == (count == 0)
    with pytest.raises(ValueError):
        pile_svg(-1)
