"""The size of the offline page (``casino-records html``) against its record.

Writes the page of each sample below, as the command does, and prints its
size, the record's size and the ratio, then the page's parts: the deals'
deflated steps, the card drawings, the rest (script, style, frame, verdict)::

    .venv/bin/python bench/bench_offline.py [RECORD ...]

The target (issue 36): at most 300 KB for
``disputed-big-casino-wrong-side.json`` (22 KB, 5 deals, 240 moves), which
was 1.4 MB when every step's markup was shipped as it is.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_games"
DEFAULT = ("disputed-big-casino-wrong-side.json", "classic-2p-annotated.json")
TARGET = 300 * 1024


def main(argv: list[str]) -> int:
    from casino_records.present.offline import offline_page
    from casino_records.present.viewmodel import build_game
    from casino_records.record.files.sources import find_files
    from casino_records.record.json import jsonio

    paths = [Path(a) for a in argv] or [SAMPLES / name for name in DEFAULT]
    for path in find_files(paths):
        record = jsonio.load(path)
        started = time.perf_counter()
        page = offline_page(build_game(record)).encode("utf-8")
        seconds = time.perf_counter() - started
        found = re.search(rb'id="cr-data">(.*?)</script>', page, re.S)
        data = json.loads(found.group(1)) if found else {}
        steps = sum(len(p["steps"]) for p in data.get("payloads", {}).values())
        sprite = len(json.dumps(data.get("sprite", "")))
        size, source = len(page), path.stat().st_size
        verdict = (
            ""
            if path.name != DEFAULT[0]
            else (
                f"  (target ≤ {TARGET // 1024} KB: {'met' if size <= TARGET else 'MISSED'})"
            )
        )
        print(
            f"{path.name}: page {size / 1024:.0f} KB, record {source / 1024:.0f} KB,"
            f" {size / source:.1f}x; steps {steps / 1024:.0f} KB, cards"
            f" {sprite / 1024:.0f} KB, rest {(size - steps - sprite) / 1024:.0f} KB;"
            f" written in {seconds:.2f} s{verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
