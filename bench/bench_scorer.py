"""Time per entered move on the "Record a game" page, in a real browser.

Starts ``streamlit run viewer/streamlit_app.py`` on 127.0.0.1, drives Debian's
Chromium (``$CHROMIUM``) with Playwright through one whole two-player deal (48
moves, from a bot game, cards as they appear) twice: once by clicking in the
move entry component (the card, then its move) and once by typing each move
into its text field. Times, in milliseconds, from the click or the Enter key
until the page shows it: a card's moves are listed in the browser, without a
server round trip; a chosen or typed move goes to the server, which answers
with the next position (the title naming the next move, the entry ready again).
Every other card and move is clicked by the page's own script and timed by its
clock, to the next frame drawn: what the person at the table waits for, without
Playwright's own work (finding the element, waiting for it to stand still),
which the other half includes.
The move's time is also split at the server's last message (the Chrome
DevTools Protocol's WebSocket frames): the rest is the browser drawing it. On a
shared machine wall times follow the load, so the CPU time each entry costs the
server process and this run's Chromium is printed too (Linux /proc), for the
page and for the reference.
Also measured in this process, for the same deal: the server's work per
position (the session, and the entry's data: every playable card's moves) and
the size of that data. Prints p50 / p95 / max; no asserts (the target is p95 <
200 ms per entered move). The reference, in the same run: a small Streamlit
page's rerun, by Enter in a field (Playwright) and by a button clicked (the
page's own clock)::

    .venv/bin/python bench/bench_scorer.py
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_viewer import ARGS, CHROMIUM, browser_ready, report, streamlit  # noqa: E402

from casino_records.record.format.translate import to_engine  # noqa: E402
from casino_records.record.simulate import simulate_record  # noqa: E402
from tests.viewer.scorer_driver import (  # noqa: E402
    click_move,
    click_until_shown,
    enter_table,
    open_recorder,
    type_move,
)

FLOOR_APP = """
import streamlit as st
st.text_input("Type", key="typed")
st.subheader(f"echo {st.session_state.get('typed', '')}")
if st.button("Next", key="next"):
    st.session_state.count = st.session_state.get("count", 0) + 1
st.subheader(f"count {st.session_state.get('count', 0)}")
"""


def floor(browser: Any, runs: int = 24) -> tuple[list[float], list[float], list[float]]:
    """A Streamlit round trip of a small page: what any rerun costs here (and of
    it, the server's answer); then a button clicked, on the page's own clock."""
    with tempfile.TemporaryDirectory() as folder:
        app = Path(folder) / "floor.py"
        app.write_text(FLOOR_APP, encoding="utf-8")
        with streamlit(app) as url:
            page = browser.new_page()
            page.goto(url)
            field = page.locator("input")
            times, served = [], []
            frames = Frames(page)
            cpu = Cpu(url)
            start_cpu = cpu.now()
            for n in range(runs):
                field.fill(str(n))
                frames.clear()
                start = time.perf_counter()
                field.press("Enter")
                page.wait_for_function(
                    "(t) => [...document.querySelectorAll('h3')]"
                    ".some((h) => h.textContent.trim() === t)",
                    arg=f"echo {n}",
                    polling="raf",
                )
                times.append((time.perf_counter() - start) * 1000)
                page.wait_for_timeout(50)  # the script's last message
                server = frames.answered_ms()
                if server is not None:
                    served.append(server)
            report_cpu("reference", start_cpu, cpu.now(), runs)
            clicked = [
                click_until_shown(page, ".st-key-next button", f"count {n}") * 1000
                for n in range(1, runs + 1)
            ]
            page.close()
    return times, served, clicked


class Frames:
    """The page's WebSocket messages (Chrome DevTools Protocol), to split a move's
    time into the server's answer and the browser's drawing of it."""

    def __init__(self, page: Any) -> None:
        self.seen: list[tuple[str, float]] = []
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        for kind, event in (("sent", "Sent"), ("received", "Received")):
            session.on(
                f"Network.webSocketFrame{event}",
                lambda e, kind=kind: self.seen.append((kind, e["timestamp"])),
            )

    def clear(self) -> None:
        self.seen.clear()

    def answered_ms(self) -> float | None:
        """From the last message sent (the move) to the last one received."""
        sent = [t for kind, t in self.seen if kind == "sent"]
        if not sent:
            return None
        after = [t for kind, t in self.seen if kind == "received" and t >= sent[-1]]
        return (after[-1] - sent[-1]) * 1000 if after else None


class Cpu:
    """CPU time (user + system, Linux /proc) of the Streamlit server serving
    ``url`` and of this process's Chromium: unlike wall time, hardly changed by
    the other work on a shared machine. Zero where /proc is missing."""

    def __init__(self, url: str) -> None:
        port = url.rsplit(":", 1)[1]
        self.server = [p for p in _pids() if f"--server.port={port}" in _cmdline(p)]

    def now(self) -> tuple[float, float]:
        """(server, browser) CPU milliseconds so far."""
        browser = [p for p in _descendants(os.getpid()) if "chrom" in _cmdline(p)]
        return _cpu_ms(self.server), _cpu_ms(browser)


def _pids() -> list[int]:
    proc = Path("/proc")
    return (
        [int(p.name) for p in proc.iterdir() if p.name.isdigit()]
        if proc.exists()
        else []
    )


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _stat(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for pid in _pids():
        fields = _stat(pid)
        if fields:
            children.setdefault(int(fields[1]), []).append(pid)
    found, todo = [], [root]
    while todo:
        kids = children.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def _cpu_ms(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0
    for pid in pids:
        fields = _stat(pid)
        if len(fields) > 12:
            total += int(fields[11]) + int(fields[12])
    return total * 1000 / tick


def report_cpu(
    label: str, before: tuple[float, float], after: tuple[float, float], count: int
) -> None:
    server, browser = ((b - a) / count for a, b in zip(before, after, strict=True))
    print(f"{label}: CPU per entry: server {server:.0f} ms, browser {browser:.0f} ms")


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
    if not browser_ready():
        return 1
    from playwright.sync_api import sync_playwright

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
        chosen_in_page: list[float] = []
        served: list[float] = []
        frames = Frames(page)
        cpu = Cpu(url)
        start_cpu = cpu.now()
        for n, move in enumerate(moves):
            frames.clear()
            shown, played = click_move(page, mirror, move, in_page=n % 2 == 1)
            (in_page if n % 2 else picks).append(shown * 1000)
            (chosen_in_page if n % 2 else chooses).append(played * 1000)
            server = frames.answered_ms()
            if server is not None:
                served.append(server)
        print(f"clicking a whole deal: {len(moves)} moves")
        report("  card picked -> its moves listed (Playwright click)", picks)
        report("  card picked -> its moves drawn (page's own clock)", in_page)
        report("  move chosen -> next move asked (Playwright click)", chooses)
        report("  move chosen -> next move asked (page's own clock)", chosen_in_page)
        report("    of which: the move sent -> the server's last message", served)
        report_cpu(
            "  a card picked and its move chosen", start_cpu, cpu.now(), len(moves)
        )
        page.close()
        if not options.skip_typing:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            mirror = open_recorder(page, url, deal.dealer)
            enter_table(page, mirror, deal.table, typed=True)
            typed = [type_move(page, mirror, move) * 1000 for move in moves]
            print(f"typing a whole deal: {len(moves)} moves")
            report("  Enter -> next move asked", typed)
        rerun, answered, clicked = floor(browser)
        report("reference: a small Streamlit page's rerun (Enter)", rerun)
        report("  of which: the server's answer", answered)
        report("  a button clicked -> shown (page's own clock)", clicked)
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
