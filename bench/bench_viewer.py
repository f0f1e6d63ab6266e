"""Step time of the replay viewer in a real browser: key press to new step shown.

Starts ``streamlit run viewer/streamlit_app.py`` on 127.0.0.1 itself, drives
Debian's Chromium (``$CHROMIUM``, default ``/usr/bin/chromium``) with
Playwright through a whole deal, once with the → key and once with the Next
button, and times each step from the key press (or click) until the page's
headline ("Deal 1 / 3 · Round 2 / 6 · Move 12 / 48 · …", in the stepper
component) shows the new step. Prints p50 / p95 / max in milliseconds; no
asserts (the target is p95 < 150 ms)::

    .venv/bin/python bench/bench_viewer.py [--game classic-2p-annotated.json]
    .venv/bin/python bench/bench_viewer.py --offline   # the `html` page, file://

``--offline`` times the same steps in the page ``casino-records html`` writes,
opened from a file with no server (the same stepper script).

The reference, measured in the same run with the same browser: a page from a
file whose script only rewrites the headline at each key press or click. It
is what the harness itself costs (the key press, the wait for the next frame);
each figure is also printed as a ratio to it. The last line times the same
key press dispatched by the page's own script, to the next frame drawn (no
Playwright round trip in it).

Stepping within a deal needs no server round trip; the stepper tells Python
its position once stepping pauses for a second (REPORT_DELAY in stepper.js).
``--pause 1.1`` waits a little longer than that before each step, so that
each step meets the rerun of that report (the worst case for a person
stepping slowly).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "viewer" / "streamlit_app.py"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
HEADLINE = ".cr-stepper [data-part=headline]"
SLIDER = ".cr-stepper [data-part=slider]"
"""The stepper's headline (the stepper is a Custom Component v2 in the page)."""
HEADLINE_JS = f"""() => {{
  const el = document.querySelector('{HEADLINE}');
  return el ? el.textContent : '';
}}"""
CHANGED_JS = f"""(previous) => {{
  const el = document.querySelector('{HEADLINE}');
  return el !== null && el.textContent.startsWith('Deal ')
    && el.textContent !== previous;
}}"""


STEP_IN_PAGE_JS = f"""async (pause) => {{
  await new Promise((done) => setTimeout(done, pause));
  const before = document.querySelector('{HEADLINE}').textContent;
  const start = performance.now();
  document.dispatchEvent(new KeyboardEvent('keydown', {{key: 'ArrowRight', bubbles: true}}));
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  if (document.querySelector('{HEADLINE}').textContent === before) throw new Error('no step');
  return performance.now() - start;
}}"""
"""One → key press dispatched by the page itself, timed by its own clock until
the next frame is drawn: the step's cost without Playwright's round trips."""


