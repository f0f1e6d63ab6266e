"""The size and the writing time of the offline page (``casino-records html``).

Writes the page of each sample below as the command does, without and with
``--try-moves`` (every other legal move of each position played out by the
bot, :mod:`casino_records.present.offline_tries`), and prints for each its
size (against the record's), its parts (the deals' deflated steps, the tried
lines' deflated blobs, the card drawings, the rest: script, style, frame,
verdict) and the CPU time it took to write, beside the fixed pure-Python
reference workload measured in the same run (``timing.python_reference``)::

    .venv/bin/python bench/bench_offline.py [--browser] [RECORD ...]

``--browser`` also opens each page with tries from ``file://`` in Chromium
and prints, by the page's clock, how long the first tried line of each deal
takes to show (its deal's lines inflated then) and a second one of the same
deal.

The target (issue 36): at most 300 KB for the page of
``disputed-big-casino-wrong-side.json`` (22 KB, 5 deals, 240 moves), which
was 1.4 MB when every step's markup was shipped as it is; the tried lines
are an option because they multiply it (issue 33).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from timing import python_reference

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_games"
DEFAULT = ("disputed-big-casino-wrong-side.json", "classic-2p-annotated.json")
TARGET = 300 * 1024


def _data(page: bytes) -> dict[str, Any]:
    found = re.search(rb'id="cr-data">(.*?)</script>', page, re.S)
    return json.loads(found.group(1)) if found else {}


def _parts(page: bytes) -> str:
    data = _data(page)
    steps = sum(len(p["steps"]) for p in data.get("payloads", {}).values())
    tries = sum(len(b["steps"]) for b in data.get("tries", []))
    sprite = len(json.dumps(data.get("sprite", "")))
    rest = len(page) - steps - tries - sprite
    lines = sum(b["count"] for b in data.get("tries", []))
    tried = f", tried lines {tries / 1024:.0f} KB ({lines} lines)" if lines else ""
    return (
        f"steps {steps / 1024:.0f} KB{tried}, cards {sprite / 1024:.0f} KB,"
        f" rest {rest / 1024:.0f} KB"
    )


def _written(record: Any, tries: bool) -> tuple[bytes, float]:
    from casino_records.present.offline import offline_page
    from casino_records.present.viewmodel import build_game

    started = time.process_time()
    page = offline_page(build_game(record), tries=tries).encode("utf-8")
    return page, time.process_time() - started


def _in_browser(page: bytes) -> list[tuple[int, str]]:
    """The milliseconds, by the page's clock, from a click on each deal's first
    (then second) tried move to its line's headline."""
    from playwright.sync_api import sync_playwright

    data = _data(page)
    found = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = Path(folder) / "page.html"
        path.write_bytes(page)
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        tab = browser.new_page()
        for blob in data.get("tries", []):
            first = blob["first"]
            deal, step = _branch(first, data)
            tab.goto(f"{path.as_uri()}#deal={deal + 1}&move={step}")
            times = [_click_to_headline(tab, first)]
            if blob["count"] > 1:  # back to the game, then the deal's second line
                tab.get_by_role("button", name="Back to the game").click()
                second = _branch(first + 1, data)
                if second != (deal, step):
                    tab.evaluate(f"location.hash = '#deal={deal + 1}&move={second[1]}'")
                times.append(_click_to_headline(tab, first + 1))
            found.append((deal, " then ".join(f"{ms:.0f} ms" for ms in times)))
        browser.close()
    return found


def _branch(ident: int, data: dict[str, Any]) -> tuple[int, int]:
    """The deal and step whose box holds the button into line ``ident``."""
    import base64
    import zlib

    for key, payload in data["payloads"].items():
        steps = json.loads(zlib.decompress(base64.b64decode(payload["steps"])))
        marker = f'data-deal="{ident}" data-move="1"'
        for step, position in enumerate(steps["positions"]):
            tries = position["parts"].get("tries")
            if tries is not None and marker in steps["fragments"][tries]:
                return int(key), step
    raise LookupError(f"no button into line {ident}")


def _click_to_headline(tab: Any, ident: int) -> float:
    box = tab.locator("details.cr-tries")
    box.locator(f'[data-deal="{ident}"]').wait_for(state="attached")
    box.evaluate("d => { d.open = true; }")
    script = """ident => new Promise((done) => {
      const headline = document.querySelector("[data-part=headline]");
      const before = headline.textContent;
      const button = document.querySelector(`.cr-tries [data-deal="${ident}"]`);
      const started = performance.now();
      new MutationObserver((_, seen) => {
        if (headline.textContent !== before) {
          seen.disconnect();
          done(performance.now() - started);
        }
      }).observe(headline, { childList: true, characterData: true, subtree: true });
      button.click();
    })"""
    shown = float(tab.evaluate(script, ident))
    tab.wait_for_url(re.compile(f"#deal={ident + 1}&"))  # the address written after
    return shown


def main(argv: list[str]) -> int:
    from casino_records.record.files.sources import find_files
    from casino_records.record.json import jsonio

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="*", type=Path)
    parser.add_argument(
        "--browser", action="store_true", help="time the tried lines in Chromium"
    )
    args = parser.parse_args(argv)
    paths = args.records or [SAMPLES / name for name in DEFAULT]
    reference = python_reference()
    print(f"reference workload {reference * 1000:.0f} ms CPU")
    for path in find_files(paths):
        record = jsonio.load(path)
        source = path.stat().st_size
        for tries in (False, True):
            page, seconds = _written(record, tries)
            size = len(page)
            verdict = (
                f"  (target ≤ {TARGET // 1024} KB: {'met' if size <= TARGET else 'MISSED'})"
                if path.name == DEFAULT[0] and not tries
                else ""
            )
            print(
                f"{path.name}{' --try-moves' if tries else ''}: page"
                f" {size / 1024:.0f} KB, record {source / 1024:.0f} KB,"
                f" {size / source:.1f}x; {_parts(page)}; written in {seconds:.2f} s"
                f" CPU, {seconds / reference:.1f}x the reference{verdict}"
            )
            if tries and args.browser:
                for deal, said in _in_browser(page):
                    print(f"  deal {deal + 1}: a first tried line shown in {said}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
