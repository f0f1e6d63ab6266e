"""The stepper's payload: every position of a deal, pre-rendered for the browser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from casino_records.present import viewmodel as vm
from casino_records.record import jsonio
from casino_records.record.models import GameRecord
from casino_records.record.simulate import simulate_record

HOSTILE = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")
ACTIVE = re.compile(r"<(script|img)\b", re.IGNORECASE)


def record(seed: str = "stepper") -> GameRecord:
    return simulate_record("classic", 2, seed=seed, bots=("greedy", "random"))


def edited(rec: GameRecord, edit: Any) -> GameRecord:
    data = json.loads(jsonio.dumps(rec))
    edit(data)
    return jsonio.loads(json.dumps(data))


@pytest.fixture(scope="module")
def game() -> vm.Game:
    return vm.build_game(record(), source="test")


@pytest.fixture(scope="module")
def payload(game: vm.Game) -> vm.StepperPayload:
    return vm.stepper_payload(game, 0, vm.ALL)


def test_every_position_is_there_with_its_headline(
    game: vm.Game, payload: vm.StepperPayload
) -> None:
    assert payload["deal"] == 0 and payload["perspective"] == "all"
    assert payload["last"] == game.last_move(0) == 48
    assert len(payload["positions"]) == 49
    for move, position in enumerate(payload["positions"]):
        view = vm.position_view(game, 0, move)
        assert position["headline"] == (
            f"{view.headline} · {view.turn_text(game.names)}"
        )
        assert position["round"] == view.round
        assert set(position["html"]) == {
            "last",
            "failing",
            "board",
            "sides",
            "score",
            "alts",
        }
    first, last = payload["positions"][0], payload["positions"][-1]
    assert first["headline"].startswith("Deal 1 / 3 · Round 1 / 6 · 0 / 48 moves")
    assert last["headline"].endswith("48 / 48 moves played · End of the deal")
    assert json.loads(json.dumps(payload)) == payload  # JSON-serialisable as is


def test_each_position_draws_its_own_board_and_move(
    game: vm.Game, payload: vm.StepperPayload
) -> None:
    for move in (0, 7, 48):
        html = payload["positions"][move]["html"]
        view = vm.position_view(game, 0, move)
        assert html["board"] == vm.board_html(view, game.names, show_hands=True)
        assert ("<strong>Move " in html["last"]) == (move > 0)
    seventh = payload["positions"][7]["html"]["last"]
    assert seventh.startswith('<div class="cr-info"><strong>Move 7:</strong> ')
    sides = payload["positions"][7]["html"]["sides"]
    assert sides.count("<tr>") == 3 and "match at deal start" in sides


def test_where_each_step_leads(game: vm.Game, payload: vm.StepperPayload) -> None:
    positions = payload["positions"]
    assert positions[0]["nav"] == {
        "first": None,
        "prev": None,  # the game's first position
        "next": [0, 1],
        "last": [0, 48],
        "round_prev": None,
        "round_next": [0, 8],
    }
    assert positions[12]["nav"]["prev"] == [0, 11]
    assert positions[12]["nav"]["round_prev"] == [0, 8]
    assert positions[12]["nav"]["round_next"] == [0, 16]
    end = positions[48]["nav"]
    assert end["next"] == [1, 0] and end["last"] is None  # on into deal 2
    second = vm.stepper_payload(game, 1, vm.ALL)["positions"][0]["nav"]
    assert second["prev"] == [0, 48] and second["round_prev"] == [0, 40]
    for move in range(49):
        assert positions[move]["nav"] == vm.nav_targets(game, 0, move)


def test_rounds_and_move_lists(game: vm.Game, payload: vm.StepperPayload) -> None:
    assert payload["rounds"][:2] == [
        {"label": "Round 1", "move": 0},
        {"label": "Round 2", "move": 8},
    ]
    assert len(payload["rounds"]) == 6 and len(payload["lists"]) == 6
    rows = vm.move_rows(game, 0)
    for move, position in enumerate(payload["positions"]):
        html = payload["lists"][position["list"]]
        assert f'data-deal="0" data-move="{move}"' in html
        assert f"Moves of round {position['round'] + 1}</strong>" in html
        label = vm.move_label(rows, move).replace("<", "&lt;").replace(">", "&gt;")
        assert label in html
    assert "0. Start of the deal" in payload["lists"][0]


def test_hostile_names_and_comments_are_escaped_everywhere() -> None:
    def hostile(data: dict[str, Any]) -> None:
        data["players"] = [{"name": HOSTILE[0]}, {"name": HOSTILE[1]}]
        data["deals"][0]["comment"] = HOSTILE[1]
        for move in data["deals"][0]["rounds"][0]["moves"][:3]:
            move["comment"] = HOSTILE[0]
            move["glyph"] = "!?"
        points = data["deals"][0]["claimed"]["sides"][0]["points"]
        points["most_cards"] = 3 - points["most_cards"]

    game = vm.build_game(edited(record(), hostile))
    for perspective in vm.perspectives(2):
        payload = vm.stepper_payload(game, 0, perspective)
        texts = [*payload["lists"]]
        for position in payload["positions"]:
            texts += position["html"].values()
        for text in texts:
            assert ACTIVE.search(text) is None, text[:200]
        joined = "".join(texts)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined
        assert "&lt;img src=x onerror=alert(1)&gt;" in joined
    payload = vm.stepper_payload(game, 0, vm.ALL)
    assert (
        "&lt;img src=x onerror=alert(1)&gt;" in payload["positions"][0]["html"]["last"]
    )
    assert "&lt;script&gt;" in payload["positions"][1]["html"]["last"]
    # The headline is plain text (the browser sets it as textContent).
    headlines = [p["headline"] for p in payload["positions"]]
    for name in HOSTILE:
        assert any(h.endswith(f" · {name} to play") for h in headlines)


@pytest.mark.parametrize("perspective", ["seat0", "seat1", "none"])
def test_legal_moves_are_hidden_where_they_would_show_a_hand(
    game: vm.Game, perspective: str
) -> None:
    payload = vm.stepper_payload(game, 0, perspective)
    hidden = shown = 0
    for move, position in enumerate(payload["positions"]):
        alts = position["html"]["alts"]
        view = vm.position_view(game, 0, move, perspective)
        if view.turn is None:
            assert alts == ""
        elif vm.alternatives_visible(perspective, view.turn):
            shown += 1
            assert "<table" in alts and vm.HIDDEN_ALTERNATIVES not in alts
            assert "▶ played" in alts
        else:
            hidden += 1
            assert "<table" not in alts and vm.HIDDEN_ALTERNATIVES in alts
        board = position["html"]["board"]
        if perspective == "none":
            assert 'class="hand-of"' not in board
        else:
            seat = int(perspective[-1])
            hands = board.split('class="hand-of"')[1:]
            assert ("card back" in hands[seat]) is False
    assert hidden > 0
    assert (shown > 0) == (perspective != "none")


def test_every_perspective_shows_every_legal_move_with_all_hands(
    payload: vm.StepperPayload,
) -> None:
    for position in payload["positions"][:-1]:
        assert "<table" in position["html"]["alts"]


def test_the_deal_end_shows_the_score_claimed_beside_computed(
    payload: vm.StepperPayload,
) -> None:
    for position in payload["positions"][:-1]:
        assert position["html"]["score"] == ""
    score = payload["positions"][-1]["html"]["score"]
    assert score.startswith("<h3>Deal score</h3>")
    assert "computed</th>" in score and "claimed</th>" in score
    assert "✓" in score and "cr-differs" not in score


def test_a_disputed_figure_is_marked_and_its_deciding_moves_linked() -> None:
    def wrong_claim(data: dict[str, Any]) -> None:
        points = data["deals"][0]["claimed"]["sides"][0]["points"]
        points["most_cards"] = 3 - points["most_cards"]

    game = vm.build_game(edited(record(), wrong_claim))
    score = vm.stepper_payload(game, 0, vm.ALL)["positions"][-1]["html"]["score"]
    assert re.search(r'<td class="cr-differs">[03] ✗</td>', score)
    assert '<div class="cr-warning">' in score and "most cards" in score
    finding = next(f for f in vm.findings_at(game, 0) if f.severity == "dispute")
    for jump in vm.finding_jumps(game, finding):
        assert f'data-deal="{jump.deal}" data-move="{jump.move}"' in score


def test_an_invalid_record_shows_the_failing_move_panel() -> None:
    def out_of_turn(data: dict[str, Any]) -> None:
        move = data["deals"][0]["rounds"][1]["moves"][2]
        move["seat"] = 1 - move["seat"]

    game = vm.build_game(edited(record(), out_of_turn))
    payload = vm.stepper_payload(game, 0, vm.ALL)
    assert payload["last"] == 10
    for position in payload["positions"][:-1]:
        assert position["html"]["failing"] == ""
    panel = payload["positions"][10]["html"]["failing"]
    assert panel.startswith('<div class="cr-error" role="alert">')
    assert "Illegal move · rule R2.4" in panel and "out of turn" in panel
    assert "Recorded: " in panel and "Legal moves here:" in panel
    assert panel.count("<li>") >= 1
    assert payload["positions"][10]["nav"]["next"] == (
        None if game.deals == [0] else [1, 0]
    )
    assert payload["positions"][10]["headline"].endswith("(the record stops here)")


def test_the_start_comes_from_a_deep_link(game: vm.Game) -> None:
    link = vm.parse_link({"game": "g.json", "deal": "2", "move": "13"})
    deal, move = vm.clamp(game, link.deal, link.move)
    data = vm.stepper_data(
        vm.stepper_payload(game, deal, vm.ALL), key="g|1", start=move, nonce=4
    )
    assert (data["deal"], data["start"], data["nonce"], data["key"]) == (
        1,
        12,
        4,
        "g|1",
    )
    assert data["positions"][data["start"]]["headline"].startswith(
        "Deal 2 / 3 · Round 2 / 6 · 12 / 48 moves played"
    )
    assert vm.stepper_data(data, key="k", start=999, nonce=0)["start"] == 48
    assert vm.stepper_data(data, key="k", start=-3, nonce=0)["start"] == 0


@pytest.mark.parametrize(
    ("value", "nonce", "expected"),
    [
        ([0, 12, 3], 3, (0, 12)),
        ([0, 12, 2], 3, None),  # made before the page's latest jump
        ([0, 12], 3, None),
        ([1, 0], None, (1, 0)),
        ([True, 0], None, None),
        ([0, -1], None, None),
        ({"deal": 0}, None, None),
        (None, None, None),
    ],
)
def test_what_the_browser_reports(
    value: object, nonce: int | None, expected: tuple[int, int] | None
) -> None:
    assert vm.reported_position(value, nonce) == expected