def browser_ready() -> bool:
    """Whether Playwright and the Chromium to drive are there (else says what
    to install)."""
    if importlib.util.find_spec("playwright") is None:
        print("playwright is not installed: pip install -e '.[browser]'")
        return False
    if not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM}: apt-get install chromium")
        return False
    return True


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def streamlit(app: Path = APP) -> Iterator[str]:
    """Serve the viewer; yield its URL; stop it."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app),
        "--server.headless=true",
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--browser.gatherUsageStats=false",
        "--server.fileWatcherType=none",
    ]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("streamlit did not start") from None
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def timed_steps(page: Any, step: Any, count: int, pause: float = 0) -> list[float]:
    """Time ``count`` steps: ``step()`` then wait for the headline to change.

    ``pause`` seconds (untimed) go before each step.
    """
    times = []
    for _ in range(count):
        time.sleep(pause)
        before = page.evaluate(HEADLINE_JS)
        start = time.perf_counter()
        step()
        page.wait_for_function(CHANGED_JS, arg=before, polling="raf")
        times.append((time.perf_counter() - start) * 1000)
    return times


REFERENCE_PAGE = """<!doctype html><meta charset="utf-8">
<div class="cr-stepper"><strong data-part="headline">Deal 1 · step 0</strong>
<button type="button">Next</button></div>
<script>
let step = 0;
const headline = document.querySelector("[data-part=headline]");
const next = () => { step += 1; headline.textContent = `Deal 1 · step ${step}`; };
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") next(); });
document.querySelector("button").onclick = next;
</script>"""
"""The reference: a page that only rewrites its headline (the harness's own cost)."""


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(times), p95


def report(
    label: str, times: list[float], reference: list[float] | None = None
) -> None:
    p50, p95 = percentiles(times)
    ratio = ""
    if reference:
        r50, r95 = percentiles(reference)
        ratio = f"  ({p50 / r50:.1f}x / {p95 / r95:.1f}x the reference)"
    print(
        f"{label}: {len(times)} steps  p50 {p50:.0f} ms"
        f"  p95 {p95:.0f} ms  max {max(times):.0f} ms{ratio}"
    )


def reference_steps(
    browser: Any, folder: Path, count: int
) -> tuple[list[float], list[float]]:
    """Time ``count`` key presses and clicks on the reference page."""
    path = folder / "reference.html"
    path.write_text(REFERENCE_PAGE, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(path.as_uri())
    page.wait_for_function(CHANGED_JS, arg="")
    page.locator(HEADLINE).click()
    keys = timed_steps(page, lambda: page.keyboard.press("ArrowRight"), count)
    button = page.get_by_role("button", name="Next", exact=True)
    clicks = timed_steps(page, button.click, count)
    page.close()
    return keys, clicks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="classic-2p-annotated.json")
    parser.add_argument("--deal", type=int, default=1, help="from 1")
    parser.add_argument("--app", type=Path, default=APP, help="the entry script")
    parser.add_argument(
        "--offline", action="store_true", help="the offline page, from file://"
    )
    parser.add_argument(
        "--pause",
        type=float,
        default=0,
        help="seconds between steps (1.1: each step meets the rerun that"
        " reports the previous one to Python)",
    )
    options = parser.parse_args()
    if not browser_ready():
        return 1
    from playwright.sync_api import sync_playwright

    with ExitStack() as stack:
        pw = stack.enter_context(sync_playwright())
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        if options.offline:
            page_file = folder / "game.html"
            from casino_records.present.offline import offline_page
            from casino_records.present.viewmodel import build_game
            from casino_records.record.json import jsonio

            game = build_game(jsonio.load(ROOT / "sample_games" / options.game))
            page_file.write_text(offline_page(game), encoding="utf-8")
            link = f"{page_file.as_uri()}#deal={options.deal}&move=0"
            where = "offline page"
        else:
            url = stack.enter_context(streamlit(options.app))
            link = f"{url}/?game={options.game}&deal={options.deal}&move=0&view=all"
            where = "viewer"
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30_000)
        page.goto(link)
        page.wait_for_function(CHANGED_JS, arg="")
        moves = int(page.locator(SLIDER).get_attribute("max") or 0)
        print(f"{where} {options.game}, deal {options.deal}: {moves} steps")
        # Warm up one step each way (first rerun compiles, fills caches).
        page.locator(HEADLINE).click()
        timed_steps(page, lambda: page.keyboard.press("ArrowRight"), 1)
        timed_steps(page, lambda: page.keyboard.press("ArrowLeft"), 1)
        keys = timed_steps(
            page, lambda: page.keyboard.press("ArrowRight"), moves, options.pause
        )
        timed_steps(page, lambda: page.keyboard.press("Home"), 1)
        button = page.get_by_role("button", name="Next", exact=True)
        clicks = timed_steps(page, button.click, moves, options.pause)
        timed_steps(page, lambda: page.keyboard.press("Home"), 1)
        in_page = [
            page.evaluate(STEP_IN_PAGE_JS, options.pause * 1000) for _ in range(moves)
        ]
        ref_keys, ref_clicks = reference_steps(browser, folder, moves)
        report("reference → key", ref_keys)
        report("reference Next button", ref_clicks)
        report("→ key", keys, ref_keys)
        report("Next button", clicks, ref_clicks)
        report("all", keys + clicks, ref_keys + ref_clicks)
        report("→ key, the page's own clock (to the next frame drawn)", in_page)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
