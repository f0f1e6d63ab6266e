"""Drive the "Record a game" page in a real Chromium, as a person at the table would.

Shared by ``tests/viewer/test_scorer_browser.py`` and ``bench/bench_scorer.py``. A
mirror :class:`ScorerSession` in this process follows every entry, so the driver
knows which candidate button holds the move (its key, ``scorer_cand_<deal>_<moves>_<i>``,
is a class ``st-key-…`` on the page) and which title to wait for.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from casino_records.record.models import GameRecord
from casino_records.record.models import Move as NotationMove
from casino_records.record.textnotation import move_text
from casino_records.record.translate import to_engine
from casino_records.scorer import GameSetup, ScorerSession


def title_for(session: ScorerSession) -> str:
    """The title the page shows for the mirror session's position."""
    from casino_records.present.scorer_view import snapshot

    return snapshot(session).title


_TITLE_SHOWN = """(text) => [...document.querySelectorAll('h3')]
    .some((h) => h.textContent.trim() === text)"""


_SHOWN = """(selector) => {
  const element = document.querySelector(selector);
  return element !== null && element.offsetParent !== null;
}"""


def wait_title(page: Any, text: str, timeout: float = 60.0) -> None:
    """Wait (checking every frame) until the page's title reads ``text``."""
    page.wait_for_function(
        _TITLE_SHOWN, arg=text, polling="raf", timeout=timeout * 1000
    )


def open_recorder(page: Any, url: str, dealer: int) -> ScorerSession:
    """Open the page, set up a classic 2-player game as they appear, start it."""
    from playwright.sync_api import expect

    page.set_default_timeout(60_000)  # two shared cores: a busy machine is slow
    expect.set_options(timeout=60_000)
    page.goto(url.rstrip("/") + "/record")
    expect(page.get_by_role("button", name="Start recording")).to_be_visible()
    if dealer:
        page.locator(".st-key-scorer_dealer").click()
        page.get_by_role("option", name="Ben").click()
    page.get_by_role("button", name="Start recording").click()
    mirror = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=dealer))
    wait_title(page, title_for(mirror))
    return mirror


def enter_table(
    page: Any, mirror: ScorerSession, cards: Iterable[str], typed: bool
) -> None:
    """Enter the table cards: typed into the field, or picked in the list."""
    cards = list(cards)
    if typed:
        field = page.locator(".st-key-scorer_table_text_0 input")
        field.fill(" ".join(cards))
        field.press("Enter")
    else:
        from casino_records.engine.cards import parse_card

        box = page.locator(".st-key-scorer_table_0")
        for card in cards:
            box.locator("input").click()
            label = parse_card(card).pretty
            page.keyboard.type(label)  # the list is long: narrow it, then click
            page.get_by_role("option", name=label, exact=True).click()
        page.keyboard.press("Escape")
        page.get_by_role("button", name="Start the deal").click()
    mirror.set_table(cards)
    wait_title(page, title_for(mirror))


def click_move(
    page: Any,
    mirror: ScorerSession,
    move: NotationMove,
    before_choosing: Callable[[], None] | None = None,
) -> tuple[float, float]:
    """Pick the card, then the candidate: the seconds each click took to show.

    ``before_choosing`` runs (untimed) once the candidates are listed.
    """
    d = mirror.deal_index
    live = mirror.live()
    assert live is not None
    moves = live.state.moves_played
    engine_move = to_engine(move)
    options = mirror.candidates(move.card)
    index = next(i for i, c in enumerate(options) if c.move == engine_move)
    pick = page.locator(f".st-key-scorer_pick_{d}_{moves}")
    card = engine_move.card.pretty
    start = time.perf_counter()
    pick.get_by_role("radio", name=card, exact=True).click()
    selector = f".st-key-scorer_cand_{d}_{moves}_{index} button"
    page.wait_for_function(_SHOWN, arg=selector, polling="raf")
    shown = time.perf_counter() - start
    # .first: while a rerun settles Streamlit may briefly keep the old copy too
    button = page.locator(selector).first
    if before_choosing is not None:
        before_choosing()
    start = time.perf_counter()
    button.click()
    mirror.play(options[index])
    wait_title(page, title_for(mirror))
    return shown, time.perf_counter() - start


def type_move(page: Any, mirror: ScorerSession, move: NotationMove) -> float:
    """Type the move into the field and press Enter: seconds until it shows."""
    text = move_text(move).split(" ", 1)[1]  # without the seat
    field = page.locator(".st-key-scorer_typed input")
    field.fill(text)
    start = time.perf_counter()
    field.press("Enter")
    mirror.play(text)
    wait_title(page, title_for(mirror))
    return time.perf_counter() - start


def screenshots(page: Any, folder: Any, name: str) -> None:
    """Full-page shots at laptop (1400x900) and phone (390x844) widths."""
    for width, height in ((1400, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        close = page.locator('[data-testid="stSidebarCollapseButton"] button')
        if width < 640 and close.count() and close.first.is_visible():
            close.first.click()  # fold the menu away, as a phone user would
        page.wait_for_timeout(500)
        page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def expected_record(record: GameRecord) -> GameRecord:
    """The first deal of ``record`` as the page records it (no id, meta or claims)."""
    deal = record.deals[0].model_copy(update={"claimed": None})
    return GameRecord.model_validate(
        {
            "format": "casino-record/1",
            "rules": record.rules,
            "players": record.players,
            "deals": [deal],
        }
    )
