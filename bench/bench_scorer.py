"""Time per entered move on the "Record a game" page, in a real browser.

Starts ``streamlit run viewer/streamlit_app.py`` on 127.0.0.1, drives Debian's
Chromium (``$CHROMIUM``) with Playwright through one whole two-player deal (48
moves, from a bot game, cards as they appear) twice: once by clicking in the
move entry component (the card, then its move) and once by typing each move
into its text field. Times, in milliseconds, from the click or the Enter key
until the page shows it: a card's moves are listed in the browser, without a
server round trip (every other card is clicked by the page's own script and
timed by its clock, to the next frame drawn, without Playwright's overhead); a chosen or typed move goes to the server, which answers with
the next position (the title naming the next move, the entry ready again).
Also measured in this process, for the same deal: the server's work per
position (the session, and the entry's data: every playable card's moves) and
the size of that data. Prints p50 / p95 / max; no asserts (the target is p95 <
200 ms per entry), with a two-element Streamlit page's rerun as the reference::

    .venv/bin/python bench/bench_scorer.py
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_viewer import ARGS, CHROMIUM, report, streamlit  # noqa: E402

from casino_records.record.simulate import simulate_record  # noqa: E402
from casino_records.record.translate import to_engine  # noqa: E402
from tests.viewer.scorer_driver import (  # noqa: E402
    click_move,
    enter_table,
    open_recorder,
    type_move,
)

FLOOR_APP = """
import streamlit as st
st.text_input("Type", key="typed")
st.subheader(f"echo {st.session_state.get('typed', '')}")
"""


def floor(browser: Any, runs: int = 24) -> list[float]:
    """A Streamlit round trip of a two-element page: what any rerun costs here."""
    with tempfile.TemporaryDirectory() as folder:
        app = Path(folder) / "floor.py"
        app.write_text(FLOOR_APP, encoding="utf-8")
        with streamlit(app) as url:
            page = browser.new_page()
            page.goto(url)
            field = page.locator("input")
            times = []
            for n in range(runs):
                field.fill(str(n))
                start = time.perf_counter()
                field.press("Enter")
                page.wait_for_function(
                    "(t) => [...document.querySelectorAll('h3')]"
                    ".some((h) => h.textContent.trim() === t)",
                    arg=f"echo {n}",
                    polling="raf",
                )
                times.append((time.perf_counter() - start) * 1000)
            page.close()
    return times


def server_side(
    moves: list[Any], table: Any, dealer: int
) -> tuple[list[float], list[float]]:
    """Per position: ms to build the entry's data after a move, and its size in kB."""
    from casino_records.present.scorer_entry import entry_payload
    from casino_records.scorer import GameSetup, ScorerSession

    session = ScorerSession(GameSetup(names=("Ana", "Ben"), dealer=dealer))
    session.set_table(list(table))
    times, sizes = [], []
    for move in moves:
        start = time.perf_counter()
        payload, _ = entry_payload(session)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(json.dumps(payload)) / 1000)
        session.play(to_engine(move))
    return times, sizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=48, help="enter only the first N")
    parser.add_argument("--skip-typing", action="store_true")
    options = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("playwright is not installed: pip install -e '.[browser]'")
        return 1
    if not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM}: apt-get install chromium")
        return 1
    record = simulate_record(
        "classic", 2, seed="bench", bots=("greedy", "random"), provenance="inferred",
        max_deals=1,
    )  # fmt: skip
    deal = record.deals[0]
    assert deal.table is not None
    moves = [m for r in deal.rounds for m in r.moves][: options.moves]
    with streamlit() as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        mirror = open_recorder(page, url, deal.dealer)
        enter_table(page, mirror, deal.table, typed=True)
        picks: list[float] = []
        in_page: list[float] = []
        chooses: list[float] = []
        for n, move in enumerate(moves):
            shown, played = click_move(page, mirror, move, in_page=n % 2 == 1)
            (in_page if n % 2 else picks).append(shown * 1000)
            chooses.append(played * 1000)
        print(f"clicking a whole deal: {len(moves)} moves")
        report("  card picked -> its moves listed (Playwright click)", picks)
        report("  card picked -> its moves drawn (page's own clock)", in_page)
        report("  move chosen -> next move asked", chooses)
        page.close()
        if not options.skip_typing:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            mirror = open_recorder(page, url, deal.dealer)
            enter_table(page, mirror, deal.table, typed=True)
            typed = [type_move(page, mirror, move) * 1000 for move in moves]
            print(f"typing a whole deal: {len(moves)} moves")
            report("  Enter -> next move asked", typed)
        report("reference: a two-element Streamlit page's rerun", floor(browser))
        browser.close()
    times, sizes = server_side(moves, deal.table, deal.dealer)
    print("in this process, per position:")
    report("  the entry's data built (every card's moves)", times)
    print(
        f"  its size: p50 {sorted(sizes)[len(sizes) // 2]:.0f} kB,"
        f" max {max(sizes):.0f} kB (JSON)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
