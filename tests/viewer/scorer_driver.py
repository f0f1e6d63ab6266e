"""Drive the "Record a game" page in a real Chromium, as a person at the table would.

Shared by ``tests/viewer/test_scorer_browser.py`` and ``bench/bench_scorer.py``. A
mirror :class:`ScorerSession` in this process follows every entry, so the driver
knows which of the entry component's move buttons holds the move (``data-move``, its
index among the card's moves) and which title to wait for.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from casino_records.record.format.models import GameRecord
from casino_records.record.format.models import MoveRecord as NotationMove
from casino_records.record.format.translate import to_engine
from casino_records.record.text.notation import move_notation
from casino_records.scorer import GameSetup, ScorerSession
from casino_records.scorer.candidates import every_move
from tests.viewer.browser_support import wait_up_to


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

    wait_up_to(page, 60_000)  # two shared cores: a busy machine is slow
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
    wait_ready(page, mirror)


ENTRY = ".st-key-scorer_entry .cr-entry"

_READY = """([selector, text]) => {
  const entry = document.querySelector(selector);
  return entry !== null && !entry.classList.contains('cr-busy')
    && [...document.querySelectorAll('h3')].some((h) => h.textContent.trim() === text);
}"""


_CLICK_UNTIL_SHOWN = """async ([button, entry, text]) => {
  const ready = () => {
    if (entry !== null) {
      const element = document.querySelector(entry);
      if (element === null || element.classList.contains('cr-busy')) return false;
    }
    return [...document.querySelectorAll('h3')].some((h) => h.textContent.trim() === text);
  };
  const start = performance.now();
  document.querySelector(button).click();
  while (!ready()) {
    if (performance.now() - start > 60000) throw new Error('not shown: ' + text);
    await new Promise((done) => requestAnimationFrame(done));
  }
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - start;
}"""


def click_until_shown(
    page: Any, button: str, title: str, entry: str | None = None
) -> float:
    """Click ``button`` from the page's own script: seconds on the page's clock
    until a title reads ``title`` (and ``entry`` is there and not busy), to the
    next frame drawn."""
    return float(page.evaluate(_CLICK_UNTIL_SHOWN, [button, entry, title])) / 1000


_CLICK_IN_PAGE = """async ([card, shown]) => {
  const start = performance.now();
  document.querySelector(card).click();
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  if (document.querySelector(shown) === null) throw new Error('no ' + shown);
  return performance.now() - start;
}"""


def wait_ready(page: Any, mirror: ScorerSession, timeout: float = 60.0) -> None:
    """Wait until the page asks for the mirror's next move (title, entry not busy)."""
    if mirror.phase != "move":  # no entry: the table, the hands or the score sheet
        wait_title(page, title_for(mirror), timeout)
        return
    page.wait_for_function(
        _READY, arg=[ENTRY, title_for(mirror)], polling="raf", timeout=timeout * 1000
    )


def click_move(
    page: Any,
    mirror: ScorerSession,
    move: NotationMove,
    before_choosing: Callable[[], None] | None = None,
    in_page: bool = False,
) -> tuple[float, float]:
    """Pick the card, then its move: the seconds each click took to show.

    ``before_choosing`` runs (untimed) once the moves are listed. With
    ``in_page`` the card and the move are clicked from the page's own script
    and both figures are the page's time from the click to the next frame drawn
    with the moves, and with the next position asked for (no Playwright round
    trip or actionability checks in them).
    """
    live = mirror.live()
    assert live is not None
    engine_move = to_engine(move)
    index = every_move(live)[engine_move.card].index(engine_move)
    entry = page.locator(ENTRY)
    card = f'{ENTRY} [data-pick="{engine_move.card}"]'
    selector = f'{ENTRY} [data-part="moves"] [data-move="{index}"]'
    start = time.perf_counter()
    if in_page:
        shown = page.evaluate(_CLICK_IN_PAGE, [card, selector]) / 1000
    else:
        entry.locator(f'[data-pick="{engine_move.card}"]').click()
        page.wait_for_function(_SHOWN, arg=selector, polling="raf")
        shown = time.perf_counter() - start
    if before_choosing is not None:
        before_choosing()
    mirror.play(engine_move)
    if in_page and mirror.phase == "move":  # else the deal is over: no entry
        return shown, click_until_shown(page, selector, title_for(mirror), ENTRY)
    start = time.perf_counter()
    page.locator(selector).click()
    wait_ready(page, mirror)
    return shown, time.perf_counter() - start


def type_move(page: Any, mirror: ScorerSession, move: NotationMove) -> float:
    """Type the move into the entry's field and press Enter: seconds until it shows."""
    text = move_notation(move).split(" ", 1)[1]  # without the seat
    field = page.locator(f'{ENTRY} [data-part="typed"]')
    field.fill(text)
    start = time.perf_counter()
    field.press("Enter")
    mirror.play(text)
    wait_ready(page, mirror)
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
