"""The stepper's payload: every position of a deal, pre-rendered for the browser."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import pytest

from casino_records.present import viewmodel as vm
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.harness.records import edited
from tests.paths import SAMPLES

HOSTILE = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")
ACTIVE = re.compile(r"<(script|img)\b", re.IGNORECASE)


def record(seed: str = "stepper") -> GameRecord:
    return simulate_record("classic", 2, seed=seed, bots=("greedy", "random"))


@pytest.fixture(scope="module")
def game() -> vm.Game:
    return vm.build_game(record(), source="test")


@pytest.fixture(scope="module")
def payload(game: vm.Game) -> vm.StepperPayload:
    return vm.stepper_payload(game, 0, vm.ALL)


def html(payload: vm.StepperPayload, step: int, part: str) -> str:
    """The HTML of ``part`` at ``step``."""
    return payload["fragments"][payload["positions"][step]["parts"][part]]


def everything(payload: vm.StepperPayload) -> list[str]:
    return [*payload["fragments"], payload["banner"], payload["board"]]


def test_every_step_is_there_with_its_headline(
    game: vm.Game, payload: vm.StepperPayload
) -> None:
    assert payload["deal"] == 0 and payload["perspective"] == "all"
    last = game.last_step(0)
    assert payload["last"] == last and len(payload["positions"]) == last + 1
    for move, position in enumerate(payload["positions"]):
        view = vm.position_view(game, 0, move)
        assert position["headline"] == (
            f"{view.headline()} · {view.turn_text(game.names)}"
        )
        assert position["label"] == game.step_label(0, move)
        assert position["round"] == view.round
        assert set(position["parts"]) == {*vm.stepper.FRAGMENTS, "seat0", "seat1"}
    first, end = payload["positions"][0], payload["positions"][-1]
    assert first["headline"].startswith("Deal 1 / 3 · Round 1 / 6 · Start · ")
    assert first["where"] == "0 / 48" and payload["positions"][7]["where"] == "7 / 48"
    assert end["headline"].endswith(" · Score · End of the deal")
    assert (end["label"], end["where"]) == ("score", "score")
    assert [d["label"] for d in payload["deals"]] == ["Deal 1", "Deal 2", "Deal 3"]
    assert 'id="cr-card-KH"' in payload["sprite"]
    assert json.loads(json.dumps(payload)) == payload  # JSON-serialisable as is


def test_fragments_are_listed_once(payload: vm.StepperPayload) -> None:
    fragments = payload["fragments"]
    assert len(set(fragments)) == len(fragments)
    used = {i for p in payload["positions"] for i in p["parts"].values()}
    assert used == set(range(len(fragments)))


def test_each_step_draws_its_own_board_and_move(
    game: vm.Game, payload: vm.StepperPayload
) -> None:
    view = vm.position_view(game, 0, 0)
    assert payload["board"] == vm.board.board_layout(view)
    for move in (0, 7, 48, game.last_step(0)):
        view = vm.position_view(game, 0, move)
        for name, part in vm.board_parts(view, game.names).items():
            if name != "felt" or view.kind != "score":
                assert html(payload, move, name) == part
        assert ("<strong>Move " in html(payload, move, "last")) == (0 < move <= 48)
    seventh = html(payload, 7, "last")
    assert seventh.startswith('<p class="cr-last"><strong>Move 7:</strong> ')


def test_where_each_step_leads(game: vm.Game, payload: vm.StepperPayload) -> None:
    positions = payload["positions"]
    last = game.last_step(0)
    assert positions[0]["nav"] == {
        "first": None,
        "prev": None,  # the game's first position
        "next": [0, 1],
        "last": [0, last],
        "round_prev": None,
        "round_next": [0, 8],
    }
    assert positions[12]["nav"]["prev"] == [0, 11]
    assert positions[12]["nav"]["round_prev"] == [0, 8]
    assert positions[12]["nav"]["round_next"] == [0, 16]
    assert positions[48]["nav"]["next"] == [0, 49]  # the deal's end steps
    end = positions[last]["nav"]
    assert end["next"] == [1, 0] and end["last"] is None  # on into deal 2
    second = vm.stepper_payload(game, 1, vm.ALL)["positions"][0]["nav"]
    assert second["prev"] == [0, last] and second["round_prev"] == [0, 40]
    for move in range(last + 1):
        assert positions[move]["nav"] == vm.nav_targets(game, 0, move)


def test_rounds_and_move_lists(game: vm.Game, payload: vm.StepperPayload) -> None:
    assert payload["rounds"][:2] == [
        {"label": "Round 1", "move": 0},
        {"label": "Round 2", "move": 8},
    ]
    assert len(payload["rounds"]) == 6
    rows = vm.move_rows(game, 0)
    for move, position in enumerate(payload["positions"]):
        listed = html(payload, move, "list")
        assert f'data-deal="0" data-move="{move}"' in listed
        assert f"Moves of round {position['round'] + 1}</strong>" in listed
        if 0 < move <= 48 and move not in (8, 16, 24, 32, 40):
            assert escape(vm.move_label(rows, move)) in listed
    assert "0. Start of the deal" in html(payload, 0, "list")
    assert "Round 2 dealt (after move 8)" in html(payload, 8, "list")
    assert "Deal score" in html(payload, 48, "list")


def test_a_seat_s_own_view_lists_no_move_not_yet_made(game: vm.Game) -> None:
    for perspective in ("seat0", "none"):
        payload = vm.stepper_payload(game, 0, perspective)
        for move in range(game.last_step(0) + 1):
            listed = html(payload, move, "list")
            steps = [int(n) for n in re.findall(r'data-move="(\d+)"', listed)]
            assert steps and max(steps) == move
    full = vm.stepper_payload(game, 0, vm.ALL)
    assert 'data-move="8"' in html(full, 3, "list")


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
        texts = everything(payload)
        for text in texts:
            assert ACTIVE.search(text) is None, text[:200]
        joined = "".join(texts)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined
        assert "&lt;img src=x onerror=alert(1)&gt;" in joined
    payload = vm.stepper_payload(game, 0, vm.ALL)
    assert "&lt;img src=x onerror=alert(1)&gt;" in html(payload, 0, "last")
    assert "&lt;script&gt;" in html(payload, 1, "last")
    assert "&lt;script&gt;" in payload["banner"]  # the side's name in a difference
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
    for move in range(len(payload["positions"])):
        alts = html(payload, move, "alts")
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
        seats = [html(payload, move, f"seat{k}") for k in range(2)]
        if perspective == "none":
            assert all(
                'data-card="??"' in s
                for s, h in zip(seats, view.hands, strict=True)
                if h.cards
            )
        else:
            seat = int(perspective[-1])
            assert "card back" not in seats[seat]
            if view.hands[1 - seat].cards:
                assert "card back" in seats[1 - seat]
    assert hidden > 0
    assert (shown > 0) == (perspective != "none")


def test_every_perspective_shows_every_legal_move_with_all_hands(
    game: vm.Game, payload: vm.StepperPayload
) -> None:
    for move in range(48):
        assert "<table" in html(payload, move, "alts")
    for move in range(48, game.last_step(0) + 1):
        assert html(payload, move, "alts") == ""


def test_the_deal_score_sits_on_the_felt_claimed_beside_computed(
    game: vm.Game, payload: vm.StepperPayload
) -> None:
    last = game.last_step(0)
    for move in range(last):
        assert "cr-score" not in html(payload, move, "felt")
    felt = html(payload, last, "felt")
    assert '<div class="cr-score"><h3>Deal 1 score</h3>' in felt
    assert "computed</th>" in felt and "claimed</th>" in felt
    assert "✓" in felt and "cr-differs" not in felt
    result = vm.deal_result(game.deal_report(0))
    assert f"<strong>Deal 1:</strong> {escape(result)}" in felt


def test_a_disputed_figure_is_marked_and_its_deciders_linked() -> None:
    def wrong_claim(data: dict[str, Any]) -> None:
        points = data["deals"][0]["claimed"]["sides"][0]["points"]
        points["most_cards"] = 3 - points["most_cards"]

    game = vm.build_game(edited(record(), wrong_claim))
    payload = vm.stepper_payload(game, 0, vm.ALL)
    felt = html(payload, game.last_step(0), "felt")
    assert re.search(r'<td class="cr-differs">[03] ✗</td>', felt)
    assert "1 claimed figure of this deal differs (✗)" in felt
    finding = next(f for f in vm.findings_at(game, 0) if f.severity == "dispute")
    jumps = vm.deciders(game, finding)
    assert jumps
    for jump in jumps:
        link = f'data-deal="{jump.deal}" data-move="{jump.move}"'
        assert link in payload["banner"]
        assert f'title="{escape(jump.label)}: {escape(jump.why)}"' in payload["banner"]
    banner = payload["banner"]
    assert banner.startswith('<div class="cr-banner cr-disputed"')
    assert "1 claimed figure differs from the replay" in banner
    line = vm.differences(game)[0]
    side = game.sides[0]
    assert line.text.startswith(f"deal 1, {side}'s most cards: claimed ")
    assert line.reason.startswith("the cards split ")
    assert escape(line.text) in banner and escape(line.reason) in banner
    # the line links the deal's score, where the table is
    assert (
        f'data-deal="0" data-move="{game.last_step(0)}">{escape(line.text)}' in banner
    )


def test_the_explanation_leads_the_banner() -> None:
    game = vm.build_game(jsonio.load(SAMPLES / "disputed-residue-wrong-side.json"))
    explanations = game.report.explanations
    assert [e.scope for e in explanations] == ["deal", "match"]
    banner = vm.banner_html(game)
    head, lead = banner.index("<strong>Disputed:"), banner.index('class="cr-explain"')
    assert head < lead < banner.index("<ul>")
    first = explanations[0].sentence
    assert first.startswith("Your score sheet is exactly what you get if the 6 cards")
    assert f"<p>{escape(first)} <a " in banner
    # "Show it" goes to the deciding position: right after move 46.
    assert vm.explained_step(game, explanations[0]) == (0, 46)
    assert 'data-deal="0" data-move="46">Show it</a>' in banner
    assert vm.banner_html(vm.build_game(record())) == ""
    assert vm.build_game(record()).report.explanations == []


def test_claims_on_an_unfinished_deal_read_as_bounds_and_notes() -> None:
    """A deal that stops early: its contradicted claims are differences in
    words (names, labels), and what could not be checked is a note (D8)."""
    game = vm.build_game(jsonio.load(SAMPLES / "disputed-unfinished-claims.json"))
    lines = vm.differences(game)
    assert [line.text for line in lines] == [
        "deal 2, Ana's Little Casino: claimed 1, the moves played make it exactly 0",
        "deal 2, Ana's cards taken: claimed 8, the moves played make it at least 10",
        "deal 2, Ben's Little Casino: claimed 0, the moves played make it exactly 1",
    ]
    assert {line.reason for line in lines} == {"the deal stops after move 19 of 48"}
    assert [j.label.split(":")[0] for j in lines[0].deciders] == ["8. Ben"]
    banner = vm.banner_html(game)
    assert banner.index("<strong>Disputed:") < banner.index(
        'class="cr-banner cr-warning"'
    )
    (note,) = vm.notes(game)
    assert note.where == "deal 2, claimed scores" and note.rule == "D8"
    assert note.go == vm.Jump("", 1, game.last_step(1))
    assert (
        "<strong>Note</strong> · "
        f'<a href="#" role="button" class="cr-jump" data-deal="1"'
        f' data-move="{game.last_step(1)}">'
        "deal 2, claimed scores</a>: not checked: the deal stops after move 19 of 48,"
        " so the deal is not scored · rule D8</summary><p>checked against the moves"
        " played: Big Casino" in banner
    )


def test_an_ok_record_with_unchecked_claims_shows_only_the_note() -> None:
    game = vm.build_game(jsonio.load(SAMPLES / "unchecked-claims-unfinished.json"))
    assert game.report.status == "ok" and vm.differences(game) == []
    banner = vm.banner_html(game)
    assert banner.startswith('<div class="cr-banner cr-warning" role="note"')
    assert "Disputed" not in banner and "rule D8" in banner


def test_an_invalid_record_shows_its_rule_and_the_legal_moves_once() -> None:
    def out_of_turn(data: dict[str, Any]) -> None:
        move = data["deals"][0]["rounds"][1]["moves"][2]
        move["seat"] = 1 - move["seat"]

    game = vm.build_game(edited(record(), out_of_turn))
    payload = vm.stepper_payload(game, 0, vm.ALL)
    assert payload["last"] == 10
    for move in range(10):
        assert html(payload, move, "failing") == ""
    panel = html(payload, 10, "failing")
    assert panel.startswith('<div class="cr-error" role="alert">')
    assert "Illegal move · rule R2.4" in panel and "out of turn" in panel
    assert "Recorded: " in panel and "Legal moves here instead:" in panel
    assert panel.count("<table") == 1
    assert html(payload, 10, "alts") == ""  # listed once: in the panel
    assert payload["positions"][10]["nav"]["next"] == (
        None if game.deals == [0] else [1, 0]
    )
    assert payload["positions"][10]["headline"].endswith("(the record stops here)")
    banner = payload["banner"]
    assert banner.startswith('<div class="cr-banner cr-invalid" role="alert">')
    assert "Invalid record · rule R2.4" in banner
    assert 'data-deal="0" data-move="10">Show the illegal move</a>' in banner
    seats = html(payload, 10, "seat0") + html(payload, 10, "seat1")
    assert "cr-illegal" in seats


def test_the_start_comes_from_a_deep_link(game: vm.Game) -> None:
    link = vm.parse_link({"game": "g.json", "deal": "2", "move": "13"})
    deal, move = vm.linked_step(game, link.deal, link.move)
    data = vm.stepper_data(
        vm.stepper_payload(game, deal, vm.ALL), key="g|1", start=move, nonce=4
    )
    assert (data["deal"], data["start"], data["nonce"], data["key"]) == (
        1,
        13,
        4,
        "g|1",
    )
    assert data["address"] == "query"
    assert data["positions"][data["start"]]["headline"].startswith(
        "Deal 2 / 3 · Round 2 / 6 · Move 13 / 48"
    )
    assert vm.stepper_data(data, key="k", start=999, nonce=0)["start"] == data["last"]
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


def test_cards_the_record_does_not_tell_are_drawn_face_down() -> None:
    """D7: a deal stopping in a round entered as the cards appear; each seat
    holds the cards it plays later (known) and the rest face down."""

    def stop_in_round_2(data: dict[str, Any]) -> None:
        deal = data["deals"][0]
        del data["deals"][1:], deal["claimed"]
        data.pop("claimed", None)
        del deal["rounds"][2:]
        del deal["rounds"][1]["moves"][3:]

    rec = simulate_record("classic", 2, seed="untold", provenance="inferred")
    game = vm.build_game(edited(rec, stop_in_round_2))
    unseen = game.report.deals[0].unseen  # never played: nobody saw them
    assert game.report.status == "ok" and sorted(unseen) == [2, 3]
    held = [
        [(len(h.cards), h.unseen) for h in vm.position_view(game, 0, m).hands]
        for m in (0, 8, 11)
    ]
    assert held[0] == [(4, 0), (4, 0)]  # round 1: every card played, so known
    assert held[1] == [(4 - u, u) for u in unseen]  # round 2 dealt
    assert held[2] == [(0, u) for u in unseen]  # where it stops: nothing known
    board = vm.stepper_payload(game, 0, vm.ALL)
    last = board["positions"][-1]["parts"]
    seats = [board["fragments"][last[f"seat{s}"]] for s in range(2)]
    assert [s.count(f'title="{vm.NOT_TOLD}"') for s in seats] == unseen
    assert f"{unseen[0]} cards, {unseen[0]} not told by the record" in seats[0]
