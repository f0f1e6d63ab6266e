"""The analysis beside a replay: notes and badges, a move's panel, a deal's box,
the stepper's parts and the offline page."""

from __future__ import annotations

import json
import re

from casino_records.analysis.game_analysis import (
    Alternative,
    DealAnalysis,
    GameAnalysis,
    MoveAnalysis,
)
from casino_records.present import viewmodel as vm
from casino_records.present.analysis_view import (
    ALTERNATIVES_SHOWN,
    deal_box_html,
    move_badges,
    move_note,
    move_panel_html,
    notes_by_index,
)
from casino_records.present.offline import offline_page
from casino_records.record.format.models import GameRecord
from casino_records.record.json.jsonio import loads


def _move(**changes: object) -> MoveAnalysis:
    fields: dict[str, object] = {
        "deal": 0,
        "index": 4,
        "loc": "/deals/0/rounds/0/moves/4",
        "round": 0,
        "seat": 0,
        "player": "Ana <3",
        "method": "estimated",
        "played": "10S trails",
        "played_value": -1.21,
        "best": "10S takes 10D",
        "best_value": 1.2,
        "loss": 2.41,
        "loss_stderr": 0.31,
        "mark": "??",
        "points": (4.0, 6.0),
        "alternatives": [
            Alternative("10S takes 10D", 1.2, 0.2),
            *[Alternative(f"{r}H trails", -1.0 - r / 10, 0.2) for r in range(2, 8)],
            Alternative("10S trails", -1.21, 0.2),
        ],
        "samples": 48,
    }
    fields.update(changes)
    return MoveAnalysis(**fields)  # type: ignore[arg-type]


def test_notes_write_cards_with_their_suits() -> None:
    assert move_note(_move()) == "?? lost 2.41 ±0.31, best 10♠ takes 10♦ (estimated)"
    exact = _move(method="exact", mark="?", loss=1.0, loss_stderr=0.0)
    assert move_note(exact) == "? lost 1.00, best 10♠ takes 10♦ (exact)"
    best = _move(best="10S trails", loss=0.0, mark="")
    assert move_note(best) == "best move (estimated)"
    deal = DealAnalysis(0, [_move(), _move(index=5, best="10S trails", mark="")])
    assert notes_by_index(deal) == {4: move_note(_move()), 5: "best move (estimated)"}


def test_badges_are_for_moves_that_lost_points() -> None:
    small = _move(index=6, loss=0.3, mark="")
    best = _move(index=5, best="10S trails", loss=0.0, mark="")
    badges = move_badges(DealAnalysis(0, [_move(), best, small]))
    assert badges == {
        5: ("?? −2.41", move_note(_move()), "blunder"),  # the step after move 5
        7: ("−0.30", move_note(small), "loss"),
    }


def test_a_move_s_panel() -> None:
    html = move_panel_html(_move())
    assert "Ana &lt;3" in html and "<3" not in html
    assert "Analysis · Move 5 / 48, Ana &lt;3:" in html
    assert '<b class="cr-mark cr-mark-blunder">??</b>' in html
    assert "lost <b>2.41</b> ± 0.31 points; best was <b>10♠ takes 10♦</b>" in html
    assert '<span class="cr-method cr-estimated">estimated</span>' in html
    assert "48 deals of the unseen cards" in html
    assert html.count("<tr") == 1 + len(_move().alternatives)  # head and all 8
    assert '<tr class="cr-row-played"><td>▶ played</td><td>10♠ trails</td>' in html
    assert "+1.20 ± 0.20" in html and "more legal move" not in html
    many = [Alternative(f"{r}C trails", 0.0, 0.1) for r in range(2, 10)]
    crowded = move_panel_html(_move(alternatives=[*many, *_move().alternatives]))
    assert crowded.count("<tr") == 1 + ALTERNATIVES_SHOWN + 1  # the played one too
    assert "▶ played</td><td>10♠ trails" in crowded
    assert "… and 7 more legal moves." in crowded
    exact = move_panel_html(_move(method="exact", loss_stderr=0.0))
    assert "every card known" in exact and "±" not in exact
    assert "the best move" in move_panel_html(_move(best="10S trails", loss=0.0))
    assert move_panel_html(None) == ""


