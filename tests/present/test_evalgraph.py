"""The evaluation graph: one point per move, marks, the exact band, links, escaping."""

from __future__ import annotations

import re

import pytest

from casino_records.analysis.game_analysis import DealAnalysis, GameAnalysis
from casino_records.present.analysis_text import pretty_move
from casino_records.present.evalgraph import MARK_COLOURS, evaluation_svg, lead


def test_one_point_per_move_with_its_tooltip(two: GameAnalysis) -> None:
    deal = two.deals[0]
    svg = evaluation_svg(deal, two.sides)
    assert svg.splitlines()[0].startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert "\n\n" not in svg and " id=" not in svg
    moves = re.findall(r'<g class="point" data-index="(\d+)"', svg)
    assert moves == [str(i) for i in range(48)]
    assert "data-move" not in svg  # points are stepper links only when asked
    first = deal.moves[0]
    assert f"<title>move 1, {first.player}: {pretty_move(first.played)}" in svg
    assert re.search(r"<title>[^<]*[♠♥♦♣]", svg) and not re.search(
        r"<title>[^<]*\b10[SHDC]\b", svg
    )
    assert svg == evaluation_svg(deal, two.sides)  # the same bytes


def test_marks_exact_band_rounds_and_current(two: GameAnalysis) -> None:
    deal = two.deals[0]
    svg = evaluation_svg(deal, two.sides, current=12)
    for move in deal.moves:
        if move.mark:
            assert f'data-index="{move.index}" data-mark="{move.mark}"' in svg
    marked = [m for m in deal.moves if m.mark]
    assert marked, "the random bot made no marked move in this deal"
    assert MARK_COLOURS[marked[0].mark] in svg
    (band,) = re.findall(
        r'<rect class="exact-band" x="([\d.]+)" y="\d+" width="([\d.]+)"', svg
    )
    assert float(band[0]) == pytest.approx(8 + 40 * 624 / 48, abs=0.1)
    assert svg.count('class="round"') == 5
    assert svg.count('class="current"') == 1
    assert 'class="current"' not in evaluation_svg(deal, two.sides)


def test_points_link_to_their_moves(two: GameAnalysis) -> None:
    svg = evaluation_svg(
        two.deals[0], two.sides, href=lambda i: f"?deal=1&move={i + 1}"
    )
    assert svg.count("<a href=") == 48
    assert '<a href="?deal=1&amp;move=7" target="_self">' in svg


def test_points_are_stepper_steps_when_asked(two: GameAnalysis) -> None:
    svg = evaluation_svg(two.deals[0], two.sides, stepper=True)
    steps = re.findall(r'data-deal="0" data-move="(\d+)"', svg)
    assert steps == [str(i) for i in range(1, 49)]  # the step after each move


def test_two_sides_plot_side_zero_s_lead(two: GameAnalysis) -> None:
    deal = two.deals[0]
    last = deal.moves[-1]
    assert lead(last, 0) == last.points[0] - last.points[1] == -lead(last, 1)
    svg = evaluation_svg(deal, two.sides)
    assert svg.count('class="lead"') == 1 and 'class="lead-area"' in svg
    assert f"{two.sides[0]} ahead" in svg and f"{two.sides[1]} ahead" in svg


def test_three_sides_have_a_line_each(three: GameAnalysis) -> None:
    svg = evaluation_svg(three.deals[0], three.sides)
    assert [int(s) for s in re.findall(r'class="lead" data-side="(\d)"', svg)] == [
        0,
        1,
        2,
    ]
    move = three.deals[0].moves[0]
    assert sum(lead(move, side) for side in range(3)) == pytest.approx(0)


def test_names_are_escaped_and_an_empty_deal_draws() -> None:
    svg = evaluation_svg(DealAnalysis(0), ['<b>"Ana"</b>', "Ben & co"])
    assert (
        "<b>" not in svg and "&lt;b&gt;&quot;Ana&quot;" in svg and "Ben &amp; co" in svg
    )
    assert 'aria-label="Evaluation graph: no move analysed"' in svg
