"""What the stepper's HTML gives a phone: a verdict that folds to one line, tables
of moves that read as cards, a wide score table that says it scrolls, and a deal
given by its piles shown as its piles (issues 31.9, 37.6; the browser tests in
tests/viewer/test_phone_browser.py measure them at 390 px)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from casino_records.present import viewmodel as vm
from casino_records.present.viewmodel.fragments import html_table, score_html
from casino_records.record.json import jsonio
from tests.paths import SAMPLES


def game_of(name: str) -> vm.Game:
    return vm.build_game(jsonio.loads((SAMPLES / name).read_text()), source=name)


@pytest.fixture(scope="module")
def piled() -> vm.Game:
    return game_of("classic-2p-piles.json")


def part(payload: vm.StepperPayload, step: int, name: str) -> str:
    return payload["fragments"][payload["positions"][step]["parts"][name]]


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("disputed-most-cards.json", "3 claimed figures differ from the replay."),
        ("invalid-build-not-held.json", "Invalid record · rule B4</strong> · deal 1"),
    ],
)
def test_the_verdict_is_one_summary_line_over_its_details(
    name: str, summary: str
) -> None:
    banner = vm.banner_html(game_of(name))
    found = re.search(
        r'<details class="cr-verdict" data-fold-narrow open><summary>(.*?)</summary>(.+)'
        r"</details></div>$",
        banner,
    )
    assert found is not None, banner
    assert summary in found[1] and "<p" not in found[1] and "<li" not in found[1]
    assert found[2]  # the explanation, the differences or the message unfold


def test_a_table_of_moves_names_each_cell_s_column() -> None:
    game = game_of("invalid-build-not-held.json")
    failing = part(vm.stepper_payload(game, 0, vm.ALL), 0, "failing")
    cells = re.findall(r'<td data-label="([a-z]+)"', failing)
    assert Counter(cells) == {
        label: 11 for label in ("played", "move", "takes", "builds", "gains", "effect")
    }
    assert html_table([{"a b": "<x>"}]).count('data-label="a b"') == 1


def test_a_four_sided_score_table_scrolls_under_a_hint() -> None:
    game = game_of("royal-4p-individual-sweeps.json")
    table = score_html(game, 0)
    hint = re.search(
        r'<p class="cr-scroll-hint">([^<]*)</p><div class="cr-scroll" tabindex="0"',
        table,
    )
    assert (
        hint is not None and hint[1] == "Scroll the table sideways for Caio and Dee →"
    )
    two = score_html(game_of("disputed-most-cards.json"), 0)
    assert "cr-scroll-hint" not in two and '<div class="cr-scroll">' in two


def test_a_piled_deal_steps_are_its_piles_residue_and_score(piled: vm.Game) -> None:
    assert piled.piled(1) and not piled.piled(0)
    payload = vm.stepper_payload(piled, 1, vm.ALL)
    positions = payload["positions"]
    assert [p["headline"] for p in positions] == [
        "Deal 2 / 3 · Piles · Nobody wrote the moves down",
        "Deal 2 / 3 · Residue · The cards left go to Ana",
        "Deal 2 / 3 · Score · End of the deal",
    ]
    assert [p["where"] for p in positions] == ["piles", "residue", "score"]
    assert payload["rounds"] == [{"label": "Piles", "move": 0}]
    listed = re.findall(r'data-move="(\d)">([^<]+)</button>', part(payload, 0, "list"))
    assert listed == [
        ("0", "Piles: what each side took"),
        ("1", "Residue: 4 cards to Ana"),
        ("2", "Deal score"),
    ]
    intro = part(payload, 0, "last")
    assert "<strong>Given by its piles:</strong>" in intro
    assert 'Scored by the rules: Ana 8, Ben 6 · <a href="#" role="button"' in intro
    assert 'data-deal="1" data-move="2">the score</a>' in intro


def test_a_piled_deal_shows_each_pile_face_up(piled: vm.Game) -> None:
    payload = vm.stepper_payload(piled, 1, vm.ALL)
    piles = piled.record.deals[1].piles
    assert piles is not None and piles.last_capture == 0
    for seat in (0, 1):
        seat_html = part(payload, 0, f"seat{seat}")
        shown = re.findall(
            r'<div class="cr-pile-cards cr-group"[^>]*>(.*?)</div>', seat_html
        )
        assert len(shown) == 1
        cards = re.findall(r'data-card="(\w+)"', shown[0])
        given = list(piles.sides[seat])
        assert sorted(cards) == sorted(given)  # every card, once
        assert ("last capture</span>" in seat_html) is (seat == 0)
        assert "(no cards)" not in seat_html  # no hands to show
    felt = part(payload, 0, "felt")
    left = list(piles.left)
    assert re.findall(r'data-card="(\w+)"', felt) == left
    assert "Left on the table: to Ana" in felt
    # A deal played move by move keeps its hands and shows no pile's cards.
    played = vm.stepper_payload(piled, 0, vm.ALL)
    assert "cr-pile-cards" not in "".join(played["fragments"])
    assert "last capture</span>" not in "".join(played["fragments"])