def test_three_sides_are_named_in_their_colours(three: GameAnalysis) -> None:
    html = deal_box_html(three.deals[0], three.sides, three.settings)
    assert "Each side&#x27;s lead over the others&#x27; mean" not in html
    assert "Each side's lead over the others' mean (" in html
    assert f'<b style="color:#2b5bb5">{three.sides[0]}</b>' in html


def test_a_deal_s_box(two: GameAnalysis) -> None:
    deal = two.deals[0]
    html = deal_box_html(deal, two.sides, two.settings)
    assert html.startswith('<details class="cr-analysis" open>')
    assert "Evaluation of deal 1" in html and 'data-deal="0" data-move="48"' in html
    assert "Above the middle line Ana is ahead, below Ben; the edges are ±" in html
    assert "the shaded moves are exact." in html
    assert "Points lost per move:</strong> " + two.players[0] in html
    assert "2 sampled deals each (seed &#x27;graph&#x27;); the last 8 exact" in html
    noted = DealAnalysis(1, note="cards are not known <here>")
    empty = deal_box_html(noted, two.sides, two.settings)
    assert "cards are not known &lt;here&gt;" in empty and "the last" not in empty


def test_the_stepper_shows_the_analysis(
    two_record: GameRecord, two: GameAnalysis
) -> None:
    game = vm.build_game(two_record)
    plain = vm.stepper_payload(game, 0, vm.ALL)
    data = vm.stepper_payload(game, 0, vm.ALL, two)
    assert plain["graph"] == "" and "<svg" in data["graph"]
    panels = [data["fragments"][p["parts"]["analysis"]] for p in data["positions"]]
    assert panels[0] == "" and all(
        p.startswith('<div class="cr-eval-move">') for p in panels[1:49]
    )
    assert panels[49:] == ["", ""][: len(panels) - 49]
    lost = [m for m in two.deals[0].moves if m.loss >= 0.005 and m.best != m.played]
    lists = {data["fragments"][p["parts"]["list"]] for p in data["positions"]}
    badges = re.findall(
        r'data-move="(\d+)" title="[^"]*">[^<]*<span class="cr-badge', "".join(lists)
    )
    assert sorted(set(map(int, badges))) == [m.index + 1 for m in lost]
    # Everything else is as without the analysis.
    for before, after in zip(plain["positions"], data["positions"], strict=True):
        for name in set(before["parts"]) - {"analysis", "list"}:
            assert (
                plain["fragments"][before["parts"][name]]
                == data["fragments"][after["parts"][name]]
            )


def inflated(page: str) -> str:
    """The page's data as JSON text, every deal's deflated steps inflated."""
    from tests.present.test_offline import parsed, unpacked

    data = json.loads(parsed(page).scripts[0])
    payloads = {deal: unpacked(p) for deal, p in data["payloads"].items()}
    return json.dumps({**data, "payloads": payloads})


def test_the_offline_page_shows_the_analysis_with_all_hands(
    two_record: GameRecord, two: GameAnalysis
) -> None:
    game = vm.build_game(two_record)
    page = inflated(offline_page(game, analysis=two))
    panel = 'class=\\"cr-eval-move\\"'  # in the page's JSON
    assert "Evaluation of deal 1" in page and panel in page
    seat = inflated(offline_page(game, perspective="seat0", analysis=two))
    assert "Evaluation of deal" not in seat and panel not in seat


def test_the_annotated_record_to_download(
    two_record: GameRecord, two: GameAnalysis
) -> None:
    game = vm.build_game(two_record)
    record = loads(vm.annotated_bytes(game, two))
    moves = [m for r in record.deals[0].rounds for m in r.moves]
    assert all((m.comment or "").startswith("analysis: ") for m in moves)
    assert record.meta is not None and vm.recorded_analysis(vm.build_game(record)) == (
        "casino-records analyse --samples 2 --seed graph --exact-moves 8"
    )
    assert vm.recorded_analysis(game) is None
